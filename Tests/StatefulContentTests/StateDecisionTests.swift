import Foundation
import StatefulContent
import XCTest

final class StateDecisionTests: XCTestCase {
  /// The reference table, written independently of the implementation's `if` chain.
  private func expectedKind(_ inputs: StateInputs) -> ContentState.Kind {
    switch (inputs.lock != nil, inputs.hasContent, inputs.isLoading, inputs.error != nil) {
    case (true, _, true, _): .loading  // a load tries a credential
    case (true, _, false, true): .error  // the load that tried one failed
    case (true, _, false, false): .locked
    case (false, true, _, _): .content
    case (false, false, true, _): .loading
    case (false, false, false, true): .error
    case (false, false, false, false): .empty
    }
  }

  func test_decide_coversEveryCombinationOfInputs() {
    let locks: [LockReason?] = [
      nil, .credentialRequired, .incorrectCredential(attempts: 2), .custom("licence"),
    ]
    var checked = 0
    for isLoading in [false, true] {
      for hasError in [false, true] {
        for hasContent in [false, true] {
          for lock in locks {
            let inputs = StateInputs(
              isLoading: isLoading, error: hasError ? TestError() : nil, hasContent: hasContent,
              lock: lock, progress: 0.5)
            let decision = StateDecision.decide(inputs)
            let label = "\(isLoading) \(hasError) \(hasContent) \(String(describing: lock))"
            XCTAssertEqual(decision.state.kind, expectedKind(inputs), label)
            XCTAssertEqual(
              decision.isRefreshing, lock == nil && hasContent && isLoading, "refresh \(label)")
            XCTAssertEqual(
              decision.reportsErrorWithContent, lock == nil && hasContent && hasError,
              "report \(label)")
            if let lock, !isLoading, !hasError {
              XCTAssertEqual(decision.state.lockReason, lock, label)
            }
            checked += 1
          }
        }
      }
    }
    XCTAssertEqual(checked, 32)
  }

  func test_decide_errorState_carriesTheRealError() {
    let decision = StateDecision.decide(StateInputs(error: TestError("disk full")))
    XCTAssertEqual(decision.state.error as? TestError, TestError("disk full"))
  }

  func test_decide_loading_carriesSanitizedProgress() {
    XCTAssertEqual(
      StateDecision.decide(StateInputs(isLoading: true, progress: 0.25)).state.progress, 0.25)
    XCTAssertEqual(
      StateDecision.decide(StateInputs(isLoading: true, progress: 7)).state.progress, 1)
    XCTAssertEqual(
      StateDecision.decide(StateInputs(isLoading: true, progress: -1)).state.progress, 0)
    XCTAssertNil(StateDecision.decide(StateInputs(isLoading: true, progress: .nan)).state.progress)
    XCTAssertNil(
      StateDecision.decide(StateInputs(isLoading: true, progress: .infinity)).state.progress)
  }

  // MARK: Reasons

  func test_explanation_contentOverAnError_namesTheCountAndTheReport() {
    let decision = StateDecision.decide(
      StateInputs(error: TestError("timed out"), hasContent: true, contentCount: 12))
    XCTAssertEqual(decision.rule, .content)
    XCTAssertEqual(decision.overridden, [.error])
    XCTAssertEqual(
      decision.explanation,
      "content — rule 2: has content (12 items); overrode rule 4: error \"timed out\", "
        + "reported to handleErrorWhenContentsAvailable")
    let reported = StateDecision.decide(
      StateInputs(error: TestError("timed out"), hasContent: true, errorWasReported: true))
    XCTAssertNil(reported.errorToReport)
    XCTAssertTrue(reported.reason.hasSuffix("error \"timed out\", reported before"))
  }

  func test_explanation_loadingHeldBackByTheShowDelay() {
    let decision = StateDecision.decide(
      StateInputs(isLoading: true, showDelayDeadline: .milliseconds(150)))
    XCTAssertEqual(decision.heldBackUntil, .milliseconds(150))
    XCTAssertEqual(
      decision.explanation,
      "loading — rule 3: a load runs, no content yet; held back by the show delay until 150 ms")
    let content = StateDecision.decide(
      StateInputs(hasContent: true, showDelayDeadline: .milliseconds(150)))
    XCTAssertNil(content.heldBackUntil, "only loading waits for the show delay")
  }

  func test_explanation_anyStateHeldForTheMinimumDisplayTime() {
    let decision = StateDecision.decide(
      StateInputs(hasContent: true, minimumDisplayDeadline: .milliseconds(550)))
    XCTAssertEqual(decision.heldBackUntil, .milliseconds(550))
    XCTAssertTrue(
      decision.reason.hasSuffix(
        "held back until loading has been shown its minimum display time, at 550 ms"),
      decision.reason)
  }

