import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

/// Content over time under hostile input and odd timings: sources that end, flap or are
/// followed twice, loads cancelled or superseded while they wait or read a cache, staleness
/// timers against cancelled refreshes, policies changed mid-way, and recorded traces.
final class ContentOverTimeEdgeCaseTests: LoadTestCase {
  private let fiveMinutes = Duration.seconds(300)

  private func follow() async throws {
    connectivity = ManualConnectivity()
    model.followConnectivity(connectivity)
  }

  // MARK: Found by the hostile pass

  func test_cancelledRefresh_afterContentTurnedStale_staysStale() async throws {
    model.stateMachine.stalenessPolicy = StalenessPolicy(maximumAge: fiveMinutes)
    await model.load(into: \.content) { _ in ["a"] }
    let gate = Gate<[String]>()
    clock.advance(by: .seconds(240))
    let refresh = startLoad(gate)
    try await settle { gate.waiterCount == 1 }
    clock.advance(by: .seconds(60))
    try await settle { presenter.lastPresentation?.isStale == true }
    model.cancelLoading()
    _ = await refresh.value
    await settle(turns: 100)
    XCTAssertEqual(presenter.lastPresentation?.state, .content)
    XCTAssertEqual(presenter.lastPresentation?.isStale, true, "5 min old content is stale")
    XCTAssertTrue(model.stateMachine.decision.isStale)
  }

  func test_cancelledKeyedLoad_bringsBackOldKeysContent_whichStillTurnsStale()
    async throws
  {
    model.stateMachine.stalenessPolicy = StalenessPolicy(maximumAge: fiveMinutes)
    await model.load(into: \.content, key: "a") { _ in ["a"] }
    clock.advance(by: .seconds(240))
    let gate = Gate<[String]>()
    let other = Task { [model] in
      await model.load(into: \.content, key: "b") { _ in try await gate.wait() }
    }
    try await settle { gate.waiterCount == 1 }
    model.cancelLoading()
    _ = await other.value
    clock.advance(by: .seconds(120))
    await settle(turns: 200)
    XCTAssertEqual(model.content, ["a"])
    XCTAssertEqual(
      presenter.lastPresentation?.isStale, true, "key a's content is 6 min old: stale")
  }

  func test_resetCancelsTheStaleTimer() async throws {
    model.stateMachine.stalenessPolicy = StalenessPolicy(maximumAge: fiveMinutes)
    await model.load(into: \.content) { _ in ["a"] }
    try await settle { clock.sleeperCount == 1 }
    model.reset()
    try await settle { clock.sleeperCount == 0 }
  }

  func test_shorterPolicy_whileTheTimerRuns_turnsStaleAtTheNewAge() async throws {
    model.stateMachine.stalenessPolicy = StalenessPolicy(maximumAge: fiveMinutes)
    await model.load(into: \.content) { _ in ["a"] }
    try await settle { clock.sleeperCount == 1 }
    model.stateMachine.stalenessPolicy = StalenessPolicy(maximumAge: .seconds(60))
    clock.advance(by: .seconds(60))
    try await settle { presenter.lastPresentation?.isStale == true }
  }

  func test_aSourceThatEnds_whileALoadWaits_doesNotLeaveItWaitingForever()
    async throws
  {
    try await follow()
    try await report(.unreachable)
    let runs = LockedCounter()
    let load = Task { [model] in
      await model.load(into: \.content) { _ in
        runs.increment()
        if runs.value == 1 { throw TestError("offline") }
        return ["a"]
      }
    }
    try await settle { model.stateMachine.waitsForNetwork }
    connectivity.finish()
    await settle(turns: 200)
    clock.advance(by: .seconds(1))
    try await settle { runs.value == 2 }
    let outcome = await load.value
    XCTAssertEqual(outcome, .completed)
  }

  func test_aSourceThatEnded_isNoLongerFollowed_aConnectionErrorIsTheError() async throws {
    try await follow()
    try await report(.unreachable)
    connectivity.finish()
    try await settle { model.stateMachine.reachability == .reachable }
    let outcome = await model.load(into: \.content) { _ in
      throw URLError(.notConnectedToInternet)
    }
    XCTAssertNotNil(outcome.error, "nothing would tell a waiting load the network is back")
    XCTAssertEqual(model.currentState.kind, .error)
  }

