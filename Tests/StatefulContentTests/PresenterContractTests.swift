import StatefulContent
import StatefulContentTesting
import XCTest

/// What the machine does with a presenter's `finished` closures, however late, often or out of
/// order they are called, and when the presenter is replaced, shared or missing: every
/// completion runs exactly once, and a closure only ever finishes its own presentation.
final class PresenterContractTests: XCTestCase {
  // MARK: finished closures

  func test_finished_calledTwiceOutOfOrderAndLate_eachCompletionRunsOnce() {
    let presenter = HoldingPresenter()
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    model.startLoading(animated: true, completion: outcomes.completion("1"))
    model.endLoading(animated: true, completion: outcomes.completion("2"))  // waits
    model.endLoading(animated: true, error: TestError(), completion: outcomes.completion("3"))
    XCTAssertEqual(presenter.finishers.count, 1)
    presenter.finishers[0]()
    presenter.finishers[0]()
    XCTAssertEqual(presenter.finishers.count, 2)
    presenter.finishers[0]()
    XCTAssertEqual(outcomes.log.count, 2, "\(outcomes.log)")
    model.startLoading(animated: true, completion: outcomes.completion("4"))  // waits
    presenter.finishers.reversed().forEach { $0() }  // finishes 3 → 4 in flight
    presenter.finishers.reversed().forEach { $0() }  // stale, and finishes 4
    presenter.finishers.forEach { $0() }
    XCTAssertEqual(outcomes["1"], [.presented])
    XCTAssertEqual(outcomes["2"], [.superseded])
    XCTAssertEqual(outcomes["3"], [.presented])
    XCTAssertEqual(outcomes["4"], [.presented])
    XCTAssertEqual(model.stateMachine.presentedState, .loading)
    XCTAssertEqual(presenter.presentations.map(\.state.kind), [.loading, .error, .loading])
  }

  /// The presenter lets closures go and keeps others; stale ones must never finish a newer
  /// presentation, whether the token object was reused or not.
  func test_finished_staleClosures_neverFinishTheNewestPresentation() {
    let presenter = HoldingPresenter()
    let model = TestModel(presenter: presenter)
    var kept: [() -> Void] = []
    presenter.onPresent = { _, finished in kept.append(finished) }
    let outcomes = OutcomeRecorder()
    for i in 0..<20 {
      let label = "\(i)"
      if i % 2 == 0 {
        model.startLoading(animated: true, completion: outcomes.completion(label))
      } else {
        model.endLoading(animated: true, completion: outcomes.completion(label))
      }
      // Call every kept closure except the newest: none of them may finish the newest.
      for f in kept.dropLast() { f() }
      XCTAssertTrue(model.stateMachine.isPresenting, "iteration \(i)")
      XCTAssertEqual(outcomes[label], [], "iteration \(i)")
      // Drop all kept but the newest, then finish the newest and forget it.
      let newest = kept.removeLast()
      kept.removeAll()
      presenter.finishers.removeAll()
      newest()
      XCTAssertEqual(outcomes[label], [.presented], "iteration \(i)")
    }
  }

  /// A presenter that drops the closure, finishes through it once, then a later stored copy of
  /// a *previous* closure is invoked from inside the next presentation's `present`.
  func test_finished_staleClosureCalledFromInsideTheNextPresent_isIgnored() {
    final class P: Presenter {
      var previous: (() -> Void)?
      var count = 0
      func present(_ presentation: Presentation, animated: Bool, finished: @escaping () -> Void) {
        count += 1
        previous?()  // stale: must be ignored
        previous = finished
        if count % 2 == 0 { finished() }  // even presentations finish at once
      }
    }
    let presenter = P()
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    model.startLoading(animated: true, completion: outcomes.completion("a"))  // #1 pending
    XCTAssertEqual(outcomes["a"], [])
    model.endLoading(animated: true, completion: outcomes.completion("b"))  // waits
    presenter.previous?()  // finish #1 → #2 presented at once; #2 calls #1 again (stale)
    XCTAssertEqual(outcomes["a"], [.presented])
    XCTAssertEqual(outcomes["b"], [.presented])
    XCTAssertEqual(model.stateMachine.presentedState, .empty)
    model.startLoading(animated: true, completion: outcomes.completion("c"))  // #3 pending
    XCTAssertEqual(outcomes["c"], [], "the stale #2 closure must not finish #3")
    XCTAssertTrue(model.stateMachine.isPresenting)
  }

