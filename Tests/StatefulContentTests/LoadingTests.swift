import StatefulContent
import StatefulContentTesting
import XCTest

final class LoadingTests: LoadTestCase {
  func test_load_success_showsLoadingThenContent() async throws {
    let gate = Gate<[String]>()
    let load = startLoad(gate)
    try await settle { self.model.currentState == .loading }
    XCTAssertTrue(model.stateMachine.isLoading)
    gate.open(with: ["a"])
    let outcome = await load.value
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(model.content, ["a"])
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
    XCTAssertFalse(model.stateMachine.isLoading)
  }

  func test_load_emptyValue_isEmpty_andFailure_isTheRealError() async {
    let outcome = await model.load(into: \.content) { _ in [] }
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(model.currentState, .empty)
    let failed = await model.load(into: \.content) { _ in throw TestError("offline") }
    XCTAssertEqual(failed.error as? TestError, TestError("offline"))
    XCTAssertEqual(model.currentState.error as? TestError, TestError("offline"))
    XCTAssertEqual(presenter.presentedKinds, [.loading, .empty, .loading, .error])
  }

  func test_refresh_presentsItsProgress_onTheContentThatStays() async throws {
    model.content = ["old"]
    model.setupInitialState()
    let gate = Gate<[String]>()
    let model = model
    let load = Task {
      await model.load(into: \.content) { context in
        context.reportProgress(0.5)
        return try await gate.wait()
      }
    }
    try await settle { self.presenter.lastPresentation?.progress == 0.5 }
    XCTAssertEqual(presenter.lastPresentation?.state, .content)
    XCTAssertEqual(presenter.lastPresentation?.isRefreshing, true)
    XCTAssertEqual(presenter.lastPresentation?.progress, 0.5, "progress visible on content")
    gate.open(with: ["new"])
    _ = await load.value
    XCTAssertEqual(presenter.lastPresentation?.isRefreshing, false)
    XCTAssertNil(presenter.lastPresentation?.progress, "no progress once the load ended")
  }

  func test_refresh_keepsContent_reportsRefreshing_andFailureGoesToTheHook() async throws {
    model.content = ["cached"]
    model.setupInitialState()
    let gate = Gate<[String]>()
    let load = startLoad(gate)
    try await settle { self.model.stateMachine.isRefreshing }
    XCTAssertEqual(model.currentState, .content)
    XCTAssertTrue(model.stateMachine.isLoading)
    gate.fail(with: TestError("timeout"))
    let outcome = await load.value
    XCTAssertEqual(outcome.error as? TestError, TestError("timeout"))
    XCTAssertEqual(model.currentState, .content)
    XCTAssertFalse(model.stateMachine.isRefreshing)
    XCTAssertEqual(model.reportedErrors, ["timeout"])
    XCTAssertEqual(model.content, ["cached"])
    XCTAssertFalse(presenter.presentedKinds.contains(.loading))
  }

  /// Shows cached content, then starts a refresh whose every attempt fails ("timeout n").
  private func startFailingRefresh(retry: RetryPolicy) -> (Task<LoadOutcome, Never>, Counter) {
    model.content = ["cached"]
    model.setupInitialState()
    let attempts = Counter()
    let model = model
    let load = Task {
      await model.load(into: \.content, retry: retry) { _ in
        attempts.increment()
        throw TestError("timeout \(attempts.value)")
      }
    }
    return (load, attempts)
  }

  func test_refresh_failingUnderTheStandardRetry_endsAtOnce_andCallsTheHookOnce() async throws {
    let (load, attempts) = startFailingRefresh(retry: .standard)
    try await settle { attempts.value == 1 && !self.model.stateMachine.isRefreshing }
    XCTAssertFalse(model.stateMachine.isRefreshing, "the refresh indicator stops at once")
    XCTAssertEqual(clock.sleeperCount, 0, "no backoff is waited for")
    XCTAssertEqual(model.reportedErrors, ["timeout 1"])
    model.cancelLoading()  // Ends a load still backing off, so that the test ends either way.
    let outcome = await load.value
    XCTAssertEqual(outcome.error as? TestError, TestError("timeout 1"))
    XCTAssertEqual(attempts.value, 1, "the remaining retries are not run")
    XCTAssertEqual(model.currentState, .content)
    XCTAssertEqual(model.content, ["cached"])
    XCTAssertEqual(model.reportedErrors, ["timeout 1"], "the hook is called once")
    XCTAssertFalse(presenter.presentedKinds.contains(.loading))
  }