  func test_explanation_previousKeysContent_whileAnotherKeyLoads() {
    let inputs = StateInputs(
      isLoading: true, hasContent: true, contentKey: LoadKey("sw"), loadingKey: LoadKey("swi"))
    let decision = StateDecision.decide(inputs)
    XCTAssertTrue(decision.showsPreviousKey)
    XCTAssertEqual(
      decision.explanation,
      "content — rule 2: has content of \"sw\", shown while \"swi\" loads (keep previous); "
        + "overrode rule 3: a load runs (refreshing)")
    var showLoading = inputs
    showLoading.keyChange = .showLoading
    let loading = StateDecision.decide(showLoading)
    XCTAssertEqual(loading.rule, .loading)
    XCTAssertEqual(
      loading.reason,
      "rule 3: a load of \"swi\" runs; the content of another key gives way (show loading)")
  }

  func test_explanation_lockedWithWrongAttempts_andLockedOut() {
    let locked = StateDecision.decide(
      StateInputs(
        hasContent: true, lock: .incorrectCredential(attempts: 2), failedUnlockAttempts: 2))
    XCTAssertEqual(
      locked.explanation,
      "locked(incorrect credential (attempt 2)) — rule 1: incorrect credential, 2 wrong attempts; "
        + "overrode rule 2: has content (hidden while locked)")
    let lockedOut = StateDecision.decide(
      StateInputs(
        lock: .incorrectCredential(attempts: 3), failedUnlockAttempts: 3,
        lockout: .attemptLimitReached(attempts: 3)))
    XCTAssertEqual(lockedOut.rule, .lockedOut)
    XCTAssertEqual(lockedOut.overridden, [.locked])
    XCTAssertTrue(lockedOut.reason.hasPrefix("rule 1: locked out after 3 wrong attempts"))
  }

  func test_explanation_customStateForAnError_andIdleAndEmpty() {
    let custom = StateDecision.decide(
      StateInputs(error: TestError("offline"), customState: CustomStateKey("offline")))
    XCTAssertEqual(custom.state, .custom(CustomStateKey("offline")))
    XCTAssertEqual(
      custom.reason,
      "rule 4: the load failed: \"offline\", shown as custom state \"offline\"")
    XCTAssertEqual(
      StateDecision.decide(StateInputs(isInitial: true)).explanation,
      "idle — rule 6: nothing decided yet")
    XCTAssertEqual(
      StateDecision.decide(StateInputs()).explanation,
      "empty — rule 5: no content, no load, no error")
  }

  func test_explanation_errorTextsStayOnOneLine_andShort() {
    let decision = StateDecision.decide(
      StateInputs(error: TestError("line one\nline two" + String(repeating: "x", count: 200))))
    XCTAssertFalse(decision.explanation.contains("\n"))
    XCTAssertLessThanOrEqual(
      decision.explanation.count, 200, "each error text at most 80 characters")
  }

  func test_rules_numbers_matchTheREADME() {
    XCTAssertEqual(
      StateDecision.Rule.allCases.map(\.number), [1, 1, 1, 1, 2, 3, 3, 4, 4, 5, 6, nil])
  }

  func test_codable_roundTrip_decidesTheSameAgain() throws {
    let decision = StateDecision.decide(
      StateInputs(
        isLoading: true, error: TestError("gone"), hasContent: true, progress: 0.5, attempt: 2,
        contentCount: 3, contentKey: LoadKey("a"), loadingKey: LoadKey("b"),
        append: .failed(TestError("page")), minimumDisplayDeadline: .milliseconds(9)))
    let data = try JSONEncoder().encode(decision)
    let decoded = try JSONDecoder().decode(StateDecision.self, from: data)
    XCTAssertEqual(decoded.explanation, decision.explanation)
    XCTAssertEqual(StateDecision.decide(decoded.inputs).explanation, decision.explanation)
    XCTAssertEqual(decoded.errorToReport as? StateDecision.RecordedError, .init("gone"))
  }

  // MARK: Content over time

  func test_aLoadWaitingForTheNetwork_withNoContent_decidesWaiting_neverTheError() {
    let decision = StateDecision.decide(
      StateInputs(reachability: .unreachable, networkError: TestError("no route")))
    XCTAssertEqual(decision.state, .waiting)
    XCTAssertEqual(decision.rule, .waitingForNetwork)
    XCTAssertEqual(decision.rule.number, 3)
    XCTAssertTrue(decision.isOffline)
    XCTAssertEqual(
      decision.explanation,
      "waiting — rule 3: a load failed for want of the network (\"no route\") and waits for "
        + "it, no attempt spent; offline: the network is unreachable")
  }

