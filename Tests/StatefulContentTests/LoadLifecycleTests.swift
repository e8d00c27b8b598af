import XCTest

@testable import StatefulContent

final class LoadLifecycleTests: XCTestCase {
  /// Two retries after 1 s and 2 s, without jitter.
  private let twoRetries = RetryPolicy(maximumRetries: 2, initialDelay: .seconds(1), jitter: 0)

  private func lifecycle(
    retry: RetryPolicy = .never, loading: LoadingPolicy = .immediate
  ) -> LoadLifecycle {
    LoadLifecycle(mode: .load, retryPolicy: retry, loadingPolicy: loading)
  }

  private func ms(_ value: Int) -> Duration { .milliseconds(value) }

  /// Attempt `attempt` finished at `now`, with loading neither shown nor requested unless said.
  private func finish(
    _ lifecycle: inout LoadLifecycle, attempt: Int = 1, error: (any Error)? = nil,
    now: Duration, shownAt: Duration? = nil, requested: Bool = true, refreshing: Bool = false
  ) -> LoadLifecycle.AttemptEnding? {
    lifecycle.attemptFinished(
      attempt, error: error, now: now, loadingShownAt: shownAt, loadingIsRequested: requested,
      isRefreshing: refreshing, unitRandom: { 0.99 })
  }

  // MARK: Show delay

  func test_showDeadline_isNowPlusTheDelay() {
    let load = lifecycle(loading: LoadingPolicy(showDelay: ms(150)))
    XCTAssertEqual(load.showDeadline(now: .seconds(1), loadingIsPresented: false), ms(1_150))
  }

  func test_showDeadline_isNone_withoutADelay_orWithLoadingOnScreen() {
    XCTAssertNil(lifecycle().showDeadline(now: .seconds(1), loadingIsPresented: false))
    let negative = lifecycle(loading: LoadingPolicy(showDelay: ms(-5)))
    XCTAssertNil(negative.showDeadline(now: .zero, loadingIsPresented: false))
    let delayed = lifecycle(loading: LoadingPolicy(showDelay: ms(150)))
    XCTAssertNil(delayed.showDeadline(now: .zero, loadingIsPresented: true))
  }

  func test_showDeadline_capsTheDelayAt365Days() {
    let load = lifecycle(loading: LoadingPolicy(showDelay: .seconds(1_000 * 86_400)))
    XCTAssertEqual(
      load.showDeadline(now: .seconds(2), loadingIsPresented: false),
      .seconds(2) + .seconds(365 * 86_400))
  }

  // MARK: Attempts

  func test_attemptFinished_success_concludes() {
    var load = lifecycle()
    XCTAssertEqual(finish(&load, now: .seconds(3)), .conclude)
    XCTAssertFalse(load.isHoldingResult)
  }

  func test_attemptFinished_staleAttempt_isIgnored() {
    var load = lifecycle(retry: twoRetries)
    XCTAssertNil(finish(&load, attempt: 2, error: TestError(), now: .zero))
    XCTAssertEqual(load.retryDelayElapsed(), 2)
    XCTAssertNil(finish(&load, attempt: 1, now: .zero))
  }

  func test_attemptFinished_cancellation_isCancelled_neverRetried() {
    var load = lifecycle(retry: twoRetries)
    XCTAssertEqual(finish(&load, error: CancellationError(), now: .zero), .cancelled)
  }

  func test_attemptFinished_failure_retriesAfterEachDelay_thenConcludes() {
    var load = lifecycle(retry: twoRetries)
    XCTAssertEqual(finish(&load, error: TestError(), now: .seconds(5)), .retry(at: .seconds(6)))
    XCTAssertEqual(load.retryDelayElapsed(), 2)
    XCTAssertEqual(load.attempt, 2)
    XCTAssertEqual(
      finish(&load, attempt: 2, error: TestError(), now: .seconds(10)), .retry(at: .seconds(12)))
    XCTAssertEqual(load.retryDelayElapsed(), 3)
    XCTAssertEqual(finish(&load, attempt: 3, error: TestError(), now: .seconds(20)), .conclude)
  }

  func test_attemptFinished_aFailedRefresh_concludesAtOnce_underTheStandardPolicy() {
    var load = lifecycle(retry: .standard)
    XCTAssertEqual(
      finish(&load, error: TestError(), now: .seconds(5), requested: false, refreshing: true),
      .conclude, "no backoff while content stays on screen")
    XCTAssertEqual(load.attempt, 1)
  }