  func test_refresh_withOneRefreshRetry_retriesOnce_thenReportsTheFailure() async throws {
    let (load, attempts) = startFailingRefresh(
      retry: RetryPolicy(maximumRetries: 3, maximumRefreshRetries: 1))
    try await settle { self.clock.sleeperCount == 1 }
    XCTAssertTrue(model.stateMachine.isRefreshing, "still refreshing during the one backoff")
    clock.advance(by: .seconds(1))
    try await settle { attempts.value == 2 && !self.model.stateMachine.isRefreshing }
    XCTAssertEqual(clock.sleeperCount, 0, "no second backoff")
    model.cancelLoading()  // Ends a load still backing off, so that the test ends either way.
    let outcome = await load.value
    XCTAssertEqual(outcome.error as? TestError, TestError("timeout 2"))
    XCTAssertEqual(attempts.value, 2)
    XCTAssertFalse(model.stateMachine.isRefreshing)
    XCTAssertEqual(model.reportedErrors, ["timeout 2"])
  }

  func test_loadStartedFirstFinishingLast_isSuperseded_andChangesNothing() async throws {  // I4
    let gateA = Gate<[String]>()
    let gateB = Gate<[String]>()
    let loadA = startLoad(gateA, ignoringCancellation: true)
    try await settle { gateA.waiterCount == 1 }
    let loadB = startLoad(gateB)
    let outcomeA = await loadA.value
    XCTAssertEqual(outcomeA, .superseded, "a superseded load returns at once")
    gateB.open(with: ["b"])
    let outcomeB = await loadB.value
    XCTAssertEqual(outcomeB, .completed)
    gateA.fail(with: TestError("late"))  // A's late failure
    await settle()
    XCTAssertEqual(model.content, ["b"])
    XCTAssertEqual(model.currentState, .content)
    XCTAssertTrue(model.reportedErrors.isEmpty)
  }

  func test_olderLoadFinishingWhileNewerRuns_doesNotEndTheNewerLoading() async throws {  // I4
    let gateA = Gate<[String]>()
    let gateB = Gate<[String]>()
    let loadA = startLoad(gateA)
    try await settle { gateA.waiterCount == 1 }
    let loadB = startLoad(gateB)
    try await settle { gateB.waiterCount == 1 }
    gateA.open(with: ["old"])
    _ = await loadA.value
    await settle()
    XCTAssertEqual(model.currentState, .loading)
    XCTAssertTrue(model.stateMachine.isLoading)
    XCTAssertEqual(model.content, [])
    gateB.open(with: ["new"])
    _ = await loadB.value
    XCTAssertEqual(model.content, ["new"])
  }

  func test_cancelLoading_restoresThePreviousState_withoutError() async throws {
    _ = await model.load(into: \.content) { _ in throw TestError("first") }
    let gate = Gate<[String]>()
    let load = startLoad(gate, ignoringCancellation: true)
    try await settle { self.model.currentState == .loading }
    model.cancelLoading()
    XCTAssertEqual(model.currentState.error as? TestError, TestError("first"), "restored at once")
    let outcome = await load.value
    XCTAssertEqual(outcome, .cancelled)
    gate.open(with: ["late"])
    await settle()
    XCTAssertEqual(model.content, [])
    XCTAssertEqual(model.currentState.error as? TestError, TestError("first"))
    XCTAssertFalse(model.stateMachine.isLoading)
  }

  func test_cancel_afterContentArrivedFromElsewhere_restoresThroughTheRules_contentWins()
    async throws
  {
    _ = await model.load(into: \.content) { _ in [] }
    XCTAssertEqual(model.currentState, .empty)
    let gate = Gate<[String]>()
    let load = startLoad(gate)
    try await settle { self.model.currentState == .loading }
    model.content = ["filled by the app"]  // content arrives while the load runs
    model.cancelLoading()
    XCTAssertEqual(model.currentState, .content, "content wins over the old empty (rule 2)")
    let firstOutcome = await load.value
    XCTAssertEqual(firstOutcome, .cancelled)

    let second = startLoad(gate)  // the same through the awaiting task's cancellation
    try await settle { self.model.stateMachine.hasActiveLoad }
    model.content = []
    second.cancel()
    let secondOutcome = await second.value
    XCTAssertEqual(secondOutcome, .cancelled)
    XCTAssertEqual(model.currentState, .empty, "no content any more: the rules say empty")
  }

