import XCTest

@testable import StatefulContent

final class StateDeciderTests: XCTestCase {
  /// Decides from the decider's inputs, as the machine does, and lets it take the decision in.
  private func decide(
    _ decider: inout StateDecider, hasContent: Bool, lock: LockReason? = nil,
    lockout: UnlockError? = nil, initial: Bool = false
  ) -> StateDecision {
    var inputs = decider.inputs(initial: initial)
    inputs.hasContent = hasContent
    inputs.lock = lock
    inputs.lockout = lockout
    let decision = StateDecision.decide(inputs)
    decider.decided(decision)
    return decision
  }

  private func reported(_ decision: StateDecision) -> TestError? {
    decision.errorToReport as? TestError
  }

  // MARK: Events

  func test_newDecider_hasNoLoadNoErrorAndHasNotDecided() {
    let decider = StateDecider()
    XCTAssertFalse(decider.isLoading)
    XCTAssertNil(decider.error)
    XCTAssertFalse(decider.errorWasReported)
    XCTAssertNil(decider.progress)
    XCTAssertEqual(decider.attempt, 1)
    XCTAssertFalse(decider.hasDecided)
  }

  func test_loadingStarted_forgetsTheErrorAndTheProgress() {
    var decider = StateDecider()
    decider.loadingEnded(error: TestError())
    decider.loadingStarted()
    XCTAssertTrue(decider.progressReported(0.4))
    decider.loadingStarted()
    XCTAssertTrue(decider.isLoading)
    XCTAssertNil(decider.error)
    XCTAssertNil(decider.progress)
  }

  func test_loadingEnded_keepsItsErrorAsNotYetReported() {
    var decider = StateDecider()
    decider.loadingEnded(error: TestError("first"))
    _ = decide(&decider, hasContent: true)
    XCTAssertTrue(decider.errorWasReported)
    decider.loadingStarted()
    decider.loadingEnded(error: TestError("second"))
    XCTAssertFalse(decider.isLoading)
    XCTAssertEqual(decider.error as? TestError, TestError("second"))
    XCTAssertFalse(decider.errorWasReported)
    decider.loadingEnded(error: nil)
    XCTAssertNil(decider.error)
  }

  func test_loadStarted_startsAtTheFirstAttemptWithoutErrorOrProgress() {
    var decider = StateDecider()
    decider.loadEnded(error: TestError())
    decider.retryStarted(attempt: 3)
    decider.loadStarted()
    XCTAssertTrue(decider.isLoading)
    XCTAssertNil(decider.error)
    XCTAssertNil(decider.progress)
    XCTAssertEqual(decider.attempt, 1)
  }

  func test_retryStarted_setsTheAttemptAndForgetsTheProgress() {
    var decider = StateDecider()
    decider.loadStarted()
    XCTAssertTrue(decider.progressReported(0.7))
    decider.retryStarted(attempt: 2)
    XCTAssertEqual(decider.attempt, 2)
    XCTAssertNil(decider.progress)
    XCTAssertTrue(decider.isLoading)
  }

  func test_attemptChanged_keepsTheProgress_andCountsValuesBelowOneAsOne() {
    var decider = StateDecider()
    decider.loadStarted()
    XCTAssertTrue(decider.progressReported(0.3))
    decider.attemptChanged(to: 4)
    XCTAssertEqual(decider.attempt, 4)
    XCTAssertEqual(decider.progress, 0.3)
    decider.attemptChanged(to: 0)
    XCTAssertEqual(decider.attempt, 1)
    decider.attemptChanged(to: -7)
    XCTAssertEqual(decider.attempt, 1)
  }

