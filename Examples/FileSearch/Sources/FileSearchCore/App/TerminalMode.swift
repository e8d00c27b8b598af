import Foundation

/// A terminal's settings, switched to the raw mode of a full-screen program and restored to
/// what they were.
///
/// Raw here means: no line editing (each key is read as it is typed), no echo, no flow
/// control (Ctrl-S and Ctrl-Q reach the program) and no translation of a carriage return
/// into a line feed. Signals stay on: Ctrl-C still sends `SIGINT`, which the program handles
/// (see ``InterruptController``) — and whatever ends the program, the caller restores the
/// settings, registered as a clean-up of the controller for the signals.
///
/// ```swift
/// if let mode = TerminalMode(descriptor: STDIN_FILENO), mode.enterRaw() {
///   defer { mode.restore() }
///   // read keys
/// }
/// ```
public struct TerminalMode: Sendable {
  /// The terminal's file descriptor.
  public let descriptor: Int32
  private let original: termios

  /// Reads the terminal's settings.
  ///
  /// - Parameter descriptor: The terminal, such as standard input.
  /// - Returns: `nil` when the descriptor is not a terminal.
  public init?(descriptor: Int32) {
    var settings = termios()
    guard isatty(descriptor) == 1, tcgetattr(descriptor, &settings) == 0 else { return nil }
    self.descriptor = descriptor
    original = settings
  }

  /// Switches the terminal to raw mode.
  ///
  /// - Returns: Whether the terminal took the settings.
  @discardableResult
  public func enterRaw() -> Bool {
    var settings = original
    settings.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL | IEXTEN)
    settings.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR)
    withUnsafeMutableBytes(of: &settings.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    return tcsetattr(descriptor, TCSAFLUSH, &settings) == 0
  }

  /// Restores the settings read at creation; safe to call from any thread, more than once.
  public func restore() {
    var settings = original
    _ = tcsetattr(descriptor, TCSANOW, &settings)
  }

  /// Whether the terminal belongs to this process's job now; also when it is not the
  /// process's controlling terminal, whose jobs no shell switches. A job continued in the
  /// background (`bg`) leaves the shell's settings alone until `fg`.
  public var isInForeground: Bool {
    let group = tcgetpgrp(descriptor)
    return group == -1 || group == getpgrp()
  }

  /// The size of the terminal behind a descriptor.
  ///
  /// - Parameter descriptor: The terminal, such as standard output.
  /// - Returns: Its rows and columns, or 24 by 80 when it does not say.
  public static func size(of descriptor: Int32) -> (rows: Int, columns: Int) {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0
    else { return (24, 80) }
    return (Int(size.ws_row), Int(size.ws_col))
  }
}
