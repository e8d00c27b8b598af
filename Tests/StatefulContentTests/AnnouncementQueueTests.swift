import XCTest

@testable import StatefulContent

/// The announcement rules as a pure value: no machine, no clock, no tasks.
final class AnnouncementQueueTests: XCTestCase {
  private let loading = Announcement(text: "Loading…", state: .loading)
  private let results = Announcement(text: "12 results", state: .content)
  private let empty = Announcement(text: "No Content", state: .empty)

  private func queue(_ interval: Duration = .seconds(1)) -> AnnouncementQueue {
    AnnouncementQueue(policy: AnnouncementPolicy(coalescingInterval: interval))
  }

  func test_theFirstChange_isAnnouncedAtOnce() {
    var queue = queue()
    XCTAssertEqual(queue.presented(.announcement(loading), now: .zero), .announce(loading))
  }

  func test_aChangeWithinTheInterval_waitsForTheTimer_andIsAnnouncedWhenItElapses() {
    var queue = queue()
    _ = queue.presented(.announcement(loading), now: .zero)
    XCTAssertEqual(
      queue.presented(.announcement(results), now: .milliseconds(300)),
      .startTimer(deadline: .seconds(1)))
    XCTAssertEqual(queue.timerElapsed(now: .seconds(1)), .announce(results))
    XCTAssertNil(queue.waiting)
  }

  func test_anOutcomeRepeatingTheLastAnnouncement_isNews_theSameStateAgainIsNot() {
    var queue = queue()
    let error = Announcement(text: "Offline", state: .error)
    XCTAssertEqual(queue.presented(.outcome(error), now: .zero), .announce(error))
    XCTAssertNil(queue.presented(.announcement(error), now: .seconds(5)), "shown again")
    XCTAssertEqual(
      queue.presented(.outcome(error), now: .seconds(5)), .announce(error), "a Retry failed")
    XCTAssertEqual(
      queue.presented(.outcome(error), now: .seconds(5) + .milliseconds(200)),
      .startTimer(deadline: .seconds(6)))
    XCTAssertEqual(
      queue.timerElapsed(now: .seconds(6)), .announce(error),
      "within the interval it waits, and is still made though it repeats the last one")
  }

  func test_changesFasterThanSpeech_areCoalesced_theLastOneWins() {
    var queue = queue()
    _ = queue.presented(.announcement(loading), now: .zero)
    XCTAssertEqual(
      queue.presented(.announcement(empty), now: .milliseconds(100)),
      .startTimer(deadline: .seconds(1)))
    XCTAssertNil(
      queue.presented(.announcement(results), now: .milliseconds(200)),
      "the timer runs already")
    XCTAssertEqual(queue.timerElapsed(now: .seconds(1)), .announce(results))
  }

  func test_aChangeAfterAQuietInterval_isAnnouncedAtOnce() {
    var queue = queue()
    _ = queue.presented(.announcement(loading), now: .zero)
    XCTAssertEqual(
      queue.presented(.announcement(results), now: .seconds(1)), .announce(results))
  }

  func test_theSameAnnouncementPresentedAgain_isNotRepeated() {
    var queue = queue()
    _ = queue.presented(.announcement(loading), now: .zero)
    XCTAssertNil(queue.presented(.announcement(loading), now: .seconds(5)), "a progress update")
  }

  func test_aWaitingAnnouncementEqualToTheLastOneMade_isDropped() {
    var queue = queue()
    _ = queue.presented(.announcement(results), now: .zero)
    _ = queue.presented(.announcement(loading), now: .milliseconds(100))
    _ = queue.presented(.announcement(results), now: .milliseconds(200))
    XCTAssertNil(queue.timerElapsed(now: .seconds(1)), "the listener heard it last")
  }

  func test_silence_dropsTheWaitingAnnouncement_andKeepsItsStateFromBeingAnnouncedAgain() {
    var queue = queue()
    _ = queue.presented(.announcement(results), now: .zero)
    _ = queue.presented(.announcement(loading), now: .milliseconds(100))
    XCTAssertNil(queue.presented(.silence(results), now: .milliseconds(200)))
    XCTAssertNil(queue.timerElapsed(now: .seconds(1)), "a cancelled load is no news")
    XCTAssertNil(queue.presented(.announcement(results), now: .seconds(3)))
  }

  func test_nothing_leavesTheWaitingAnnouncementStanding() {
    var queue = queue()
    _ = queue.presented(.announcement(loading), now: .zero)
    _ = queue.presented(.announcement(results), now: .milliseconds(100))
    XCTAssertNil(queue.presented(.nothing, now: .milliseconds(200)))
    XCTAssertEqual(queue.timerElapsed(now: .seconds(1)), .announce(results))
  }

  func test_aZeroInterval_announcesEveryChangeAtOnce() {
    var queue = queue(.zero)
    XCTAssertEqual(queue.presented(.announcement(loading), now: .zero), .announce(loading))
    XCTAssertEqual(queue.presented(.announcement(empty), now: .zero), .announce(empty))
    XCTAssertEqual(queue.presented(.announcement(results), now: .zero), .announce(results))
  }

  func test_aNegativeInterval_countsAsZero() {
    XCTAssertEqual(AnnouncementPolicy(coalescingInterval: .seconds(-3)).coalescingInterval, .zero)
  }

  func test_aTimerElapsingWithNothingWaiting_announcesNothing() {
    var queue = queue()
    XCTAssertNil(queue.timerElapsed(now: .seconds(1)))
  }

  func test_announcementsAfterTheTimer_areSpacedFromTheOneItMade() {
    var queue = queue()
    _ = queue.presented(.announcement(loading), now: .zero)
    _ = queue.presented(.announcement(results), now: .milliseconds(100))
    _ = queue.timerElapsed(now: .seconds(1))
    XCTAssertEqual(
      queue.presented(.announcement(empty), now: .milliseconds(1_500)),
      .startTimer(deadline: .seconds(2)))
  }
}
