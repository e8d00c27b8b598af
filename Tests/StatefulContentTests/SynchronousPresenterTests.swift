import StatefulContent
import StatefulContentTesting
import XCTest

final class SynchronousPresenterTests: XCTestCase {
  /// A synchronous presenter that records states and can act from inside `present`.
  private final class Recorder: SynchronousPresenter {
    var states: [ContentState.Kind] = []
    var onPresent: ((Presentation) -> Void)?

    func present(_ presentation: Presentation, animated: Bool) {
      states.append(presentation.state.kind)
      onPresent?(presentation)
    }
  }

  func test_eachTransition_isPresentedBeforeTheRequestReturns() {
    let presenter = Recorder()
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    model.startLoading(completion: outcomes.completion("start"))
    XCTAssertEqual(model.stateMachine.presentedState, .loading)
    XCTAssertFalse(model.stateMachine.isPresenting)
    model.endLoading(animated: true, completion: outcomes.completion("end"))
    XCTAssertEqual(presenter.states, [.loading, .empty])
    XCTAssertEqual(outcomes.outcomes, [.presented, .presented])
    XCTAssertEqual(model.stateMachine.lastState, .loading)
  }

  func test_requestFromInsidePresent_isHandledAfterIt_eachCompletionOnce() {
    let presenter = Recorder()
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    presenter.onPresent = { [unowned model] presentation in
      guard presentation.state == .loading else { return }
      model.endLoading(animated: false, completion: outcomes.completion("inner"))
      XCTAssertEqual(model.currentState, .empty, "the request is readable at once (I1)")
    }
    model.startLoading(completion: outcomes.completion("outer"))
    XCTAssertEqual(presenter.states, [.loading, .empty])
    XCTAssertEqual(outcomes["outer"], [.presented])
    XCTAssertEqual(outcomes["inner"], [.presented])
    XCTAssertEqual(model.stateMachine.presentedState, .empty)
  }

  func test_replacingThePresenterFromInsidePresent_finishesOnce_andUsesTheNewOne() {
    let first = Recorder()
    let second = RecordingPresenter()
    let model = TestModel(presenter: first)
    let outcomes = OutcomeRecorder()
    first.onPresent = { [unowned model] _ in model.stateMachine.presenter = second }
    model.startLoading(completion: outcomes.completion("start"))
    XCTAssertEqual(outcomes["start"], [.presented])
    model.endLoading(animated: false, completion: outcomes.completion("end"))
    XCTAssertEqual(first.states, [.loading])
    XCTAssertEqual(
      second.presentedKinds, [.loading, .empty], "the new presenter is shown the state first")
    XCTAssertEqual(outcomes["end"], [.presented])
  }

  func test_asAPresenter_callsFinishedOnceBeforeReturning() {
    let presenter = Recorder()
    var finishedCount = 0
    (presenter as any Presenter).present(
      Presentation(state: .empty), animated: false, finished: { finishedCount += 1 })
    XCTAssertEqual(finishedCount, 1)
    XCTAssertEqual(presenter.states, [.empty])
  }

  func test_stateHandlerPresenter_isSynchronous() {
    var handled: [ContentState.Kind] = []
    let handler = StateHandlerPresenter { presentation, _ in
      handled.append(presentation.state.kind)
    }
    let machine = ContentStateMachine(presenter: handler)
    try? machine.transition(to: .empty)
    XCTAssertEqual(handled, [.empty])
    XCTAssertEqual(machine.presentedState, .empty)
    XCTAssertTrue(machine.presenter is any SynchronousPresenter)
  }
}
