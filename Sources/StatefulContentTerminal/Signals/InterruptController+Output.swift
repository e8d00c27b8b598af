#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tool's standard output, written so that every way it can fail ends the tool as a shell
/// user expects.
extension InterruptController {
  /// Makes the writer of a tool's standard output.
  ///
  /// Each text is written whole (``StandardStreams/write(_:to:)``), and an interrupt while a
  /// write waits for a full pipe's reader quits (``quitOnInterrupt(whileWriting:)``). When
  /// nobody reads any more (`| head -1`), the tool quits at once with status 141 (128 +
  /// `SIGPIPE`), as a tool killed by the signal would. When the output cannot be written at
  /// all (`> /dev/full`, a closed standard output `>&-`), the clean-ups run, a note says so
  /// once on standard error (``unwritableOutputNote(toolName:language:reason:)``) and the tool
  /// quits with status 1 (``writeErrorStatus``).
  ///
  /// ```swift
  /// let writeOutput = interrupts.outputWriter(toolName: "feed-reader", language: "en")
  /// writeOutput("1.2: search in bytes\n")
  /// ```
  ///
  /// - Parameters:
  ///   - toolName: The tool's name, which starts the note.
  ///   - language: The note's language: `en`, `de` or `fr`; any other gets English.
  ///   - descriptor: The output. Defaults to standard output.
  ///   - writeNote: Writes the note. Defaults to standard error.
  ///   - quit: Quits the process with a status, from any thread. Defaults to
  ///     ``SignalHandler/quit(status:)``.
  /// - Returns: The writer; safe to call from any thread.
  public func outputWriter(
    toolName: String, language: String, descriptor: Int32 = STDOUT_FILENO,
    writeNote: @escaping @Sendable (String) -> Void = StandardStreams.writeToError,
    quit: @escaping @Sendable (Int32) -> Void = SignalHandler.quit(status:)
  ) -> @Sendable (String) -> Void {
    { text in
      switch self.quitOnInterrupt(whileWriting: { StandardStreams.write(text, to: descriptor) }) {
      case .written:
        break
      case .brokenPipe:
        quit(self.terminate(signal: SIGPIPE))
      case .failed(let code):
        let reason = String(cString: strerror(code))
        quit(
          self.endAfterWriteError {
            writeNote(
              Self.unwritableOutputNote(toolName: toolName, language: language, reason: reason)
                + "\n")
          })
      }
    }
  }

  /// The note that standard output cannot be written, such as `feed-reader: cannot write to
  /// standard output: No space left on device`.
  ///
  /// - Parameters:
  ///   - toolName: The tool's name.
  ///   - language: `en`, `de` or `fr`; any other gets English.
  ///   - reason: The system's reason (`strerror`).
  /// - Returns: The note, without a line feed.
  public static func unwritableOutputNote(toolName: String, language: String, reason: String)
    -> String
  {
    ToolStrings<TerminalNote>(language: language).text(
      .unwritableOutput, ["tool": toolName, "reason": reason])
  }
}