  func test_aReplacedSourceThatEnds_leavesTheNewOneFollowed() async throws {
    try await follow()
    let replaced = connectivity
    let newer = ManualConnectivity()
    model.followConnectivity(newer)
    replaced.finish()
    await settle(turns: 200)
    newer.send(.unreachable)
    try await settle { model.stateMachine.reachability == .unreachable }
    let load = Task { [model] in
      await model.load(into: \.content) { _ in throw TestError("offline") }
    }
    try await settle { model.stateMachine.waitsForNetwork }
    load.cancel()
    let outcome = await load.value
    XCTAssertEqual(outcome, .cancelled)
  }

  func test_followingTheSameSourceTwice_keepsFollowingIt() async throws {
    try await follow()
    model.followConnectivity(connectivity)
    await settle(turns: 100)
    try await report(.unreachable)
  }

  func test_aNewerLoad_startedWhileTheCacheIsRead_isNotSuperseded() async throws {
    let cache = SlowCache()
    let cached = Task { [model] in
      await model.load(cachedIn: cache, as: "inbox", operation: { _ in ["cached-load"] }) {
        $0.content = $1
      }
    }
    try await settle { cache.gate.waiterCount == 1 }
    let newer = Task { [model] in await model.load(into: \.content) { _ in ["newer"] } }
    let newerOutcome = await newer.value
    XCTAssertEqual(newerOutcome, .completed)
    cache.gate.open(with: CachedContent(value: ["saved"], savedAt: Date()))
    let cachedOutcome = await cached.value
    XCTAssertEqual(cachedOutcome, .superseded, "a load started after it won")
    XCTAssertEqual(model.content, ["newer"])
  }

  func test_cancelLoading_whileTheCacheIsRead_cancelsTheLoadBeforeItStarts() async throws {
    let cache = SlowCache()
    let runs = Gate<Void>()
    let cached = Task { [model] in
      await model.load(
        cachedIn: cache, as: "inbox",
        operation: { _ in
          runs.open(with: ())
          return ["loaded"]
        }
      ) { $0.content = $1 }
    }
    try await settle { cache.gate.waiterCount == 1 }
    model.cancelLoading()
    cache.gate.open(with: CachedContent(value: ["saved"], savedAt: Date()))
    let outcome = await cached.value
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertEqual(model.content, [], "nothing of it applied")
    XCTAssertEqual(presenter.records.count, 0, "nothing of it shown")
    XCTAssertEqual(runs.waiterCount, 0)
    await model.load(cachedIn: cache, as: "inbox", operation: { _ in ["later"] }) {
      $0.content = $1
    }
    XCTAssertEqual(model.content, ["later"], "a later call is not cancelled by the old cancel")
  }

  func test_aNewerRunningLoad_startedWhileTheCacheIsRead_isNotSuperseded() async throws {
    let cache = SlowCache()
    let cached = Task { [model] in
      await model.load(cachedIn: cache, as: "inbox", operation: { _ in ["cached-load"] }) {
        $0.content = $1
      }
    }
    try await settle { cache.gate.waiterCount == 1 }
    let gate = Gate<[String]>()
    let newer = startLoad(gate)
    try await settle { gate.waiterCount == 1 }
    cache.gate.open(with: CachedContent(value: ["saved"], savedAt: Date()))
    let cachedOutcome = await cached.value
    gate.open(with: ["newer"])
    let newerOutcome = await newer.value
    XCTAssertEqual(newerOutcome, .completed, "the latest call wins")
    XCTAssertEqual(cachedOutcome, .superseded)
  }

  func test_resetWhileTheCacheIsRead_showsNothingOfIt() async throws {
    let cache = SlowCache()
    let cached = Task { [model] in
      await model.load(cachedIn: cache, as: "inbox", operation: { _ in ["cached-load"] }) {
        $0.content = $1
      }
    }
    try await settle { cache.gate.waiterCount == 1 }
    model.reset()
    cache.gate.open(with: CachedContent(value: ["saved"], savedAt: Date()))
    _ = await cached.value
    XCTAssertEqual(model.currentState, .idle, "reset started over")
  }

  func test_aTaskCancelledWhileTheCacheIsRead_presentsNothing() async throws {
    let cache = SlowCache()
    let cached = Task { [model] in
      await model.load(cachedIn: cache, as: "inbox", operation: { _ in ["cached-load"] }) {
        $0.content = $1
      }
    }
    try await settle { cache.gate.waiterCount == 1 }
    cached.cancel()
    cache.gate.open(with: CachedContent(value: ["saved"], savedAt: Date()))
    let outcome = await cached.value
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertEqual(presenter.records.count, 0, "\(presenter.presentedKinds)")
    XCTAssertEqual(model.currentState, .idle)
  }

