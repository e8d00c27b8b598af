import XCTest

@testable import StatefulContent

final class LoadRegistryTests: XCTestCase {
  private let immediate = LoadLifecycle(
    mode: .load, retryPolicy: .never, loadingPolicy: .immediate)
  private let keepsLoadingVisible = LoadLifecycle(
    mode: .load, retryPolicy: .never,
    loadingPolicy: LoadingPolicy(minimumDisplayTime: .milliseconds(400)))
  /// The signals the loads received, as "signal name".
  private let signals = LockedState<[String]>([])

  private func snapshot(_ generation: UInt64) -> LoadRegistry.Snapshot {
    LoadRegistry.Snapshot(
      presentation: Presentation(state: .empty),
      inputs: StateDecider.Snapshot(isLoading: false, error: nil, progress: nil),
      lock: ContentLock().snapshot, keys: LoadKeys().snapshot,
      placeholderGeneration: generation)
  }

  /// Begins a load whose signal records into ``signals`` under `name`.
  private func begin(
    _ registry: inout LoadRegistry, _ lifecycle: LoadLifecycle? = nil, name: String = "",
    snapshot generation: UInt64 = 0
  ) -> (id: UInt64, superseded: LoadRegistry.Load?) {
    let signals = signals
    return registry.begin(
      lifecycle ?? immediate,
      signal: { signal in signals.withLock { $0.append("\(signal) \(name)") } },
      snapshot: { snapshot(generation) })
  }

  // MARK: Beginning and ending

  func test_begin_givesIncreasingIDs_andMakesTheNewLoadActive() {
    var registry = LoadRegistry()
    XCTAssertFalse(registry.isRunning)
    XCTAssertNil(registry.activeID)
    let first = begin(&registry)
    let second = begin(&registry)
    XCTAssertEqual(first.id, 1)
    XCTAssertEqual(second.id, 2)
    XCTAssertTrue(registry.isRunning)
    XCTAssertEqual(registry.activeID, 2)
    XCTAssertTrue(registry.isActive(2))
    XCTAssertFalse(registry.isActive(1))
  }

  func test_begin_returnsTheSupersededLoad_withItsOwnSignal() throws {
    var registry = LoadRegistry()
    XCTAssertNil(begin(&registry, name: "first").superseded)
    let superseded = try XCTUnwrap(begin(&registry, name: "second").superseded)
    XCTAssertEqual(superseded.id, 1)
    superseded.signal(.superseded)
    XCTAssertEqual(signals.withLock { $0 }, ["superseded first"])
  }

  func test_begin_takesASnapshot_onlyWhenNoLoadRuns() {
    var registry = LoadRegistry()
    var snapshots = 0
    let take = {
      snapshots += 1
      return self.snapshot(UInt64(snapshots))
    }
    _ = registry.begin(immediate, signal: { _ in }, snapshot: take)
    XCTAssertEqual(snapshots, 1)
    _ = registry.begin(immediate, signal: { _ in }, snapshot: take)
    XCTAssertEqual(snapshots, 1, "a load that supersedes another takes no snapshot")
  }

  func test_aChainOfSupersedingLoads_keepsTheFirstSnapshot() {
    var registry = LoadRegistry()
    _ = begin(&registry, snapshot: 1)
    _ = begin(&registry, snapshot: 2)
    _ = begin(&registry, snapshot: 3)
    XCTAssertEqual(registry.active?.restore.placeholderGeneration, 1)
  }

  func test_aLoadAfterTheChainEnded_takesANewSnapshot() {
    var registry = LoadRegistry()
    _ = begin(&registry, snapshot: 1)
    let (id, _) = begin(&registry, snapshot: 2)
    _ = registry.end(id)
    _ = begin(&registry, snapshot: 3)
    XCTAssertEqual(registry.active?.restore.placeholderGeneration, 3)
  }

  func test_end_ofAStaleLoad_isIgnored_ofTheActiveOne_returnsIt() {
    var registry = LoadRegistry()
    let (first, _) = begin(&registry)
    let (second, _) = begin(&registry)
    XCTAssertNil(registry.end(first))
    XCTAssertTrue(registry.isRunning)
    XCTAssertEqual(registry.end(second)?.id, second)
    XCTAssertFalse(registry.isRunning)
    XCTAssertNil(registry.activeID)
    XCTAssertNil(registry.end(second), "ended once")
  }

  func test_cancel_returnsTheRunningLoad_once() {
    var registry = LoadRegistry()
    XCTAssertNil(registry.cancel())
    let (id, _) = begin(&registry)
    XCTAssertEqual(registry.cancel()?.id, id)
    XCTAssertFalse(registry.isActive(id))
    XCTAssertNil(registry.cancel())
  }

  // MARK: Tasks

  func test_retain_forAStaleLoad_isRefused() {
    var registry = LoadRegistry()
    let (first, _) = begin(&registry)
    _ = begin(&registry)
    XCTAssertFalse(registry.retain(Task {}, forLoad: first))
    XCTAssertEqual(registry.active?.tasks.count, 0)
  }