  /// A superseded request's completion finishes the presentation in flight.
  func test_finished_calledFromASupersededRequestsCompletion_finishesThePresentationInFlight() {
    let presenter = HoldingPresenter()
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    model.startLoading(animated: true, completion: outcomes.completion("1"))
    model.endLoading(animated: true) { outcome in
      outcomes.completion("2")(outcome)
      presenter.finishers[0]()
      presenter.finishers[0]()
    }
    model.content = ["x"]
    model.endLoading(animated: true, completion: outcomes.completion("3"))
    XCTAssertEqual(outcomes.log.map(\.label), ["2", "1"])
    XCTAssertEqual(outcomes["1"], [.presented])
    XCTAssertEqual(outcomes["2"], [.superseded])
    XCTAssertEqual(presenter.presentations.map(\.state.kind), [.loading, .content])
    presenter.finishers[1]()
    XCTAssertEqual(outcomes["3"], [.presented])
    XCTAssertEqual(model.stateMachine.presentedState, .content)
    XCTAssertEqual(model.stateMachine.lastState, .loading)
  }

  /// Finishes synchronously after making a re-entrant request, and twice.
  func test_finished_calledTwiceAfterAReentrantRequest_presentsBothOnce() {
    let presenter = HoldingPresenter()
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    var didReenter = false
    presenter.onPresent = { [unowned model] presentation, finished in
      if !didReenter {
        didReenter = true
        model.endLoading(animated: true, completion: outcomes.completion("inner"))
        XCTAssertEqual(model.currentState, .empty)
      }
      finished()
      finished()
    }
    model.startLoading(animated: true, completion: outcomes.completion("outer"))
    XCTAssertEqual(outcomes["outer"], [.presented])
    XCTAssertEqual(outcomes["inner"], [.presented])
    XCTAssertEqual(presenter.presentations.map(\.state.kind), [.loading, .empty])
    XCTAssertEqual(model.stateMachine.presentedState, .empty)
    XCTAssertFalse(model.stateMachine.isPresenting)
  }

  /// Finishes synchronously *before* making a re-entrant request, then calls finished again.
  func test_finished_calledBeforeAndAfterAReentrantRequest_presentsBothInOrder() {
    let presenter = HoldingPresenter()
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    var n = 0
    presenter.onPresent = { [unowned model] _, finished in
      n += 1
      finished()
      if n == 1 { model.endLoading(animated: true, completion: outcomes.completion("inner")) }
      finished()
    }
    model.startLoading(animated: true, completion: outcomes.completion("outer"))
    XCTAssertEqual(outcomes.log.map(\.label), ["outer", "inner"])
    XCTAssertEqual(outcomes.outcomes, [.presented, .presented])
    XCTAssertEqual(presenter.presentations.map(\.state.kind), [.loading, .empty])
    XCTAssertEqual(model.stateMachine.presentedState, .empty)
  }

  // MARK: Replaced, shared or missing presenters

  /// Replacing the presenter from inside `present`, for each combination of kinds, then calling
  /// the old closure late.
  func test_replacingPresenter_fromInsidePresent_anyKindByAnyKind_nextRequestGoesToTheNewOne() {
    enum Kind { case async, asyncFinishing, sync, none }
    for from in [Kind.async, .asyncFinishing, .sync] {
      for to in [Kind.async, .asyncFinishing, .sync, .none] {
        let label = "\(from)->\(to)"
        let outcomes = OutcomeRecorder()
        let asyncTarget = HoldingPresenter()
        let syncTarget = SynchronousRecorder()
        let machineBox = WeakBox<ContentStateMachine>()
        func target(_ k: Kind) -> (any Presenter)? {
          switch k {
          case .async, .asyncFinishing:
            if k == .asyncFinishing { asyncTarget.onPresent = { _, f in f() } }
            return asyncTarget
          case .sync: return syncTarget
          case .none: return nil
          }
        }
        let first: any Presenter
        var stored: [() -> Void] = []
        var replaced = false
        switch from {
        case .sync:
          let p = SynchronousRecorder()
          p.onPresent = { _ in
            if !replaced {
              replaced = true
              machineBox.value?.presenter = target(to)
            }
          }
          first = p
        default:
          let p = HoldingPresenter()
          p.onPresent = { _, f in
            stored.append(f)
            if !replaced {
              replaced = true
              machineBox.value?.presenter = target(to)
            }
            if from == .asyncFinishing { f() }
          }
          first = p
        }
        let model = TestModel(presenter: first)
        machineBox.value = model.stateMachine
        model.startLoading(animated: true, completion: outcomes.completion("1"))
        XCTAssertEqual(outcomes["1"], [.presented], label)
        XCTAssertEqual(model.stateMachine.presentedState, .loading, label)
        model.endLoading(animated: true, completion: outcomes.completion("2"))
        stored.forEach { $0() }  // stale
        if to == .async { asyncTarget.finishEverything() }
        stored.forEach { $0() }
        XCTAssertEqual(outcomes["2"], [.presented], label)
        XCTAssertEqual(model.stateMachine.presentedState, .empty, label)
        // The new presenter is shown the state on screen when it is attached, then the next.
        switch to {
        case .async, .asyncFinishing:
          XCTAssertEqual(asyncTarget.presentations.map(\.state.kind), [.loading, .empty], label)
        case .sync:
          XCTAssertEqual(syncTarget.presentations.map(\.state.kind), [.loading, .empty], label)
        case .none: break
        }
        XCTAssertEqual(outcomes.log.count, 2, label)
      }
    }
  }

