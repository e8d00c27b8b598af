import StatefulContent
import StatefulContentTesting
import XCTest

final class LoadingPolicyTests: LoadTestCase {
  override var loadingPolicy: LoadingPolicy { .smooth }

  /// Starts a load and lets the show delay (150 ms) pass, so that loading is on screen.
  private func startLoadShowingLoading(_ gate: Gate<[String]>) async throws -> Task<
    LoadOutcome, Never
  > {
    let load = startLoad(gate)
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .milliseconds(150))
    try await settle { self.presenter.records.count == 1 }
    return load
  }

  func test_theDefault_isSmooth_soFastWorkNeverFlashesLoading() async {
    let presenter = RecordingPresenter()
    let model = TestModel(machine: ContentStateMachine(presenter: presenter, clock: clock))
    XCTAssertEqual(model.stateMachine.loadingPolicy, .smooth)
    // Opening a locked document: found at once, so locked without loading before it.
    _ = await model.loadReloadable { context in
      guard context.credential?.secret == "right" else { throw ContentLockedError() }
      return ["page"]
    }
    XCTAssertEqual(presenter.presentedKinds, [.locked])
    // A wrong password, refused at once: locked again, without loading in between.
    _ = await model.unlock(with: Credential(password: "wrong"))
    XCTAssertEqual(model.currentState, .locked(.incorrectCredential(attempts: 1)))
    XCTAssertEqual(presenter.presentedKinds, [.locked, .locked])
    XCTAssertFalse(presenter.presentedKinds.contains(.loading))
  }

  func test_timersNearTheClocksLimit_saturateInsteadOfTrapping() async throws {
    // The clock is moved to within the delays of the saturation limit after the machine was
    // made, so that every deadline (show delay, retry, minimum display) would pass it.
    clock.advance(to: ManualClock.Instant(offset: .saturatedMaximum - .nanoseconds(1)))
    let attempts = Counter()
    let model = model
    let load = Task {
      await model.load(into: \.content, retry: RetryPolicy(maximumRetries: 1)) { _ in
        attempts.increment()
        if attempts.value == 1 { throw TestError("first") }
        return ["a"]
      }
    }
    try await settle("the retry waits on the clock instead of trapping") {
      attempts.value == 1 && self.clock.sleeperCount >= 1
    }
    clock.advance(to: ManualClock.Instant(offset: .saturatedMaximum))
    let outcome = await load.value
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(attempts.value, 2)
    XCTAssertEqual(model.currentState, .content)
  }

  func test_aClockWhoseSleepFails_endsTheWaitAsIfElapsed_insteadOfWedgingTheLoad() async throws {
    struct ClockFailure: Error {}
    clock.failSleeps(with: ClockFailure())
    let machine = ContentStateMachine(presenter: presenter, clock: clock)
    machine.loadingPolicy = .smooth
    let model = TestModel(machine: machine)
    let attempts = Counter()
    let load = Task {
      await model.load(into: \.content, retry: RetryPolicy(maximumRetries: 1)) { _ in
        attempts.increment()
        if attempts.value == 1 { throw TestError("first") }
        return ["a"]
      }
    }
    try await settle("the show delay, the retry delay and the minimum display all end") {
      model.currentState == .content
    }
    XCTAssertEqual(attempts.value, 2)
    XCTAssertEqual(presenter.presentedKinds.last, .content)
    load.cancel()
  }

  func test_aPresenterReplacedDuringTheShowDelay_isNotShownLoading_andNothingIsHeld() async throws {
    let gate = Gate<[String]>()
    let load = startLoad(gate)
    try await settle { self.clock.sleeperCount == 1 }
    let second = RecordingPresenter()
    model.stateMachine.presenter = second
    XCTAssertEqual(second.presentedKinds, [], "loading is still held back by the delay")
    clock.advance(by: .milliseconds(50))
    gate.open(with: ["a"])
    let outcome = await load.value
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(second.presentedKinds, [.content], "no loading, and no minimum display")
  }

  func test_loadsSupersedingEachOther_keepTheFirstShowDelay_loadingAppearsAt150ms() async throws {
    let gate = Gate<[String]>()
    var loads: [Task<LoadOutcome, Never>] = []
    for _ in 0..<3 {
      loads.append(startLoad(gate))
      try await settle { self.clock.sleeperCount == 1 }
      clock.advance(by: .milliseconds(60))
      await settle()
    }
    XCTAssertEqual(
      presenter.presentedKinds, [.loading], "at 150 ms, though the last started at 120")
    for load in loads { load.cancel() }
    for load in loads { _ = await load.value }
  }

  func test_loadEndingBeforeTheShowDelay_neverPresentsLoading() async throws {
    let gate = Gate<[String]>()
    let load = startLoad(gate)
    try await settle { self.clock.sleeperCount == 1 }
    XCTAssertEqual(model.currentState, .loading, "the requested state is loading at once (I1)")
    XCTAssertTrue(presenter.records.isEmpty)
    clock.advance(by: .milliseconds(149))
    await settle()
    XCTAssertTrue(presenter.records.isEmpty)
    gate.open(with: ["a"])
    _ = await load.value
    XCTAssertEqual(presenter.presentedKinds, [.content])
    try await settle { self.clock.sleeperCount == 0 }
    XCTAssertEqual(clock.sleeperCount, 0, "the pending show is cancelled")
  }

  func test_loadingShownAfterTheDelay_staysForTheMinimumDisplayTime() async throws {
    let gate = Gate<[String]>()
    let load = try await startLoadShowingLoading(gate)
    XCTAssertEqual(presenter.presentedKinds, [.loading])
    clock.advance(by: .milliseconds(100))
    gate.open(with: ["a"])
    try await settle { self.clock.sleeperCount == 1 }
    XCTAssertEqual(presenter.presentedKinds, [.loading], "held for the minimum display time")
    XCTAssertEqual(model.content, [], "the value is applied when the state changes")
    XCTAssertEqual(clock.nextDeadline, ManualClock.Instant(offset: .milliseconds(550)))
    clock.advance(by: .milliseconds(299))
    await settle()
    XCTAssertEqual(presenter.presentedKinds, [.loading])
    clock.advance(by: .milliseconds(1))
    let outcome = await load.value
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
    XCTAssertEqual(model.content, ["a"])
  }

  func test_cancelDuringTheMinimumDisplayTime_restoresThePreviousStateAtOnce() async throws {
    let gate = Gate<[String]>()
    let load = try await startLoadShowingLoading(gate)
    XCTAssertEqual(presenter.presentedKinds, [.loading])
    clock.advance(by: .milliseconds(10))
    model.cancelLoading()
    XCTAssertEqual(model.currentState, .idle, "the state before the load, at once")
    XCTAssertEqual(presenter.presentedKinds, [.loading, .idle], "no minimum display on cancel")
    let outcome = await load.value
    XCTAssertEqual(outcome, .cancelled)
  }

  func test_loadEndingAfterTheMinimumDisplayTime_isNotHeld() async throws {
    let gate = Gate<[String]>()
    let load = try await startLoadShowingLoading(gate)
    clock.advance(by: .seconds(1))
    gate.open(with: [])
    _ = await load.value
    XCTAssertEqual(presenter.presentedKinds, [.loading, .empty])
  }

  func test_loadSupersededDuringTheMinimumDisplayTime_newerLoadDecides() async throws {
    let gateA = Gate<[String]>()
    let gateB = Gate<[String]>()
    let loadA = try await startLoadShowingLoading(gateA)
    gateA.open(with: ["a"])
    try await settle { self.clock.sleeperCount == 1 }  // A is held for the minimum display
    let loadB = startLoad(gateB)
    let outcomeA = await loadA.value
    XCTAssertEqual(outcomeA, .superseded)
    XCTAssertEqual(presenter.presentedKinds, [.loading], "loading stays, no new show delay")
    clock.advance(by: .milliseconds(400))
    await settle()
    XCTAssertEqual(model.content, [], "A's held value is never applied")
    gateB.open(with: ["b"])
    _ = await loadB.value
    XCTAssertEqual(model.content, ["b"])
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
  }

  func test_progress_isCoalesced_andNeverGoesBackwards() async throws {
    model.stateMachine.loadingPolicy = LoadingPolicy(
      progressInterval: .milliseconds(100), progressStep: 0.1)
    let reports = Gate<Void>()
    let finish = Gate<[String]>()
    let model = model
    let load = Task {
      await model.load(into: \.content) { context in
        for fraction in [0.05, 0.2, 0.1, 0.25, 0.5] { context.reportProgress(fraction) }
        reports.open()
        return try await finish.wait()
      }
    }
    _ = try? await reports.wait()
    try await settle { self.presenter.records.count == 2 && self.clock.sleeperCount == 1 }
    // 0.05 is below the step; 0.2 is shown; 0.1 goes backwards; 0.25 is too small a change;
    // 0.5 comes within the interval and waits for it.
    XCTAssertEqual(presenter.records.map(\.presentation.state.progress), [nil, 0.2])
    clock.advance(by: .milliseconds(100))
    try await settle { self.presenter.records.count == 3 }
    XCTAssertEqual(presenter.records.map(\.presentation.state.progress), [nil, 0.2, 0.5])
    XCTAssertEqual(model.stateMachine.progress, 0.5)
    finish.open(with: ["done"])
    _ = await load.value
    XCTAssertEqual(presenter.presentedKinds.last, .content)
  }

  func test_progressInUnits_reachesThePlaceholder() async throws {
    model.stateMachine.loadingPolicy = .immediate
    let reported = Gate<Void>()
    let finish = Gate<[String]>()
    let model = model
    let load = Task {
      await model.load(into: \.content) { context in
        context.reportProgress(completed: 3, total: 4)
        reported.open()
        return try await finish.wait()
      }
    }
    _ = try? await reported.wait()
    try await settle { self.presenter.records.count == 2 }
    let placeholder = try XCTUnwrap(
      presenter.lastPresentation?.placeholder as? StandardPlaceholder)
    XCTAssertEqual(placeholder.progress, 0.75)
    finish.open(with: [])
    _ = await load.value
  }

  func test_foreverDurations_onTheRealClock_loadCompletesWithoutTrapping() async {
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let model = TestModel(machine: ContentStateMachine(presenter: keptPresenter))
    model.stateMachine.loadingPolicy = LoadingPolicy(
      showDelay: .seconds(Int64.max), minimumDisplayTime: .seconds(Int64.max),
      progressInterval: .seconds(Int64.max))
    let outcome = await model.load(
      into: \.content,
      retry: RetryPolicy(maximumRetries: 1, initialDelay: .seconds(Int64.max)),
      operation: { context in
        context.reportProgress(0.5)
        context.reportProgress(0.9)
        return ["done"]
      })
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(model.currentState, .content)
  }

  // MARK: A show delay of one second, with presenters of their own

  func test_showDelay_deferredLoading_supersedesTheRequestWaitingBehindAnAnimation() async throws {
    let presenter = RecordingPresenter(finishing: .manually)
    let clock = ManualClock()
    let model = TestModel(machine: ContentStateMachine(presenter: presenter, clock: clock))
    model.stateMachine.loadingPolicy = LoadingPolicy(showDelay: .seconds(1))
    let outcomes = OutcomeRecorder()
    model.endLoading(animated: true, completion: outcomes.completion("empty"))
    model.endLoading(animated: true, error: TestError(), completion: outcomes.completion("error"))
    let gate = Gate<[String]>()
    let load = Task { await model.load(into: \.content) { _ in try await gate.wait() } }
    try await settle { clock.sleeperCount == 1 }
    XCTAssertEqual(outcomes["error"], [.superseded])
    presenter.finishAll()
    XCTAssertEqual(presenter.presentedKinds, [.empty])
    XCTAssertEqual(model.currentState, .loading)
    gate.open(with: ["a"])
    _ = await load.value
    presenter.finishAll()
    XCTAssertEqual(presenter.presentedKinds, [.empty, .content], "loading never flashed")
  }

  func test_showDelay_retriesAndReplacedPlaceholders_doNotShowLoading() async throws {
    let presenter = RecordingPresenter()
    let clock = ManualClock()
    let model = TestModel(machine: ContentStateMachine(presenter: presenter, clock: clock))
    model.stateMachine.loadingPolicy = LoadingPolicy(showDelay: .seconds(1))
    let attempts = Counter()
    let load = Task {
      await model.load(
        into: \.content, retry: RetryPolicy(maximumRetries: 1, initialDelay: .milliseconds(100))
      ) { _ in
        attempts.increment()
        if attempts.value == 1 { throw TestError() }
        return ["a"]
      }
    }
    try await settle { clock.sleeperCount == 2 }  // the show delay and the backoff
    try model.setPlaceholder(StandardPlaceholder(title: "Wait"), for: .loading)
    model.setupInitialState()
    clock.advance(by: .milliseconds(100))
    _ = await load.value
    XCTAssertEqual(presenter.presentedKinds, [.content])
  }

  func test_showDelay_cancelPendingTransitions_dropsTheDeferredLoading() async throws {
    let presenter = RecordingPresenter()
    let clock = ManualClock()
    let model = TestModel(machine: ContentStateMachine(presenter: presenter, clock: clock))
    model.stateMachine.loadingPolicy = LoadingPolicy(showDelay: .seconds(1))
    model.endLoading()
    let gate = Gate<[String]>()
    let load = Task { await model.load(into: \.content) { _ in try await gate.wait() } }
    try await settle { clock.sleeperCount == 1 }
    model.stateMachine.cancelPendingTransitions()
    clock.advance(by: .seconds(1))
    await settle()
    XCTAssertEqual(model.currentState, model.stateMachine.presentedState, "I1 and I3 agree")
    gate.open(with: [])
    _ = await load.value
    XCTAssertEqual(model.currentState, .empty)
  }
}
