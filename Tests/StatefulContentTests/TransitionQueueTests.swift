import XCTest

@testable import StatefulContent

final class TransitionQueueTests: XCTestCase {
  /// The kind of state each request asked for, to describe present actions (which carry only
  /// the request's token).
  private var requestedKinds: [UInt64: ContentState.Kind] = [:]

  private func request(_ id: UInt64, _ state: ContentState, forced: Bool = false)
    -> TransitionQueue.Request
  {
    requestedKinds[id] = state.kind
    return .init(id: id, presentation: Presentation(state: state), animated: true, forced: forced)
  }

  private func describe(_ actions: TransitionQueue.Actions) -> [String] {
    actions.map {
      switch $0 {
      case .present(let token, _):
        "present \(requestedKinds[token].map { "\($0)" } ?? "?") #\(token)"
      case .complete(let id, let outcome): "complete #\(id) \(outcome)"
      }
    }
  }

  func test_request_whenIdle_presentsAtOnce() {
    var queue = TransitionQueue()
    XCTAssertEqual(describe(queue.request(request(1, .loading))), ["present loading #1"])
    XCTAssertTrue(queue.isBusy)
    XCTAssertEqual(describe(queue.presenterFinished(token: 1)), ["complete #1 presented"])
    XCTAssertEqual(queue.presented.state.kind, .loading)
  }

  func test_request_forPresentedState_completesUnchanged_unlessForced() {
    var queue = TransitionQueue()
    _ = queue.request(request(1, .empty))
    _ = queue.presenterFinished(token: 1)
    XCTAssertEqual(describe(queue.request(request(2, .empty))), ["complete #2 unchanged"])
    XCTAssertEqual(describe(queue.request(request(3, .empty, forced: true))), ["present empty #3"])
  }

  func test_request_samKindOtherPayload_isPresentedAgain() {
    var queue = TransitionQueue()
    _ = queue.request(request(1, .loading(progress: 0.1)))
    _ = queue.presenterFinished(token: 1)
    XCTAssertEqual(
      describe(queue.request(request(2, .loading(progress: 0.2)))), ["present loading #2"])
  }

  func test_requestsWhileInFlight_waitAndNewestSupersedes() {
    var queue = TransitionQueue()
    _ = queue.request(request(1, .loading))
    XCTAssertEqual(describe(queue.request(request(2, .empty))), [])
    XCTAssertEqual(describe(queue.request(request(3, .content))), ["complete #2 superseded"])
    XCTAssertEqual(
      describe(queue.presenterFinished(token: 1)),
      ["complete #1 presented", "present content #3"])
    XCTAssertEqual(describe(queue.presenterFinished(token: 3)), ["complete #3 presented"])
    XCTAssertFalse(queue.isBusy)
  }

  func test_waitingRequestForStateBeingPresented_completesUnchanged() {
    var queue = TransitionQueue()
    _ = queue.request(request(1, .empty))
    _ = queue.request(request(2, .empty))
    XCTAssertEqual(
      describe(queue.presenterFinished(token: 1)),
      ["complete #1 presented", "complete #2 unchanged"])
  }

  func test_staleOrRepeatedFinish_isIgnored() {
    var queue = TransitionQueue()
    _ = queue.request(request(1, .loading))
    XCTAssertEqual(describe(queue.presenterFinished(token: 99)), [])
    XCTAssertEqual(describe(queue.presenterFinished(token: 1)).count, 1)
    XCTAssertEqual(describe(queue.presenterFinished(token: 1)), [])
  }

  func test_cancelWaiting_and_cancelAll() {
    var queue = TransitionQueue()
    _ = queue.request(request(1, .loading))
    _ = queue.request(request(2, .empty))
    XCTAssertEqual(describe(queue.cancelWaiting()), ["complete #2 cancelled"])
    XCTAssertEqual(describe(queue.cancelWaiting()), [])
    _ = queue.request(request(3, .content))
    XCTAssertEqual(describe(queue.cancelAll()), ["complete #1 cancelled", "complete #3 cancelled"])
    XCTAssertEqual(describe(queue.presenterFinished(token: 1)), [])
  }

  // MARK: The show-delay slot

  func test_requestDeferred_holdsTheRequestBack_withoutPresenting() {
    var queue = TransitionQueue()
    XCTAssertFalse(queue.hasDeferred)
    XCTAssertEqual(describe(queue.requestDeferred(request(1, .loading))), [])
    XCTAssertTrue(queue.hasDeferred)
    XCTAssertEqual(queue.deferred?.id, 1)
    XCTAssertFalse(queue.isBusy)
  }