  /// A pending presentation, then the presenter is replaced, and the *old* presenter's closure
  /// is called while the new presenter holds its own presentation.
  func test_replacingPresenter_oldPresentersLateClosure_doesNotFinishTheNewPresentation() {
    let a = HoldingPresenter()
    let b = HoldingPresenter()
    let model = TestModel(presenter: a)
    let outcomes = OutcomeRecorder()
    model.startLoading(animated: true, completion: outcomes.completion("1"))
    model.stateMachine.presenter = b  // counts #1 finished
    XCTAssertEqual(outcomes["1"], [.presented])
    XCTAssertEqual(b.presentations.map(\.state.kind), [.loading], "b is shown the state")
    model.endLoading(animated: true, completion: outcomes.completion("2"))
    XCTAssertEqual(b.presentations.count, 1, "empty waits for b's loading")
    a.finishers.forEach { $0() }
    XCTAssertEqual(outcomes["2"], [], "a's closure must not finish b's presentation")
    b.finishEverything()
    XCTAssertEqual(outcomes["2"], [.presented])
  }

  func test_replacingPresenter_duringAnAnimation_doesNotFreezeTheMachine() {
    let outcomes = OutcomeRecorder()
    let old = RecordingPresenter(finishing: .manually)
    let model = TestModel(presenter: old)
    model.startLoading(animated: true, completion: outcomes.completion("a"))
    let new = RecordingPresenter()
    model.stateMachine.presenter = new
    model.endLoading(completion: outcomes.completion("b"))
    XCTAssertEqual(outcomes["a"], [.presented])
    XCTAssertEqual(outcomes["b"], [.presented])
    XCTAssertEqual(new.presentedKinds, [.loading, .empty], "shown the state when attached")
    old.finishAll()  // the old presenter's late report changes nothing
    XCTAssertEqual(outcomes.log.count, 2)
  }

  /// Two machines share one presenter: one machine's closure must not finish the other's.
  func test_sharedPresenter_oneMachinesClosure_doesNotFinishTheOthers() {
    let presenter = HoldingPresenter()
    let m1 = TestModel(presenter: presenter)
    let m2 = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    m1.startLoading(animated: true, completion: outcomes.completion("m1"))
    m2.startLoading(animated: true, completion: outcomes.completion("m2"))
    presenter.finishers[0]()
    XCTAssertEqual(outcomes["m1"], [.presented])
    XCTAssertEqual(outcomes["m2"], [])
    presenter.finishers[1]()
    XCTAssertEqual(outcomes["m2"], [.presented])
  }

  /// A nil presenter: everything completes at once.
  func test_noPresenter_everyRequestCompletesAtOnce() {
    let model = TestModel(presenter: nil)
    let outcomes = OutcomeRecorder()
    model.startLoading(animated: true, completion: outcomes.completion("1"))
    model.endLoading(animated: true, completion: outcomes.completion("2"))
    model.endLoading(animated: true, completion: outcomes.completion("3"))
    XCTAssertEqual(outcomes.outcomes, [.presented, .presented, .unchanged])
    XCTAssertEqual(model.stateMachine.presentedState, .empty)
    XCTAssertEqual(model.stateMachine.lastState, .loading)
  }

  // MARK: Random operations

