import StatefulContent
import StatefulContentTesting
import XCTest

#if canImport(UIKit)
  import UIKit
#endif

/// Posts each announcement to VoiceOver where UIKit exists.
final class VoiceOverAnnouncer: Announcer {
  func announce(_ announcement: Announcement) {
    #if canImport(UIKit)
      UIAccessibility.post(notification: .announcement, argument: announcement.text)
    #endif
  }
}

// The Swift blocks of the Accessibility and Localization article, copied exactly and run
// (`DocExampleCoverageTests` checks the copies).

/// Writes each announcement as a status line.
final class StatusLineAnnouncer: Announcer {
  private(set) var lines: [String] = []

  func announce(_ announcement: Announcement) {
    lines.append(announcement.text)
  }
}

@MainActor
final class Inbox: @MainActor StatefulContent {
  let stateMachine = ContentStateMachine()
  var content: [String] = []  // contentCount is content.count: "12 results"
  let announcer = StatusLineAnnouncer()

  init() {
    stateMachine.setAnnouncer(announcer)
  }
}

/// A search model for the testing block.
final class SearchModel: StatefulContent {
  let stateMachine: ContentStateMachine
  var results: [String] = []
  var content: [String] { results }

  init(machine: ContentStateMachine) {
    stateMachine = machine
  }
}

@MainActor
final class AccessibilityAndLocalizationExampleTests: XCTestCase {
  func test_theStatusLineAnnouncer_hearsTheOutcomeOfALoad() async {
    let inbox = Inbox()
    inbox.stateMachine.strings = .english
    await inbox.load(into: \.content) { _ in ["a", "b", "c"] }
    XCTAssertEqual(inbox.announcer.lines, ["Loading…"], "the count waits for the interval")
    XCTAssertNotNil(inbox.stateMachine.announcer as? StatusLineAnnouncer)
  }

  func test_theVoiceOverAnnouncer_isAnAnnouncer() {
    let machine = ContentStateMachine()
    machine.setAnnouncer(VoiceOverAnnouncer())
    XCTAssertTrue(machine.announcer is VoiceOverAnnouncer)
  }

  func test_testingAnnouncements() async {
    let clock = ManualClock()
    let announcer = RecordingAnnouncer()
    let model = SearchModel(machine: ContentStateMachine(clock: clock))
    model.stateMachine.strings = .english
    model.stateMachine.setAnnouncer(announcer)

    model.startLoading()
    model.results = ["swift", "swiftly"]
    model.endLoading()
    XCTAssertEqual(announcer.texts, ["Loading…"])  // "2 results" waits for the interval.

    await settle { clock.sleeperCount == 1 }
    clock.advance(by: .seconds(1))
    await settle { announcer.texts.count == 2 }
    XCTAssertEqual(announcer.texts, ["Loading…", "2 results"])
  }
}
