import StatefulContentTesting
import XCTest

@testable import StatefulContent

/// Invariant I5: transitions requested from a completion or a hook are queued and take effect
/// in order, without deadlock.
final class ReentrancyTests: XCTestCase {
  func test_requestFromCompletion_runsAfterTheCurrentTransition() {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    var order: [String] = []
    model.startLoading { outcome in
      order.append("start \(outcome)")
      model.endLoading { order.append("end \($0)") }
      order.append("after request in completion")
      XCTAssertEqual(model.currentState, .empty, "requested state is readable at once (I1)")
    }
    XCTAssertEqual(
      order, ["start presented", "after request in completion", "end presented"])
    XCTAssertEqual(presenter.presentedKinds, [.loading, .empty])
  }

  func test_burstOfRequestsFromCompletions_givesItsMemoryBackWhenDrained() {
    let keptPresenter = SynchronousRecorder()  // the machine holds its presenter weakly
    let model = TestModel(presenter: keptPresenter)
    var remaining = 200_000
    func next(_ outcome: TransitionOutcome) {
      guard remaining > 0 else { return }
      remaining -= 1
      if remaining.isMultiple(of: 2) {
        model.startLoading(completion: next)
      } else {
        model.endLoading(animated: false, completion: next)
      }
    }
    model.startLoading(completion: next)
    XCTAssertEqual(remaining, 0, "every request of the burst ran")
    XCTAssertLessThanOrEqual(
      model.stateMachine.events.capacity, ContentStateMachine.keptEventCapacity,
      "the event queue's capacity is given back once the burst is drained")
  }

  func test_requestsFromConfigurationHooks_areQueued_andTheStackNeverGrows() {
    let keptPresenter = SynchronousRecorder()  // the machine holds its presenter weakly
    let model = ReentrantModel(presenter: keptPresenter)
    var remaining = 200_000
    model.onConfigureLoading = { [unowned model] in
      guard remaining > 0 else { return }
      remaining -= 1
      model.endLoading(animated: false)
    }
    model.onConfigureEmpty = { [unowned model] in
      guard remaining > 0 else { return }
      remaining -= 1
      model.startLoading()
    }
    model.startLoading()
    XCTAssertEqual(remaining, 0, "every request ran, one after the other")
    XCTAssertEqual(model.currentState, .loading, "the last of them, a startLoading, wins")
  }

  func test_requestsFromHasContentAndTheErrorHook_areQueued_andTheStackNeverGrows() {
    let keptPresenter = SynchronousRecorder()  // the machine holds its presenter weakly
    let model = ReentrantModel(presenter: keptPresenter)
    model.content = ["a"]
    var remaining = 100_000
    model.onHasContent = { [unowned model] in
      guard remaining > 0 else { return }
      remaining -= 1
      model.startLoading()
    }
    model.startLoading()
    XCTAssertEqual(remaining, 0)
    XCTAssertEqual(model.currentState, .content)

    remaining = 100_000
    model.onHasContent = nil
    model.onHandleError = { [unowned model] in
      guard remaining > 0 else { return }
      remaining -= 1
      model.endLoading(animated: false, error: TestError("again"))
    }
    model.endLoading(animated: false, error: TestError("first"))
    XCTAssertEqual(remaining, 0, "each error with content is reported once, then requests again")
    XCTAssertEqual(model.currentState, .content)
  }

  func test_queuedTransition_refusedByALockQueuedBeforeIt_completesCancelledOnce() throws {
    let keptPresenter = SynchronousRecorder()  // the machine holds its presenter weakly
    let model = TestModel(presenter: keptPresenter)
    let key = CustomStateKey("promo")
    try model.setPlaceholder(StandardPlaceholder(title: "Promo"), for: .custom(key))
    let outcomes = OutcomeRecorder()
    var fired = false
    model.onConfigureEmpty = { [unowned model] in
      guard !fired else { return }
      fired = true
      model.lock()  // queued first
      try? model.stateMachine.transition(to: .custom(key), completion: outcomes.completion("t"))
    }
    model.endLoading(animated: false)
    XCTAssertEqual(outcomes["t"], [.cancelled], "the lock that ran first refuses it (I2, rule 1)")
    XCTAssertEqual(model.currentState, .locked(.credentialRequired))
  }

