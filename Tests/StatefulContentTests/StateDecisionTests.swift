import StatefulContent
import XCTest

final class StateDecisionTests: XCTestCase {
  /// The reference table, written independently of the implementation's `if` chain.
  private func expectedKind(_ inputs: StateInputs) -> ContentState.Kind {
    switch (inputs.lock != nil, inputs.hasContent, inputs.isLoading, inputs.error != nil) {
    case (true, _, _, _): .locked
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
            if let lock { XCTAssertEqual(decision.state.lockReason, lock, label) }
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