  func test_categoryLoad_withASource_neverWaits() async throws {
    let presenter = RecordingPresenter()
    let machine = ContentStateMachine(presenter: presenter, clock: clock)
    machine.loadingPolicy = LoadingPolicy(
      showDelay: .milliseconds(100), minimumDisplayTime: .milliseconds(300))
    let model = TestModel(machine: machine)
    model.followConnectivity(connectivity)
    connectivity.send(.unreachable)
    try await settle { machine.reachability == .unreachable }
    model.startLoading()
    model.endLoading(error: URLError(.notConnectedToInternet))
    await settle(turns: 100)
    XCTAssertEqual(model.currentState.kind, .error)
    XCTAssertFalse(machine.waitsForNetwork)
  }

  func test_traceRoundTrip_ofStaleAndOfflineDecisions() async throws {
    try await follow()
    model.stateMachine.stalenessPolicy = StalenessPolicy(
      maximumAge: fiveMinutes, maximumFailedRefreshes: 1)
    await model.load(into: \.content) { _ in ["a"] }
    clock.advance(by: fiveMinutes)
    try await settle { presenter.lastPresentation?.isStale == true }
    try await report(.unreachable)
    let waiting = Task { [model] in
      await model.load(into: \.content) { _ in throw TestError("500") }
    }
    try await settle { model.stateMachine.waitsForNetwork }
    waiting.cancel()
    _ = await waiting.value
    try await report(.reachable)
    await model.load(into: \.content) { _ in throw TestError("500") }
    XCTAssertTrue(presenter.records.contains { $0.presentation.isOffline })
    XCTAssertTrue(presenter.records.contains { $0.presentation.isStale })
    var recorded = TransitionLog()
    for record in presenter.records {
      recorded.record(
        ContentStateChange(
          from: .idle, to: record.presentation.state, isRefreshing: false, elapsed: .zero,
          decision: record.presentation.decision))
    }
    let again = try TransitionLog(jsonLines: try recorded.jsonLines())
    XCTAssertEqual(again.changes.count, presenter.records.count)
    XCTAssertEqual(again.changesDecidedDifferently.map(\.to), [])
  }

  // MARK: Held under the hostile pass

  /// A load that fails while `failing` says so, counting its runs.
  private func flaky(_ runs: LockedCounter, failing: LockedFlag, with error: any Error & Sendable)
    -> @Sendable (LoadContext) async throws -> [String]
  {
    { _ in
      runs.increment()
      if failing.value { throw error }
      return ["item"]
    }
  }

  /// Follows a source that reports no network and starts a reloadable load, which fails —
  /// and so waits — until `failing` is cleared.
  private func startWaitingLoad() async throws -> (
    runs: LockedCounter, failing: LockedFlag, load: Task<LoadOutcome, Never>
  ) {
    try await follow()
    try await report(.unreachable)
    let runs = LockedCounter()
    let failing = LockedFlag()
    failing.value = true
    let load = Task { [model] in
      await model.loadReloadable(self.flaky(runs, failing: failing, with: TestError("x")))
    }
    try await settle { model.stateMachine.waitsForNetwork }
    return (runs, failing, load)
  }

  func test_resetWhileWaiting_endsTheLoad_andNothingRunsWhenTheNetworkIsBack()
    async throws
  {
    let (runs, failing, load) = try await startWaitingLoad()
    let outcomes = OutcomeRecorder()
    model.reset(completion: outcomes.completion("reset"))
    let outcome = await load.value
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertEqual(model.currentState, .idle)
    XCTAssertFalse(model.stateMachine.waitsForNetwork)
    XCTAssertEqual(outcomes.outcomes.count, 1)
    failing.value = false
    try await report(.reachable)
    clock.advance(by: .seconds(1))
    await settle(turns: 300)
    XCTAssertEqual(runs.value, 1, "nothing waits any more")
    XCTAssertEqual(model.currentState, .idle)
  }

  func test_retryOnTheWaitingPlaceholder_runsNow_andLeavesOneWaiter() async throws {
    let (runs, failing, first) = try await startWaitingLoad()
    let retry = Task { [model] in await model.reload() }
    let firstOutcome = await first.value
    XCTAssertEqual(firstOutcome, .superseded)
    try await settle { runs.value == 2 && model.stateMachine.waitsForNetwork }
    failing.value = false
    try await report(.reachable)
    try await settleOnTheOnlyTimer(dueIn: .milliseconds(300))
    clock.advance(by: .milliseconds(300))
    let retried = await retry.value
    XCTAssertEqual(retried, .completed)
    await settle(turns: 200)
    XCTAssertEqual(runs.value, 3, "one retry after reconnection, of the one waiter")
  }