  func test_loadEnded_withAnError_marksItNotReported_withoutOne_keepsTheFlag() {
    var decider = StateDecider()
    decider.loadStarted()
    decider.retryStarted(attempt: 3)
    decider.loadEnded(error: TestError("down"))
    XCTAssertFalse(decider.isLoading)
    XCTAssertEqual(decider.attempt, 1)
    XCTAssertEqual(decider.error as? TestError, TestError("down"))
    _ = decide(&decider, hasContent: true)
    XCTAssertTrue(decider.errorWasReported)
    decider.loadStarted()
    decider.loadEnded(error: nil)
    XCTAssertNil(decider.error)
    XCTAssertTrue(decider.errorWasReported, "no new error, nothing new to report")
  }

  func test_progressReported_changesOnlyDuringALoadAndOnlyWhenDifferent() {
    var decider = StateDecider()
    XCTAssertFalse(decider.progressReported(0.5), "outside a load")
    XCTAssertNil(decider.progress)
    decider.loadStarted()
    XCTAssertTrue(decider.progressReported(0.5))
    XCTAssertFalse(decider.progressReported(0.5))
    XCTAssertTrue(decider.progressReported(nil))
    XCTAssertNil(decider.progress)
  }

  func test_restore_bringsBackTheSnapshotAndTheFirstAttempt() {
    var decider = StateDecider()
    decider.loadingStarted()
    XCTAssertTrue(decider.progressReported(0.25))
    let snapshot = decider.snapshot
    decider.loadStarted()
    decider.retryStarted(attempt: 2)
    decider.loadEnded(error: TestError())
    decider.restore(snapshot)
    XCTAssertTrue(decider.isLoading)
    XCTAssertNil(decider.error)
    XCTAssertEqual(decider.progress, 0.25)
    XCTAssertEqual(decider.attempt, 1)
  }

  func test_snapshot_carriesTheError() {
    var decider = StateDecider()
    decider.loadEnded(error: TestError("kept"))
    let snapshot = decider.snapshot
    decider.loadStarted()
    decider.restore(snapshot)
    XCTAssertFalse(decider.isLoading)
    XCTAssertEqual(decider.error as? TestError, TestError("kept"))
  }

  // MARK: decide

  func test_decide_withContentAndError_reportsTheErrorOnce() {
    var decider = StateDecider()
    decider.loadEnded(error: TestError("stale"))
    let first = decide(&decider, hasContent: true)
    XCTAssertEqual(first.state, .content)
    XCTAssertEqual(reported(first), TestError("stale"))
    let again = decide(&decider, hasContent: true)
    XCTAssertEqual(again.state, .content)
    XCTAssertNil(again.errorToReport, "deciding again does not report it twice")
  }

  func test_decide_reportsANewErrorAgain() {
    var decider = StateDecider()
    decider.loadEnded(error: TestError("first"))
    _ = decide(&decider, hasContent: true)
    decider.loadStarted()
    decider.loadEnded(error: TestError("second"))
    XCTAssertEqual(reported(decide(&decider, hasContent: true)), TestError("second"))
  }

  func test_decide_withoutContent_showsTheError_andReportsItWhenContentAppears() {
    var decider = StateDecider()
    decider.loadEnded(error: TestError("offline"))
    let withoutContent = decide(&decider, hasContent: false)
    XCTAssertEqual(withoutContent.state, .error(TestError()))
    XCTAssertEqual(withoutContent.state.error as? TestError, TestError("offline"))
    XCTAssertNil(withoutContent.errorToReport)
    XCTAssertFalse(decider.errorWasReported)
    XCTAssertEqual(reported(decide(&decider, hasContent: true)), TestError("offline"))
  }

  func test_decide_whileLoading_showsLoadingWithProgress_orRefreshesContent() {
    var decider = StateDecider()
    decider.loadStarted()
    XCTAssertTrue(decider.progressReported(0.4))
    let withoutContent = decide(&decider, hasContent: false)
    XCTAssertEqual(withoutContent.state, .loading)
    XCTAssertEqual(withoutContent.state.progress, 0.4)
    XCTAssertFalse(withoutContent.isRefreshing)
    let withContent = decide(&decider, hasContent: true)
    XCTAssertEqual(withContent.state, .content)
    XCTAssertTrue(withContent.isRefreshing)
  }