  /// Random operations against a shadow of what the presenter last received.
  func test_randomRequestsFinishesAndReplacements_presenterEndsOnThePresentedState() {
    var rng = SystemRandomNumberGenerator()
    for round in 0..<200 {
      let asyncP = HoldingPresenter()
      let syncP = SynchronousRecorder()
      let model = HookModel(presenter: asyncP)
      let machine = model.stateMachine
      var lastReceived: Presentation? = nil
      var lastPresenterObject: AnyObject? = asyncP
      asyncP.onPresent = { p, _ in lastReceived = p }
      syncP.onPresent = { p in lastReceived = p }
      var completions = 0
      var expectedCompletions = 0
      var heldFinishers: [() -> Void] = []
      for _ in 0..<40 {
        let op = Int.random(in: 0..<12, using: &rng)
        switch op {
        case 0:
          expectedCompletions += 1
          model.startLoading(animated: Bool.random(using: &rng)) { _ in completions += 1 }
        case 1:
          expectedCompletions += 1
          model.endLoading(animated: Bool.random(using: &rng)) { _ in completions += 1 }
        case 2: model.updateLoadingProgress(Double.random(in: 0...1, using: &rng))
        case 3: model.content = Bool.random(using: &rng) ? ["x"] : []
        case 4:
          let f = asyncP.finishers
          heldFinishers += f
          asyncP.finishers.removeAll()
          f.forEach { $0() }
        case 5: heldFinishers.shuffled(using: &rng).prefix(2).forEach { $0() }
        case 6:
          machine.presenter = syncP
          lastPresenterObject = syncP
        case 7:
          machine.presenter = asyncP
          lastPresenterObject = asyncP
        case 8:
          let v = Int.random(in: 0..<3, using: &rng)
          model.loading = { PaddedPlaceholder(byte: UInt8(v), word: 0) }
        case 9:
          let v = UInt8.random(in: 0..<2, using: &rng)
          try? model.setPlaceholder(PaddedPlaceholder(byte: v, word: 1), for: .empty)
        case 10: machine.cancelPendingTransitions()
        default:
          let v = Double(Int.random(in: 0..<2, using: &rng))
          model.hostInsets = { EdgeInsets(top: v) }
        }
      }
      // Drain.
      machine.presenter = syncP
      _ = lastPresenterObject
      heldFinishers.forEach { $0() }
      asyncP.finishers.forEach { $0() }
      model.transitionToDecidedState(animated: false)
      XCTAssertFalse(machine.isPresenting, "round \(round)")
      XCTAssertEqual(completions, expectedCompletions, "round \(round)")
      XCTAssertEqual(machine.presentedState, machine.requestedState, "round \(round)")
      if let lastReceived {
        // What the presenter last received must be the presented presentation (unless the
        // presenter was replaced mid-flight, which counts the in-flight one as presented).
        XCTAssertEqual(
          lastReceived.state.kind, machine.presentedState.kind, "round \(round)")
      }
    }
  }

  // MARK: Attaching a presenter

  func test_attachingAPresenterAfterTheStateWasDecided_showsItTheCurrentState() {
    let model = TestModel()
    model.startLoading()
    model.endLoading(animated: false)
    let screen = RecordingPresenter()
    model.stateMachine.presenter = screen
    XCTAssertEqual(screen.presentedKinds, [.empty], "the new presenter is shown the state")
    let outcomes = OutcomeRecorder()
    model.setupInitialState(completion: outcomes.completion("appear"))
    XCTAssertEqual(outcomes["appear"], [.unchanged])
    XCTAssertEqual(screen.presentedKinds, [.empty])
  }

  func test_replacingThePresenter_showsTheNewOneTheCurrentState_withItsPlaceholder() throws {
    let first = RecordingPresenter()
    let model = TestModel(presenter: first)
    model.startLoading()
    let second = RecordingPresenter()
    model.stateMachine.presenter = second
    XCTAssertEqual(second.presentedKinds, [.loading])
    let placeholder = try XCTUnwrap(second.lastPresentation?.placeholder as? StandardPlaceholder)
    XCTAssertEqual(placeholder.title, StandardPlaceholder.loading.title)
    XCTAssertEqual(first.presentedKinds, [.loading], "the old presenter gets nothing more")
  }

  func test_aPresenterAttachedInACompletion_afterARequest_isShownTheStateOnce() {
    let first = RecordingPresenter(finishing: .manually)
    let second = RecordingPresenter()
    let model = TestModel(presenter: first)
    let outcomes = OutcomeRecorder()
    model.startLoading(animated: true) { _ in
      // The screen swaps its renderer while the load ends (a size-class change, say).
      model.stateMachine.presenter = nil
      model.content = ["a"]
      model.endLoading(animated: true, completion: outcomes.completion("end"))
      model.stateMachine.presenter = second
    }
    first.finishAll()
    XCTAssertEqual(outcomes["end"], [.presented])
    XCTAssertEqual(
      second.records.map { "\($0.presentation.state) animated: \($0.animated)" },
      ["content animated: true"], "the new presenter shows the content once, not twice")
  }

  func test_attachingAPresenterBeforeAnythingWasRequested_showsNothing() {
    let model = TestModel()
    let screen = RecordingPresenter()
    model.stateMachine.presenter = screen
    XCTAssertEqual(screen.presentedKinds, [], "idle: nothing to show")
  }
}

/// A weak reference, for closures that must not keep the machine alive.
private final class WeakBox<T: AnyObject> { weak var value: T? }
