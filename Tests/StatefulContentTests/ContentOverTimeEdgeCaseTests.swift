import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

/// Content over time under hostile input and odd timings: sources that end, flap or are
/// followed twice, loads cancelled or superseded while they wait or read a cache, staleness
/// timers against cancelled refreshes, policies changed mid-way, and recorded traces.
final class ContentOverTimeEdgeCaseTests: LoadTestCase {
  private var connectivity = ManualConnectivity()
  private let fiveMinutes = Duration.seconds(300)

  private func follow() async throws {
    connectivity = ManualConnectivity()
    model.followConnectivity(connectivity)
  }

  private func report(_ reachability: Reachability) async throws {
    connectivity.send(reachability)
    try await settle("the machine takes the report") {
      model.stateMachine.reachability == reachability
    }
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