  func test_decide_withNothing_isEmpty_andMarksDecided() {
    var decider = StateDecider()
    let decision = decide(&decider, hasContent: false)
    XCTAssertEqual(decision.state, .empty)
    XCTAssertFalse(decision.isRefreshing)
    XCTAssertNil(decision.errorToReport)
    XCTAssertTrue(decider.hasDecided)
  }

  func test_decide_withALock_isLocked_andDoesNotReportTheError() {
    var decider = StateDecider()
    decider.loadEnded(error: TestError())
    decider.contentLocked()
    let decision = decide(&decider, hasContent: true, lock: .incorrectCredential(attempts: 2))
    XCTAssertEqual(decision.state.lockReason, .incorrectCredential(attempts: 2))
    XCTAssertFalse(decision.isRefreshing)
    XCTAssertNil(decision.errorToReport)
    XCTAssertFalse(decider.errorWasReported)
  }

  func test_decide_aLoadFailingWhileLocked_showsItsError_overTheLock_reportingNothing() {
    var decider = StateDecider()
    decider.loadEnded(error: TestError("offline"))
    let decision = decide(&decider, hasContent: true, lock: .credentialRequired)
    XCTAssertEqual(decision.state.error as? TestError, TestError("offline"))
    XCTAssertEqual(decision.rule, .unlockFailed)
    XCTAssertEqual(decision.overridden, [.locked, .content])
    XCTAssertNil(decision.errorToReport)
  }

  func test_decide_withALockout_isItsError_beforeEveryOtherInput() {
    var decider = StateDecider()
    decider.loadEnded(error: TestError())
    let decision = decide(
      &decider, hasContent: true, lock: .credentialRequired,
      lockout: .attemptLimitReached(attempts: 3))
    XCTAssertEqual(decision.state.error as? UnlockError, .attemptLimitReached(attempts: 3))
    XCTAssertNil(decision.errorToReport)
    XCTAssertFalse(decider.errorWasReported)
    XCTAssertTrue(decider.hasDecided)
  }

  // MARK: Rule 6

  func test_initialRequest_beforeAnyDecision_withoutLockOrContent_isIdle_andDecidesNothing() {
    var decider = StateDecider()
    let decision = decide(&decider, hasContent: false, initial: true)
    XCTAssertEqual(decision.state, .idle)
    XCTAssertEqual(decision.rule, .idle)
    XCTAssertFalse(decider.hasDecided, "idle leaves rule 6 in force")
  }

  func test_initialRequest_withContentOrALock_isNotIdle() {
    var decider = StateDecider()
    XCTAssertEqual(decide(&decider, hasContent: true, initial: true).state, .content)
    var locked = StateDecider()
    XCTAssertEqual(
      decide(&locked, hasContent: false, lock: .credentialRequired, initial: true).rule, .locked)
  }

  func test_initialRequest_afterADecision_isNotIdle() {
    var decider = StateDecider()
    _ = decide(&decider, hasContent: false)
    XCTAssertTrue(decider.hasDecided)
    XCTAssertEqual(decide(&decider, hasContent: false, initial: true).state, .empty)
  }

  func test_aRequestThatIsNotTheInitialOne_decidesEvenBeforeAnyDecision() {
    var decider = StateDecider()
    XCTAssertEqual(decide(&decider, hasContent: false).state, .empty)
  }

  func test_reset_forgetsEverything_soRule6AppliesAgain() {
    var decider = StateDecider()
    decider.loadingStarted()
    decider.loadingEnded(error: TestError("offline"))
    _ = decide(&decider, hasContent: false)
    XCTAssertTrue(decider.hasDecided)
    decider.reset()
    XCTAssertFalse(decider.hasDecided)
    XCTAssertNil(decider.error)
    XCTAssertFalse(decider.isLoading)
    XCTAssertEqual(decide(&decider, hasContent: false, initial: true).state, .idle)
  }
}