  func test_attemptFinished_aFailedRefresh_retriesOnlyItsRefreshRetries() {
    var load = lifecycle(
      retry: RetryPolicy(maximumRetries: 3, maximumRefreshRetries: 1, jitter: 0))
    XCTAssertEqual(
      finish(&load, error: TestError(), now: .zero, requested: false, refreshing: true),
      .retry(at: .seconds(1)))
    XCTAssertEqual(load.retryDelayElapsed(), 2)
    XCTAssertEqual(
      finish(
        &load, attempt: 2, error: TestError(), now: .seconds(2), requested: false,
        refreshing: true),
      .conclude)
  }

  func test_attemptFinished_anotherKeyWithThePreviousKeysContentShown_retriesAsALoad() {
    var load = lifecycle(retry: .standard)
    XCTAssertEqual(
      load.attemptFinished(
        1, error: TestError(), now: .zero, loadingShownAt: nil, loadingIsRequested: false,
        isRefreshing: true, showsPreviousKey: true, unitRandom: { 0.5 }),
      .retry(at: .seconds(1)), "its failure shows the error: the content is not kept")
  }

  func test_attemptFinished_aLoadWhoseContentLeftMeanwhile_retriesAsALoad() {
    var load = lifecycle(retry: .standard)
    XCTAssertEqual(
      finish(&load, error: TestError(), now: .zero, refreshing: false), .retry(at: .seconds(1)))
  }

  func test_attemptFinished_aLock_isNeverRetried() {
    var load = lifecycle(retry: twoRetries)
    XCTAssertEqual(finish(&load, error: ContentLockedError(), now: .zero), .conclude)
  }

  func test_attemptFinished_anErrorThePolicyRefuses_concludes() {
    var load = lifecycle(
      retry: RetryPolicy(maximumRetries: 3, jitter: 0, shouldRetry: { !($0 is TestError) }))
    XCTAssertEqual(finish(&load, error: TestError(), now: .zero), .conclude)
  }

  func test_attemptFinished_withLoadingShownAndRequested_holdsForTheMinimumDisplayTime() {
    var load = lifecycle(loading: LoadingPolicy(minimumDisplayTime: ms(400)))
    XCTAssertEqual(finish(&load, now: ms(500), shownAt: ms(200)), .hold(until: ms(600)))
    XCTAssertTrue(load.isHoldingResult)
    XCTAssertTrue(load.minimumDisplayElapsed())
    XCTAssertFalse(load.isHoldingResult)
    XCTAssertFalse(load.minimumDisplayElapsed(), "the held result is applied once")
  }

  func test_attemptFinished_aFinalFailure_isHeldToo() {
    var load = lifecycle(loading: LoadingPolicy(minimumDisplayTime: ms(400)))
    XCTAssertEqual(
      finish(&load, error: TestError(), now: ms(100), shownAt: .zero), .hold(until: ms(400)))
  }

  func test_attemptFinished_aRetry_goesBeforeTheMinimumDisplayTime() {
    var load = lifecycle(retry: twoRetries, loading: LoadingPolicy(minimumDisplayTime: ms(400)))
    XCTAssertEqual(
      finish(&load, error: TestError(), now: ms(100), shownAt: .zero),
      .retry(at: ms(1_100)))
    XCTAssertFalse(load.isHoldingResult)
  }

  func test_attemptFinished_concludes_whenLoadingIsNotShownNotRequestedOrShownLongEnough() {
    var load = lifecycle(loading: LoadingPolicy(minimumDisplayTime: ms(400)))
    XCTAssertEqual(finish(&load, now: ms(100), shownAt: nil), .conclude)
    XCTAssertEqual(finish(&load, now: ms(100), shownAt: .zero, requested: false), .conclude)
    XCTAssertEqual(finish(&load, now: ms(400), shownAt: .zero), .conclude, "exactly on time")
    XCTAssertFalse(load.isHoldingResult)
    XCTAssertFalse(load.minimumDisplayElapsed())
  }

  func test_keepsLoadingVisible_onlyWithAPositiveMinimumDisplayTime() {
    XCTAssertFalse(lifecycle().keepsLoadingVisible)
    XCTAssertFalse(
      lifecycle(loading: LoadingPolicy(minimumDisplayTime: ms(-1))).keepsLoadingVisible)
    XCTAssertTrue(lifecycle(loading: LoadingPolicy(minimumDisplayTime: ms(1))).keepsLoadingVisible)
  }

  // MARK: Progress

  func test_progress_isPresentedAtOnce_withTheImmediatePolicy() {
    var load = lifecycle()
    XCTAssertEqual(load.progressReported(attempt: 1, 0.2, now: .zero, current: nil), .present(0.2))
    XCTAssertEqual(load.progressReported(attempt: 1, 0.3, now: .zero, current: 0.2), .present(0.3))
  }