  func test_withContent_aWaitingLoad_keepsTheContent_markedOffline_notRefreshing() {
    let decision = StateDecision.decide(
      StateInputs(hasContent: true, networkError: TestError("no route")))
    XCTAssertEqual(decision.state, .content)
    XCTAssertTrue(decision.isOffline)
    XCTAssertFalse(decision.isRefreshing)
    XCTAssertNil(decision.errorToReport, "waiting is no failure to report")
    XCTAssertEqual(decision.overridden, [.waitingForNetwork])
    XCTAssertTrue(decision.explanation.contains("overrode rule 3: a load waits for the network"))
  }

  func test_staleness_byAge_andByFailedRefreshes_andHowLongContentStaysFresh() {
    let policy = StalenessPolicy(maximumAge: .seconds(300), maximumFailedRefreshes: 2)
    let fresh = StateDecision.decide(
      StateInputs(hasContent: true, contentAge: .seconds(100), staleness: policy))
    XCTAssertFalse(fresh.isStale)
    XCTAssertEqual(fresh.freshFor, .seconds(200))
    XCTAssertTrue(fresh.explanation.contains("fresh: updated 100 s ago, within the maximum age"))
    let old = StateDecision.decide(
      StateInputs(hasContent: true, contentAge: .seconds(300), staleness: policy))
    XCTAssertTrue(old.isStale)
    XCTAssertNil(old.freshFor)
    let failing = StateDecision.decide(
      StateInputs(
        hasContent: true, contentAge: .seconds(10), staleness: policy, failedRefreshes: 2,
        lastRefreshError: TestError("502")))
    XCTAssertTrue(failing.isStale)
    XCTAssertEqual(failing.state, .content, "stale content is content")
    let empty = StateDecision.decide(StateInputs(contentAge: .seconds(900), staleness: policy))
    XCTAssertFalse(empty.isStale, "only content is ever stale")
    XCTAssertNil(
      StateDecision.decide(StateInputs(hasContent: true, staleness: policy)).freshFor,
      "an unknown age never turns stale by age")
    XCTAssertEqual(StalenessPolicy(maximumFailedRefreshes: -3).maximumFailedRefreshes, 1)
  }

  func test_aSavedEmptyResult_beingRefreshed_decidesEmpty_notLoading() {
    let decision = StateDecision.decide(StateInputs(isLoading: true, showsSavedResult: true))
    XCTAssertEqual(decision.state, .empty)
    XCTAssertTrue(decision.isRefreshing)
    XCTAssertEqual(decision.overridden, [.loading])
    XCTAssertNil(decision.heldBackUntil, "no show delay: nothing new appears")
  }

  func test_codable_roundTrip_ofContentOverTime() throws {
    let decision = StateDecision.decide(
      StateInputs(
        hasContent: true, reachability: .unreachable, networkError: TestError("no route"),
        contentAge: .seconds(400),
        staleness: StalenessPolicy(maximumAge: .seconds(300), maximumFailedRefreshes: 3),
        failedRefreshes: 1, lastRefreshError: TestError("502"), showsSavedResult: true))
    let data = try JSONEncoder().encode(decision)
    let decoded = try JSONDecoder().decode(StateDecision.self, from: data)
    XCTAssertEqual(decoded.explanation, decision.explanation)
    XCTAssertEqual(StateDecision.decide(decoded.inputs).explanation, decision.explanation)
    XCTAssertTrue(decoded.isStale)
    XCTAssertTrue(decoded.isOffline)
    let waiting = StateDecision.decide(StateInputs(networkError: TestError("x")))
    let waitingAgain = try JSONDecoder().decode(
      StateDecision.self, from: JSONEncoder().encode(waiting))
    XCTAssertEqual(waitingAgain.state, .waiting)
  }

  func test_contentState_equalityIsByKind() {
    XCTAssertEqual(ContentState.loading(progress: 0.1), .loading(progress: 0.9))
    XCTAssertEqual(ContentState.error(TestError("a")), .error(TestError("b")))
    XCTAssertNotEqual(ContentState.empty, .content)
    XCTAssertNotEqual(
      ContentState.custom(CustomStateKey("a")), .custom(CustomStateKey("b")))
    XCTAssertEqual(ContentState.custom(CustomStateKey("a")), .custom(CustomStateKey("a")))
  }

  func test_contentState_descriptions() {
    XCTAssertEqual(ContentState.loading(progress: 0.424).description, "loading(42%)")
    XCTAssertEqual(ContentState.loading.description, "loading")
    XCTAssertEqual(ContentState.error(TestError("gone")).description, "error(gone)")
    XCTAssertEqual(
      ContentState.locked(.incorrectCredential(attempts: 2)).description,
      "locked(incorrect credential (attempt 2))")
    XCTAssertEqual(ContentState.custom(CustomStateKey("offline")).kind.description, "offline")
    XCTAssertFalse(ContentState.idle.showsPlaceholder)
    XCTAssertFalse(ContentState.content.showsPlaceholder)
    XCTAssertTrue(ContentState.empty.showsPlaceholder)
  }
}
