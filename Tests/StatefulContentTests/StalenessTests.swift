import StatefulContent
import StatefulContentTesting
import XCTest

/// Stale content, disclosed: the staleness policy turns content stale by age — one
/// presentation at that moment, on the machine's clock — or after failed refreshes; stale
/// content stays content, announced once, and a successful refresh makes it fresh again.
final class StalenessTests: AnnouncingTestCase {
  private let fiveMinutes = Duration.seconds(300)

  override func setUp() async throws {
    try await super.setUp()
    model.stateMachine.stalenessPolicy = StalenessPolicy(
      maximumAge: fiveMinutes, maximumFailedRefreshes: 2)
  }

  func test_contentTurnsStaleByAge_onePresentationAtThatMoment_noPolling() async throws {
    await model.loadReloadable { _ in ["a", "b"] }
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
    XCTAssertFalse(presenter.lastPresentation?.isStale ?? true)
    XCTAssertEqual(presenter.lastPresentation?.contentAge, .zero)
    XCTAssertEqual(model.stateMachine.decision.freshFor, fiveMinutes)
    try await settle { clock.sleeperCount == 1 }
    XCTAssertEqual(clock.nextDeadline?.offset, fiveMinutes, "one timer, at the moment it turns")

    clock.advance(by: fiveMinutes - .milliseconds(1))
    await settle(turns: 200)
    XCTAssertEqual(presenter.records.count, 2, "still fresh")
    clock.advance(by: .milliseconds(1))
    try await settle { presenter.records.count == 3 }
    let stale = try XCTUnwrap(presenter.lastPresentation)
    XCTAssertEqual(stale.state, .content)
    XCTAssertTrue(stale.isStale)
    XCTAssertEqual(stale.contentAge, fiveMinutes)
    XCTAssertTrue(
      model.stateMachine.explanation.contains(
        "stale: updated 5 min ago, over the maximum age of 5 min"),
      model.stateMachine.explanation)
    XCTAssertEqual(announcer.texts.last, "2 results. Not up to date.")

    clock.advance(by: .seconds(3_600))
    await settle(turns: 200)
    XCTAssertEqual(presenter.records.count, 3, "stale once: no further presentation")
    XCTAssertEqual(clock.sleeperCount, 0, "no timer left: nothing polls")
  }

  func test_aSuccessfulRefresh_makesStaleContentFresh_onePresentation() async throws {
    await model.loadReloadable { _ in ["a"] }
    clock.advance(by: fiveMinutes)
    try await settle { presenter.lastPresentation?.isStale == true }
    presenter.clearRecords()
    await model.reload()
    XCTAssertEqual(presenter.records.map(\.presentation.isRefreshing), [true, false])
    XCTAssertFalse(presenter.lastPresentation?.isStale ?? true)
    XCTAssertEqual(announcer.texts.last, "1 result", "fresh again, said once")
  }

  func test_failedRefreshes_turnContentStale_atTheLimit_neverAnErrorPlaceholder() async throws {
    await model.loadReloadable { _ in ["a"] }
    model.contentLoad = { model in
      await model.load(into: \.content) { _ in throw TestError("502 Bad Gateway") }
    }
    await model.reload()
    XCTAssertFalse(presenter.lastPresentation?.isStale ?? true, "one failed refresh: fresh")
    XCTAssertEqual(model.stateMachine.decision.inputs.failedRefreshes, 1)
    await model.reload()
    let stale = try XCTUnwrap(presenter.lastPresentation)
    XCTAssertTrue(stale.isStale, "two failed refreshes in a row: stale")
    XCTAssertEqual(stale.state, .content)
    XCTAssertEqual(stale.decision.inputs.failedRefreshes, 2)
    XCTAssertEqual(
      stale.decision.inputs.lastRefreshError.map { String(describing: $0) }, "502 Bad Gateway")
    XCTAssertTrue(
      stale.decision.explanation.contains(
        "2 failed refreshes in a row (at most 2), the last \"502 Bad Gateway\""),
      stale.decision.explanation)
    XCTAssertFalse(presenter.presentedKinds.contains(.error))
    XCTAssertEqual(model.reportedErrors.count, 2, "each failure reported once")
    XCTAssertEqual(
      announcer.texts.filter { $0.contains("Not up to date") }.count, 1, "announced once")
    await model.reload()
    XCTAssertEqual(
      announcer.texts.filter { $0.contains("Not up to date") }.count, 1,
      "a third failure while stale says nothing new")
  }

  func test_withoutAPolicy_contentNeverTurnsStale_andNoTimerRuns() async throws {
    model.stateMachine.stalenessPolicy = .never
    await model.loadReloadable { _ in ["a"] }
    XCTAssertEqual(clock.sleeperCount, 0)
    clock.advance(by: .seconds(86_400))
    await settle(turns: 100)
    XCTAssertEqual(presenter.records.count, 2)
    XCTAssertFalse(presenter.lastPresentation?.isStale ?? true)
  }

  func test_aNewLoadOfNothing_cancelsTheTimer() async throws {
    await model.loadReloadable { _ in ["a"] }
    try await settle { clock.sleeperCount == 1 }
    await model.load(into: \.content) { _ in [] }
    XCTAssertEqual(model.currentState, .empty)
    try await settle { clock.sleeperCount == 0 }
    clock.advance(by: fiveMinutes)
    await settle(turns: 100)
    XCTAssertFalse(presenter.lastPresentation?.isStale ?? true, "empty is never stale")
  }

  func test_resetForgetsTheContentsAge() async throws {
    await model.loadReloadable { _ in ["a"] }
    clock.advance(by: fiveMinutes)
    try await settle { presenter.lastPresentation?.isStale == true }
    model.reset()
    model.content = ["b"]
    model.setupInitialState()
    XCTAssertEqual(model.currentState, .content)
    XCTAssertNil(model.stateMachine.decision.inputs.contentAge, "the old content's age is gone")
    XCTAssertFalse(model.stateMachine.decision.isStale, "content after a reset is not stale")
  }
}
