import Dispatch
import Foundation
import StatefulContentTerminal

/// Asks a person at a terminal for a password, without echoing what they type.
///
/// The prompt goes to standard error, so that standard output (a rendered document or a
/// timeline) stays clean. While the password is typed, the terminal's `ECHO` flag is off; it is
/// turned back on when the line is read, and also when Ctrl-C, `SIGTERM` or `SIGHUP` quits the
/// viewer meanwhile (the restoring is registered as a clean-up of the ``InterruptController``,
/// which runs off the main thread: the prompt's writer must be `Sendable`). Ctrl-Z turns it
/// back on while the viewer is stopped, and `fg` turns it off again and asks again — the
/// shell turns echo on for itself, so the password typed after `fg` would otherwise be shown.
///
/// ```swift
/// let prompt = TerminalPasswordPrompt(interrupts: interrupts)
/// let source = prompt.source   // asks again after each wrong password
/// ```
@MainActor
public final class TerminalPasswordPrompt {
  /// The terminal's file descriptor, read from and switched to no-echo.
  public let descriptor: Int32
  private let interrupts: InterruptController?
  private let writePrompt: @Sendable (String) -> Void
  /// The language of the prompt.
  public let strings: ViewerStrings

  /// Creates a prompt.
  ///
  /// - Parameters:
  ///   - descriptor: The terminal to read from. Defaults to standard input.
  ///   - interrupts: The controller whose clean-ups restore the terminal on Ctrl-C, or `nil`.
  ///   - strings: The language of the prompt. Defaults to the process's
  ///     (``ViewerStrings/current``).
  ///   - writePrompt: Writes the prompt. Defaults to standard error.
  public init(
    descriptor: Int32 = STDIN_FILENO, interrupts: InterruptController?,
    strings: ViewerStrings = .current,
    writePrompt: @escaping @Sendable (String) -> Void = StandardStreams.writeToError
  ) {
    self.strings = strings
    self.descriptor = descriptor
    self.interrupts = interrupts
    self.writePrompt = writePrompt
  }

  /// A password source that prompts for every password, naming the document and, after a
  /// wrong password, saying so.
  public var source: PasswordSource {
    PasswordSource { [self] path, attempt in
      let name = TerminalText.clean((path as NSString).lastPathComponent)
      let prompt = strings.text(
        attempt > 0 ? .passwordPromptAgain : .passwordPrompt, ["name": name])
      return await readHiddenLine(prompt: prompt)
    }
  }

  /// Writes a prompt and reads one line with echo off.
  ///
  /// - Parameter prompt: The prompt, without a line feed.
  /// - Returns: The line without its line break, or `nil` at the end of input.
  public func readHiddenLine(prompt: String) async -> String? {
    // Echo goes off before the prompt appears, so that nothing typed after it is shown; the
    // clean-up that turns it back on is registered before the prompt too, so that a signal
    // sent as soon as the prompt is seen finds it.
    let echo = EchoSwitch(descriptor: descriptor)
    echo?.turnOff()
    // Whether a stop took the prompt away and it has not been asked again since. `bg` then
    // `fg` continue the viewer twice, and the handling of the first may see the foreground of
    // the second (the read stops the viewer before it runs): the prompt is asked again once.
    let isTakenAway = Locked(false)
    let token = interrupts?.addCleanup(
      { [writePrompt] in
        echo?.restore()
        writePrompt("\n")
        isTakenAway.withLock { $0 = true }
      },
      reenter: { [writePrompt] in
        // Continued in the background (`bg`), the terminal is the shell's until `fg`.
        guard let echo, echo.isInForeground else { return }
        let asksAgain = isTakenAway.withLock { isTakenAway in
          defer { isTakenAway = false }
          return isTakenAway
        }
        guard asksAgain else { return }
        echo.turnOff()
        writePrompt(prompt)
      })
    writePrompt(prompt)
    let descriptor = descriptor
    let line = await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: Self.readLine(descriptor)) }
    }
    if let token { interrupts?.removeCleanup(token) }
    echo?.restore()
    // The line feed the person typed was not echoed.
    writePrompt("\n")
    return line
  }

  /// Reads bytes up to a line feed, without buffering beyond it, so that nothing of a later
  /// line is lost.
  ///
  /// In the background (`bg`), a read stops the viewer until `fg`, as the terminal's job
  /// control stops any program reading it (`SIGTTIN`, which Dispatch's threads block, is
  /// unblocked on this one); `fg` then asks again with echo off. Only a job nobody can bring
  /// back (an orphaned process group) reads the end of input there.
  private nonisolated static func readLine(_ descriptor: Int32) -> String? {
    var jobControl = sigset_t()
    sigemptyset(&jobControl)
    sigaddset(&jobControl, SIGTTIN)
    var mask = sigset_t()
    pthread_sigmask(SIG_UNBLOCK, &jobControl, &mask)
    defer { pthread_sigmask(SIG_SETMASK, &mask, nil) }
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while true {
      let count = read(descriptor, &byte, 1)
      if count < 0 && errno == EINTR { continue }
      guard count == 1 else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
      if byte == UInt8(ascii: "\n") { break }
      bytes.append(byte)
    }
    if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// The terminal's `ECHO` flag, turned off and restored to what it was.
struct EchoSwitch: Sendable {
  private let descriptor: Int32
  private let original: termios

  /// Reads the terminal's settings; `nil` when the descriptor is not a terminal.
  init?(descriptor: Int32) {
    var settings = termios()
    guard isatty(descriptor) == 1, tcgetattr(descriptor, &settings) == 0 else { return nil }
    self.descriptor = descriptor
    original = settings
  }

  /// Turns echo off, of the line feed too (the prompt writes its own), and drops what was
  /// typed before the prompt appeared.
  func turnOff() {
    var settings = original
    settings.c_lflag &= ~tcflag_t(ECHO | ECHONL)
    _ = tcsetattr(descriptor, TCSAFLUSH, &settings)
  }

  /// Whether the terminal belongs to this process's job now; also when it is not the
  /// process's controlling terminal, whose jobs no shell switches.
  var isInForeground: Bool {
    let group = tcgetpgrp(descriptor)
    return group == -1 || group == getpgrp()
  }

  /// Restores the settings read at creation.
  func restore() {
    var settings = original
    _ = tcsetattr(descriptor, TCSANOW, &settings)
  }
}
