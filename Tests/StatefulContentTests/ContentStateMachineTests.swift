import StatefulContent
import StatefulContentTesting
import XCTest

final class ContentStateMachineTests: XCTestCase {
  func test_requestedState_isReadableSynchronously_evenWhilePresentationWaits() {  // I1
    let presenter = RecordingPresenter(finishing: .manually)
    let model = TestModel(presenter: presenter)
    model.startLoading(animated: true)
    XCTAssertEqual(model.currentState, .loading)
    model.endLoading(animated: true)
    XCTAssertEqual(model.currentState, .empty)
    XCTAssertEqual(model.stateMachine.presentedState, .idle)
    presenter.finishAll()
    XCTAssertEqual(model.stateMachine.presentedState, .empty)
  }

  func test_immediatePresenter_makesTheWholeTransitionSynchronous() {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    model.startLoading(animated: true, completion: outcomes.completion("start"))
    XCTAssertEqual(outcomes["start"], [.presented])
    XCTAssertEqual(model.stateMachine.presentedState, .loading)
    XCTAssertFalse(model.stateMachine.isPresenting)
  }

  func test_everyCompletionRunsExactlyOnce_withItsOutcome() {  // I2
    let presenter = RecordingPresenter(finishing: .manually)
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    model.startLoading(animated: true, completion: outcomes.completion("a"))
    model.endLoading(animated: true, completion: outcomes.completion("b"))  // waits
    model.startLoading(animated: true, completion: outcomes.completion("c"))  // supersedes b
    presenter.finishAll()
    model.startLoading(animated: true, completion: outcomes.completion("same"))
    XCTAssertEqual(outcomes["a"], [.presented])
    XCTAssertEqual(outcomes["b"], [.superseded])
    XCTAssertEqual(outcomes["c"], [.unchanged])  // loading was already on screen
    XCTAssertEqual(outcomes["same"], [.unchanged])
    XCTAssertEqual(outcomes.log.count, 4)
  }

  func test_cancelPendingTransitions_cancelsTheWaitingRequestOnly() {  // I2
    let presenter = RecordingPresenter(finishing: .manually)
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    model.startLoading(animated: true, completion: outcomes.completion("a"))
    model.endLoading(animated: true, completion: outcomes.completion("b"))
    model.stateMachine.cancelPendingTransitions()
    XCTAssertEqual(outcomes["b"], [.cancelled])
    presenter.finishAll()
    XCTAssertEqual(outcomes["a"], [.presented])
    XCTAssertEqual(presenter.presentedKinds, [.loading])
  }

  func test_cancelPendingTransitions_fromACompletion_leavesNothingStaleRequested() {  // I3
    // Found by the model-based test: a cancelled waiting request stayed "requested" forever.
    let presenter = RecordingPresenter(finishing: .manually)
    let model = TestModel(presenter: presenter)
    try? model.stateMachine.setPlaceholder(
      StandardPlaceholder(title: "Offline"), for: .custom(.offline))
    model.endLoading(animated: true, error: TestError("e1"))
    model.endLoading(animated: false) { _ in model.stateMachine.cancelPendingTransitions() }
    try? model.showCustomState(.offline, animated: true)
    presenter.finishAll()
    XCTAssertEqual(model.currentState, model.stateMachine.presentedState)
    XCTAssertEqual(model.currentState.kind, .error)
  }

  func test_releasingTheMachine_cancelsPendingCompletions() {  // I2
    let outcomes = OutcomeRecorder()
    let presenter = RecordingPresenter(finishing: .manually)
    var model: TestModel? = TestModel(presenter: presenter)
    model?.startLoading(animated: true, completion: outcomes.completion("a"))
    model?.endLoading(animated: true, completion: outcomes.completion("b"))
    model = nil
    XCTAssertEqual(outcomes["a"], [.cancelled])
    XCTAssertEqual(outcomes["b"], [.cancelled])
    presenter.finishAll()  // a late finish of a released machine is harmless
    XCTAssertEqual(outcomes.log.count, 2)
  }

  func test_animatedTransitionFinishesBeforeTheNext_andBurstPresentsAtMostTwice() {
    let presenter = RecordingPresenter(finishing: .manually)
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    model.startLoading(animated: true, completion: outcomes.completion("first"))
    for index in 0..<1_000 {
      if index.isMultiple(of: 2) {
        model.endLoading(animated: true, completion: outcomes.completion("burst"))
      } else {
        model.startLoading(animated: true, completion: outcomes.completion("burst"))
      }
    }
    XCTAssertEqual(presenter.records.count, 1)
    presenter.finishAll()
    XCTAssertEqual(presenter.presentedKinds, [.loading])  // the last request was loading
    XCTAssertEqual(outcomes["burst"].filter { $0 == .superseded }.count, 999)
    XCTAssertEqual(outcomes["burst"].last, .unchanged)
    XCTAssertEqual(outcomes.log.count, 1_001)
  }

