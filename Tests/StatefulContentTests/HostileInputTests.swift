import Observation
import StatefulContent
import StatefulContentTesting
import XCTest

/// Regressions for what a hostile review found: traps, hangs, stale states and lost
/// completions under odd input and timing (invariants I1–I3, I7).
@MainActor
final class HostileInputTests: XCTestCase {
  func test_nonFiniteOrHugeProgress_neverTraps_andIsClampedWhenRequested() async throws {
    XCTAssertEqual(ContentState.loading(progress: .nan).description, "loading")
    XCTAssertEqual(ContentState.loading(progress: 1e300).description, "loading(100%)")
    let machine = ContentStateMachine()
    try machine.transition(to: .loading(progress: 7))
    XCTAssertEqual(machine.requestedState.progress, 1)
    try machine.transition(to: .loading(progress: .nan))
    XCTAssertNil(machine.requestedState.progress)
  }

  func test_retryPolicy_absurdValues_neitherTrapNorHang() async {
    XCTAssertEqual(RetryPolicy(multiplier: 1e21).delay(beforeRetry: 2), .seconds(30))
    XCTAssertEqual(
      RetryPolicy(initialDelay: .seconds(1), multiplier: 1).delay(beforeRetry: .max), .seconds(1))
    XCTAssertEqual(RetryPolicy(initialDelay: .zero).delay(beforeRetry: .max), .zero)
    let creeping = RetryPolicy(
      initialDelay: .nanoseconds(1), multiplier: 1.000_000_1, maximumDelay: .seconds(Int64.max))
    XCTAssertEqual(creeping.delay(beforeRetry: .max), .seconds(365 * 24 * 60 * 60))
    let forever = Duration.seconds(Int64.max)
    let capped = RetryPolicy(initialDelay: forever, maximumDelay: forever, jitter: 1)
      .delay(beforeRetry: 1, unitRandom: 0.99)
    XCTAssertEqual(capped, .seconds(365 * 24 * 60 * 60), "capped at 365 days")
  }