  func test_requestDeferred_supersedesTheRequestDeferredBefore() {
    var queue = TransitionQueue()
    _ = queue.requestDeferred(request(1, .loading))
    XCTAssertEqual(
      describe(queue.requestDeferred(request(2, .loading))), ["complete #1 superseded"])
    XCTAssertEqual(queue.deferred?.id, 2)
  }

  func test_requestDeferred_leavesTheWaitingRequestAlone() {
    var queue = TransitionQueue()
    _ = queue.request(request(1, .loading))
    _ = queue.request(request(2, .empty))
    XCTAssertEqual(describe(queue.requestDeferred(request(3, .loading))), [])
    XCTAssertEqual(queue.waiting?.id, 2)
    XCTAssertEqual(
      describe(queue.presenterFinished(token: 1)),
      ["complete #1 presented", "present empty #2"])
    XCTAssertTrue(queue.hasDeferred)
  }

  func test_showDelayElapsed_whenIdle_presentsTheDeferredRequestAtOnce() {
    var queue = TransitionQueue()
    _ = queue.requestDeferred(request(1, .loading))
    XCTAssertEqual(describe(queue.showDelayElapsed()), ["present loading #1"])
    XCTAssertFalse(queue.hasDeferred)
    XCTAssertTrue(queue.isBusy)
    XCTAssertEqual(describe(queue.presenterFinished(token: 1)), ["complete #1 presented"])
  }

  func test_showDelayElapsed_whenBusy_waits_supersedingTheWaitingRequest() {
    var queue = TransitionQueue()
    _ = queue.request(request(1, .empty))
    _ = queue.request(request(2, .content))
    _ = queue.requestDeferred(request(3, .loading))
    XCTAssertEqual(describe(queue.showDelayElapsed()), ["complete #2 superseded"])
    XCTAssertEqual(queue.waiting?.id, 3)
    XCTAssertFalse(queue.hasDeferred)
    XCTAssertEqual(
      describe(queue.presenterFinished(token: 1)),
      ["complete #1 presented", "present loading #3"])
  }

  func test_showDelayElapsed_forThePresentedState_completesUnchanged() {
    var queue = TransitionQueue()
    _ = queue.request(request(1, .loading))
    _ = queue.presenterFinished(token: 1)
    _ = queue.requestDeferred(request(2, .loading))
    XCTAssertEqual(describe(queue.showDelayElapsed()), ["complete #2 unchanged"])
    XCTAssertFalse(queue.isBusy)
  }

  func test_showDelayElapsed_withNothingDeferred_doesNothing() {
    var queue = TransitionQueue()
    XCTAssertEqual(describe(queue.showDelayElapsed()), [])
    _ = queue.requestDeferred(request(1, .loading))
    _ = queue.showDelayElapsed()
    _ = queue.presenterFinished(token: 1)
    XCTAssertEqual(describe(queue.showDelayElapsed()), [], "handled once")
  }

  func test_supersedeDeferred_completesTheDeferredRequestSuperseded_once() {
    var queue = TransitionQueue()
    XCTAssertEqual(describe(queue.supersedeDeferred()), [])
    _ = queue.requestDeferred(request(1, .loading))
    XCTAssertEqual(describe(queue.supersedeDeferred()), ["complete #1 superseded"])
    XCTAssertFalse(queue.hasDeferred)
    XCTAssertEqual(describe(queue.supersedeDeferred()), [])
    XCTAssertEqual(describe(queue.showDelayElapsed()), [])
  }

  func test_cancelDeferred_cancelsOnlyTheDeferredRequest() {
    var queue = TransitionQueue()
    XCTAssertEqual(describe(queue.cancelDeferred()), [])
    _ = queue.request(request(1, .loading))
    _ = queue.request(request(2, .empty))
    _ = queue.requestDeferred(request(3, .loading))
    XCTAssertEqual(describe(queue.cancelDeferred()), ["complete #3 cancelled"])
    XCTAssertFalse(queue.hasDeferred)
    XCTAssertEqual(queue.waiting?.id, 2)
    XCTAssertTrue(queue.isBusy)
    XCTAssertEqual(describe(queue.cancelDeferred()), [])
  }

  func test_cancelAll_leavesTheDeferredRequestToCancelDeferred() {
    var queue = TransitionQueue()
    _ = queue.request(request(1, .empty))
    _ = queue.requestDeferred(request(2, .loading))
    XCTAssertEqual(describe(queue.cancelAll()), ["complete #1 cancelled"])
    XCTAssertTrue(queue.hasDeferred)
    XCTAssertEqual(describe(queue.cancelDeferred()), ["complete #2 cancelled"])
  }
}
