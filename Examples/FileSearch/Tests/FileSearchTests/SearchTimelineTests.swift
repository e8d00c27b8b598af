import FileSearchCore
import StatefulContent
import XCTest

/// The timeline's lines: one per change of key or kind, `<ms> <key> <state>`.
@MainActor
final class SearchTimelineTests: XCTestCase {
  func test_aLineIsWrittenWhenTheKeyOrTheKindChanges() async {
    var now = Duration.zero
    var key = "s"
    let output = TextCapture()
    let timeline = SearchTimeline(elapsed: { now }, write: output.write)
    timeline.key = { key }

    timeline.present(Presentation(state: .loading(progress: nil)), animated: false)
    timeline.present(Presentation(state: .loading(progress: 0.5)), animated: false)
    now = .milliseconds(12)
    key = "sw"
    timeline.present(Presentation(state: .loading(progress: nil)), animated: false)
    now = .milliseconds(1500)
    timeline.present(Presentation(state: .content, isRefreshing: true), animated: false)
    timeline.present(Presentation(state: .content), animated: false)

    XCTAssertEqual(output.text, "0 s loading\n12 sw loading\n1500 sw content\n")
    XCTAssertEqual(timeline.lines, ["0 s loading", "12 sw loading", "1500 sw content"])
  }

  func test_line_emptyKey_controlCharacters_andNegativeTimes() async {
    XCTAssertEqual(SearchTimeline.line(elapsed: .seconds(-1), key: "", kind: .idle), "0 '' idle")
    XCTAssertEqual(
      SearchTimeline.line(elapsed: .milliseconds(7), key: "a b\nc", kind: .empty),
      "7 a b\u{FFFD}c empty")
  }
}
