import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TerminalSession {
  /// Writes a prompt and reads one line without showing what is typed, as for a password.
  ///
  /// Echo goes off before the prompt appears, so that nothing typed after it is shown, and
  /// comes back when the line is read; also, through `interrupts`, when a signal quits the
  /// tool meanwhile. Ctrl-Z gives the shell its echo back (and ends the prompt's line) while
  /// the tool is stopped; `fg` turns echo off again and writes the prompt again — the shell
  /// turns echo on for itself, so what is typed after `fg` would otherwise be shown. In the
  /// background (`bg`), the read stops the tool until `fg`, as the terminal's job control
  /// stops any program reading it. On something that is not a terminal, the line is read as it
  /// is.
  ///
  /// ```swift
  /// let password = await TerminalSession.readSecretLine(
  ///   prompt: "Password: ", interrupts: interrupts)
  /// ```
  ///
  /// - Parameters:
  ///   - prompt: The prompt, without a line feed.
  ///   - input: The terminal to read from. Defaults to standard input.
  ///   - interrupts: The controller whose clean-ups restore the echo on a signal, or `nil`.
  ///   - writePrompt: Writes the prompt and the line feed that ends its line, which the person
  ///     typed unseen; called on the signals' queue too. Defaults to standard error, so that
  ///     standard output stays clean.
  /// - Returns: The line without its line break (`\n` or `\r\n`), or `nil` at the end of input.
  public static func readSecretLine(
    prompt: String, input: Int32 = STDIN_FILENO, interrupts: InterruptController?,
    writePrompt: @escaping @Sendable (String) -> Void = StandardStreams.writeToError
  ) async -> String? {
    let echo = Settings(descriptor: input)
    _ = echo?.enter(raw: false)
    // Whether a stop took the prompt away and it has not been asked again since. `bg` then
    // `fg` continue the tool twice, and the handling of the first may see the foreground of
    // the second (the read stops the tool before it runs): the prompt is asked again once.
    let isTakenAway = Locked(false)
    // Registered before the prompt appears, so that a signal sent as soon as it is seen finds
    // the clean-up.
    let token = interrupts?.addCleanup(
      {
        echo?.restore()
        writePrompt("\n")
        isTakenAway.withLock { $0 = true }
      },
      reenter: {
        guard let echo, echo.isInForeground else { return }
        let asksAgain = isTakenAway.withLock { isTakenAway in
          defer { isTakenAway = false }
          return isTakenAway
        }
        guard asksAgain else { return }
        _ = echo.enter(raw: false)
        writePrompt(prompt)
      })
    writePrompt(prompt)
    let line = await withCheckedContinuation { continuation in
      // A thread of Dispatch's, not of the concurrency pool: a read blocks.
      // In the background, the read stops the tool until `fg`.
      DispatchQueue.global().async {
        continuation.resume(returning: stoppedByBackgroundReads { readLine(input) })
      }
    }
    if let token { interrupts?.removeCleanup(token) }
    echo?.restore()
    writePrompt("\n")
    return line
  }

  /// Reads bytes up to a line feed, without buffering beyond it, so that nothing of a later
  /// line is lost.
  private static func readLine(_ descriptor: Int32) -> String? {
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
