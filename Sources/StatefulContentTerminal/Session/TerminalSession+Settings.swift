#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TerminalSession {
  /// A terminal's settings (`termios`), switched and restored to what they were.
  struct Settings: Sendable {
    /// The terminal's file descriptor.
    let descriptor: Int32
    private let original: termios

    /// Reads the terminal's settings; `nil` when the descriptor is not a terminal.
    init?(descriptor: Int32) {
      var settings = termios()
      guard isatty(descriptor) == 1, tcgetattr(descriptor, &settings) == 0 else { return nil }
      self.descriptor = descriptor
      original = settings
    }

    /// Switches echo off, of the line feed too; with `raw`, line editing, extended input,
    /// flow control and the translation of carriage returns too, and reads return each byte as
    /// it comes. What was typed before is dropped.
    ///
    /// - Returns: Whether the terminal took the settings.
    func enter(raw: Bool) -> Bool {
      var settings = original
      settings.c_lflag &= ~tcflag_t(ECHO | ECHONL)
      if raw {
        settings.c_lflag &= ~tcflag_t(ICANON | IEXTEN)
        settings.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR)
        withUnsafeMutableBytes(of: &settings.c_cc) { characters in
          characters[Int(VMIN)] = 1
          characters[Int(VTIME)] = 0
        }
      }
      return tcsetattr(descriptor, TCSAFLUSH, &settings) == 0
    }

    /// Restores the settings read at creation; safe to call from any thread, more than once.
    func restore() {
      var settings = original
      _ = tcsetattr(descriptor, TCSANOW, &settings)
    }

    /// Whether the terminal belongs to this process's job now; also when it is not the
    /// process's controlling terminal, whose jobs no shell switches.
    var isInForeground: Bool {
      let group = tcgetpgrp(descriptor)
      return group == -1 || group == getpgrp()
    }
  }

  /// Runs `body` with `SIGTTIN` unblocked on this thread (Dispatch's threads block it), so
  /// that a read of the terminal in the background stops the tool until `fg`, as job control
  /// stops any program reading there. Only a job nobody can bring back (an orphaned process
  /// group) reads the end of input there.
  ///
  /// - Parameter body: The reading.
  /// - Returns: What `body` returns.
  static func stoppedByBackgroundReads<Result>(_ body: () -> Result) -> Result {
    var jobControl = sigset_t()
    sigemptyset(&jobControl)
    sigaddset(&jobControl, SIGTTIN)
    var mask = sigset_t()
    pthread_sigmask(SIG_UNBLOCK, &jobControl, &mask)
    defer { pthread_sigmask(SIG_SETMASK, &mask, nil) }
    return body()
  }
}