  func test_loadCancelledThenSupersededBeforeItsLoopRuns_returnsSuperseded() async throws {
    let gate = Gate<[String]>()
    let first = startLoad(gate)
    try await settle { gate.waiterCount == 1 }
    first.cancel()
    let second = await model.load(into: \.content) { _ in ["b"] }
    let firstOutcome = await first.value
    XCTAssertEqual(firstOutcome, .superseded, "the newer load took over before the cancel ran")
    XCTAssertEqual(second, .completed)
    XCTAssertEqual(model.content, ["b"])
    XCTAssertEqual(model.currentState, .content)
  }

  func test_cancellingTheAwaitingTask_restoresIdle() async throws {
    let gate = Gate<[String]>()
    let load = startLoad(gate)
    try await settle { self.model.currentState == .loading }
    load.cancel()
    let outcome = await load.value
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertEqual(model.currentState, .idle)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .idle])
    XCTAssertNil(presenter.lastPresentation?.placeholder)
  }

  func test_operationThrowingCancellationError_isNotShownAsAnError() async {
    let outcome = await model.load(into: \.content) { _ in throw CancellationError() }
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertEqual(model.currentState, .idle)
  }

  func test_retry_backsOff_showsTheAttempt_andEndsInError() async throws {
    let attempts = Counter()
    let policy = RetryPolicy(maximumRetries: 2, initialDelay: .seconds(1))
    let model = model
    let load = Task {
      await model.load(into: \.content, retry: policy) { context in
        attempts.increment()
        XCTAssertEqual(context.attempt, attempts.value)
        throw TestError("down \(context.attempt)")
      }
    }
    try await settle { self.clock.sleeperCount == 1 }
    XCTAssertEqual(attempts.value, 1)
    XCTAssertEqual(model.currentState, .loading, "still loading during the backoff")
    clock.advance(by: .milliseconds(999))
    await settle()
    XCTAssertEqual(attempts.value, 1)
    clock.advance(by: .milliseconds(1))
    try await settle { attempts.value == 2 && self.clock.sleeperCount == 1 }
    XCTAssertEqual(model.stateMachine.loadAttempt, 2)
    XCTAssertEqual(presenter.lastPresentation?.attempt, 2)
    XCTAssertEqual(clock.nextDeadline, ManualClock.Instant(offset: .seconds(3)), "2 s doubling")
    clock.advance(by: .seconds(2))
    let outcome = await load.value
    XCTAssertEqual(attempts.value, 3)
    XCTAssertEqual(outcome.error as? TestError, TestError("down 3"))
    XCTAssertEqual(model.currentState.error as? TestError, TestError("down 3"))
  }

  func test_retryPredicate_skipsErrorsItRejects() async {
    let attempts = Counter()
    let policy = RetryPolicy(maximumRetries: 5, shouldRetry: { !($0 is TestError) })
    let outcome = await model.load(into: \.content, retry: policy) { _ in
      attempts.increment()
      throw TestError("fatal")
    }
    XCTAssertEqual(outcome, .failed(TestError()))
    XCTAssertEqual(attempts.value, 1)
  }

  func test_cancelDuringRetryBackoff_restoresThePreviousState() async throws {
    let model = model
    let load = Task {
      await model.load(into: \.content, retry: .standard) { _ in throw TestError() }
    }
    try await settle { self.clock.sleeperCount == 1 }
    model.cancelLoading()
    let outcome = await load.value
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertEqual(model.currentState, .idle)
    try await settle { self.clock.sleeperCount == 0 }
    XCTAssertEqual(clock.sleeperCount, 0, "the backoff timer is cancelled")
  }

  func test_progressWithoutInformation_isIgnored_andNeverFlipsBackToUnknown() async throws {
    let gate = Gate<[String]>()
    let model = model
    let load = Task {
      await model.load(into: \.content) { context in
        context.reportProgress(0.5)
        context.reportProgress(.nan)
        context.reportProgress(completed: 3, total: 0)
        context.reportProgress(1)
        context.reportProgress(.infinity)
        context.reportProgress(completed: 1, total: -4)
        return try await gate.wait()
      }
    }
    try await settle { model.stateMachine.progress == 1 }
    gate.open(with: ["a"])
    _ = await load.value
    let shown = presenter.records.filter { $0.presentation.state.kind == .loading }
      .map(\.presentation.state.progress)
    XCTAssertEqual(shown.first, .some(nil), "loading starts with its progress unknown")
    XCTAssertEqual(
      Array(shown.dropFirst()).compactMap { $0 }.count, shown.count - 1,
      "after the first report, the progress never becomes unknown again: \(shown)")
    XCTAssertEqual(shown.last, 1)
  }

  func test_reload_runsTheAdoptersLoadAgain_andTheMachineKeepsNoOperation() async {
    let calls = Counter()
    var mistakes: [AdoptionMistake] = []
    model.stateMachine.adoptionMistakeHandler = { mistakes.append($0) }
    defer { XCTAssertEqual(mistakes, [], "loadContent() is nonisolated(nonsending): no mistake") }
    let noReload = await model.reload()
    XCTAssertNil(noReload, "loadContent() started no load")
    let outcome = await model.loadReloadable { _ in
      calls.increment()
      if calls.value == 1 { throw TestError() }
      return ["second"]
    }
    XCTAssertEqual(outcome, .failed(TestError()))
    XCTAssertEqual(model.currentState, .error(TestError()))
    let reloaded = await model.reload()
    XCTAssertEqual(reloaded, .completed)
    XCTAssertEqual(model.content, ["second"])
    XCTAssertEqual(calls.value, 2)
  }

  func test_reload_withoutLoadContent_loadsNothing_andReportsTheMistakeOnce() async {
    final class Plain: StatefulContent {
      let stateMachine = ContentStateMachine()
      var content: [String] = []
    }
    let plain = Plain()
    var mistakes: [AdoptionMistake] = []
    plain.stateMachine.adoptionMistakeHandler = { mistakes.append($0) }
    await plain.load(into: \.content) { _ in throw TestError() }
    let first = await plain.reload()
    let second = await plain.reload()
    XCTAssertNil(first)
    XCTAssertNil(second)
    XCTAssertEqual(plain.currentState, .error(TestError()), "nothing was loaded")
    XCTAssertEqual(mistakes, [.loadContentNotImplemented])
  }

  func test_reload_runsAPlainLoadContentOfTheClassBody_onTheCallersActor() async {
    let model = ReflexInBody()
    var mistakes: [AdoptionMistake] = []
    model.stateMachine.adoptionMistakeHandler = { mistakes.append($0) }
    let outcome = await model.reload()
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(model.loadContentRanOnTheMainThread, true)
    XCTAssertEqual(mistakes, [])
  }

  func test_reload_aLoadContentThatRunsOffTheActor_isReported_andItsLoadRunsOnTheCallersActor()
    async
  {
    let model = Reflex()
    model.stateMachine.presenter = model
    model.stateMachine.loadingPolicy = .immediate
    var mistakes: [AdoptionMistake] = []
    model.stateMachine.adoptionMistakeHandler = { mistakes.append($0) }
    let outcome = await model.reload()
    XCTAssertEqual(model.loadContentRanOnTheMainThread, false, "Swift ran it off the actor")
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(model.content, ["fresh"])
    XCTAssertEqual(model.currentState, .content)
    XCTAssertEqual(model.presentedOffTheMainThread, 0, "the load ran on the caller's actor")
    XCTAssertEqual(mistakes, [.loadContentRanOffItsActor])
  }

  func test_burstOfAThousandLoads_onlyTheLastLands() async {
    let model = model
    var loads: [Task<LoadOutcome, Never>] = []
    for index in 0..<1_000 {
      loads.append(Task { await model.load(into: \.content) { _ in ["\(index)"] } })
    }
    var outcomes: [LoadOutcome] = []
    for load in loads { outcomes.append(await load.value) }
    XCTAssertEqual(outcomes.count, 1_000)
    let completed = outcomes.filter { $0 == .completed }.count
    let displaced = outcomes.filter { $0 == .superseded || $0 == .cancelled }.count
    XCTAssertEqual(completed + displaced, 1_000)
    XCTAssertGreaterThanOrEqual(completed, 1)
    XCTAssertEqual(outcomes.last, .completed)
    XCTAssertEqual(model.content, ["999"])
  }

  func test_burstOfAThousandLoadsStartedBeforeAnyFinishes_999AreSuperseded() async throws {
    let model = model
    let gate = Gate<Void>()
    var loads: [Task<LoadOutcome, Never>] = []
    for index in 0..<1_000 {
      loads.append(
        Task {
          await model.load(into: \.content) { _ in
            // Started before any finishes, and ignoring its cancellation: all wait.
            try await gate.waitIgnoringCancellation()
            return ["\(index)"]
          }
        })
    }
    try await settle { gate.waiterCount == 1_000 }
    gate.open()
    var outcomes: [LoadOutcome] = []
    for load in loads { outcomes.append(await load.value) }
    XCTAssertEqual(outcomes.filter { $0 == .superseded }.count, 999)
    XCTAssertEqual(outcomes.filter { $0 == .completed }.count, 1)
    XCTAssertEqual(model.content.count, 1)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
  }

  /// A load was cancelled after the placeholder of the state it replaced was replaced: the
  /// restored state shows the replacement, not the old placeholder.
  func test_cancelLoading_restoresThePreviousStateWithItsReplacedPlaceholder() async throws {
    let presenter = self.presenter
    model.endLoading(animated: false)
    XCTAssertEqual(presenter.lastPresentation?.state.kind, .empty)
    let gate = Gate<[String]>()
    let load = startLoad(gate)
    try await settle { presenter.lastPresentation?.state.kind == .loading }
    try model.setPlaceholder(StandardPlaceholder(title: "Replaced"), for: .empty)
    model.cancelLoading()
    _ = await load.value
    XCTAssertEqual(presenter.lastPresentation?.state.kind, .empty)
    XCTAssertEqual(
      (presenter.lastPresentation?.placeholder as? StandardPlaceholder)?.title, "Replaced",
      "the restored state shows the placeholder registered for it now")
  }

  func test_load_fromAnAlreadyCancelledTask_isCancelledWithoutPresenting() async {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await model.load(into: \.content) { _ in ["x"] }
    }
    let outcome = await task.value
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertTrue(presenter.records.isEmpty)
  }

  func test_retry_twoThousandImmediateRetries_allRun_andProgressIsNotANewLastState() async {
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let model = TestModel(machine: ContentStateMachine(presenter: keptPresenter))
    model.stateMachine.loadingPolicy = .immediate
    let attempts = Counter()
    let outcome = await model.load(
      into: \.content, retry: RetryPolicy(maximumRetries: 2_000, initialDelay: .zero)
    ) { _ in
      attempts.increment()
      throw TestError()
    }
    XCTAssertEqual(attempts.value, 2_001)
    XCTAssertEqual(outcome, .failed(TestError()))
    model.endLoading()
    model.startLoading()
    model.updateLoadingProgress(0.5)
    XCTAssertEqual(model.lastState, .empty, "a progress update is not a new state")
  }
}

