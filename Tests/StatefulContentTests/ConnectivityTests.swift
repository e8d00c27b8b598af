import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

/// The network's absence, decided: a load that fails while the network is missing waits for
/// it — waiting with no content, content marked offline — spends no retry attempt, and runs
/// once more when the network is back.
final class ConnectivityTests: LoadTestCase {
  /// How many times the operation ran.
  private let runs = LockedCounter()

  override func setUp() async throws {
    try await super.setUp()
    model.followConnectivity(connectivity)
  }

  /// An operation that fails with `error` until `succeeds` says otherwise, counting its runs.
  private func operation(
    failingWith error: any Error & Sendable, until succeeds: LockedFlag
  ) -> @Sendable (LoadContext) async throws -> [String] {
    let runs = runs
    return { _ in
      runs.increment()
      if succeeds.value { return ["item"] }
      throw error
    }
  }

  // MARK: Waiting, never the error

  func test_aColdStart_whileUnreachable_waits_spendingNoRetry_andLoadsOnceTheNetworkIsBack()
    async throws
  {
    try await report(.unreachable)
    let succeeds = LockedFlag()
    let retry = RetryPolicy(maximumRetries: 4, initialDelay: .seconds(1))
    let load = Task { [model] in
      await model.loadReloadable(
        retry: retry, operation(failingWith: TestError("no route"), until: succeeds))
    }
    try await settle { presenter.presentedKinds == [.loading, .waiting] }
    XCTAssertEqual(model.stateMachine.loadAttempt, 1, "no attempt spent")
    XCTAssertEqual(clock.sleeperCount, 0, "no backoff timer")
    let placeholder = try XCTUnwrap(presenter.lastPresentation?.placeholder as? StandardPlaceholder)
    XCTAssertEqual(placeholder.title, "Waiting for the network…")
    XCTAssertEqual(placeholder.actions.map(\.title), ["Retry"])
    XCTAssertTrue(presenter.lastPresentation?.isOffline == true)
    XCTAssertTrue(
      model.stateMachine.explanation.contains("waits for it, no attempt spent"),
      model.stateMachine.explanation)

    succeeds.value = true
    try await report(.reachable)
    try await settleOnTheOnlyTimer(dueIn: .milliseconds(300))
    clock.advance(by: .milliseconds(299))
    await settle(turns: 200)
    XCTAssertEqual(runs.value, 1, "not before the reconnection delay")
    clock.advance(by: .milliseconds(1))
    let outcome = await load.value
    XCTAssertEqual(outcome, LoadOutcome.completed)
    XCTAssertEqual(runs.value, 2, "exactly one retry")
    XCTAssertEqual(presenter.presentedKinds, [.loading, .waiting, .loading, .content])
    XCTAssertFalse(presenter.lastPresentation?.isOffline ?? true)
  }

  func test_aConnectionError_whileTheSourceSaysReachable_waits_andTheNextReportRetries()
    async throws
  {
    let succeeds = LockedFlag()
    let load = Task { [model] in
      await model.loadReloadable(
        operation(failingWith: URLError(.cannotConnectToHost), until: succeeds))
    }
    try await settle { presenter.presentedKinds == [.loading, .waiting] }
    XCTAssertEqual(
      model.stateMachine.reachability, .unreachable, "the error showed the network missing")
    succeeds.value = true
    connectivity.send(.reachable)
    try await settleOnTheOnlyTimer(dueIn: .milliseconds(300))
    clock.advance(by: .milliseconds(300))
    let ended = await load.value
    XCTAssertEqual(ended, LoadOutcome.completed)
    XCTAssertEqual(model.currentState, .content)
  }

  func test_aConnectionError_thatTheSourceNeverConfirms_isTheError_afterTheConfirmationDelay()
    async throws
  {
    // A server that refuses connections on a working network: the source (a path monitor)
    // says nothing more, as nothing changed.
    try await report(.reachable)
    let load = Task { [model] in
      await model.load(into: \.content) { _ in throw URLError(.cannotConnectToHost) }
    }
    try await settle { presenter.presentedKinds == [.loading, .waiting] }
    XCTAssertEqual(model.stateMachine.reachability, .unreachable, "for now")
    try await settleOnTheOnlyTimer(dueIn: .seconds(2))
    clock.advance(by: .seconds(2))
    let outcome = await load.value
    XCTAssertNotNil(outcome.error, "a failure while reachable: the error")
    XCTAssertEqual(presenter.presentedKinds, [.loading, .waiting, .error])
    XCTAssertEqual(model.stateMachine.reachability, .reachable)
    XCTAssertFalse(presenter.lastPresentation?.isOffline ?? true)
  }

