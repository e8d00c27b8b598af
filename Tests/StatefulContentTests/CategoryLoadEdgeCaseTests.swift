import StatefulContent
import StatefulContentTesting
import XCTest

/// Hostile timings of the category API under `.smooth` (150 ms show delay, 400 ms minimum).
final class CategoryLoadEdgeCaseTests: LoadTestCase {
  override var loadingPolicy: LoadingPolicy { .smooth }

  private func startLoadingShown(_ outcomes: OutcomeRecorder? = nil) async throws {
    model.startLoading(completion: outcomes?.completion("start"))
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .milliseconds(150))
    try await settle { self.presenter.records.count == 1 }
  }

  private func assertEachOnce(
    _ outcomes: OutcomeRecorder, _ labels: [String], file: StaticString = #filePath,
    line: UInt = #line
  ) {
    for label in labels {
      XCTAssertEqual(
        outcomes[label].count, 1, "\(label): \(outcomes[label])", file: file, line: line)
    }
  }

  /// Lets all timers fire.
  private func drain() async {
    for _ in 0..<5 {
      await settle()
      clock.advance(by: .seconds(2))
      await settle()
    }
  }

  func test_aLockEndingWorkShownLoading_isLockedAfterTheMinimumDisplayTime() async throws {
    try await startLoadingShown()
    model.endLoading(error: ContentLockedError(.credentialRequired))
    XCTAssertEqual(model.currentState, .locked(.credentialRequired))
    XCTAssertEqual(presenter.presentedKinds, [.loading], "held for the minimum display time")
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .milliseconds(400))
    try await settle { self.presenter.presentedKinds == [.loading, .locked] }
  }

  func test_endTwiceBeforeShowDelay_eachCompletionOnce() async throws {
    let outcomes = OutcomeRecorder()
    model.startLoading(completion: outcomes.completion("start"))
    model.content = ["a"]
    model.endLoading(completion: outcomes.completion("end1"))
    model.endLoading(completion: outcomes.completion("end2"))
    XCTAssertEqual(model.currentState, .content)
    await drain()
    assertEachOnce(outcomes, ["start", "end1", "end2"])
    XCTAssertEqual(presenter.presentedKinds, [.content])
  }

  func test_endTwiceDuringHold_secondWithCancellation() async throws {
    let outcomes = OutcomeRecorder()
    try await startLoadingShown(outcomes)
    model.content = ["a"]
    model.endLoading(completion: outcomes.completion("end1"))
    model.endLoading(error: CancellationError(), completion: outcomes.completion("end2"))
    XCTAssertEqual(model.currentState, .content, "content wins (I1)")
    await drain()
    assertEachOnce(outcomes, ["start", "end1", "end2"])
    XCTAssertEqual(presenter.presentedKinds.last, .content)
    XCTAssertEqual(model.stateMachine.presentedState, .content)
  }

  func test_cancellationAfterShowDelay_duringMinimumDisplay() async throws {
    let outcomes = OutcomeRecorder()
    try await startLoadingShown(outcomes)
    clock.advance(by: .milliseconds(100))
    model.endLoading(error: CancellationError(), completion: outcomes.completion("end"))
    XCTAssertEqual(model.currentState, .idle, "I1: the state before the load")
    await drain()
    assertEachOnce(outcomes, ["start", "end"])
    XCTAssertEqual(model.stateMachine.presentedState, model.currentState)
    XCTAssertFalse(presenter.presentedKinds.contains(.error))
  }

  func test_cancellationAfterShowDelay_restoresPreviousError() async throws {
    model.stateMachine.loadingPolicy = .immediate
    model.startLoading()
    model.endLoading(error: TestError("old"))
    model.stateMachine.loadingPolicy = .smooth
    model.startLoading()
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .milliseconds(150))
    try await settle { self.presenter.records.count == 3 }
    model.endLoading(error: CancellationError())
    XCTAssertEqual(model.currentState.kind, .error, "the error from before comes back")
    await drain()
    XCTAssertEqual(model.stateMachine.presentedState.kind, .error)
  }

  func test_startDuringHold_twice_thenEnd() async throws {
    let outcomes = OutcomeRecorder()
    try await startLoadingShown(outcomes)
    model.endLoading(completion: outcomes.completion("end1"))
    model.startLoading(completion: outcomes.completion("start2"))
    model.startLoading(completion: outcomes.completion("start3"))
    model.content = ["a"]
    model.endLoading(completion: outcomes.completion("end2"))
    XCTAssertEqual(model.currentState, .content)
    await drain()
    assertEachOnce(outcomes, ["start", "end1", "start2", "start3", "end2"])
    XCTAssertEqual(model.stateMachine.presentedState, .content)
  }

  func test_loadSupersedesCategoryLoadDuringHold() async throws {
    let outcomes = OutcomeRecorder()
    try await startLoadingShown(outcomes)
    model.endLoading(error: TestError("x"), completion: outcomes.completion("end"))
    let gate = Gate<[String]>()
    let load = startLoad(gate)
    try await settle { self.model.stateMachine.hasActiveLoad }
    XCTAssertEqual(outcomes["end"], [.superseded])
    await drain()
    XCTAssertEqual(presenter.presentedKinds, [.loading], "no error flash from the superseded end")
    gate.open(with: ["a"])
    await drain()
    _ = await load.value
    XCTAssertEqual(model.stateMachine.presentedState, .content)
    XCTAssertTrue(model.reportedErrors.isEmpty, "I4: no hook for the superseded end")
  }

  /// A category load superseded by `load` (its start's completion says `.superseded`): the
  /// adopter's own work then ends with an error. I4: a superseded load ends no newer load's
  /// loading and changes no state.
  func test_supersededCategoryLoad_itsEndLoading_endsTheNewerLoadsLoading() async throws {
    let outcomes = OutcomeRecorder()
    try await startLoadingShown(outcomes)
    let gate = Gate<[String]>()
    let load = startLoad(gate)
    try await settle { self.model.stateMachine.hasActiveLoad }
    XCTAssertEqual(outcomes["start"], [.presented])
    // the category work that was superseded reports its (late) failure
    model.endLoading(error: TestError("stale category failure"))
    XCTAssertTrue(model.stateMachine.hasActiveLoad, "the newer load still runs")
    XCTAssertEqual(model.currentState.kind, .loading, "I4: the superseded work changes no state")
    await drain()
    XCTAssertFalse(presenter.presentedKinds.contains(.error), "I4: \(presenter.presentedKinds)")
    gate.open(with: ["a"])
    _ = await load.value
  }

  func test_endLoadingDuringALoad_doesNotEndTheLoadsLoading() async throws {
    let gate = Gate<[String]>()
    let load = startLoad(gate)
    try await settle { self.model.stateMachine.hasActiveLoad }
    model.startLoading()
    model.endLoading(error: TestError("category failed"))
    XCTAssertTrue(model.stateMachine.hasActiveLoad)
    XCTAssertEqual(model.currentState.kind, .loading, "the load still runs (I4-ish)")
    gate.open(with: ["a"])
    await drain()
    _ = await load.value
    XCTAssertEqual(model.stateMachine.presentedState, .content)
  }

  func test_resetDuringShowDelay_andDuringHold() async throws {
    let outcomes = OutcomeRecorder()
    model.startLoading(completion: outcomes.completion("start"))
    try await settle { self.clock.sleeperCount == 1 }
    model.reset(completion: outcomes.completion("reset1"))
    XCTAssertEqual(model.currentState, .idle)
    await drain()
    XCTAssertFalse(presenter.presentedKinds.contains(.loading), "\(presenter.presentedKinds)")
    try await startLoadingShown(outcomes)
    model.endLoading(error: TestError("x"), completion: outcomes.completion("end"))
    model.reset(completion: outcomes.completion("reset2"))
    XCTAssertEqual(model.currentState, .idle)
    await drain()
    assertEachOnce(outcomes, ["reset1", "end", "reset2"])
    XCTAssertEqual(outcomes["start"].count, 2)
    XCTAssertEqual(model.stateMachine.presentedState, .idle)
    XCTAssertFalse(presenter.presentedKinds.contains(.error), "\(presenter.presentedKinds)")
    // machine still works afterwards
    model.content = ["a"]
    model.startLoading()
    model.endLoading()
    await drain()
    XCTAssertEqual(model.stateMachine.presentedState, .content)
  }

  func test_lockDuringHold() async throws {
    let outcomes = OutcomeRecorder()
    try await startLoadingShown(outcomes)
    model.content = ["secret doc"]
    model.endLoading(completion: outcomes.completion("end"))
    model.lock(completion: outcomes.completion("lock"))
    XCTAssertEqual(model.currentState.kind, .locked)
    await drain()
    assertEachOnce(outcomes, ["start", "end", "lock"])
    XCTAssertFalse(presenter.presentedKinds.contains(.content), "never content while locked")
    XCTAssertEqual(model.stateMachine.presentedState.kind, .locked)
  }

  func test_lockDuringShowDelay_thenEnd() async throws {
    let outcomes = OutcomeRecorder()
    model.startLoading(completion: outcomes.completion("start"))
    try await settle { self.clock.sleeperCount == 1 }
    model.lock(completion: outcomes.completion("lock"))
    model.content = ["a"]
    model.endLoading(completion: outcomes.completion("end"))
    await drain()
    assertEachOnce(outcomes, ["start", "lock", "end"])
    XCTAssertFalse(presenter.presentedKinds.contains(.content))
    XCTAssertEqual(model.stateMachine.presentedState.kind, .locked)
  }

  func test_progressHostile_values() async throws {
    try await startLoadingShown()
    for value in [
      -1.0, -.infinity, .nan, 5.0, -0.0, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
    ] {
      model.updateLoadingProgress(value)
      clock.advance(by: .milliseconds(60))
      await settle()
    }
    await drain()
    let progresses = presenter.records.compactMap(\.presentation.state.progress)
    XCTAssertTrue(progresses.allSatisfy { $0 >= 0 && $0 <= 1 }, "\(progresses)")
    XCTAssertEqual(progresses, progresses.sorted())
    model.endLoading()
    await drain()
    XCTAssertEqual(model.stateMachine.presentedState, .empty)
  }

  func test_progressDuringShowDelay_isShownWhenLoadingAppears() async throws {
    model.startLoading()
    model.updateLoadingProgress(0.3)
    try await settle { self.clock.sleeperCount >= 1 }
    XCTAssertTrue(presenter.records.isEmpty)
    clock.advance(by: .milliseconds(150))
    await drain()
    XCTAssertEqual(presenter.presentedKinds, [.loading])
    XCTAssertEqual(
      presenter.records.filter { $0.presentation.state.kind == .loading }.count, 1, "one loading")
  }

  func test_adopterReleasedDuringHold_isReleased() async throws {
    weak var released: TestModel?
    weak var releasedMachine: ContentStateMachine?
    let outcomes = OutcomeRecorder()
    do {
      let machine = ContentStateMachine(presenter: presenter, clock: clock)
      machine.loadingPolicy = .smooth
      let model = TestModel(machine: machine)
      released = model
      releasedMachine = machine
      model.startLoading()
      try await settle { self.clock.sleeperCount == 1 }
      clock.advance(by: .milliseconds(150))
      try await settle { self.presenter.records.count == 1 }
      model.content = ["a"]
      model.updateLoadingProgress(0.4)
      model.updateLoadingProgress(0.5)
      model.endLoading(completion: outcomes.completion("end"))
      try await settle { self.clock.sleeperCount >= 1 }
    }
    await settle()
    XCTAssertNil(released, "I6")
    XCTAssertNil(releasedMachine, "I6")
    await drain()
    XCTAssertEqual(
      outcomes["end"].count, 1, "I2: completion once, even when released: \(outcomes.outcomes)")
  }

  func test_machineOutlivesAdopter_heldEndStillCompletes() async throws {
    let outcomes = OutcomeRecorder()
    let machine = ContentStateMachine(presenter: presenter, clock: clock)
    machine.loadingPolicy = .smooth
    weak var released: TestModel?
    do {
      let model = TestModel(machine: machine)
      released = model
      model.startLoading(completion: outcomes.completion("start"))
      try await settle { self.clock.sleeperCount == 1 }
      clock.advance(by: .milliseconds(150))
      try await settle { self.presenter.records.count == 1 }
      model.content = ["a"]
      model.endLoading(completion: outcomes.completion("end"))
      try await settle { self.clock.sleeperCount >= 1 }
    }
    XCTAssertNil(released)
    await drain()
    XCTAssertEqual(outcomes["end"].count, 1, "I2: the held end's completion: \(outcomes.outcomes)")
    XCTAssertEqual(machine.presentedState, machine.requestedState, "I3: loading left on screen")
    // a fresh adopter of the same machine
    let model2 = TestModel(machine: machine)
    model2.content = ["b"]
    model2.setupInitialState(completion: outcomes.completion("setup"))
    await drain()
    XCTAssertEqual(outcomes["setup"].count, 1, "machine wedged: \(outcomes.outcomes)")
    XCTAssertEqual(machine.presentedState, .content)
  }

  func test_presenterChangedDuringHold() async throws {
    try await startLoadingShown()
    model.content = ["a"]
    model.endLoading()
    let second = RecordingPresenter()
    model.stateMachine.presenter = second
    await drain()
    XCTAssertEqual(second.presentedKinds.last, .content)
    XCTAssertEqual(
      presenter.presentedKinds.last, .loading, "the detached presenter gets nothing more")
    XCTAssertEqual(model.stateMachine.presentedState, .content)
  }

  func test_presenterRemovedDuringShowDelay_andRestored() async throws {
    model.startLoading()
    try await settle { self.clock.sleeperCount == 1 }
    model.stateMachine.presenter = nil
    clock.advance(by: .milliseconds(150))
    await settle()
    model.stateMachine.presenter = presenter
    model.content = ["a"]
    model.endLoading()
    await drain()
    XCTAssertEqual(presenter.presentedKinds.last, .content, "\(presenter.presentedKinds)")
    XCTAssertEqual(model.stateMachine.presentedState, .content)
  }

  func test_reentrantStartFromSupersededStartCompletion() async throws {
    let outcomes = OutcomeRecorder()
    var restarted = false
    model.startLoading { outcome in
      outcomes.completion("start")(outcome)
      if !restarted {
        restarted = true
        self.model.startLoading(completion: outcomes.completion("inner"))
      }
    }
    model.content = ["a"]
    model.endLoading(completion: outcomes.completion("end"))
    await drain()
    assertEachOnce(outcomes, ["start", "inner", "end"])
    XCTAssertEqual(model.stateMachine.presentedState, model.currentState)
    model.endLoading(completion: outcomes.completion("end2"))
    await drain()
    assertEachOnce(outcomes, ["end2"])
    XCTAssertEqual(model.stateMachine.presentedState, .content)
  }

  func test_reentrantEndFromShownStartCompletion_andStartFromHeldEndCompletion() async throws {
    let outcomes = OutcomeRecorder()
    var count = 0
    model.startLoading { outcome in
      outcomes.completion("start")(outcome)
      self.model.endLoading { outcome in
        outcomes.completion("end")(outcome)
        count += 1
        if count < 3 { self.model.startLoading(completion: outcomes.completion("again\(count)")) }
      }
    }
    await drain()
    await drain()
    assertEachOnce(outcomes, ["start", "end", "again1"])
    XCTAssertEqual(model.stateMachine.presentedState, model.currentState)
    XCTAssertFalse(
      model.stateMachine.isLoading == false && model.currentState.kind == .loading, "stuck loading")
  }

  func test_endFromNoActor_beforeShowDelay_andProgressFromNoActor() async throws {
    let outcomes = OutcomeRecorder()
    model.startLoading(completion: outcomes.completion("start"))
    Self.progressOutside(model, 0.5)
    Self.progressOutside(model, .nan)
    Self.progressOutside(model, -3)
    Self.endOutside(model)
    XCTAssertEqual(model.currentState, .empty)
    await drain()
    XCTAssertEqual(presenter.presentedKinds, [.empty])
    assertEachOnce(outcomes, ["start"])
  }

  private nonisolated static func endOutside(_ model: TestModel) { model.endLoading() }
  private nonisolated static func progressOutside(_ model: TestModel, _ f: Double) {
    model.updateLoadingProgress(f)
  }

  func test_startFromNoActor_whilePacedLoadRuns() async throws {
    let outcomes = OutcomeRecorder()
    try await startLoadingShown(outcomes)
    Self.startOutside(model)
    model.content = ["a"]
    model.endLoading(completion: outcomes.completion("end"))
    await drain()
    assertEachOnce(outcomes, ["start", "end"])
    XCTAssertEqual(model.stateMachine.presentedState, .content)
    XCTAssertEqual(model.currentState, .content)
  }

  private nonisolated static func startOutside(_ model: TestModel) { model.startLoading() }

  func test_decisionDuringHold_explainsMinimumDisplay_andTraceIsConsistent() async throws {
    let stream = model.stateMachine.stateChanges()
    try await startLoadingShown()
    model.content = ["a"]
    model.endLoading()
    await drain()
    var log = TransitionLog()
    for await change in stream {
      log.record(change)
      if change.to.kind == .content { break }
    }
    let read = try TransitionLog(jsonLines: log.jsonLines())
    XCTAssertEqual(read.changesDecidedDifferently.count, 0, read.timeline(explained: true))
  }
}