  func test_cancelledWaitingRefresh_keepsTheOfflineMark() async throws {
    try await follow()
    await model.load(into: \.content) { _ in ["a"] }
    let load = Task { [model] in
      await model.load(into: \.content) { _ in throw URLError(.notConnectedToInternet) }
    }
    try await settle { model.stateMachine.waitsForNetwork }
    XCTAssertEqual(model.stateMachine.reachability, .unreachable)
    model.cancelLoading()
    _ = await load.value
    await settle(turns: 100)
    XCTAssertEqual(presenter.lastPresentation?.state, .content)
    XCTAssertEqual(
      presenter.lastPresentation?.isOffline, true, "the network is still unreachable")
  }

  func test_unlockFailingOffline_spendsNoAttempt_andRunsWhenTheNetworkIsBack()
    async throws
  {
    try await follow()
    try await report(.unreachable)
    let runs = LockedCounter()
    let failing = LockedFlag()
    failing.value = true
    model.contentLoad = { [weak self] model in
      guard let self else { return }
      await model.load(
        into: \.content, operation: self.flaky(runs, failing: failing, with: TestError("x")))
    }
    model.lock()
    let unlock = Task { [model] in await model.unlock(with: Credential(password: "pw")) }
    try await settle { model.stateMachine.waitsForNetwork }
    XCTAssertEqual(model.currentState.kind, .locked)
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
    failing.value = false
    try await report(.reachable)
    try await settleOnTheOnlyTimer(dueIn: .milliseconds(300))
    clock.advance(by: .milliseconds(300))
    _ = await unlock.value
    XCTAssertEqual(model.currentState, .content)
    XCTAssertEqual(runs.value, 2)
  }

  func test_streamFailingOfflineAfterAPart_deliversNoPartTwice() async throws {
    try await follow()
    let runs = LockedCounter()
    let outcome = await model.loadAppending { _ in
      AsyncThrowingStream<[String], any Error> { continuation in
        runs.increment()
        continuation.yield(["first"])
        continuation.finish(throwing: URLError(.networkConnectionLost))
      }
    }
    XCTAssertNotNil(outcome.error)
    XCTAssertEqual(model.content, ["first"])
    XCTAssertEqual(runs.value, 1)
    XCTAssertFalse(model.stateMachine.waitsForNetwork)
  }

  func test_streamFailingOfflineBeforeAPart_waits_thenDeliversEachPartOnce()
    async throws
  {
    try await follow()
    let runs = LockedCounter()
    let load = Task { [model] in
      await model.loadAppending { _ in
        AsyncThrowingStream<[String], any Error> { continuation in
          runs.increment()
          if runs.value == 1 {
            continuation.finish(throwing: URLError(.notConnectedToInternet))
          } else {
            continuation.yield(["a"])
            continuation.yield(["b"])
            continuation.finish()
          }
        }
      }
    }
    try await settle { model.stateMachine.waitsForNetwork }
    try await report(.reachable)
    try await settleOnTheOnlyTimer(dueIn: .milliseconds(300))
    clock.advance(by: .milliseconds(300))
    let outcome = await load.value
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(model.content, ["a", "b"])
  }

  func test_pageAppendFailingOffline_keepsThePages() async throws {
    try await follow()
    await model.load(into: \.content) { _ in ["page 1"] }
    let outcome = await model.loadMore { _ -> [String] in
      throw URLError(.notConnectedToInternet)
    } apply: {
      $0.content += $1
    }
    XCTAssertNotNil(outcome.error)
    XCTAssertEqual(model.content, ["page 1"])
    XCTAssertEqual(model.currentState, .content)
  }

  func test_thousandsOfReports_whileALoadWaits_giveOneRetry() async throws {
    let (runs, failing, load) = try await startWaitingLoad()
    failing.value = false
    for index in 0..<5_000 {
      connectivity.send(index.isMultiple(of: 2) ? .reachable : .unreachable)
    }
    connectivity.send(.reachable)
    // The reports reach the machine while the clock stands still: the retry waits for it.
    for _ in 0..<1_000 where runs.value < 2 {
      await settle(turns: 200)
      clock.advance(by: .seconds(1))
    }
    let outcome = await load.value
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(runs.value, 2)
  }

  func test_categoryOnlyModel_contentTurnsStaleByAge() async throws {
    model.stateMachine.stalenessPolicy = StalenessPolicy(maximumAge: fiveMinutes)
    model.startLoading()
    model.content = ["a"]
    model.endLoading()
    XCTAssertEqual(model.currentState, .content)
    try await settle { clock.sleeperCount == 1 }
    clock.advance(by: fiveMinutes)
    try await settle { presenter.lastPresentation?.isStale == true }
  }

