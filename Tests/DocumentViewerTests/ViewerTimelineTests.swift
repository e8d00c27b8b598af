import DocumentViewerCore
import StatefulContent
import StatefulContentTerminal
import XCTest

/// An error whose text spans two lines, as a tool's message may.
private struct TwoLineError: Error, CustomStringConvertible {
  var description: String { "disk\nfull" }
}

@MainActor
final class ViewerTimelineTests: FixtureTestCase {
  private let output = TextCapture()

  /// A stopwatch that reads 0 ms, then 7 ms more on every reading.
  private func steppingStopwatch() -> () -> Duration {
    var now = Duration.zero
    return {
      defer { now += .milliseconds(7) }
      return now
    }
  }

  /// The viewer writing its timeline to `output`, on the stepping stopwatch.
  private func makeApp() -> ViewerApp {
    var environment = ToolEnvironment()
    (environment.writeOutput, environment.writeError) = (output.write, { _ in })
    environment.makeStopwatch = steppingStopwatch
    return ViewerApp(
      environment: environment, style: .plain, terminalSize: { nil }, strings: .english)
  }

  /// A timeline whose lines name `document()`'s document, as the viewer's do.
  private func documentTimeline(
    explains: Bool = false, elapsed: @escaping () -> Duration,
    document: @escaping () -> String?
  ) -> TimelinePresenter {
    TimelinePresenter(
      elapsed: elapsed, explains: explains,
      fields: { ViewerApp.timelineFields(kind: $0.state.kind, document: document()) },
      write: output.write)
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
    let app = makeApp()

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

  func test_fields_appendTheDocument_andTheLineHasNoControlCharacters() {
    XCTAssertEqual(
      ViewerApp.timelineFields(kind: .loading, document: "a b.txt"), "loading a b.txt")
    XCTAssertEqual(
      TimelinePresenter.line(
        elapsed: .zero, fields: ViewerApp.timelineFields(kind: .error, document: "x\n0 content")),
      "0 error x\u{FFFD}0 content", "a line feed in a name cannot make a line of its own")
    XCTAssertEqual(ViewerApp.timelineFields(kind: .idle, document: ""), "idle")
    XCTAssertEqual(ViewerApp.timelineFields(kind: .idle, document: nil), "idle")
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

  // MARK: Explaining

  func test_explainingTimeline_endsEachLineWithTheReasonOfItsPresentation() async throws {
    var name: String?
    let timeline = documentTimeline(
      explains: true, elapsed: steppingStopwatch(), document: { name })
    let paths = [
      try fixtures.file("a.txt", text: "a"), fixtures.path("missing"),
      try fixtures.file("empty.txt", []),
    ]

    for (path, document) in zip(paths, ["a.txt", "missing", "empty.txt"]) {
      name = document
      await DocumentSession(path: path, presenter: timeline, strings: .english).open()
    }

    XCTAssertEqual(
      Array(timeline.lines.prefix(3)),
      [
        "0 loading a.txt because rule 3: a load runs, no content yet",
        // The first screen shows while the rest is read: content while its load runs.
        "7 content a.txt because rule 2: has content; overrode rule 3: a load runs (refreshing)",
        "14 loading missing because rule 3: a load runs, no content yet",
      ])
    XCTAssertTrue(
      timeline.lines[3].hasPrefix(
        "21 error missing because rule 4: the load failed: \"Cannot open '"),
      timeline.lines[3])
    XCTAssertEqual(
      Array(timeline.lines.suffix(2)),
      [
        "28 loading empty.txt because rule 3: a load runs, no content yet",
        "35 empty empty.txt because rule 5: no content, no load, no error",
      ])
    XCTAssertEqual(output.text, timeline.lines.map { $0 + "\n" }.joined())
  }

  func test_explainingTimeline_anErrorTextWithALineFeed_staysOnOneLine() {
    let decision = StateDecision.decide(StateInputs(error: TwoLineError()))
    let timeline = documentTimeline(explains: true, elapsed: { .zero }, document: { "a.txt" })

    timeline.present(Presentation(state: decision.state, decision: decision), animated: false)

    XCTAssertEqual(output.text, "0 error a.txt because rule 4: the load failed: \"disk full\"\n")
  }

  func test_timelineThatDoesNotExplain_writesNoReason() {
    let decision = StateDecision.decide(StateInputs(error: TwoLineError()))
    let timeline = TimelinePresenter(elapsed: { .zero }, write: output.write)

    timeline.present(Presentation(state: decision.state, decision: decision), animated: false)

    XCTAssertEqual(output.text, "0 error\n")
  }

  func test_viewerTimelineExplained_keepsTheFirstFieldsAndAddsTheReasons() async throws {
    let text = try fixtures.file("a.txt", text: "a\n")
    let missing = fixtures.path("no such file")
    let app = makeApp()
    let plain = await app.run(["--timeline", text, missing])
    let plainLines = output.lines.dropLast()
    output.clear()

    let status = await app.run(["--timeline", "--explain", text, missing])

    XCTAssertEqual(plain, 0)
    XCTAssertEqual(status, 0)
    let lines = output.lines
    XCTAssertEqual(lines.last, "")
    XCTAssertEqual(lines.count, plainLines.count + 1, output.text)
    for (explained, line) in zip(lines, plainLines) {
      XCTAssertTrue(explained.hasPrefix(line + " because rule "), explained)
    }
  }

  func test_executable_timelineExplained_endsEachLineWithItsReason() throws {
    try documentViewer.skipUnlessBuilt()
    let text = try fixtures.file("notes.txt", text: "one\ntwo\n")
    let missing = fixtures.path("missing.txt")

    let viewer = try documentViewer.start(["--timeline", "--explain", text, missing])

    XCTAssertEqual(viewer.waitForExit(), 0, viewer.errorText)
    XCTAssertEqual(viewer.errorText, "")
    let lines = viewer.outputText.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertEqual(lines.last, "", "every line ends with a line feed")
    let expected = [
      ("loading", text), ("content", text), ("loading", missing), ("error", missing),
    ]
    XCTAssertEqual(lines.count, expected.count + 1, viewer.outputText)
    for (line, (state, document)) in zip(lines, expected) {
      let fields = line.split(separator: " ", maxSplits: 1)
      XCTAssertNotNil(Int(fields[0]), "the milliseconds come first: \(line)")
      XCTAssertTrue(
        fields.last?.hasPrefix("\(state) \(document) because rule ") == true,
        "then the state, the document and the reason: \(line)")
    }
    XCTAssertTrue(
      lines[3].contains(" because rule 4: the load failed: \"Cannot open '"), String(lines[3]))
  }
}
