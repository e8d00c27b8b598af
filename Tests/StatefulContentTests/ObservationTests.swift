import Observation
import StatefulContentTesting
import XCTest

@testable import StatefulContent

@MainActor
final class ObservationTests: XCTestCase {
  func test_machineIsObservable() {
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let model = TestModel(presenter: keptPresenter)
    let changes = Counter()
    withObservationTracking {
      _ = model.stateMachine.requestedState
    } onChange: {
      changes.increment()
    }
    model.startLoading()
    XCTAssertEqual(changes.value, 1)
    withObservationTracking {
      _ = model.stateMachine.isRefreshing
    } onChange: {
      changes.increment()
    }
    model.content = ["a"]
    model.startLoading()
    XCTAssertEqual(changes.value, 2)
  }

  func test_reachability_isObserved_whenTheSourceReportsAChange() async throws {
    let keptPresenter = RecordingPresenter()
    let model = TestModel(presenter: keptPresenter)
    let connectivity = ManualConnectivity()
    model.followConnectivity(connectivity)
    let changes = Counter()
    withObservationTracking {
      _ = model.stateMachine.reachability
    } onChange: {
      changes.increment()
    }
    connectivity.send(.reachable)
    await settle(turns: 100)
    XCTAssertEqual(changes.value, 0, "no change: nothing told")
    connectivity.send(.unreachable)
    try await settle { changes.value == 1 }
    XCTAssertEqual(model.stateMachine.reachability, .unreachable)
  }

  func test_stateChanges_reachEveryConsumer_inOrder() async {
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let model = TestModel(presenter: keptPresenter)
    let first = model.stateMachine.stateChanges()
    let second = model.stateMachine.stateChanges()
    model.startLoading()
    model.endLoading(error: TestError())
    model.content = ["a"]
    model.endLoading()
    var firstIterator = first.makeAsyncIterator()
    var secondIterator = second.makeAsyncIterator()
    var seen: [[ContentState.Kind]] = [[], []]
    for _ in 0..<3 {
      if let change = await firstIterator.next() { seen[0].append(change.to.kind) }
      if let change = await secondIterator.next() { seen[1].append(change.to.kind) }
    }
    XCTAssertEqual(seen[0], [.loading, .error, .content])
    XCTAssertEqual(seen[1], seen[0])
  }

  func test_consumerThatStops_isReleased() async throws {
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let model = TestModel(presenter: keptPresenter)
    let machine = model.stateMachine
    let consumer = Task {
      for await change in machine.stateChanges() where change.to.kind == .error { break }
    }
    try await settle { machine.stateChangeConsumerCount == 1 }
    model.startLoading()
    model.endLoading(error: TestError())
    await consumer.value
    XCTAssertEqual(machine.stateChangeConsumerCount, 0)
    let cancelled = Task { for await _ in machine.stateChanges() {} }
    try await settle { machine.stateChangeConsumerCount == 1 }
    cancelled.cancel()
    await cancelled.value
    XCTAssertEqual(machine.stateChangeConsumerCount, 0)
  }

  func test_streamsEnd_whenTheMachineIsReleased() async {
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    var model: TestModel? = TestModel(presenter: keptPresenter)
    let stream = model?.stateMachine.stateChanges()
    model = nil
    var count = 0
    if let stream { for await _ in stream { count += 1 } }
    XCTAssertEqual(count, 0)
  }

  func test_observation_valuesReadAfterANotifiedChange_areTheNewOnes() {
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let model = TestModel(presenter: keptPresenter)
    let machine = model.stateMachine
    model.startLoading()
    model.endLoading(animated: false)
    let seen = Cell<[String]>([])
    let m = Unchecked(machine)
    func track() {
      withObservationTracking {
        _ = m.value.presentedState
        _ = m.value.requestedState
      } onChange: {
        seen.value.append("change")
      }
    }
    track()
    model.startLoading()
    XCTAssertEqual(seen.value.count, 1)
    XCTAssertEqual(machine.presentedState, .loading)
    XCTAssertEqual(machine.lastState, .empty)
    XCTAssertEqual(machine.requestedState, .loading)
    track()
    model.endLoading(animated: false)
    XCTAssertEqual(seen.value.count, 2)
    XCTAssertEqual(machine.presentedState, .empty)
    XCTAssertEqual(machine.lastState, .loading)
  }

  /// In the willSet-time onChange of presentedState, lastState must not already be the new
  /// state: observers read presentedState (old) and lastState together.
  func test_observation_presentedStateChangeHandler_readsTheOutgoingStateAsPresentedAndLast() {
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let model = TestModel(presenter: keptPresenter)
    let m = Unchecked(model.stateMachine)
    model.startLoading()
    let seenLast = Cell<ContentState?>(nil)
    let seenPresented = Cell<ContentState?>(nil)
    withObservationTracking {
      _ = m.value.presentedState
    } onChange: {
      seenLast.value = m.value.lastState
      seenPresented.value = m.value.presentedState
    }
    model.endLoading(animated: false)
    XCTAssertEqual(seenPresented.value, .loading)
    // Before the speed-up (00e161d) this read .loading (lastState's value after the change).
    XCTAssertEqual(
      seenLast.value, .loading, "lastState while notified: \(String(describing: seenLast.value))")
  }