  func test_pacedCategoryLoad_contentTurnsStaleByAge() async throws {
    model.stateMachine.loadingPolicy = LoadingPolicy(
      showDelay: .milliseconds(100), minimumDisplayTime: .milliseconds(300))
    model.stateMachine.stalenessPolicy = StalenessPolicy(maximumAge: fiveMinutes)
    model.startLoading()
    model.content = ["a"]
    model.endLoading()
    XCTAssertEqual(model.currentState, .content)
    try await settle { clock.sleeperCount == 1 }
    clock.advance(by: fiveMinutes)
    try await settle { presenter.lastPresentation?.isStale == true }
  }

  func test_policyEdges() async throws {
    model.stateMachine.stalenessPolicy = StalenessPolicy(maximumAge: .zero)
    await model.load(into: \.content) { _ in ["a"] }
    XCTAssertEqual(presenter.lastPresentation?.isStale, true)
    XCTAssertEqual(clock.sleeperCount, 0)
    model.stateMachine.stalenessPolicy = StalenessPolicy(maximumAge: .seconds(-5))
    await model.load(into: \.content) { _ in ["a"] }
    XCTAssertEqual(presenter.lastPresentation?.isStale, true)
    let huge = Duration(secondsComponent: .max, attosecondsComponent: 0)
    model.stateMachine.stalenessPolicy = StalenessPolicy(maximumAge: huge)
    await model.load(into: \.content) { _ in ["a"] }
    XCTAssertEqual(presenter.lastPresentation?.isStale, false)
    clock.advance(by: .seconds(1_000_000_000))
    await settle(turns: 100)
    XCTAssertEqual(presenter.lastPresentation?.isStale, false)
    _ = model.stateMachine.explanation
  }

  func test_savedContentFromTheFuture_isFresh() async throws {
    model.stateMachine.stalenessPolicy = StalenessPolicy(maximumAge: fiveMinutes)
    let cache = MemoryContentCache<[String]>()
    cache.put(["saved"], for: "k", savedAt: Date() + 86_400)
    let gate = Gate<[String]>()
    let load = Task { [model] in
      await model.load(cachedIn: cache, as: "k", operation: { _ in try await gate.wait() }) {
        $0.content = $1
      }
    }
    try await settle { gate.waiterCount == 1 }
    XCTAssertEqual(presenter.records.first?.presentation.isStale, false)
    XCTAssertEqual(presenter.records.first?.presentation.contentAge, .zero)
    gate.open(with: ["new"])
    _ = await load.value
  }

  func test_reportsDuringAnAnimation() async throws {
    let holding = HoldingPresenter()
    let machine = ContentStateMachine(presenter: holding, clock: clock)
    machine.loadingPolicy = .immediate
    let model = TestModel(machine: machine)
    model.followConnectivity(connectivity)
    let load = Task { await model.load(into: \.content) { _ in ["a"] } }
    try await settle { holding.presentations.count == 1 }
    holding.finishEverything()
    _ = await load.value
    holding.finishEverything()
    let before = holding.presentations.count
    connectivity.send(.unreachable)
    connectivity.send(.reachable)
    connectivity.send(.unreachable)
    try await settle { machine.reachability == .unreachable }
    await settle(turns: 100)
    holding.finishEverything()
    await settle(turns: 100)
    holding.finishEverything()
    XCTAssertEqual(holding.presentations.last?.isOffline, true)
    XCTAssertLessThanOrEqual(holding.presentations.count - before, 3)
  }

  func test_aModelFollowingASource_andWaiting_isReleasedWithItsLoadCancelled()
    async throws
  {
    weak var released: TestModel?
    let source = ManualConnectivity()
    var load: Task<LoadOutcome, Never>?
    do {
      let model = TestModel()
      model.followConnectivity(source)
      source.send(.unreachable)
      try await settle { model.stateMachine.reachability == .unreachable }
      load = Task { [weak model] in
        guard let model else { return .cancelled }
        return await model.load(into: \.content) { _ in throw TestError("x") }
      }
      try await settle { model.stateMachine.waitsForNetwork }
      released = model
    }
    load?.cancel()
    _ = await load?.value
    await settle(turns: 100)
    XCTAssertNil(released)
  }
}

/// A cache whose read waits for a gate.
private final class SlowCache: ContentCache, Sendable {
  let gate = Gate<CachedContent<[String]>?>()
  func content(for key: String) async -> CachedContent<[String]>? {
    try? await gate.waitIgnoringCancellation()
  }
  func save(_ value: [String], for key: String) async throws {}
  func removeContent(for key: String) async throws {}
}
