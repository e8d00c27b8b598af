import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

/// Yesterday's content at launch: a cache's hit shows first — content, never loading — marked
/// stale by its age, and the load refreshes it; only loaded content is saved.
final class SavedContentTests: LoadTestCase {
  private let cache = MemoryContentCache<[String]>()

  @discardableResult
  private func open(
    _ operation: @escaping @Sendable (LoadContext) async throws -> [String]
  ) async -> LoadOutcome {
    await model.load(cachedIn: cache, as: "inbox", operation: operation) { $0.content = $1 }
  }

  func test_aHit_showsTheSavedContentFirst_neverLoading_thenRefreshes_andSaves() async throws {
    cache.put(["saved"], for: "inbox", savedAt: Date() - 60)
    let gate = Gate<[String]>()
    let load = Task { await open { _ in try await gate.wait() } }
    try await settle { presenter.records.count == 1 }
    XCTAssertEqual(presenter.presentedKinds, [.content], "one presentation: the saved content")
    XCTAssertEqual(presenter.records.map(\.presentation.isRefreshing), [true])
    XCTAssertEqual(model.content, ["saved"])
    let age = try XCTUnwrap(presenter.records.first?.presentation.contentAge)
    XCTAssertGreaterThanOrEqual(age, .seconds(60), "its age is the time since it was saved")
    gate.open(with: ["new"])
    let outcome = await load.value
    XCTAssertEqual(outcome, LoadOutcome.completed)
    XCTAssertFalse(presenter.presentedKinds.contains(.loading))
    XCTAssertEqual(model.content, ["new"])
    XCTAssertEqual(cache.saved(for: "inbox")?.value, ["new"])
  }

  func test_anOldHit_isMarkedStaleByItsAge_untilTheRefreshEnds() async throws {
    model.stateMachine.stalenessPolicy = StalenessPolicy(maximumAge: .seconds(300))
    cache.put(["saved"], for: "inbox", savedAt: Date() - 3_600)
    await open { _ in ["new"] }
    XCTAssertEqual(presenter.records.first?.presentation.isStale, true)
    XCTAssertEqual(presenter.lastPresentation?.isStale, false)
  }

  func test_savedContentsAge_isTheWallClocks_andTheTimerRunsOnTheMachinesClockFromThere()
    async throws
  {
    model.stateMachine.stalenessPolicy = StalenessPolicy(maximumAge: .seconds(300))
    cache.put(["saved"], for: "inbox", savedAt: Date() - 200)
    await open { _ in throw TestError("offline") }
    XCTAssertEqual(presenter.lastPresentation?.isStale, false)
    let freshFor = try XCTUnwrap(model.stateMachine.decision.freshFor)
    XCTAssertLessThanOrEqual(freshFor, .seconds(100))
    XCTAssertGreaterThan(freshFor, .seconds(99))
    try await settle { clock.sleeperCount == 1 }
    clock.advance(by: .seconds(100))
    try await settle { presenter.lastPresentation?.isStale == true }
  }

  func test_aSavedEmptyResult_showsEmpty_whileTheLoadRefreshes_notLoading() async throws {
    cache.put([], for: "inbox", savedAt: Date())
    let gate = Gate<[String]>()
    let load = Task { await open { _ in try await gate.wait() } }
    try await settle { presenter.records.count == 1 }
    XCTAssertEqual(presenter.presentedKinds, [.empty])
    XCTAssertEqual(presenter.lastPresentation?.isRefreshing, true)
    XCTAssertTrue(
      model.stateMachine.explanation.contains("the saved result is empty; a load refreshes it"),
      model.stateMachine.explanation)
    gate.open(with: ["new"])
    _ = await load.value
    XCTAssertEqual(presenter.presentedKinds, [.empty, .content])
  }

  func test_aMiss_loadsAsOnAFirstLaunch() async throws {
    await open { _ in ["new"] }
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
    XCTAssertEqual(cache.saved(for: "inbox")?.value, ["new"])
  }

  func test_aFailedLoad_savesNothing_andKeepsTheSavedContent() async throws {
    cache.put(["saved"], for: "inbox", savedAt: Date() - 60)
    let outcome = await open { _ in throw TestError("offline") }
    XCTAssertNotNil(outcome.error)
    XCTAssertEqual(model.content, ["saved"])
    XCTAssertEqual(model.currentState, .content)
    XCTAssertEqual(cache.saves, 0)
    XCTAssertEqual(model.reportedErrors, ["offline"])
  }