  /// A model with a recording presenter and an outcome recorder, also wrapped for use in
  /// observation change handlers.
  private func observedModel() -> (
    RecordingPresenter, TestModel, OutcomeRecorder, Unchecked<TestModel>,
    Unchecked<OutcomeRecorder>
  ) {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    return (presenter, model, outcomes, Unchecked(model), Unchecked(outcomes))
  }

  /// An observer of presentedState requests a new state from its change handler.
  func test_observation_requestFromAPresentedStateChangeHandler_isPresentedAfterTheCurrentOne() {
    let (presenter, model, outcomes, mo, oc) = observedModel()
    let machine = model.stateMachine
    let fired = Cell(false)
    withObservationTracking {
      _ = mo.value.stateMachine.presentedState
    } onChange: {
      fired.value = true
      mo.value.content = ["x"]
      mo.value.endLoading(animated: false, completion: oc.value.completion("observer"))
      XCTAssertEqual(mo.value.currentState, .content)
    }
    model.startLoading(completion: outcomes.completion("start"))
    XCTAssertTrue(fired.value)
    XCTAssertEqual(outcomes.log.map(\.label), ["start", "observer"])
    XCTAssertEqual(machine.presentedState, .content)
    XCTAssertEqual(machine.requestedState, .content)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
    XCTAssertEqual(machine.lastState, .loading)
  }

  /// An observer of requestedState makes a request while notified.
  func test_observation_requestFromARequestedStateChangeHandler_supersedesTheRequestBeingMade() {
    let (presenter, model, outcomes, mo, oc) = observedModel()
    let machine = model.stateMachine
    let once = Cell(false)
    withObservationTracking {
      _ = mo.value.stateMachine.requestedState
    } onChange: {
      // Observation calls onChange again for a mutation made from inside it (it cancels the
      // tracking only afterwards): act once.
      guard oc.value.log.isEmpty, !once.value else { return }
      once.value = true
      mo.value.endLoading(animated: false, completion: oc.value.completion("observer"))
    }
    model.startLoading(completion: outcomes.completion("start"))
    XCTAssertEqual(outcomes["start"], [.superseded], "\(outcomes.log)")
    XCTAssertEqual(outcomes["observer"], [.presented], "\(outcomes.log)")
    XCTAssertEqual(machine.presentedState, .empty)
    XCTAssertEqual(presenter.presentedKinds, [.empty])
  }

  func test_observation_requestFromAnIsLoadingChangeHandler_takesEffect_notOverwritten() {
    let (presenter, model, outcomes, mo, oc) = observedModel()
    let machine = model.stateMachine
    let once = Cell(false)
    withObservationTracking {
      _ = mo.value.stateMachine.isLoading
    } onChange: {
      guard !once.value else { return }
      once.value = true
      mo.value.endLoading(animated: false, completion: oc.value.completion("observer"))
    }
    model.startLoading(completion: outcomes.completion("start"))
    XCTAssertFalse(machine.isLoading, "the observer's endLoading is not overwritten")
    XCTAssertEqual(model.currentState, .empty)
    XCTAssertEqual(outcomes["observer"], [.presented], "\(outcomes.log)")
    XCTAssertEqual(
      outcomes["start"], [.unchanged], "decided after the observer's request: \(outcomes.log)")
    XCTAssertEqual(presenter.presentedKinds, [.empty])
  }

  func test_observation_cancelLoadingFromAnIsLoadingChangeHandler_endsTheLoad_andRestores()
    async
  {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    let machine = model.stateMachine
    _ = machine.requestedState  // turns observation on
    let mo = Unchecked(model)
    withObservationTracking {
      _ = mo.value.stateMachine.isLoading
    } onChange: {
      mo.value.cancelLoading()
    }
    let gate = Gate<[String]>()
    let outcome = await model.load(into: \.content) { _ in try await gate.wait() }
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertFalse(machine.hasActiveLoad)
    XCTAssertFalse(machine.isLoading, "nothing is left loading (I4)")
    XCTAssertEqual(machine.requestedState, .idle, "the state from before the load comes back")
    XCTAssertEqual(machine.presentedState, .idle)
  }

  func test_observation_requestFromAChangeHandler_onceObservationIsOn_takesEffectLast() {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    _ = model.stateMachine.requestedState  // turns observation on
    let fired = Counter()
    nonisolated(unsafe) let unsafeModel = model
    withObservationTracking {
      _ = model.stateMachine.requestedState
    } onChange: {
      guard fired.value == 0 else { return }
      fired.increment()
      unsafeModel.endLoading()
    }
    model.startLoading()
    XCTAssertEqual(fired.value, 1)
    XCTAssertEqual(model.currentState, .empty)
    XCTAssertEqual(model.stateMachine.presentedState, .empty)
  }

