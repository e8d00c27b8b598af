import DocumentViewerCore
import StatefulContent
import XCTest

@MainActor
final class TimelinePresenterTests: FixtureTestCase {
  private let output = TextCapture()

  /// A stopwatch that reads 0 ms, then 7 ms more on every reading.
  private func steppingStopwatch() -> () -> Duration {
    var now = Duration.zero
    return {
      defer { now += .milliseconds(7) }
      return now
    }
  }

  func test_line_isWholeMillisecondsAndTheKindName() async {
    XCTAssertEqual(TimelinePresenter.line(elapsed: .zero, kind: .loading), "0 loading")
    XCTAssertEqual(
      TimelinePresenter.line(elapsed: .milliseconds(1500), kind: .content), "1500 content")
    XCTAssertEqual(TimelinePresenter.line(elapsed: .microseconds(2999), kind: .empty), "2 empty")
    XCTAssertEqual(TimelinePresenter.line(elapsed: .seconds(-1), kind: .error), "0 error")
    XCTAssertEqual(
      TimelinePresenter.line(elapsed: .milliseconds(3), kind: .custom(CustomStateKey("offline"))),
      "3 offline")
  }

  func test_largeFile_writesOneLinePerKindNotPerProgressUpdate() async throws {
    let path = try fixtures.file("large.txt", largeText(byteCount: 640))
    let timeline = TimelinePresenter(elapsed: steppingStopwatch(), write: output.write)
    let reader = DocumentReader(readAtOnceLimit: 64, chunkSize: 64)

    await DocumentSession(
      path: path, opener: DocumentOpener(reader: reader), presenter: timeline, strings: .english
    )
    .open()

    XCTAssertEqual(timeline.lines, ["0 loading", "7 content"])
    XCTAssertEqual(output.text, "0 loading\n7 content\n")
  }

  func test_sessionsSharingATimeline_eachStartWithLoading() async throws {
    let timeline = TimelinePresenter(elapsed: steppingStopwatch(), write: output.write)
    let paths = [
      try fixtures.file("a.txt", text: "a"), fixtures.path("missing"),
      try fixtures.file("empty.txt", []),
    ]

    for path in paths {
      await DocumentSession(path: path, presenter: timeline, strings: .english).open()
    }

    XCTAssertEqual(
      timeline.lines,
      ["0 loading", "7 content", "14 loading", "21 error", "28 loading", "35 empty"])
  }

  func test_viewerTimeline_namesEachLinesDocumentAfterTheTimeAndTheState() async throws {
    let text = try fixtures.file("a.txt", text: "a\n")
    let missing = fixtures.path("no such file")
    let app = ViewerApp(
      writeOutput: output.write, writeError: { _ in }, style: .plain, terminalWidth: nil,
      makeStopwatch: steppingStopwatch, strings: .english)

    let status = await app.run(["--timeline", text, missing])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(
      output.lines,
      [
        "0 loading \(text)", "7 content \(text)", "14 loading \(missing)",
        "21 error \(missing)", "",
      ])
    for line in output.lines.dropLast() {
      let fields = line.split(separator: " ", maxSplits: 2)
      XCTAssertNotNil(Int(fields[0]), "the milliseconds come first: \(line)")
      XCTAssertTrue(["loading", "content", "error"].contains(fields[1]), "then the state: \(line)")
    }
  }

  func test_line_appendsTheDocumentWithoutItsControlCharacters() {
    XCTAssertEqual(
      TimelinePresenter.line(elapsed: .milliseconds(12), kind: .loading, document: "a b.txt"),
      "12 loading a b.txt")
    XCTAssertEqual(
      TimelinePresenter.line(elapsed: .zero, kind: .error, document: "x\n0 content"),
      "0 error x\u{FFFD}0 content", "a line feed in a name cannot make a line of its own")
    XCTAssertEqual(TimelinePresenter.line(elapsed: .zero, kind: .idle, document: ""), "0 idle")
    XCTAssertEqual(TimelinePresenter.line(elapsed: .zero, kind: .idle, document: nil), "0 idle")
  }

  func test_lines_matchTheFormatOfMillisecondsAndAKind() async throws {
    let timeline = TimelinePresenter(write: output.write)

    await DocumentSession(
      path: try fixtures.file("a.txt", text: "a"), presenter: timeline, strings: .english
    ).open()

    let kinds = Set(["idle", "loading", "content", "empty", "error", "locked"])
    for line in timeline.lines {
      let fields = line.split(separator: " ")
      XCTAssertEqual(fields.count, 2, line)
      XCTAssertNotNil(Int(fields[0]), line)
      XCTAssertTrue(kinds.contains(String(fields[1])), line)
    }
    XCTAssertEqual(timeline.lines.map { $0.split(separator: " ")[1] }, ["loading", "content"])
  }
}
