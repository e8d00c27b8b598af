import FileSearchCore
import XCTest

/// The reader of query lines: lines cut as they arrive, the limit on a line's length, the end
/// of an endless line, and the work done — counted in bytes examined, never timed.
final class QueryLineReaderTests: XCTestCase {
  /// Feeds bytes in chunks of `chunk` bytes, as reads bring them, then ends the input.
  private func events(
    _ bytes: [UInt8], chunk: Int = 4096, reader: inout QueryLineReader
  ) -> [QueryLineReader.Event] {
    var events: [QueryLineReader.Event] = []
    var rest = bytes[...]
    while !rest.isEmpty && !reader.isFinished {
      events += reader.read(rest.prefix(chunk))
      rest = rest.dropFirst(chunk)
    }
    return events + reader.finish()
  }

  private func events(_ text: String, chunk: Int = 4096) -> [QueryLineReader.Event] {
    var reader = QueryLineReader()
    return events(Array(text.utf8), chunk: chunk, reader: &reader)
  }

  func test_lines_areCutAtLineFeeds_withoutTheirBreaks_whateverTheChunks() {
    let input = "swift\r\nstate\n\nlast"
    let expected: [QueryLineReader.Event] = [
      .line("swift"), .line("state"), .line(""), .line("last"),
    ]

    for chunk in [1, 2, 3, 4096] {
      XCTAssertEqual(events(input, chunk: chunk), expected, "chunks of \(chunk)")
    }
  }

  func test_invalidUTF8_isRepaired() {
    var reader = QueryLineReader()

    XCTAssertEqual(reader.read([0x63, 0x61, 0x66, 0xE9, 0x0A]), [.line("caf\u{FFFD}")])
  }

  func test_lineOverTheLimit_isSkipped_andTheNextLineIsRead() {
    let limit = QueryLineReader.maximumLength
    let longest = String(repeating: "a", count: limit)
    let input =
      "one\n" + longest + "\n" + longest + "\r\n" + longest + "b\n"
      + String(repeating: "c", count: 10 * limit) + "\ntwo"

    XCTAssertEqual(
      events(input),
      [
        .line("one"), .line(longest), .line(longest), .skippedLine(number: 4),
        .skippedLine(number: 5), .line("two"),
      ])
  }

  func test_lineOverTheLimit_isReportedAsSoonAsItIsTooLong() {
    var reader = QueryLineReader()

    XCTAssertEqual(reader.read([UInt8](repeating: 0x61, count: QueryLineReader.maximumLength)), [])
    XCTAssertEqual(reader.read([0x61, 0x61]), [.skippedLine(number: 1)])
    XCTAssertEqual(reader.read([0x61, 0x0A, 0x62, 0x0A]), [.line("b")])
  }

  func test_endlessLine_stopsTheReading_afterTheSkipLimit() {
    // What `< /dev/zero` gives: NUL bytes and never a line feed.
    var reader = QueryLineReader()
    var events: [QueryLineReader.Event] = []
    var reads = 0

    while !reader.isFinished && reads < 100_000 {
      events += reader.read([UInt8](repeating: 0, count: 4096))
      reads += 1
    }

    XCTAssertEqual(events, [.skippedLine(number: 1), .stoppedReading])
    XCTAssertEqual(reads, QueryLineReader.maximumSkippedLength / 4096 + 1)
    XCTAssertEqual(reader.read(Array("swift\n".utf8)), [], "nothing is read after it stopped")
    XCTAssertEqual(reader.finish(), [])
  }

  func test_eachByte_isExaminedOnce() {
    // A line of 1 MiB arrives in 256 reads: looking for the line feed in all that came of the
    // line at every read would examine about 128 MiB.
    let bytes =
      [UInt8](repeating: 0x61, count: 1 << 20) + [0x0A]
      + Array(String(repeating: "swift\n", count: 100_000).utf8)
    var reader = QueryLineReader()

    let found = events(bytes, reader: &reader)

    XCTAssertEqual(found.count, 1 + 100_000)
    XCTAssertEqual(found.first, .skippedLine(number: 1))
    XCTAssertEqual(reader.examinedBytes, bytes.count)
  }
}
