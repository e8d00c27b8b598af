import StatefulContent
import StatefulContentTerminal
import XCTest

/// The reader of a script's lines: lines cut as they arrive, the limit on a line's length, the end
/// of an endless line, and the work done — counted in bytes examined, never timed.
final class LineReaderTests: XCTestCase {
  /// Feeds bytes in chunks of `chunk` bytes, as reads bring them, then ends the input.
  private func events(
    _ bytes: [UInt8], chunk: Int = 4096, reader: inout LineReader
  ) -> [LineReader.Event] {
    var events: [LineReader.Event] = []
    var rest = bytes[...]
    while !rest.isEmpty && !reader.isFinished {
      events += reader.read(rest.prefix(chunk))
      rest = rest.dropFirst(chunk)
    }
    return events + reader.finish()
  }

  private func events(_ text: String, chunk: Int = 4096) -> [LineReader.Event] {
    var reader = LineReader()
    return events(Array(text.utf8), chunk: chunk, reader: &reader)
  }

  func test_lines_areCutAtLineFeeds_withoutTheirBreaks_whateverTheChunks() {
    let input = "swift\r\nstate\n\nlast"
    let expected: [LineReader.Event] = [
      .line("swift"), .line("state"), .line(""), .line("last"),
    ]

    for chunk in [1, 2, 3, 4096] {
      XCTAssertEqual(events(input, chunk: chunk), expected, "chunks of \(chunk)")
    }
  }

  func test_invalidUTF8_isRepaired() {
    var reader = LineReader()

    XCTAssertEqual(reader.read([0x63, 0x61, 0x66, 0xE9, 0x0A]), [.line("caf\u{FFFD}")])
  }

  func test_lineOverTheLimit_isSkipped_andTheNextLineIsRead() {
    let limit = LineReader.maximumLength
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
    var reader = LineReader()

    XCTAssertEqual(reader.read([UInt8](repeating: 0x61, count: LineReader.maximumLength)), [])
    XCTAssertEqual(reader.read([0x61, 0x61]), [.skippedLine(number: 1)])
    XCTAssertEqual(reader.read([0x61, 0x0A, 0x62, 0x0A]), [.line("b")])
  }

  func test_endlessLine_stopsTheReading_afterTheSkipLimit() {
    // What `< /dev/zero` gives: NUL bytes and never a line feed.
    var reader = LineReader()
    var events: [LineReader.Event] = []
    var reads = 0

    while !reader.isFinished && reads < 100_000 {
      events += reader.read([UInt8](repeating: 0, count: 4096))
      reads += 1
    }

    XCTAssertEqual(events, [.skippedLine(number: 1), .stoppedReading])
    XCTAssertEqual(reads, LineReader.maximumSkippedLength / 4096 + 1)
    XCTAssertEqual(reader.read(Array("swift\n".utf8)), [], "nothing is read after it stopped")
    XCTAssertEqual(reader.finish(), [])
  }

  func test_eachByte_isExaminedOnce() {
    // A line of 1 MiB arrives in 256 reads: looking for the line feed in all that came of the
    // line at every read would examine about 128 MiB.
    let bytes =
      [UInt8](repeating: 0x61, count: 1 << 20) + [0x0A]
      + Array(String(repeating: "swift\n", count: 100_000).utf8)
    var reader = LineReader()

    let found = events(bytes, reader: &reader)

    XCTAssertEqual(found.count, 1 + 100_000)
    XCTAssertEqual(found.first, .skippedLine(number: 1))
    XCTAssertEqual(reader.examinedBytes, bytes.count)
  }

  func test_linesOfADescriptor_reportSkippedLinesAndEndAtTheEnd() async {
    var ends: [Int32] = [-1, -1]
    XCTAssertEqual(pipe(&ends), 0)
    defer { close(ends[0]) }
    let long = String(repeating: "x", count: LineReader.maximumLength + 1)
    _ = "one\n\(long)\ntwo".withCString { write(ends[1], $0, strlen($0)) }
    close(ends[1])
    let reported = LockedState<[LineReader.Event]>([])

    var lines: [String] = []
    for await line in LineReader.lines(
      of: ends[0],
      report: { event in
        reported.withLock { $0.append(event) }
      })
    {
      lines.append(line)
    }

    XCTAssertEqual(lines, ["one", "two"])
    XCTAssertEqual(reported.withLock { $0 }, [.skippedLine(number: 2)])
  }
}
