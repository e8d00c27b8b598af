import StatefulContent
import StatefulContentTerminal
import XCTest

/// An error whose text spans two lines, as a tool's message may.
private struct TwoLineError: Error, CustomStringConvertible {
  var description: String { "disk\nfull" }
}

final class TimelinePresenterTests: XCTestCase {
  private var written = ""

  private func present(_ timeline: TimelinePresenter, _ inputs: StateInputs) {
    let decision = StateDecision.decide(inputs)
    timeline.present(Presentation(state: decision.state, decision: decision), animated: false)
  }

  func test_line_isWholeMillisecondsAndTheFields() {
    XCTAssertEqual(TimelinePresenter.line(elapsed: .zero, fields: "loading"), "0 loading")
    XCTAssertEqual(
      TimelinePresenter.line(elapsed: .milliseconds(1500), fields: "content"), "1500 content")
    XCTAssertEqual(TimelinePresenter.line(elapsed: .microseconds(2999), fields: "empty"), "2 empty")
    XCTAssertEqual(TimelinePresenter.line(elapsed: .seconds(-1), fields: "error"), "0 error")
  }

  func test_line_withAReason_staysOneLine() {
    XCTAssertEqual(
      TimelinePresenter.line(
        elapsed: .milliseconds(12), fields: "loading a b.txt",
        reason: "rule 3: a load runs, no content yet"),
      "12 loading a b.txt because rule 3: a load runs, no content yet")
    XCTAssertEqual(
      TimelinePresenter.line(elapsed: .zero, fields: "x\n0\tcontent", reason: "y\r"),
      "0 x\u{FFFD}0 content because y\u{FFFD}",
      "a line feed in the fields or the reason cannot make a line of its own")
  }

  func test_present_writesALineWhenTheFieldsChange_notForProgress() {
    var now = Duration.zero
    let timeline = TimelinePresenter(elapsed: { now }, write: { self.written += $0 })
    present(timeline, StateInputs(isLoading: true))
    now = .milliseconds(5)
    present(timeline, StateInputs(isLoading: true, progress: 0.5))
    now = .milliseconds(9)
    present(timeline, StateInputs(hasContent: true))
    XCTAssertEqual(timeline.lines, ["0 loading", "9 content"])
    XCTAssertEqual(written, "0 loading\n9 content\n")
  }

  func test_customFields_decideTheLine_andExplainingAddsTheReason() {
    var document = "a.txt"
    let timeline = TimelinePresenter(
      elapsed: { .zero }, explains: true, fields: { "\($0.state.kind) \(document)" },
      write: { self.written += $0 })
    present(timeline, StateInputs(error: TwoLineError()))
    document = "b.txt"
    present(timeline, StateInputs(error: TwoLineError()))
    XCTAssertEqual(
      timeline.lines,
      [
        "0 error a.txt because rule 4: the load failed: \"disk full\"",
        "0 error b.txt because rule 4: the load failed: \"disk full\"",
      ])
  }

  // MARK: Marks

  func test_marks_areWordsInTheirOrder_staleAndOfflineForContentOnly() {
    let stale = StalenessPolicy(maximumAge: .seconds(300))
    let everything = StateDecision.decide(
      StateInputs(
        isLoading: true, hasContent: true, reachability: .unreachable,
        contentAge: .seconds(600), staleness: stale))
    XCTAssertEqual(
      TimelinePresenter.marks(
        of: Presentation(state: .content, isRefreshing: true, decision: everything)),
      ["stale", "offline", "refreshing"])
    XCTAssertEqual(
      TimelinePresenter.marks(
        of: Presentation(state: .content, key: LoadKey("swi"), showsPreviousKey: true)),
      ["previous"])
    let waiting = StateDecision.decide(
      StateInputs(isLoading: true, reachability: .unreachable, networkError: TwoLineError()))
    XCTAssertEqual(waiting.state.kind, .waiting)
    XCTAssertEqual(
      TimelinePresenter.marks(of: Presentation(state: waiting.state, decision: waiting)), [],
      "waiting says it: no offline mark")
    XCTAssertEqual(TimelinePresenter.marks(of: Presentation(state: .content)), [])
  }

  func test_fields_areTheStateTheMarksAndTheSubject_andAFlipWritesALine() {
    var now = Duration.zero
    let url = "http://127.0.0.1:8000/feed.json"
    let timeline = TimelinePresenter(
      elapsed: { now }, fields: { TimelinePresenter.fields(of: $0, subject: url) },
      write: { self.written += $0 })
    present(timeline, StateInputs(isLoading: true))
    now = .milliseconds(40)
    present(timeline, StateInputs(hasContent: true))
    now = .milliseconds(5000)
    present(
      timeline,
      StateInputs(
        hasContent: true, contentAge: .seconds(600),
        staleness: StalenessPolicy(maximumAge: .seconds(300))))
    present(timeline, StateInputs(hasContent: true, reachability: .unreachable))
    XCTAssertEqual(
      timeline.lines,
      [
        "0 loading \(url)", "40 content \(url)", "5000 content stale \(url)",
        "5000 content offline \(url)",
      ])
    XCTAssertEqual(
      TimelinePresenter.fields(of: Presentation(state: .empty)), "empty", "no subject, no space")
  }
}
