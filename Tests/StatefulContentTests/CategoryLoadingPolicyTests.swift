import StatefulContent
import StatefulContentTesting
import XCTest

/// The category API (`startLoading`, `endLoading`, `updateLoadingProgress`) under a loading
/// policy: the same show delay, minimum display time and progress pacing as `load`.
final class CategoryLoadingPolicyTests: LoadTestCase {
  override var loadingPolicy: LoadingPolicy { .smooth }

  /// Starts loading and lets the show delay (150 ms) pass, so that loading is on screen.
  private func startLoadingShown(_ outcomes: OutcomeRecorder? = nil) async throws {
    model.startLoading(completion: outcomes?.completion("start"))
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .milliseconds(150))
    try await settle { self.presenter.records.count == 1 }
  }

  func test_anEndBeforeTheShowDelay_neverPresentsLoading_andTheStartIsSuperseded() async throws {
    let outcomes = OutcomeRecorder()
    model.startLoading(completion: outcomes.completion("start"))
    XCTAssertEqual(model.currentState, .loading, "the requested state is loading at once (I1)")
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .milliseconds(50))
    await settle()
    XCTAssertTrue(presenter.records.isEmpty, "no loading within the show delay")
    model.content = ["a"]
    model.endLoading(completion: outcomes.completion("end"))
    XCTAssertEqual(presenter.presentedKinds, [.content], "no loading flash")
    XCTAssertEqual(outcomes["start"], [.superseded], "a loading never shown was superseded")
    XCTAssertEqual(outcomes["end"], [.presented])
    try await settle { self.clock.sleeperCount == 0 }
    XCTAssertEqual(clock.sleeperCount, 0, "the show delay's timer is cancelled")
    clock.advance(by: .seconds(1))
    await settle()
    XCTAssertEqual(presenter.presentedKinds, [.content], "the timer shows nothing later")
  }

  func test_loadingShownAfterTheDelay_staysTheMinimumDisplayTime_thenTheEndIsPresented()
    async throws
  {
    let outcomes = OutcomeRecorder()
    try await startLoadingShown(outcomes)
    XCTAssertEqual(presenter.presentedKinds, [.loading])
    XCTAssertEqual(outcomes["start"], [.presented])
    clock.advance(by: .milliseconds(100))
    model.content = ["a"]
    model.endLoading(completion: outcomes.completion("end"))
    XCTAssertEqual(presenter.presentedKinds, [.loading], "loading stays its minimum time")
    XCTAssertEqual(outcomes["end"], [], "the end's completion waits for its presentation")
    XCTAssertFalse(model.stateMachine.isLoading, "the load did end")
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .milliseconds(299))
    await settle()
    XCTAssertEqual(presenter.presentedKinds, [.loading])
    clock.advance(by: .milliseconds(1))
    try await settle { self.presenter.records.count == 2 }
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
    XCTAssertEqual(outcomes["end"], [.presented], "called exactly once, when presented")
  }

  func test_anEndAfterTheMinimumDisplayTime_isPresentedAtOnce() async throws {
    try await startLoadingShown()
    clock.advance(by: .milliseconds(400))
    model.endLoading(error: TestError("offline"))
    XCTAssertEqual(presenter.presentedKinds, [.loading, .error])
  }

  func test_aStartDuringTheHold_supersedesTheHeldEnd_andLoadingStays() async throws {
    let outcomes = OutcomeRecorder()
    try await startLoadingShown()
    model.endLoading(completion: outcomes.completion("end"))
    model.startLoading(completion: outcomes.completion("again"))
    XCTAssertEqual(outcomes["end"], [.superseded], "the held end is superseded by the new load")
    XCTAssertEqual(outcomes["again"], [.unchanged], "loading is on screen already")
    clock.advance(by: .seconds(1))
    await settle()
    XCTAssertEqual(presenter.presentedKinds, [.loading], "loading stays: the new load runs")
    model.endLoading()
    XCTAssertEqual(presenter.presentedKinds, [.loading, .empty])
  }

  // MARK: One load engine: a category load and a run of `load` take turns

  func test_aLoadStartedDuringACategoryLoad_supersedesIt_andItsTimerEndsWithIt() async throws {
    let outcomes = OutcomeRecorder()
    model.startLoading(completion: outcomes.completion("start"))
    try await settle { self.clock.sleeperCount == 1 }
    let gate = Gate<[String]>()
    let load = startLoad(gate)
    try await settle { self.model.stateMachine.hasActiveLoad }
    XCTAssertEqual(outcomes["start"], [.superseded], "the load's loading replaced it (I2)")
    try await settle { self.clock.sleeperCount == 1 }
    XCTAssertEqual(clock.sleeperCount, 1, "the category load's timer ended with it")
    clock.advance(by: .milliseconds(150))
    try await settle { self.presenter.records.count == 1 }
    XCTAssertEqual(presenter.presentedKinds, [.loading], "one loading, the load's")
    gate.open(with: ["a"])
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .milliseconds(400))
    let outcome = await load.value
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
    XCTAssertEqual(outcomes["start"].count, 1, "the start's completion ran exactly once (I2)")
  }

  func test_aCategoryLoadStartedDuringALoad_onlyMarksLoading_andTheLoadGoesOn() async throws {
    let gate = Gate<[String]>()
    let load = startLoad(gate)
    try await settle { self.model.stateMachine.hasActiveLoad && self.clock.sleeperCount == 1 }
    model.startLoading()
    XCTAssertTrue(model.stateMachine.hasActiveLoad, "the load is not superseded")
    await settle()
    XCTAssertEqual(clock.sleeperCount, 1, "no timer of a category load: only the load's")
    gate.open(with: ["a"])
    let outcome = await load.value
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(presenter.presentedKinds.last, .content)
  }

  func test_theDecision_ofACategoryLoad_namesItsShowDelay_asALoadsDoes() async throws {
    model.startLoading()
    XCTAssertEqual(model.stateMachine.decision.heldBackUntil, .milliseconds(150))
    XCTAssertTrue(
      model.stateMachine.explanation.contains("show delay"), model.stateMachine.explanation)
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .milliseconds(150))
    try await settle { self.presenter.records.count == 1 }
    model.content = ["a"]
    model.endLoading()
    XCTAssertEqual(model.stateMachine.decision.heldBackUntil, .milliseconds(550))
    XCTAssertEqual(model.currentState, .content, "requested at once (I1)")
  }

  func test_aCancellationBeforeTheShowDelay_bringsBackThePreviousState_withNoFlash() async {
    model.content = ["a"]
    model.endLoading()
    XCTAssertEqual(presenter.presentedKinds, [.content])
    model.content = []
    let outcomes = OutcomeRecorder()
    model.startLoading(completion: outcomes.completion("start"))
    model.endLoading(error: CancellationError(), completion: outcomes.completion("end"))
    XCTAssertEqual(outcomes["start"], [.superseded])
    XCTAssertEqual(outcomes["end"].count, 1)
    XCTAssertFalse(presenter.presentedKinds.contains(.loading))
    XCTAssertFalse(presenter.presentedKinds.contains(.error), "cancellation is not an error")
  }

  func test_progress_isPacedByTheInterval_andNeverGoesBackwards() async throws {
    try await startLoadingShown()
    model.updateLoadingProgress(0.5)
    XCTAssertEqual(presenter.lastPresentation?.state.progress, 0.5)
    model.updateLoadingProgress(0.2)
    model.updateLoadingProgress(0.6)
    model.updateLoadingProgress(0.7)
    XCTAssertEqual(presenter.lastPresentation?.state.progress, 0.5, "coalesced within 50 ms")
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .milliseconds(50))
    try await settle { self.presenter.lastPresentation?.state.progress == 0.7 }
    XCTAssertEqual(presenter.lastPresentation?.state.progress, 0.7, "the latest, after 50 ms")
    let progresses = presenter.records.compactMap(\.presentation.state.progress)
    XCTAssertEqual(progresses, progresses.sorted(), "never backwards: \(progresses)")
  }

  func test_theAdopterIsReleased_whileAShowDelayIsPending() async throws {
    weak var released: TestModel?
    do {
      let machine = ContentStateMachine(presenter: presenter, clock: clock)
      machine.loadingPolicy = .smooth
      let model = TestModel(machine: machine)
      released = model
      model.startLoading()
      try await settle { self.clock.sleeperCount == 1 }
    }
    XCTAssertNil(released, "the timer holds neither the adopter nor its machine")
    clock.advance(by: .seconds(1))
    await settle()
    XCTAssertTrue(presenter.records.isEmpty)
  }

  func test_anEndFromCodeIsolatedToNoActor_stillWaitsTheMinimumDisplayTime() async throws {
    try await startLoadingShown()
    clock.advance(by: .milliseconds(100))
    Self.endOutsideAnyActor(model)  // a completion handler, as StatefulViewController's were
    XCTAssertEqual(presenter.presentedKinds, [.loading], "loading stays its minimum time")
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .milliseconds(300))
    try await settle { self.presenter.records.count == 2 }
    XCTAssertEqual(presenter.presentedKinds, [.loading, .empty])
  }

  func test_aPresenterAttachedDuringTheShowDelay_isNotShownLoadingEarly() async throws {
    let machine = ContentStateMachine(clock: clock)
    machine.loadingPolicy = .smooth
    let model = TestModel(machine: machine)
    model.startLoading()
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .milliseconds(50))
    machine.presenter = presenter
    XCTAssertEqual(presenter.presentedKinds, [], "loading is still held back")
    clock.advance(by: .milliseconds(50))
    model.content = ["a"]
    model.endLoading()
    XCTAssertEqual(presenter.presentedKinds, [.content], "a fast load never shows loading")
  }

  /// Ends loading from code isolated to no actor (`#isolation` is `nil`).
  private nonisolated static func endOutsideAnyActor(_ model: TestModel) {
    model.endLoading()
  }

  func test_aSecondRequestDuringTheHold_waitsWithIt() async throws {
    try await startLoadingShown()
    model.content = ["a"]
    model.endLoading()
    model.endLoading()
    model.setupInitialState()
    XCTAssertEqual(presenter.presentedKinds, [.loading], "loading keeps its minimum time")
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .milliseconds(400))
    try await settle { self.presenter.records.count == 2 }
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
  }

  func test_cancelLoading_leavesTheCategoryAPIsLoadAlone() async throws {
    try await startLoadingShown()
    XCTAssertFalse(model.stateMachine.hasActiveLoad, "not a load started with load")
    model.endLoading(error: TestError("offline"))
    model.cancelLoading()
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .milliseconds(400))
    try await settle { self.presenter.records.count == 2 }
    XCTAssertEqual(presenter.presentedKinds, [.loading, .error], "the load had ended")
    XCTAssertEqual(model.stateMachine.lastError as? TestError, TestError("offline"))
  }

  func test_nonFiniteProgress_isIgnored_theProgressShownStays() async throws {
    try await startLoadingShown()
    model.updateLoadingProgress(0.5)
    clock.advance(by: .milliseconds(60))
    model.updateLoadingProgress(.nan)
    model.updateLoadingProgress(.infinity)
    await settle()
    XCTAssertEqual(model.stateMachine.progress, 0.5)
    XCTAssertEqual(presenter.lastPresentation?.state.progress, 0.5)
  }

  func test_progressFromCodeIsolatedToNoActor_isCoalesced_andTheLatestShown() async throws {
    try await startLoadingShown()
    model.updateLoadingProgress(0.2)
    Self.reportOutsideAnyActor(model, 0.4)
    model.updateLoadingProgress(0.6)
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .milliseconds(50))
    try await settle { self.presenter.lastPresentation?.state.progress == 0.6 }
    XCTAssertEqual(presenter.lastPresentation?.state.progress, 0.6)
  }

  /// Reports progress from code isolated to no actor (`#isolation` is `nil`).
  private nonisolated static func reportOutsideAnyActor(_ model: TestModel, _ fraction: Double) {
    model.updateLoadingProgress(fraction)
  }

  func test_outsideAnyActor_thePolicyFallsBackToImmediate() {
    let model = model
    Self.startAndEndOutsideAnyActor(model)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .loading, .empty], "documented fallback")
    XCTAssertEqual(
      presenter.records.map(\.presentation.state.progress), [nil, 0.5, nil],
      "loading at once, its progress never backwards, and the end at once")
  }

  /// Calls the category API from code isolated to no actor (`#isolation` is `nil`).
  private nonisolated static func startAndEndOutsideAnyActor(_ model: TestModel) {
    model.startLoading()
    model.updateLoadingProgress(0.5)
    model.updateLoadingProgress(0.2)
    model.endLoading()
  }

  func test_progressReportedBackwards_isNotPresented_underAnyPolicy() {
    model.stateMachine.loadingPolicy = .immediate
    model.startLoading()
    model.updateLoadingProgress(0.5)
    model.updateLoadingProgress(0.2)
    XCTAssertEqual(presenter.lastPresentation?.state.progress, 0.5)
    XCTAssertEqual(model.stateMachine.progress, 0.5)
    model.endLoading()
    model.startLoading()
    model.updateLoadingProgress(0.1)
    XCTAssertEqual(presenter.lastPresentation?.state.progress, 0.1, "a new load starts over")
  }
}