  func test_anOfflineColdStart_showsTheSavedContentMarkedOffline_noLoading_noError()
    async throws
  {
    let connectivity = ManualConnectivity()
    model.followConnectivity(connectivity)
    connectivity.send(.unreachable)
    try await settle { model.stateMachine.reachability == .unreachable }
    cache.put(["saved"], for: "inbox", savedAt: Date() - 60)
    let load = Task { await open { _ in throw URLError(.notConnectedToInternet) } }
    try await settle { model.stateMachine.waitsForNetwork }
    XCTAssertFalse(presenter.presentedKinds.contains(.loading))
    XCTAssertFalse(presenter.presentedKinds.contains(.error))
    XCTAssertEqual(presenter.lastPresentation?.state, .content)
    XCTAssertEqual(presenter.lastPresentation?.isOffline, true)
    XCTAssertEqual(presenter.records.first?.presentation.isOffline, true, "offline from the start")
    load.cancel()
    _ = await load.value
  }

  func test_aReload_readsTheCacheNoMore() async throws {
    model.contentLoad = { [cache] model in
      await model.load(cachedIn: cache, as: "inbox", operation: { _ in ["again"] }) {
        $0.content = $1
      }
    }
    await open { _ in ["first"] }
    XCTAssertEqual(cache.reads, 1)
    await model.reload()
    XCTAssertEqual(cache.reads, 1, "the content shown is newer than anything saved")
    XCTAssertEqual(cache.saved(for: "inbox")?.value, ["again"])
  }

  // MARK: Keyed loads, cached per key

  private func search(
    _ query: String, in cache: some ContentCache<[String]>,
    _ operation: @escaping @Sendable (LoadContext) async throws -> [String]
  ) -> Task<LoadOutcome, Never> {
    let model = model
    return Task {
      await model.load(into: \.content, key: query, cachedIn: cache, operation: operation)
    }
  }

  func test_aKeyedLoad_showsItsKeysSavedContentFirst_andSavesPerKey() async throws {
    cache.put(["a (saved)"], for: "a", savedAt: Date())
    cache.put(["b (saved)"], for: "b", savedAt: Date())
    let gate = Gate<[String]>()
    let first = search("a", in: cache) { _ in try await gate.wait() }
    try await settle { presenter.records.count == 1 }
    XCTAssertEqual(presenter.lastPresentation?.key, LoadKey("a"))
    XCTAssertEqual(presenter.lastPresentation?.isRefreshing, true)
    XCTAssertEqual(model.content, ["a (saved)"])
    gate.open(with: ["a (new)"])
    _ = await first.value
    XCTAssertEqual(cache.saved(for: "a")?.value, ["a (new)"])

    let second = search("b", in: cache) { _ in ["b (new)"] }
    _ = await second.value
    XCTAssertEqual(
      presenter.records.dropFirst(2).map(\.presentation.showsPreviousKey), [false, false],
      "b's saved content is b's: never shown as the previous key's")
    XCTAssertFalse(presenter.presentedKinds.contains(.loading))
    XCTAssertEqual(cache.saved(for: "b")?.value, ["b (new)"])
    XCTAssertEqual(cache.reads, 2)
    _ = await search("b", in: cache) { _ in ["b (again)"] }.value
    XCTAssertEqual(cache.reads, 2, "a refresh of the key shown reads nothing")
  }

  func test_aCacheReadThatANewerKeyOvertakes_appliesNothing() async throws {
    let slow = GatedCache()
    let a = search("a", in: slow) { _ in ["a (new)"] }
    try await settle { slow.gate.waiterCount == 1 }
    let fast = MemoryContentCache<[String]>()
    fast.put(["b (saved)"], for: "b", savedAt: Date())
    let b = search("b", in: fast) { _ in ["b (new)"] }
    _ = await b.value
    slow.gate.open(with: ())
    let outcome = await a.value
    XCTAssertEqual(outcome, LoadOutcome.superseded, "latest wins while the cache is read too")
    XCTAssertEqual(model.content, ["b (new)"])
    XCTAssertEqual(presenter.lastPresentation?.key, LoadKey("b"))
  }
}

/// A cache whose reads wait for a gate and find nothing.
private final class GatedCache: ContentCache, Sendable {
  let gate = Gate<Void>()
  func content(for key: String) async -> CachedContent<[String]>? {
    try? await gate.wait()
    return nil
  }
  func save(_ value: [String], for key: String) async {}
  func removeContent(for key: String) async {}
}
