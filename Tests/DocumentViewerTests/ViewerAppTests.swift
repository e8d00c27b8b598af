import DocumentViewerCore
import StatefulContent
import XCTest

final class ViewerAppTests: FixtureTestCase {
  private let output = TextCapture()
  private let errors = TextCapture()

  private func makeApp() -> ViewerApp {
    ViewerApp(
      writeOutput: output.write, writeError: errors.write, style: .plain,
      makeStopwatch: { { .zero } })
  }

  func test_run_unknownOption_printsTheUsageToStandardErrorAndExits2() {
    let status = makeApp().run(["--bogus"])

    XCTAssertEqual(status, 2)
    XCTAssertEqual(output.text, "")
    XCTAssertTrue(errors.text.hasPrefix("document-viewer: unknown option '--bogus'\n\nUSAGE: "))
  }

  func test_run_help_printsTheUsageAndExits0() {
    let status = makeApp().run(["--help"])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(output.text, ViewerCommand.usage)
    XCTAssertEqual(errors.text, "")
  }

  func test_run_timeline_printsOnlyTimelineLinesAndExits0WhateverTheState() throws {
    let path = try fixtures.file("a.txt", text: "a\n")

    let status = makeApp().run(["--timeline", path, fixtures.path("missing")])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(output.text, "0 loading\n0 content\n0 loading\n0 error\n")
    XCTAssertEqual(errors.text, "")
  }

  func test_run_onePath_rendersItWithoutHeading() throws {
    let path = try fixtures.file("a.txt", text: "a\n")

    XCTAssertEqual(makeApp().run([path]), 0)

    XCTAssertEqual(output.text, "Opening a.txt…\na\n(1 line, 2 bytes)\n")
  }

  func test_run_severalPaths_rendersEachUnderAHeading() throws {
    let first = try fixtures.file("a.txt", text: "a\n")
    let second = try fixtures.file("empty.txt", [])

    XCTAssertEqual(makeApp().run([first, second]), 0)

    XCTAssertEqual(
      output.lines,
      [
        "== \(first) ==", "Opening a.txt…", "a", "(1 line, 2 bytes)", "",
        "== \(second) ==", "Opening empty.txt…", "Empty File", "'empty.txt' contains no text.", "",
      ])
  }

  func test_run_tourInTimelineMode_reachesEverySamplesState() throws {
    let samples = try SampleDocuments.create(in: fixtures.url, largeFileByteCount: 64)

    let status = makeApp().run(["--timeline"])

    XCTAssertEqual(status, 0)
    let expected = samples.flatMap { ["0 loading", "0 \($0.expectedKind)"] }
    XCTAssertEqual(output.lines.dropLast(), expected[...])
    XCTAssertEqual(
      Set(samples.map(\.expectedKind)), [.content, .empty, .error],
      "the tour shows every state a text document can reach")
  }

  func test_run_tour_rendersAHeadingPerSampleAndAProgressBar() {
    XCTAssertEqual(makeApp().run([]), 0)

    let headings = output.lines.filter { $0.hasPrefix("== ") }
    XCTAssertEqual(
      headings,
      [
        "== A text file: welcome.txt ==", "== A folder: folder ==",
        "== A large file, read in chunks: large.txt ==", "== An empty file: empty.txt ==",
        "== An empty folder: empty-folder ==", "== A missing file: missing.txt ==",
        "== A path through a file: welcome.txt/notes.txt ==", "== A binary file: image.bin ==",
      ])
    XCTAssertTrue(output.lines.contains("[#####.....] 50%"))
    XCTAssertEqual(output.lines.filter { $0 == "[Retry]" }.count, 3)
    XCTAssertEqual(errors.text, "")
  }

  func test_sampleDocuments_areWhatTheirExpectedKindsSay() throws {
    let samples = try SampleDocuments.create(in: fixtures.url, largeFileByteCount: 2 << 20)

    for sample in samples {
      let session = DocumentSession(path: sample.path, presenter: nil)
      session.open()
      XCTAssertEqual(session.currentState.kind, sample.expectedKind, sample.title)
    }
  }

  func test_largeText_isExactlyTheSizeAskedAndEndsWithALineFeed() {
    let text = SampleDocuments.largeText(byteCount: 1000)

    XCTAssertEqual(text.count, 1000)
    XCTAssertEqual(text.last, UInt8(ascii: "\n"))
    XCTAssertEqual(SampleDocuments.largeText(byteCount: 0), [])
  }
}
