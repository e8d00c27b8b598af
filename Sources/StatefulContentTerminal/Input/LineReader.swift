import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Cuts the bytes of standard input into lines as they arrive — the queries or commands a script
/// pipes into a tool — looking at each byte once and keeping at most one line's bytes.
///
/// A line ends at a line feed; its line break (`\n` or `\r\n`) is dropped and invalid UTF-8 is
/// repaired with U+FFFD. A line holds at most ``maximumLength`` bytes: a longer line is
/// skipped — reported as soon as it is too long, its bytes dropped up to its line feed — and
/// the next line is read as usual. A line still going after ``maximumSkippedLength`` bytes is
/// not text (`< /dev/zero`, an endless line): the reader reports that it stops, and reads
/// nothing more, as at the end of input. A last line without a line feed counts.
///
/// ```swift
/// var reader = LineReader()
/// reader.read(Array("swift\nsta".utf8))   // [.line("swift")]
/// reader.read(Array("te\r\n".utf8))       // [.line("state")]
/// reader.finish()                         // []
/// ```
public struct LineReader: Sendable {
  /// What the reader found in the bytes it was given.
  public enum Event: Hashable, Sendable {
    /// A line, without its line break.
    case line(String)
    /// The line with this number, counting from 1, is longer than ``maximumLength`` bytes: it
    /// is skipped.
    case skippedLine(number: Int)
    /// A skipped line went on past ``maximumSkippedLength`` bytes: the reader reads nothing
    /// more.
    case stoppedReading
  }

  /// The most bytes of a line, without its line break: 4,096.
  public static let maximumLength = 4_096
  /// The most bytes of a skipped line before the reader stops reading: 16 MiB, a few
  /// milliseconds of reading.
  public static let maximumSkippedLength = 16 << 20

  /// How many bytes the reader looked at: each byte it was given once, none after it stopped.
  public private(set) var examinedBytes = 0
  /// Whether the reader stopped reading: standard input need not be read any further.
  public private(set) var isFinished = false

  /// The bytes of the line being read, while it is short enough to keep.
  private var pending: [UInt8] = []
  /// How many bytes of the line being skipped were dropped, or `nil` when no line is skipped.
  private var skippedLength: Int?
  /// The number of the line being read, counting from 1.
  private var lineNumber = 1

  private static let lineFeed = UInt8(ascii: "\n")
  private static let carriageReturn = UInt8(ascii: "\r")

  /// Creates a reader that stands at the start of the first line.
  public init() {}

  /// Reads the next bytes.
  ///
  /// - Parameter bytes: The bytes that arrived, such as one `read`'s.
  /// - Returns: What they complete or reveal: lines, a skipped line, the reader stopping.
  /// - Complexity: O(*n*) for *n* bytes, whatever came before.
  @discardableResult
  public mutating func read(_ bytes: some Collection<UInt8>) -> [Event] {
    var events: [Event] = []
    var rest = bytes[...]
    while !rest.isEmpty && !isFinished {
      let end = rest.firstIndex(of: Self.lineFeed)
      let piece = rest[..<(end ?? rest.endIndex)]
      examinedBytes += piece.count
      take(piece, into: &events)
      guard let end, !isFinished else { break }
      examinedBytes += 1
      endLine(into: &events)
      rest = rest[rest.index(after: end)...]
    }
    return events
  }

  /// Ends the input: a last line without a line feed is a line.
  ///
  /// - Returns: That line, if any, or its being skipped.
  public mutating func finish() -> [Event] {
    var events: [Event] = []
    if !isFinished && !pending.isEmpty { endLine(into: &events) }
    isFinished = true
    return events
  }

  /// The lines of a descriptor, read on a thread of its own: without their line breaks,
  /// invalid UTF-8 repaired, a last line without a line feed included.
  ///
  /// A line longer than ``maximumLength`` bytes is skipped and reported; when a skipped line
  /// goes on past ``maximumSkippedLength`` bytes, that is reported and reading stops, as at the
  /// end of input.
  ///
  /// ```swift
  /// for await query in LineReader.lines(report: { note($0) }) { search(query) }
  /// ```
  ///
  /// - Parameters:
  ///   - descriptor: The descriptor to read. Defaults to standard input.
  ///   - report: Told of each ``Event/skippedLine(number:)`` and of
  ///     ``Event/stoppedReading``, on the reading thread; kept until the reading ends.
  /// - Returns: The lines, ending at the end of input, a read error or the reader stopping.
  public static func lines(
    of descriptor: Int32 = STDIN_FILENO, report: @escaping @Sendable (Event) -> Void = { _ in }
  ) -> AsyncStream<String> {
    let (stream, continuation) = AsyncStream.makeStream(of: String.self)
    // A thread of Dispatch's, not of the concurrency pool: a read blocks.
    DispatchQueue.global().async {
      var reader = LineReader()
      func deliver(_ events: [Event]) {
        for event in events {
          if case .line(let line) = event { continuation.yield(line) } else { report(event) }
        }
      }
      var buffer = [UInt8](repeating: 0, count: 4096)
      while !reader.isFinished {
        let count = buffer.withUnsafeMutableBytes {
          readDescriptor(descriptor, $0.baseAddress, $0.count)
        }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        deliver(reader.read(buffer[..<count]))
      }
      deliver(reader.finish())
      continuation.finish()
    }
    return stream
  }

  /// Adds bytes of the current line: to the line while it fits, else to the skipped line's
  /// count.
  private mutating func take(_ piece: some Collection<UInt8>, into events: inout [Event]) {
    if let skipped = skippedLength {
      skip(skipped + piece.count, into: &events)
      return
    }
    // One byte more than the limit fits: a carriage return before the line feed.
    guard pending.count + piece.count <= Self.maximumLength + 1 else {
      events.append(.skippedLine(number: lineNumber))
      skip(pending.count + piece.count, into: &events)
      pending = []
      return
    }
    pending += piece
  }

  /// Counts the bytes of the line being skipped; past the limit, stops reading.
  private mutating func skip(_ length: Int, into events: inout [Event]) {
    skippedLength = length
    if length > Self.maximumSkippedLength {
      events.append(.stoppedReading)
      isFinished = true
    }
  }

  /// Ends the current line at its line feed.
  private mutating func endLine(into events: inout [Event]) {
    defer {
      pending = []
      skippedLength = nil
      lineNumber += 1
    }
    guard skippedLength == nil else { return }
    let line = pending.last == Self.carriageReturn ? pending.dropLast() : pending[...]
    if line.count > Self.maximumLength {
      events.append(.skippedLine(number: lineNumber))
    } else {
      events.append(.line(String(decoding: line, as: UTF8.self)))
    }
  }
}

/// Reads a descriptor; `read` inside ``LineReader`` is its own method.
private func readDescriptor(
  _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int
) -> Int {
  read(descriptor, buffer, count)
}