  func test_chainOfRequestsFromCompletions_withAnimatedPresenter() {
    let presenter = RecordingPresenter(finishing: .manually)
    let model = TestModel(presenter: presenter)
    var outcomes: [TransitionOutcome] = []
    model.startLoading(animated: true) { outcome in
      outcomes.append(outcome)
      model.endLoading(animated: true, error: TestError()) { outcome in
        outcomes.append(outcome)
        model.startLoading(animated: true) { outcomes.append($0) }
      }
    }
    XCTAssertEqual(presenter.finishAll(), 3)
    XCTAssertEqual(outcomes, [.presented, .presented, .presented])
    XCTAssertEqual(presenter.presentedKinds, [.loading, .error, .loading])
  }

  func test_requestFromErrorHook_takesEffectAfterTheRequestThatCalledIt() {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    model.content = ["a"]
    model.onHandleError = { [unowned model] _ in
      model.content = []
      model.startLoading()
    }
    model.endLoading(error: TestError())
    XCTAssertEqual(model.currentState, .loading)
    XCTAssertEqual(presenter.presentedKinds, [.content, .loading])
    XCTAssertEqual(model.reportedErrors.count, 1)
  }

  func test_requestFromConfigurationHook_isQueued_andTakesEffectAfterTheRequestBeingBuilt() {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    var reentered = false
    model.onConfigureEmpty = { [unowned model] in
      guard !reentered else { return }
      reentered = true
      model.startLoading(completion: outcomes.completion("inner"))
    }
    model.endLoading(completion: outcomes.completion("outer"))
    XCTAssertEqual(model.currentState, .loading)
    XCTAssertEqual(outcomes["outer"], [.presented])
    XCTAssertEqual(outcomes["inner"], [.presented])
    XCTAssertEqual(presenter.presentedKinds, [.empty, .loading], "in the order they were made")
  }

  func test_requestFromPresenter_whilePresenting_isQueued() {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    var fired = false
    presenter.onPresent = { [unowned model] presentation in
      guard !fired, presentation.state.kind == .loading else { return }
      fired = true
      model.endLoading()
    }
    model.startLoading()
    XCTAssertEqual(presenter.presentedKinds, [.loading, .empty])
    XCTAssertEqual(model.stateMachine.presentedState, .empty)
  }

  func test_requestFromAPlaceholdersEqualityCheck_takesEffectAfterTheComparison() {
    let presenter = RecordingPresenter()
    let model = HookModel(presenter: presenter)
    final class Box: @unchecked Sendable { var body: (() -> Void)? }
    let box = Box()
    struct Reentrant: Placeholder, Equatable {
      var text: String
      var more = "padding-to-be-boxed"
      let box: Box
      static func == (lhs: Self, rhs: Self) -> Bool {
        let body = lhs.box.body
        lhs.box.body = nil
        body?()
        return lhs.text == rhs.text
      }
    }
    model.empty = { Reentrant(text: "a", box: box) }
    let outcomes = OutcomeRecorder()
    model.endLoading(animated: false, completion: outcomes.completion("first"))
    box.body = {
      model.startLoading(completion: outcomes.completion("fromEq"))
    }
    model.transitionToDecidedState(animated: false, completion: outcomes.completion("second"))
    XCTAssertEqual(outcomes["first"], [.presented])
    XCTAssertEqual(outcomes["second"].count, 1)
    XCTAssertEqual(outcomes["fromEq"], [.presented])
    XCTAssertEqual(model.stateMachine.presentedState.kind, .loading)
    XCTAssertEqual(presenter.lastPresentation?.state.kind, .loading)
    XCTAssertEqual(model.currentState.kind, .loading)
  }
}