  func test_foreverDurations_onTheRealClock_doNotTrap() async {
    let model = TestModel(machine: ContentStateMachine(presenter: RecordingPresenter()))
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

  func test_replacingThePresenterDuringAnAnimation_doesNotFreezeTheMachine() {
    let outcomes = OutcomeRecorder()
    let old = RecordingPresenter(finishing: .manually)
    let model = TestModel(presenter: old)
    model.startLoading(animated: true, completion: outcomes.completion("a"))
    let new = RecordingPresenter()
    model.stateMachine.presenter = new
    model.endLoading(completion: outcomes.completion("b"))
    XCTAssertEqual(outcomes["a"], [.presented])
    XCTAssertEqual(outcomes["b"], [.presented])
    XCTAssertEqual(new.presentedKinds, [.empty])
    old.finishAll()  // the old presenter's late report changes nothing
    XCTAssertEqual(outcomes.log.count, 2)
  }

  func test_deferredLoading_supersedesTheRequestWaitingBehindAnAnimation() async {
    let presenter = RecordingPresenter(finishing: .manually)
    let clock = ManualClock()
    let model = TestModel(machine: ContentStateMachine(presenter: presenter, clock: clock))
    model.stateMachine.loadingPolicy = LoadingPolicy(showDelay: .seconds(1))
    let outcomes = OutcomeRecorder()
    model.endLoading(animated: true, completion: outcomes.completion("empty"))
    model.endLoading(animated: true, error: TestError(), completion: outcomes.completion("error"))
    let gate = Gate<[String]>()
    let load = Task { await model.load(into: \.content) { _ in try await gate.wait() } }
    await settle { clock.sleeperCount == 1 }
    XCTAssertEqual(outcomes["error"], [.superseded])
    presenter.finishAll()
    XCTAssertEqual(presenter.presentedKinds, [.empty])
    XCTAssertEqual(model.currentState, .loading)
    gate.open(with: ["a"])
    _ = await load.value
    presenter.finishAll()
    XCTAssertEqual(presenter.presentedKinds, [.empty, .content], "loading never flashed")
  }

  func test_duringTheShowDelay_retriesAndReplacedPlaceholdersDoNotShowLoading() async throws {
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
    await settle { clock.sleeperCount == 2 }  // the show delay and the backoff
    try model.setPlaceholder(StandardPlaceholder(title: "Wait"), for: .loading)
    model.setupInitialState()
    clock.advance(by: .milliseconds(100))
    _ = await load.value
    XCTAssertEqual(presenter.presentedKinds, [.content])
  }

  func test_cancelPendingTransitions_dropsTheDeferredLoadingToo() async {
    let presenter = RecordingPresenter()
    let clock = ManualClock()
    let model = TestModel(machine: ContentStateMachine(presenter: presenter, clock: clock))
    model.stateMachine.loadingPolicy = LoadingPolicy(showDelay: .seconds(1))
    model.endLoading()
    let gate = Gate<[String]>()
    let load = Task { await model.load(into: \.content) { _ in try await gate.wait() } }
    await settle { clock.sleeperCount == 1 }
    model.stateMachine.cancelPendingTransitions()
    clock.advance(by: .seconds(1))
    await settle()
    XCTAssertEqual(model.currentState, model.stateMachine.presentedState, "I1 and I3 agree")
    gate.open(with: [])
    _ = await load.value
    XCTAssertEqual(model.currentState, .empty)
  }

  func test_newErrorThatPrintsLikeTheOld_replacesIt() {
    final class ServerError: Error, CustomStringConvertible, @unchecked Sendable {
      // @unchecked: immutable after init.
      let code: Int
      init(code: Int) { self.code = code }
      var description: String { "server error" }
    }
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    model.endLoading(error: ServerError(code: 500))
    model.endLoading(error: ServerError(code: 404), completion: outcomes.completion("404"))
    XCTAssertEqual(outcomes["404"], [.presented])
    XCTAssertEqual((model.currentState.error as? ServerError)?.code, 404)
    XCTAssertEqual((presenter.lastPresentation?.state.error as? ServerError)?.code, 404)
    let same = model.stateMachine.lastError
    model.setupInitialState(completion: outcomes.completion("again"))
    XCTAssertEqual(outcomes["again"], [.unchanged], "the very same error object is unchanged")
    XCTAssertTrue((model.currentState.error as AnyObject) === (same as AnyObject))
  }

  func test_afterTheAttemptLimit_decidingAgainKeepsTheError() async {
    let model = TestModel(machine: ContentStateMachine(presenter: RecordingPresenter()))
    model.stateMachine.maximumUnlockAttempts = 1
    await model.load(into: \.content) { context in
      guard context.credential?.secret == "right" else { throw ContentLockedError() }
      return ["a"]
    }
    let outcome = await model.unlock(with: Credential(password: "wrong"))
    XCTAssertEqual(outcome, .attemptLimitReached(attempts: 1))
    model.setupInitialState()
    XCTAssertEqual(model.currentState.error as? UnlockError, .attemptLimitReached(attempts: 1))
    model.startLoading()
    model.endLoading()
    XCTAssertEqual(model.currentState.kind, .error)
  }

  func test_requestFromAnObserversChangeHandler_takesEffectLast() {
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

  func test_endlessRetries_keepTheTaskListBounded_andLastStateSkipsProgress() async {
    let model = TestModel(machine: ContentStateMachine(presenter: RecordingPresenter()))
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

  func test_loadFromACancelledTask_doesNothing() async {
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

  func test_hugeInsets_saturateInsteadOfCollapsing() throws {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    model.hostInsets = EdgeInsets(top: .greatestFiniteMagnitude)
    try model.setPlaceholder(
      StandardPlaceholder(title: "x", insets: EdgeInsets(top: .greatestFiniteMagnitude)),
      for: .empty)
    model.endLoading()
    XCTAssertEqual(presenter.lastPresentation?.insets.top, .greatestFiniteMagnitude)
  }
}
