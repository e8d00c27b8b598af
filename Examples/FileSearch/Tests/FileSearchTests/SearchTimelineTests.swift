import FileSearchCore
import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

/// An error whose text spans two lines, as a system's message may.
private struct TwoLineError: Error, CustomStringConvertible {
  var description: String { "disk\nfull" }
}

/// The timeline's lines: one per change of key or state, `<ms> <key> <state>`, the state
/// `previous` while a query searches with the previous query's matches shown.
@MainActor
final class SearchTimelineTests: FixtureTestCase {
  func test_aLineIsWrittenWhenTheKeyOrTheStateChanges() async {
    var now = Duration.zero
    let output = TextCapture()
    let timeline = searchTimeline(elapsed: { now }, write: output.write)
    let (s, sw) = (LoadKey("s"), LoadKey("sw"))

    timeline.present(Presentation(state: .loading(progress: nil), key: s), animated: false)
    timeline.present(Presentation(state: .loading(progress: 0.5), key: s), animated: false)
    now = .milliseconds(12)
    timeline.present(Presentation(state: .loading(progress: nil), key: sw), animated: false)
    now = .milliseconds(1500)
    timeline.present(
      Presentation(state: .content, isRefreshing: true, key: sw), animated: false)
    timeline.present(Presentation(state: .content, key: sw), animated: false)
    timeline.present(
      Presentation(state: .content, isRefreshing: true, key: s, showsPreviousKey: true),
      animated: false)
    timeline.present(Presentation(state: .content, isRefreshing: true, key: s), animated: false)
    timeline.present(Presentation.idle, animated: false)

    let expected = [
      "0 s loading", "12 sw loading", "1500 sw content", "1500 s previous", "1500 s content",
      "1500 '' idle",
    ]
    XCTAssertEqual(output.text, expected.map { $0 + "\n" }.joined())
    XCTAssertEqual(timeline.lines, expected)
  }

  func test_aModelsSearches_showThePreviousQuerysMatches_untilTheFirstBatch() async throws {
    try tree.file("swift.txt", text: "")
    try tree.file("swim.txt", text: "")
    let timeline = searchTimeline(elapsed: { .zero }, write: { _ in })
    let model = SearchModel(
      scanner: FileScanner(folder: tree.path), presenter: timeline, clock: ManualClock(),
      strings: .english)

    _ = await model.search("sw")?.value
    _ = await model.search("swi")?.value
    model.search("")

    XCTAssertEqual(
      timeline.lines,
      ["0 sw loading", "0 sw content", "0 swi previous", "0 swi content", "0 '' idle"])
  }

  func test_explainingTimeline_endsEachLineWithTheReasonOfItsPresentation() async throws {
    try tree.file("swift.txt", text: "")
    try tree.file("swim.txt", text: "")
    let timeline = searchTimeline(elapsed: { .zero }, explains: true, write: { _ in })
    let model = SearchModel(
      scanner: FileScanner(folder: tree.path), presenter: timeline, clock: ManualClock(),
      strings: .english)

    _ = await model.search("sw")?.value
    _ = await model.search("swi")?.value

    XCTAssertEqual(
      timeline.lines,
      [
        "0 sw loading because rule 3: a load runs, no content yet",
        // The first batch, with the first match, shows at once; the scan goes on.
        "0 sw content because rule 2: has content (1 item); overrode rule 3: a load runs "
          + "(refreshing)",
        "0 swi previous because rule 2: has content (2 items) of \"sw\", shown while \"swi\" "
          + "loads (keep previous); overrode rule 3: a load runs (refreshing)",
        "0 swi content because rule 2: has content (1 item); overrode rule 3: a load runs "
          + "(refreshing)",
      ])
  }

  func test_explainingTimeline_anErrorTextWithALineFeed_staysOnOneLine() {
    let output = TextCapture()
    let decision = StateDecision.decide(StateInputs(error: TwoLineError()))
    let timeline = searchTimeline(elapsed: { .zero }, explains: true, write: output.write)

    timeline.present(
      Presentation(state: decision.state, key: LoadKey("sw"), decision: decision), animated: false)

    XCTAssertEqual(output.text, "0 sw error because rule 4: the load failed: \"disk full\"\n")
  }

  func test_fields_emptyKey_controlCharacters_andTheReason() {
    let fields = SearchApp.timelineFields(
      of: Presentation(state: .content, key: LoadKey("a b\nc"), showsPreviousKey: true))
    XCTAssertEqual(fields, "a b\nc previous")
    XCTAssertEqual(
      TimelinePresenter.line(elapsed: .milliseconds(7), fields: fields),
      "7 a b\u{FFFD}c previous", "a line feed in a query cannot make a line of its own")
    XCTAssertEqual(SearchApp.timelineFields(of: .idle), "'' idle")
    XCTAssertEqual(
      TimelinePresenter.line(
        elapsed: .zero, fields: "'' error", reason: "rule 4: x\n0 y\r"),
      "0 '' error because rule 4: x\u{FFFD}0 y\u{FFFD}")
  }
}

/// The file-search's timeline: a timeline presenter whose lines say the query and the state.
private func searchTimeline(
  elapsed: @escaping () -> Duration, explains: Bool = false,
  write: @escaping (String) -> Void
) -> TimelinePresenter {
  TimelinePresenter(
    elapsed: elapsed, explains: explains, fields: SearchApp.timelineFields, write: write)
}
