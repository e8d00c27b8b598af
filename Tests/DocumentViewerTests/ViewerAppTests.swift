import DocumentViewerCore
import StatefulContent
import StatefulContentTesting
import XCTest

@MainActor
final class ViewerAppTests: FixtureTestCase {
  private let output = TextCapture()
  private let errors = TextCapture()

  private func makeApp() -> ViewerApp {
    ViewerApp(
      writeOutput: output.write, writeError: errors.write, style: .plain,
      makeStopwatch: { { .zero } },
      interrupts: InterruptController(writeNote: errors.write))
  }

  // MARK: Usage

  func test_run_unknownOption_printsTheUsageToStandardErrorAndExits2() async {
    let status = await makeApp().run(["--bogus"])

    XCTAssertEqual(status, 2)
    XCTAssertEqual(output.text, "")
    XCTAssertTrue(errors.text.hasPrefix("document-viewer: unknown option '--bogus'\n\nUSAGE: "))
  }

  func test_run_invalidDelay_isAUsageErrorExiting2() async {
    for arguments in [["--delay", "abc", "a"], ["--delay", "-5", "a"], ["a", "--delay"]] {
      errors.clear()

      let status = await makeApp().run(arguments)

      XCTAssertEqual(status, 2, "\(arguments)")
      XCTAssertTrue(errors.text.contains("\nUSAGE: "), "\(arguments)")
    }
    XCTAssertEqual(output.text, "")
  }

  func test_run_help_printsTheUsageAndExits0() async {
    let status = await makeApp().run(["--help"])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(output.text, ViewerCommand.usage)
    XCTAssertEqual(errors.text, "")
  }

  // MARK: Text documents

  func test_run_timeline_printsOnlyTimelineLinesAndExits0WhateverTheState() async throws {
    let path = try fixtures.file("a.txt", text: "a\n")

    let status = await makeApp().run(["--timeline", path, fixtures.path("missing")])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(output.text, "0 loading\n0 content\n0 loading\n0 error\n")
    XCTAssertEqual(errors.text, "")
  }

  func test_run_onePath_rendersItWithoutHeading() async throws {
    let path = try fixtures.file("a.txt", text: "a\n")

    let status = await makeApp().run([path])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(output.text, "Opening a.txt…\na\n(1 line, 2 bytes)\n")
  }

  func test_run_severalPaths_rendersEachUnderAHeading() async throws {
    let first = try fixtures.file("a.txt", text: "a\n")
    let second = try fixtures.file("empty.txt", [])

    let status = await makeApp().run([first, second])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(
      output.lines,
      [
        "== \(first) ==", "Opening a.txt…", "a", "(1 line, 2 bytes)", "",
        "== \(second) ==", "Opening empty.txt…", "Empty File", "'empty.txt' contains no text.", "",
      ])
  }

  // MARK: Delay

  func test_run_delay_showsLoadingAfterTheShowDelayAndKeepsItTheMinimumTime() async throws {
    let path = try fixtures.file("a.txt", text: "a\n")
    let clock = ManualClock()
    var app = makeApp()
    app.clock = clock
    app.makeStopwatch = {
      let start = clock.now
      return { start.duration(to: clock.now) }
    }

    let run = Task { await app.run(["--timeline", "--delay", "300", path]) }
    await settle { clock.sleeperCount == 2 }  // the show delay and the simulated source
    clock.advance(by: .milliseconds(150))
    await settle { self.output.text == "150 loading\n" }
    clock.advance(to: .init(offset: .milliseconds(300)))
    // Read at 300 ms; loading was shown at 150 ms and stays until 550 ms.
    await settle { clock.nextDeadline?.offset == .milliseconds(550) }
    XCTAssertEqual(output.text, "150 loading\n")
    clock.advance(to: .init(offset: .milliseconds(550)))
    let status = await run.value

    XCTAssertEqual(status, 0)
    XCTAssertEqual(output.text, "150 loading\n550 content\n")
  }

  // MARK: Tour

  func test_run_tourInTimelineMode_reachesEverySamplesState() async throws {
    let samples = try SampleDocuments.create(in: fixtures.url, largeFileByteCount: 64)

    let status = await makeApp().run(["--timeline"])

    XCTAssertEqual(status, 0)
    let expected = samples.flatMap { ["0 loading", "0 \($0.expectedKind)"] }
    XCTAssertEqual(output.lines.dropLast(), expected[...])
    XCTAssertEqual(
      Set(samples.map(\.expectedKind)), [.content, .empty, .error],
      "the tour shows every state a text document can reach")
  }

  func test_run_tour_rendersAHeadingPerSampleAndAProgressBar() async {
    let status = await makeApp().run([])

    XCTAssertEqual(status, 0)
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

  func test_sampleDocuments_areWhatTheirExpectedKindsSay() async throws {
    let samples = try SampleDocuments.create(in: fixtures.url, largeFileByteCount: 2 << 20)

    for sample in samples {
      let session = DocumentSession(path: sample.path, presenter: nil)
      await session.open()
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
