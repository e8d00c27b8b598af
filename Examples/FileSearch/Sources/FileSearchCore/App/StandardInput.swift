import Foundation
import StatefulContentTerminal

/// The reader of the query lines of a script from standard input; the keys of a terminal are
/// read by the library's `TerminalSession.keys()`.
public enum StandardInput {
  /// The query lines of a file descriptor, read by the library's `LineReader`: without their
  /// line breaks (`\n` or `\r\n`), invalid UTF-8 repaired, a last line without a line feed
  /// included.
  ///
  /// A line longer than `LineReader.maximumLength` bytes is skipped with a note on standard
  /// error; when a skipped line goes on past `LineReader.maximumSkippedLength` bytes, a note
  /// says so and reading stops, as at the end of input.
  ///
  /// - Parameters:
  ///   - descriptor: The descriptor to read. Defaults to standard input.
  ///   - strings: The language of the notes. Defaults to the process's.
  ///   - writeError: Writes the notes. Defaults to writing to standard error.
  /// - Returns: The lines, ending at the end of input, a read error or the reader stopping.
  public static func lines(
    of descriptor: Int32 = STDIN_FILENO, strings: SearchStrings = .current,
    writeError: @escaping @Sendable (String) -> Void = StandardStreams.writeToError
  ) -> AsyncStream<String> {
    LineReader.lines(of: descriptor) { event in
      switch event {
      case .skippedLine(let number):
        let limit = "\(LineReader.maximumLength)"
        writeError(strings.text(.queryLineSkipped, ["line": "\(number)", "limit": limit]) + "\n")
      case .stoppedReading:
        writeError(strings.text(.standardInputNotLines) + "\n")
      case .line:
        break
      }
    }
  }
}