  func test_progress_neverGoesBackwardsWithinAnAttempt() {
    var load = lifecycle()
    XCTAssertEqual(load.progressReported(attempt: 1, 0.5, now: .zero, current: nil), .present(0.5))
    XCTAssertEqual(load.progressReported(attempt: 1, 0.3, now: .zero, current: 0.5), .skip)
    XCTAssertEqual(load.progressReported(attempt: 1, nil, now: .zero, current: 0.5), .present(nil))
    XCTAssertEqual(load.progressReported(attempt: 1, 0.4, now: .zero, current: nil), .skip)
  }

  func test_progress_smallerThanTheStep_isSkipped_exceptReachingOne() {
    var load = lifecycle(loading: LoadingPolicy(progressStep: 0.25))
    XCTAssertEqual(load.progressReported(attempt: 1, 0.125, now: .zero, current: nil), .skip)
    XCTAssertEqual(
      load.progressReported(attempt: 1, 0.25, now: .zero, current: nil), .present(0.25))
    XCTAssertEqual(load.progressReported(attempt: 1, 0.375, now: .zero, current: 0.25), .skip)
    XCTAssertEqual(
      load.progressReported(attempt: 1, 0.5, now: .zero, current: 0.25), .present(0.5))
    XCTAssertEqual(load.progressReported(attempt: 1, 1, now: .zero, current: 0.5), .present(1))
  }

  func test_progress_withinTheInterval_isCoalesced_withOneFlushAtATime() {
    var load = lifecycle(loading: LoadingPolicy(progressInterval: ms(50)))
    XCTAssertEqual(load.progressReported(attempt: 1, 0.1, now: .zero, current: nil), .present(0.1))
    XCTAssertEqual(
      load.progressReported(attempt: 1, 0.2, now: ms(10), current: 0.1), .flush(at: ms(50)))
    XCTAssertEqual(load.progressReported(attempt: 1, 0.3, now: ms(20), current: 0.1), .skip)
    XCTAssertEqual(load.progressFlushDue(now: ms(50), current: 0.1), .present(0.3))
    XCTAssertEqual(
      load.progressReported(attempt: 1, 0.4, now: ms(60), current: 0.3), .flush(at: ms(100)))
  }

  func test_progressFlushDue_withNothingPending_skips() {
    var load = lifecycle(loading: LoadingPolicy(progressInterval: ms(50)))
    XCTAssertEqual(load.progressFlushDue(now: ms(50), current: nil), .skip)
    _ = load.progressReported(attempt: 1, 0.1, now: .zero, current: nil)
    _ = load.progressReported(attempt: 1, 0.2, now: ms(10), current: 0.1)
    XCTAssertEqual(load.progressFlushDue(now: ms(50), current: 0.1), .present(0.2))
    XCTAssertEqual(load.progressFlushDue(now: ms(100), current: 0.2), .skip, "presented once")
  }

  func test_progressFlushDue_whenTheCoalescedReportIsCurrent_skips() {
    var load = lifecycle(loading: LoadingPolicy(progressInterval: ms(50)))
    _ = load.progressReported(attempt: 1, 0.1, now: .zero, current: nil)
    _ = load.progressReported(attempt: 1, 0.2, now: ms(10), current: 0.1)
    XCTAssertEqual(load.progressFlushDue(now: ms(50), current: 0.2), .skip)
  }

  func test_progress_ofAStaleAttempt_isIgnored() {
    var load = lifecycle(retry: twoRetries)
    _ = load.retryDelayElapsed()
    XCTAssertEqual(load.progressReported(attempt: 1, 0.9, now: .zero, current: nil), .skip)
    XCTAssertEqual(load.progressReported(attempt: 2, 0.1, now: .zero, current: nil), .present(0.1))
  }

  func test_progress_equalToTheCurrentOne_isNotPresented() {
    var load = lifecycle()
    XCTAssertEqual(load.progressReported(attempt: 1, 0.5, now: .zero, current: 0.5), .skip)
    XCTAssertEqual(load.progressReported(attempt: 1, nil, now: .zero, current: nil), .skip)
  }

  func test_retry_resetsTheProgress_andDropsTheCoalescedReport() {
    var load = lifecycle(retry: twoRetries, loading: LoadingPolicy(progressInterval: ms(50)))
    _ = load.progressReported(attempt: 1, 0.8, now: .zero, current: nil)
    XCTAssertEqual(
      load.progressReported(attempt: 1, 0.9, now: ms(10), current: 0.8), .flush(at: ms(50)))
    XCTAssertEqual(load.retryDelayElapsed(), 2)
    XCTAssertEqual(load.progressFlushDue(now: ms(50), current: nil), .skip)
    XCTAssertEqual(
      load.progressReported(attempt: 2, 0.2, now: ms(100), current: nil), .present(0.2))
  }
}
