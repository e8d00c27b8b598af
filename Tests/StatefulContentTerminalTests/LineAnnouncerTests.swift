import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

@MainActor
final class LineAnnouncerTests: XCTestCase {
  private final class Model: StatefulContent {
    let stateMachine: ContentStateMachine
    var content: [String] = []
    init(machine: ContentStateMachine) { stateMachine = machine }
  }

  func test_eachAnnouncement_isOneLineWithThePrefix() async {
    var written = ""
    let announcer = LineAnnouncer { written += $0 }
    let model = Model(machine: ContentStateMachine(clock: ManualClock()))
    model.stateMachine.setAnnouncer(announcer, policy: .immediate)
    model.startLoading()
    model.content = ["a"]
    model.endLoading()
    XCTAssertFalse(announcer.texts.isEmpty)
    XCTAssertEqual(written, announcer.texts.map { LineAnnouncer.line($0) + "\n" }.joined())
    XCTAssertTrue(written.hasPrefix("announce: "), written)
  }

  func test_line_replacesControlCharacters() {
    XCTAssertEqual(LineAnnouncer.line("a\nb\tc\u{1B}"), "announce: a\u{FFFD}b c\u{FFFD}")
  }
}
