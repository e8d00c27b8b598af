import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Cancellation is not an error, on every path (`load` and `endLoading`), for the platform's
/// cancellation errors and the app's own.
@MainActor
final class CancellationPolicyTests: XCTestCase {
  private struct CheckoutAbandoned: Error {}

  func test_standard_recognizesThePlatformsCancellations_andNothingElse() {
    XCTAssertTrue(CancellationPolicy.standard.isCancellation(CancellationError()))
    XCTAssertTrue(CancellationPolicy.standard.isCancellation(URLError(.cancelled)))
    XCTAssertTrue(CancellationPolicy.standard.isCancellation(CocoaError(.userCancelled)))
    XCTAssertFalse(CancellationPolicy.standard.isCancellation(URLError(.timedOut)))
    XCTAssertFalse(CancellationPolicy.standard.isCancellation(TestError()))
    XCTAssertFalse(CancellationPolicy.standard.isCancellation(CheckoutAbandoned()))
    let policy = CancellationPolicy.standard.adding { $0 is CheckoutAbandoned }
    XCTAssertTrue(policy.isCancellation(CheckoutAbandoned()))
    XCTAssertTrue(policy.isCancellation(CancellationError()), "the standard ones stay")
  }

  func test_endLoading_withACancellation_bringsBackTheStateFromBefore_notAnError() {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    model.startLoading()
    model.endLoading(animated: false, error: CancellationError())
    XCTAssertEqual(model.currentState, .idle, "nothing was decided before the load")
    XCTAssertNil(model.stateMachine.lastError)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .idle])

    model.startLoading()
    model.endLoading(animated: false, error: TestError("offline"))
    model.startLoading()
    model.endLoading(animated: false, error: URLError(.cancelled))
    XCTAssertEqual(
      model.currentState, .error(TestError()), "the error from before the retry comes back")
    XCTAssertEqual(model.currentState.error as? TestError, TestError("offline"))
  }

  func test_load_throwingAPlatformOrAnAppCancellation_isCancelled_andRestores() async {
    let model = TestModel(machine: ContentStateMachine(clock: ManualClock()))
    model.stateMachine.cancellationPolicy = .standard.adding { $0 is CheckoutAbandoned }
    _ = await model.load(into: \.content) { _ in ["a"] }
    for error: any Error in [URLError(.cancelled), CocoaError(.userCancelled), CheckoutAbandoned()]
    {
      let outcome = await model.load(into: \.content) { _ in throw error }
      XCTAssertEqual(outcome, .cancelled, "\(error)")
      XCTAssertEqual(model.currentState, .content, "the content from before stays")
      XCTAssertNil(model.stateMachine.lastError)
      XCTAssertEqual(model.reportedErrors, [], "a cancellation is never reported as an error")
    }
  }

  func test_endLoading_withAnAppCancellation_onlyOnceThePolicyKnowsIt() {
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let model = TestModel(presenter: keptPresenter)
    model.startLoading()
    model.endLoading(animated: false, error: CheckoutAbandoned())
    XCTAssertEqual(model.currentState.kind, .error, "unknown to the policy: an error")
    model.stateMachine.cancellationPolicy = .standard.adding { $0 is CheckoutAbandoned }
    model.startLoading()
    model.endLoading(animated: false, error: CheckoutAbandoned())
    XCTAssertEqual(model.currentState.kind, .error, "the error from before comes back")
    model.reset()
    model.startLoading()
    model.endLoading(animated: false, error: CheckoutAbandoned())
    XCTAssertEqual(model.currentState, .idle)
  }
}
