import Foundation
import StatefulContentTerminal

/// The reader of the query lines of a script from standard input; the keys of a terminal are
/// read by the library's `TerminalSession.keys()`.
public enum StandardInput {
  /// The query lines of a file descriptor, read on a thread of its own by a
  /// ``QueryLineReader``: without their line breaks (`\n` or `\r\n`), invalid UTF-8 repaired,
  /// a last line without a line feed included.
  ///
  /// A line longer than ``QueryLineReader/maximumLength`` bytes is skipped with a note on
  /// standard error; when a skipped line goes on past
  /// ``QueryLineReader/maximumSkippedLength`` bytes, a note says so and reading stops, as at
  /// the end of input.
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
    let (stream, continuation) = AsyncStream.makeStream(of: String.self)
    // A thread of Dispatch's, not of the concurrency pool: a read blocks.
    DispatchQueue.global().async {
      var reader = QueryLineReader()
      func deliver(_ events: [QueryLineReader.Event]) {
        for event in events {
          switch event {
          case .line(let line):
            continuation.yield(line)
          case .skippedLine(let number):
            let limit = "\(QueryLineReader.maximumLength)"
            writeError(
              strings.text(.queryLineSkipped, ["line": "\(number)", "limit": limit]) + "\n")
          case .stoppedReading:
            writeError(strings.text(.standardInputNotLines) + "\n")
          }
        }
      }
      readUntilEnd(descriptor) { chunk in
        deliver(reader.read(chunk))
        return !reader.isFinished
      }
      deliver(reader.finish())
      continuation.finish()
    }
    return stream
  }

  /// Reads a descriptor until its end, an error, or `body` returning `false`, handing each
  /// read's bytes to `body`.
  private static func readUntilEnd(_ descriptor: Int32, _ body: ([UInt8]) -> Bool) {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0, body(Array(buffer[..<count])) else { return }
    }
  }
}