  func test_aConnectionError_thatTheSourceConfirms_keepsWaiting() async throws {
    try await report(.reachable)
    let load = Task { [model] in
      await model.load(into: \.content) { _ in throw URLError(.cannotConnectToHost) }
    }
    try await settle { presenter.presentedKinds == [.loading, .waiting] }
    try await settleOnTheOnlyTimer(dueIn: .seconds(2))
    // Unreachable already, as the error inferred it: the report is seen taken when it stops
    // the confirmation timer.
    connectivity.send(.unreachable)
    try await settle("the confirmation timer stops") { clock.sleeperCount == 0 }
    clock.advance(by: .seconds(60))
    await settle(turns: 200)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .waiting], "still waiting, no error")
    load.cancel()
    _ = await load.value
  }

  func test_anErrorWhileReachable_thatIsNoConnectionError_isTheError() async throws {
    let outcome = await model.load(into: \.content) { _ in throw TestError("500") }
    XCTAssertNotNil(outcome.error)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .error])
    XCTAssertFalse(presenter.lastPresentation?.isOffline ?? true)
  }

  func test_withoutASource_aConnectionError_isTheError() async throws {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    await model.load(into: \.content) { _ in throw URLError(.notConnectedToInternet) }
    XCTAssertEqual(presenter.presentedKinds, [.loading, .error], "as before: nothing follows")
  }

  // MARK: Content stays, marked offline

  func test_aRefreshFailingOffline_keepsTheContent_markedOffline_andReportsNoError()
    async throws
  {
    model.content = ["old"]
    let succeeds = LockedFlag()
    let load = Task { [model] in
      await model.loadReloadable(
        operation(failingWith: URLError(.notConnectedToInternet), until: succeeds))
    }
    try await settle { model.stateMachine.waitsForNetwork }
    let shown = try XCTUnwrap(presenter.lastPresentation)
    XCTAssertEqual(shown.state, .content)
    XCTAssertTrue(shown.isOffline)
    XCTAssertFalse(shown.isRefreshing, "the load waits; it does not run")
    XCTAssertEqual(model.reportedErrors, [], "waiting is no failed refresh")
    XCTAssertFalse(presenter.presentedKinds.contains(.error))
    succeeds.value = true
    connectivity.send(.reachable)
    try await settleOnTheOnlyTimer(dueIn: .milliseconds(300))
    clock.advance(by: .milliseconds(300))
    let ended = await load.value
    XCTAssertEqual(ended, LoadOutcome.completed)
    XCTAssertEqual(model.content, ["item"])
    XCTAssertFalse(presenter.lastPresentation?.isOffline ?? true)
  }

  func test_contentOnScreen_isMarkedOffline_andBack_onePresentationEach() async throws {
    await model.load(into: \.content) { _ in ["a"] }
    presenter.clearRecords()
    try await report(.unreachable)
    XCTAssertEqual(presenter.records.count, 1)
    XCTAssertTrue(presenter.lastPresentation?.isOffline == true)
    XCTAssertTrue(model.stateMachine.explanation.contains("offline: the network is unreachable"))
    connectivity.send(.unreachable)
    await settle(turns: 200)
    XCTAssertEqual(presenter.records.count, 1, "a repeated report presents nothing")
    try await report(.reachable)
    XCTAssertEqual(presenter.records.count, 2)
    XCTAssertFalse(presenter.lastPresentation?.isOffline ?? true)
  }

  // MARK: One retry, of the latest load

  func test_tenChangesWithin100Milliseconds_giveOneRetry() async throws {
    try await report(.unreachable)
    let succeeds = LockedFlag()
    let load = Task { [model] in
      await model.loadReloadable(operation(failingWith: TestError("offline"), until: succeeds))
    }
    try await settle { presenter.presentedKinds.last == .waiting }
    succeeds.value = true
    for change in 0..<10 {
      connectivity.send(change.isMultiple(of: 2) ? .reachable : .unreachable)
      await settle(turns: 50)
      clock.advance(by: .milliseconds(10))
    }
    connectivity.send(.reachable)
    try await settle { model.stateMachine.reachability == .reachable && clock.sleeperCount == 1 }
    clock.advance(by: .seconds(1))
    let ended = await load.value
    XCTAssertEqual(ended, LoadOutcome.completed)
    XCTAssertEqual(runs.value, 2, "one retry for ten changes")
  }

  func test_reachableReportedAgain_fasterThanTheDelay_retriesOnce_theDelayAfterTheFirstReport()
    async throws
  {
    try await report(.unreachable)
    let succeeds = LockedFlag()
    let load = Task { [model] in
      await model.loadReloadable(operation(failingWith: TestError("offline"), until: succeeds))
    }
    try await settle { presenter.presentedKinds.last == .waiting }
    succeeds.value = true
    // A probe on a 100 ms interval: the same report, again and again.
    for _ in 0..<3 {
      connectivity.send(.reachable)
      try await settle { model.stateMachine.reachability == .reachable && clock.sleeperCount == 1 }
      await settle(turns: 50)
      clock.advance(by: .milliseconds(100))
    }
    try await settle("300 ms after the first report") { runs.value == 2 }
    let ended = await load.value
    XCTAssertEqual(ended, LoadOutcome.completed)
    XCTAssertEqual(runs.value, 2, "one retry")
  }

  func test_onlyTheLatestLoad_isRetried() async throws {
    try await report(.unreachable)
    let succeeds = LockedFlag()
    let first = Task { [model] in
      await model.load(into: \.content) { _ in throw TestError("first") }
    }
    try await settle { model.stateMachine.waitsForNetwork }
    let second = Task { [model] in
      await model.loadReloadable(operation(failingWith: TestError("offline"), until: succeeds))
    }
    let firstOutcome = await first.value
    XCTAssertEqual(firstOutcome, LoadOutcome.superseded)
    try await settle { model.stateMachine.waitsForNetwork && runs.value == 1 }
    succeeds.value = true
    try await report(.reachable)
    try await settleOnTheOnlyTimer(dueIn: .milliseconds(300))
    clock.advance(by: .milliseconds(300))
    let ended = await second.value
    XCTAssertEqual(ended, LoadOutcome.completed)
    XCTAssertEqual(runs.value, 2)
  }

  func test_cancellingAWaitingLoad_bringsBackTheStateBefore_andNothingRetriesIt() async throws {
    await model.load(into: \.content) { _ in [] }
    try await report(.unreachable)
    let load = Task { [model] in
      await model.load(into: \.content) { _ in throw TestError("offline") }
    }
    try await settle { model.stateMachine.waitsForNetwork }
    model.cancelLoading()
    let loadOutcome = await load.value
    XCTAssertEqual(loadOutcome, LoadOutcome.cancelled)
    XCTAssertEqual(model.currentState, .empty)
    XCTAssertFalse(model.stateMachine.waitsForNetwork)
    try await report(.reachable)
    await settle(turns: 200)
    XCTAssertEqual(clock.sleeperCount, 0, "no load waits: no reconnection timer")
  }

  func test_aReleasedModel_isReleasedWhileItsSourceIsFollowed() async throws {
    weak var released: TestModel?
    weak var releasedMachine: ContentStateMachine?
    do {
      let model = TestModel()
      model.followConnectivity(connectivity)
      released = model
      releasedMachine = model.stateMachine
    }
    model = TestModel()
    connectivity.send(.unreachable)
    await settle(turns: 100)
    XCTAssertNil(released)
    XCTAssertNil(releasedMachine)
  }

  func test_theStandardPolicy_knowsTheConnectionErrors() {
    let policy = ConnectivityPolicy.standard
    XCTAssertTrue(policy.isConnectionError(URLError(.notConnectedToInternet)))
    XCTAssertTrue(policy.isConnectionError(URLError(.cannotConnectToHost)))
    XCTAssertTrue(policy.isConnectionError(POSIXError(.ECONNREFUSED)))
    XCTAssertFalse(policy.isConnectionError(URLError(.timedOut)), "a slow server")
    XCTAssertFalse(policy.isConnectionError(URLError(.badServerResponse)))
    XCTAssertFalse(policy.isConnectionError(TestError("other")))
    let feed = policy.adding { $0 is TestError }
    XCTAssertTrue(feed.isConnectionError(TestError("offline")))
    XCTAssertEqual(feed.reconnectionDelay, .milliseconds(300))
  }
}

/// A flag a test sets and a load's operation reads from its task.
final class LockedFlag: Sendable {
  private let state = LockedState(false)
  var value: Bool {
    get { state.withLock { $0 } }
    set { state.withLock { $0 = newValue } }
  }
}

/// A count a load's operation increments from its task.
final class LockedCounter: Sendable {
  private let state = LockedState(0)
  var value: Int { state.withLock { $0 } }
  func increment() { state.withLock { $0 += 1 } }
}