  func test_retain_keepsTheTasks_trimmedToTheNewest8_beyond16() {
    var registry = LoadRegistry()
    let (id, _) = begin(&registry)
    let tasks = (0..<26).map { _ in Task<Void, Never> {} }
    for task in tasks.prefix(16) { XCTAssertTrue(registry.retain(task, forLoad: id)) }
    XCTAssertEqual(registry.active?.tasks, Array(tasks.prefix(16)))
    XCTAssertTrue(registry.retain(tasks[16], forLoad: id))
    XCTAssertEqual(registry.active?.tasks, Array(tasks[9..<17]))
    for task in tasks[17..<25] { XCTAssertTrue(registry.retain(task, forLoad: id)) }
    XCTAssertEqual(registry.active?.tasks, Array(tasks[9..<25]))
    XCTAssertTrue(registry.retain(tasks[25], forLoad: id))
    XCTAssertEqual(registry.active?.tasks, Array(tasks[18..<26]))
  }

  // MARK: Lifecycle

  func test_updateLifecycle_ofTheActiveLoad_runsTheEvent_andKeepsItsEffect() {
    var registry = LoadRegistry()
    let (id, _) = begin(&registry)
    XCTAssertEqual(registry.updateLifecycle(of: id) { $0.retryDelayElapsed() }, 2)
    XCTAssertEqual(registry.active?.lifecycle.attempt, 2)
    XCTAssertTrue(registry.isActive(id), "the load stays active")
  }

  func test_updateLifecycle_ofAStaleLoad_isNil_andRunsNothing() {
    var registry = LoadRegistry()
    let (first, _) = begin(&registry)
    _ = begin(&registry)
    var ran = false
    let result: Int? = registry.updateLifecycle(of: first) {
      ran = true
      return $0.retryDelayElapsed()
    }
    XCTAssertNil(result)
    XCTAssertFalse(ran)
    XCTAssertEqual(registry.active?.lifecycle.attempt, 1)
  }

  // MARK: Presented loading

  func test_presented_loadingWithoutALoad_orWithoutAMinimumDisplayTime_isNotTimed() {
    var registry = LoadRegistry()
    let clock = ClockProbe(.seconds(1))
    registry.presented(loading: true, now: clock.now())
    _ = begin(&registry, immediate)
    registry.presented(loading: true, now: clock.now())
    _ = registry.cancel()
    let (ended, _) = begin(&registry, keepsLoadingVisible)
    _ = registry.end(ended)
    registry.presented(loading: true, now: clock.now())
    XCTAssertNil(registry.loadingShownAt)
    XCTAssertEqual(clock.reads, 0)
  }

  func test_presented_loadingDuringALoadThatKeepsItVisible_isTimedOnce() {
    var registry = LoadRegistry()
    _ = begin(&registry, keepsLoadingVisible)
    let clock = ClockProbe(.seconds(1))
    registry.presented(loading: true, now: clock.now())
    XCTAssertEqual(registry.loadingShownAt, .seconds(1))
    clock.time = .seconds(2)
    registry.presented(loading: true, now: clock.now())
    XCTAssertEqual(registry.loadingShownAt, .seconds(1), "loading stays: still timed from 1 s")
    XCTAssertEqual(clock.reads, 1)
  }

  func test_presented_somethingElse_clearsTheTime_withoutReadingTheClock() {
    var registry = LoadRegistry()
    _ = begin(&registry, keepsLoadingVisible)
    let clock = ClockProbe(.seconds(1))
    registry.presented(loading: true, now: clock.now())
    registry.presented(loading: false, now: clock.now())
    XCTAssertNil(registry.loadingShownAt)
    XCTAssertEqual(clock.reads, 1)
    clock.time = .seconds(3)
    registry.presented(loading: true, now: clock.now())
    XCTAssertEqual(registry.loadingShownAt, .seconds(3))
  }

  // MARK: The show-delay deadline

  func test_showDeadline_aLoadSupersedingOneHeldBack_keepsTheEarlierDeadline() {
    var registry = LoadRegistry()
    let smooth = LoadLifecycle(mode: .load, retryPolicy: .never, loadingPolicy: .smooth)
    let first = registry.showDeadline(
      of: smooth, now: .milliseconds(0), loadingIsPresented: false, loadingIsHeldBack: false)
    XCTAssertEqual(first, .milliseconds(150))
    let next = registry.showDeadline(
      of: smooth, now: .milliseconds(100), loadingIsPresented: false, loadingIsHeldBack: true)
    XCTAssertEqual(next, .milliseconds(150), "a keystroke every 100 ms must not hold it back")
    let fresh = registry.showDeadline(
      of: smooth, now: .milliseconds(400), loadingIsPresented: false, loadingIsHeldBack: false)
    XCTAssertEqual(fresh, .milliseconds(550), "nothing held back: the load's own delay")
  }

  func test_showDeadline_isNil_whenLoadingIsOnScreen_orThePolicyHasNoDelay() {
    var registry = LoadRegistry()
    let smooth = LoadLifecycle(mode: .load, retryPolicy: .never, loadingPolicy: .smooth)
    XCTAssertNil(
      registry.showDeadline(
        of: smooth, now: .zero, loadingIsPresented: true, loadingIsHeldBack: false))
    XCTAssertNil(
      registry.showDeadline(
        of: immediate, now: .zero, loadingIsPresented: false, loadingIsHeldBack: true))
  }
}

/// A clock reading that counts how often it was read.
private final class ClockProbe {
  var time: Duration
  private(set) var reads = 0

  init(_ time: Duration) { self.time = time }

  func now() -> Duration {
    reads += 1
    return time
  }
}