/// A model of a class that no actor isolates, with a plain `func loadContent() async` in its
/// body: Swift gives it the requirement's `nonisolated(nonsending)` isolation.
private final class ReflexInBody: StatefulContent {
  let stateMachine = ContentStateMachine()
  var content: [String] = []
  var loadContentRanOnTheMainThread: Bool?

  func loadContent() async {
    await Task.yield()
    loadContentRanOnTheMainThread = Thread.isMainThread
    await load(into: \.content) { _ in ["fresh"] }
  }
}

/// A model of a class that no actor isolates, whose `loadContent()` is a plain async method
/// declared in an extension that does not name the conformance: Swift 6 runs it on the global
/// executor, not on its caller's actor. (Declared in the class body or in the extension that
/// names the conformance, it gets the requirement's `nonisolated(nonsending)` isolation.)
private final class Reflex: StatefulContent, Presenter {
  let stateMachine = ContentStateMachine()
  var content: [String] = []
  var presentedOffTheMainThread = 0
  var loadContentRanOnTheMainThread: Bool?

  func present(_ presentation: Presentation, animated: Bool, finished: @escaping () -> Void) {
    if !Thread.isMainThread { presentedOffTheMainThread += 1 }
    finished()
  }
}

extension Reflex {
  func loadContent() async {
    await Task.yield()
    loadContentRanOnTheMainThread = Thread.isMainThread
    await load(into: \.content) { _ in ["fresh"] }
  }
}

/// A thread-safe counter for operations that run off the main actor.
final class Counter: Sendable {
  private let count = LockedState(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}