  /// Observation turned on after many unobserved transitions, on each property.
  func test_observation_startedAfterUnobservedTransitions_notifiesEachChangedProperty() {
    let keptPresenter = SynchronousRecorder()  // the machine holds its presenter weakly
    let model = TestModel(presenter: keptPresenter)
    let m = Unchecked(model.stateMachine)
    for _ in 0..<3 {
      model.startLoading()
      model.endLoading(animated: false)
    }
    let fired = Cell<[String]>([])
    func track(_ label: String, _ read: @escaping () -> Void) {
      withObservationTracking(read) { fired.value.append(label) }
    }
    track("isLoading") { _ = m.value.isLoading }
    track("progress") { _ = m.value.progress }
    track("attempt") { _ = m.value.loadAttempt }
    track("refresh") { _ = m.value.isRefreshing }
    track("presented") { _ = m.value.presentedState }
    track("requested") { _ = m.value.requestedState }
    model.startLoading()
    model.updateLoadingProgress(0.5)
    XCTAssertEqual(
      Set(fired.value), ["isLoading", "progress", "presented", "requested"], "\(fired.value)")
    fired.value.removeAll()
    track("progress") { _ = m.value.progress }
    model.updateLoadingProgress(0.75)
    XCTAssertEqual(fired.value, ["progress"])
  }

  /// A view that draws the presentation itself (SwiftUI, no presenter) is told of a new
  /// presentation whose state did not change: the previous key's content marked as such.
  func test_observation_presentedPresentation_isToldOfANewPresentationOfTheSameState() async {
    let model = TestModel()
    let m = Unchecked(model.stateMachine)
    await model.load(into: \.content, key: "a") { _ in ["a"] }
    let fired = Cell<[String]>([])
    withObservationTracking {
      _ = m.value.presentedState
    } onChange: {
      fired.value.append("state")
    }
    withObservationTracking {
      _ = m.value.presentedPresentation
    } onChange: {
      fired.value.append("presentation")
    }
    let gate = Gate<Void>()
    let search = Task {
      await model.load(into: \.content, key: "b") { _ in
        try await gate.wait()
        return ["b"]
      }
    }
    await settle()
    XCTAssertEqual(fired.value, ["presentation"], "content stays content, now marked")
    XCTAssertTrue(model.stateMachine.presentedPresentation.showsPreviousKey)
    XCTAssertEqual(model.stateMachine.presentedPresentation.key, LoadKey("b"))
    fired.value.removeAll()
    withObservationTracking {
      _ = m.value.presentedPresentation
    } onChange: {
      fired.value.append("presentation")
    }
    gate.open()
    _ = await search.value
    XCTAssertEqual(fired.value, ["presentation"], "the new key's content, no longer marked")
    XCTAssertFalse(model.stateMachine.presentedPresentation.showsPreviousKey)
  }

  func test_stateChanges_streamMadeAfterTransitions_reportsTheRealFromState() async {
    let keptPresenter = SynchronousRecorder()  // the machine holds its presenter weakly
    let model = TestModel(presenter: keptPresenter)
    model.startLoading()
    model.endLoading(animated: false)
    let stream = model.stateMachine.stateChanges()
    let task = Task {
      var got: [String] = []
      for await change in stream {
        got.append("\(change.from.kind)->\(change.to.kind)")
        if got.count == 3 { break }
      }
      return got
    }
    // Give the consumer no chance to start: changes are buffered.
    model.startLoading()
    model.updateLoadingProgress(0.5)
    model.endLoading(animated: false)
    let got = await task.value
    XCTAssertEqual(got, ["empty->loading", "loading->loading", "loading->empty"])
  }

  func test_stateChanges_secondStreamAfterTheFirstEnded_receivesTheNextChange() async {
    let keptPresenter = SynchronousRecorder()  // the machine holds its presenter weakly
    let model = TestModel(presenter: keptPresenter)
    let machine = model.stateMachine
    do {
      let stream = machine.stateChanges()
      let task = Task {
        for await _ in stream { break }
      }
      model.startLoading()
      await task.value
    }
    let stream2 = machine.stateChanges()
    let task2 = Task { () -> String? in
      for await change in stream2 { return "\(change.from.kind)->\(change.to.kind)" }
      return nil
    }
    model.endLoading(animated: false)
    let got = await task2.value
    XCTAssertEqual(got, "loading->empty")
  }
}

/// A mutable value that observation change handlers may write.
private final class Cell<T>: @unchecked Sendable {
  var value: T
  init(_ value: T) { self.value = value }
}

/// A value handed to observation change handlers, which must be `Sendable`.
private struct Unchecked<T>: @unchecked Sendable {
  let value: T
  init(_ value: T) { self.value = value }
}