  func test_atMostOnePlaceholder_eachPresentationReplacesThePrevious() {  // I3
    let presenter = RecordingPresenter(finishing: .manually)
    let model = TestModel(presenter: presenter)
    model.startLoading(animated: true)
    model.content = ["a"]
    model.endLoading(animated: true)
    presenter.finishAll()
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
    XCTAssertNil(presenter.lastPresentation?.placeholder, "content leaves no placeholder behind")
    XCTAssertNotNil(presenter.records.first?.presentation.placeholder)
  }

  func test_replacingThePlaceholderOnScreen_presentsItAgain() throws {  // I3
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    model.endLoading()
    try model.stateMachine.setPlaceholder(
      StandardPlaceholder(title: "Nothing here"), for: .empty)
    XCTAssertEqual(presenter.presentedKinds, [.empty, .empty])
    let shown = try XCTUnwrap(presenter.lastPresentation?.placeholder as? StandardPlaceholder)
    XCTAssertEqual(shown.title, "Nothing here")
    // Replacing another state's placeholder does not touch the screen.
    try model.stateMachine.setPlaceholder(StandardPlaceholder(title: "Wait"), for: .loading)
    XCTAssertEqual(presenter.records.count, 2)
  }

  func test_replacingPlaceholderDuringAnimation_presentsTheNewOneAfterwards() throws {
    let presenter = RecordingPresenter(finishing: .manually)
    let model = TestModel(presenter: presenter)
    model.startLoading(animated: true)
    try model.stateMachine.setPlaceholder(StandardPlaceholder(title: "New"), for: .loading)
    presenter.finishAll()
    XCTAssertEqual(presenter.presentedKinds, [.loading, .loading])
    let shown = try XCTUnwrap(presenter.lastPresentation?.placeholder as? StandardPlaceholder)
    XCTAssertEqual(shown.title, "New")
  }

  func test_lastState_isThePreviouslyPresentedState() {
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let model = TestModel(presenter: keptPresenter)
    model.startLoading()
    model.endLoading(error: TestError())
    XCTAssertEqual(model.lastState, .loading)
    XCTAssertEqual(model.stateMachine.presentedState, .error(TestError()))
  }

  func test_withoutPresenter_transitionsCompleteAtOnce() {
    let model = TestModel()
    let outcomes = OutcomeRecorder()
    model.startLoading(animated: true, completion: outcomes.completion("a"))
    XCTAssertEqual(outcomes["a"], [.presented])
    XCTAssertEqual(model.stateMachine.presentedState, .loading)
  }

  func test_presenterCallingFinishedTwice_completesOnce() {
    final class DoubleFinisher: Presenter {
      func present(_ presentation: Presentation, animated: Bool, finished: @escaping () -> Void) {
        finished()
        finished()
      }
    }
    let keptPresenter = DoubleFinisher()  // the machine holds its presenter weakly
    let model = TestModel(presenter: keptPresenter)
    let outcomes = OutcomeRecorder()
    model.startLoading(completion: outcomes.completion("a"))
    model.endLoading(completion: outcomes.completion("b"))
    XCTAssertEqual(outcomes.outcomes, [.presented, .presented])
  }

  func test_anyPlaceholderType_isCarriedThrough() throws {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    try model.stateMachine.setPlaceholder(BannerPlaceholder(text: "Nothing"), for: .empty)
    model.endLoading()
    let shown = try XCTUnwrap(presenter.lastPresentation?.placeholder as? BannerPlaceholder)
    XCTAssertEqual(shown.text, "Nothing")
  }

  func test_loadingProgress_nonFiniteOrHuge_neverTraps_andIsClampedWhenRequested() throws {
    XCTAssertEqual(ContentState.loading(progress: .nan).description, "loading")
    XCTAssertEqual(ContentState.loading(progress: 1e300).description, "loading(100%)")
    let machine = ContentStateMachine()
    try machine.transition(to: .loading(progress: 7))
    XCTAssertEqual(machine.requestedState.progress, 1)
    try machine.transition(to: .loading(progress: .nan))
    XCTAssertNil(machine.requestedState.progress)
  }
}
