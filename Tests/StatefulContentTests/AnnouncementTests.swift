import StatefulContent
import StatefulContentTesting
import XCTest

/// What the machine announces, and when: the announcement policy driven through loads, the
/// category API and unlocking, on the manual clock.
final class AnnouncementTests: AnnouncingTestCase {
  /// Loads `items` through a gate opened at once.
  private func load(_ items: [String]) async -> LoadOutcome {
    await model.load(into: \.content) { _ in items }
  }

  // MARK: Outcomes

  func test_aLoadsOutcome_isAnnouncedWithTheContentsCount() async {
    _ = await load(["a", "b", "c"])
    XCTAssertEqual(announcer.texts, ["Loading…", "3 results"])
    XCTAssertEqual(announcer.announcements.map(\.state), [.loading, .content])
  }

  func test_oneResult_isSingular() async {
    _ = await load(["a"])
    XCTAssertEqual(announcer.texts.last, "1 result")
  }

  func test_contentWithoutACount_isAnnouncedAsLoaded() async {
    let model = UncountedModel(machine: model.stateMachine)
    model.startLoading()
    model.text = "hello"
    model.endLoading()
    XCTAssertEqual(announcer.texts, ["Loading…", "Content loaded."])
  }

  func test_anEmptyOutcome_isAnnounced() async {
    _ = await load([])
    XCTAssertEqual(announcer.announcements.last?.state, .empty)
    XCTAssertEqual(announcer.texts.last, "No Content")
  }

  func test_anEmptyKeyedOutcome_saysWhichQueryHadNoResults() async {
    _ = await model.load(into: \.content, key: "swi") { _ in [String]() }
    let last = try? XCTUnwrap(announcer.announcements.last)
    XCTAssertEqual(last?.state, .empty)
    XCTAssertEqual(last?.key, LoadKey("swi"))
    XCTAssertTrue(last?.text.contains("No results for “swi”.") == true, last?.text ?? "")
  }

  func test_anErrorOutcome_isAnnouncedWithTheError() async {
    _ = await model.load(into: \.content) { _ in throw TestError("disk on fire") }
    let last = try? XCTUnwrap(announcer.announcements.last)
    XCTAssertEqual(last?.state, .error)
    XCTAssertTrue(last?.text.hasPrefix("Something Went Wrong") == true, last?.text ?? "")
    XCTAssertTrue(last?.text.contains("disk on fire") == true, "the filled-in message is heard")
  }

  func test_progressUpdates_doNotAnnounceLoadingAgain() async {
    model.startLoading()
    model.updateLoadingProgress(0.25)
    model.updateLoadingProgress(0.5)
    model.content = ["a", "b"]
    model.endLoading()
    XCTAssertEqual(announcer.texts, ["Loading…", "2 results"])
  }

  func test_aRefresh_announcesNoLoading_andTheNewCountOnlyWhenItChanged() async {
    _ = await load(["a"])
    announcer.removeAll()
    _ = await load(["a"])
    XCTAssertEqual(announcer.texts, [], "nothing new: content stayed, the count is the same")
    _ = await load(["a", "b"])
    XCTAssertEqual(announcer.texts, ["2 results"])
  }

  // MARK: The show delay applies to speech

  func test_loadingHeldBackByTheShowDelay_isNeverAnnounced() async throws {
    model.stateMachine.loadingPolicy = .smooth
    let gate = Gate<[String]>()
    let load = startLoad(gate)
    try await settle { self.clock.sleeperCount == 1 }
    gate.open(with: ["a", "b"])
    _ = await load.value
    XCTAssertEqual(announcer.texts, ["2 results"])
    XCTAssertEqual(presenter.presentedKinds, [.content])
  }

  func test_loadingShownAfterTheShowDelay_isAnnounced() async throws {
    model.stateMachine.loadingPolicy = .smooth
    let gate = Gate<[String]>()
    let load = startLoad(gate)
    try await settle { self.clock.sleeperCount == 1 }
    XCTAssertEqual(announcer.texts, [], "not yet shown, not yet said")
    clock.advance(by: .milliseconds(150))
    try await settle { self.announcer.texts.count == 1 }
    XCTAssertEqual(announcer.texts, ["Loading…"])
    gate.open(with: ["a"])
    try await settle { self.clock.sleeperCount == 1 }  // The minimum display time.
    clock.advance(by: .seconds(1))
    _ = await load.value
    XCTAssertEqual(announcer.texts, ["Loading…", "1 result"])
  }

  // MARK: Superseded and cancelled loads

  func test_aSupersededLoad_isNeverAnnounced() async throws {
    let first = Gate<[String]>()
    let second = Gate<[String]>()
    let firstLoad = startLoad(first)
    try await settle { first.waiterCount == 1 }
    let secondLoad = startLoad(second)
    try await settle { second.waiterCount == 1 }
    first.open(with: ["old", "old", "old"])
    second.open(with: ["new"])
    _ = await firstLoad.value
    _ = await secondLoad.value
    XCTAssertEqual(announcer.texts, ["Loading…", "1 result"], "3 results never reached anyone")
  }

  func test_aCancelledLoad_announcesNothing_whenItsStateComesBack() async throws {
    _ = await load([])
    announcer.removeAll()
    let gate = Gate<[String]>()
    let load = startLoad(gate)
    try await settle { gate.waiterCount == 1 }
    XCTAssertEqual(announcer.texts, ["Loading…"], "loading was shown, so it was said")
    model.cancelLoading()
    _ = await load.value
    XCTAssertEqual(presenter.presentedKinds.last, .empty, "the state from before came back")
    XCTAssertEqual(announcer.texts, ["Loading…"], "the cancelled load's end is no news")
  }

  func test_aCancelledLoad_dropsItsLoadingAnnouncement_butTheUnheardStateItBringsBackIsHeard()
    async throws
  {
    model.stateMachine.setAnnouncer(announcer, policy: .standard)
    _ = await load([])  // "Loading…" at once; "No Content" waits for the interval.
    let gate = Gate<[String]>()
    let load = startLoad(gate)
    try await settle { gate.waiterCount == 1 }
    model.cancelLoading()
    _ = await load.value
    clock.advance(by: .seconds(1))
    await settle()
    XCTAssertEqual(
      announcer.texts, ["Loading…", "No Content"],
      "the cancelled load's loading is not said; what the screen shows was never heard: it is")
  }

  func test_anOutcomeWaitingInTheInterval_isHeard_whenARefreshStartsAndIsCancelled() async throws {
    model.stateMachine.setAnnouncer(announcer, policy: .standard)
    _ = await load(["a", "b", "c"])  // "Loading…" at once; "3 results" waits.
    let gate = Gate<[String]>()
    let refresh = startLoad(gate)  // pull to refresh, inside the interval
    try await settle { gate.waiterCount == 1 }
    model.cancelLoading()
    _ = await refresh.value
    clock.advance(by: .seconds(1))
    await settle()
    XCTAssertEqual(announcer.texts, ["Loading…", "3 results"], "the results on screen are heard")
  }

  func test_aRetryThatFailsAgainWithinTheShowDelay_saysTheErrorAgain() async {
    model.stateMachine.loadingPolicy = .smooth
    _ = await model.load(into: \.content) { _ in throw TestError("offline") }
    let first = announcer.texts
    _ = await model.load(into: \.content) { _ in throw TestError("offline") }  // Retry
    XCTAssertEqual(presenter.presentedKinds, [.error, .error], "loading was never shown")
    XCTAssertEqual(announcer.texts.count, 2, "the Retry's outcome is heard: \(announcer.texts)")
    XCTAssertEqual(announcer.texts.last, first.last)
  }

  func test_aRetryFailingAgainWithTheSameError_quicklyOrSlowly_isAnnouncedTwice() async throws {
    for delay in [Duration.zero, .milliseconds(500)] {
      try await setUp()  // a fresh model, announcer and clock for each
      model.stateMachine.loadingPolicy = .smooth
      // Each slow attempt waits for the test to let it go on and fail, at 500 ms.
      let pending = LockedState<[Gate<Void>]>([])
      let model = model
      let first = Task {
        await model.loadReloadable { _ in
          if delay > .zero {
            let gate = Gate<Void>()
            pending.withLock { $0.append(gate) }
            try await gate.wait()
          }
          throw TestError("offline")
        }
      }
      try await awaitFailure(of: first, after: delay, pending: pending)
      let afterFirst = announcer.texts
      try await awaitFailure(of: Task { await model.reload() }, after: delay, pending: pending)
      let errors = announcer.texts.filter { $0.contains("offline") }
      XCTAssertEqual(errors.count, 2, "\(delay): first \(afterFirst), all \(announcer.texts)")
    }
  }

  /// Awaits a load under `.smooth` whose operation fails `delay` after it starts: at once
  /// (within the show delay, nothing to wait for), or after loading was shown at 150 ms —
  /// the operation's gate failing at `delay` — and the rest of its minimum display time
  /// (until 550 ms).
  private func awaitFailure<Outcome>(
    of load: Task<Outcome, Never>, after delay: Duration, pending: LockedState<[Gate<Void>]>
  ) async throws {
    if delay > .zero {
      let presenter = presenter
      let start = clock.now
      try await settle { pending.withLock { $0.last?.waiterCount == 1 } }
      clock.advance(to: start.advanced(by: .milliseconds(150)))  // the show delay
      try await settle { presenter.presentedKinds.last == .loading }
      clock.advance(to: start.advanced(by: delay))
      pending.withLock { $0.removeLast() }.open()  // the operation fails now
      try await settle { self.clock.sleeperCount == 1 }  // the minimum display time
      clock.advance(to: start.advanced(by: .milliseconds(550)))
    }
    _ = await load.value
    await settle()
  }

  func test_theCategoryAPIsCancellation_announcesNothing() async {
    model.startLoading()
    announcer.removeAll()
    model.endLoading(error: CancellationError())
    XCTAssertEqual(model.currentState, .idle)
    XCTAssertEqual(announcer.texts, [])
  }

  // MARK: Coalescing

  func test_changesFasterThanSpeech_areCoalesced_andTheLastOneWins() async throws {
    model.stateMachine.setAnnouncer(announcer, policy: .standard)
    model.startLoading()
    model.endLoading()  // Empty.
    model.startLoading()
    model.content = ["a", "b", "c", "d"]
    model.endLoading()
    XCTAssertEqual(announcer.texts, ["Loading…"], "the rest waits for the interval")
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .milliseconds(999))
    await settle()
    XCTAssertEqual(announcer.texts, ["Loading…"])
    clock.advance(by: .milliseconds(1))
    try await settle { self.announcer.texts.count == 2 }
    XCTAssertEqual(announcer.texts, ["Loading…", "4 results"])
  }

  func test_anAnnouncerSetFromCodeIsolatedToNoActor_announcesEveryChangeAtOnce() async {
    let texts = Self.announceFromNoActor()
    XCTAssertEqual(texts, ["Loading…", "No Content", "Loading…", "1 result"])
  }

  private nonisolated static func announceFromNoActor() -> [String] {
    let announcer = RecordingAnnouncer()
    let model = TestModel(machine: ContentStateMachine(clock: ManualClock()))
    model.stateMachine.strings = .english
    model.stateMachine.setAnnouncer(announcer)  // .standard, but no actor to come back to.
    model.startLoading()
    model.endLoading()
    model.startLoading()
    model.content = ["a"]
    model.endLoading()
    return announcer.texts
  }

  // MARK: Page appends

  func test_aPageAppended_announcesTheNewCount_andAFailedPageItsError() async {
    _ = await load(["1", "2", "3"])
    announcer.removeAll()
    _ = await model.loadMore { _ in
      ["4", "5"]
    } apply: { model, page in
      model.content += page
    }
    XCTAssertEqual(announcer.texts, ["5 results"], "the footer's loading says nothing")
    _ = await model.loadMore { _ in
      throw TestError("page 3 is gone")
    } apply: { model, page in
      model.content += page
    }
    let last = try? XCTUnwrap(announcer.announcements.last)
    XCTAssertEqual(last?.state, .content, "the content stays")
    XCTAssertTrue(last?.text.hasPrefix("Something Went Wrong") == true, last?.text ?? "")
    XCTAssertTrue(last?.text.contains("page 3 is gone") == true, last?.text ?? "")
  }

  func test_retryingAFailedPage_saysNoCountUntilAPageArrives_andAFailureAgain() async throws {
    _ = await load(["1", "2", "3", "4", "5", "6"])
    _ = await model.loadMore { _ in
      throw TestError("page 2 is gone")
    } apply: { model, page in
      model.content += page
    }
    announcer.removeAll()
    let gate = Gate<[String]>()
    let model = model
    let retry = Task {
      await model.loadMore { _ in
        try await gate.wait()
      } apply: {
        $0.content += $1
      }
    }
    try await settle { gate.waiterCount == 1 }
    XCTAssertEqual(announcer.texts, [], "the footer loads: no page has arrived")
    gate.fail(with: TestError("page 2 is gone"))
    _ = await retry.value
    XCTAssertEqual(announcer.texts.count, 1, "the Retry failed again: \(announcer.texts)")
    XCTAssertTrue(announcer.texts.last?.contains("page 2 is gone") == true)
    _ = await model.loadMore { _ in
      ["7", "8", "9"]
    } apply: {
      $0.content += $1
    }
    XCTAssertEqual(announcer.texts.last, "9 results")
  }

  // MARK: Locked

  func test_lockedAndARefusedCredential_areAnnounced_neverTheCredential() async {
    let secret = "hunter2-secret"
    let open: @Sendable (LoadContext) async throws -> [String] = { context in
      guard let credential = context.credential else {
        throw ContentLockedError(.credentialRequired)
      }
      guard credential.secret == secret else {
        throw ContentLockedError(.incorrectCredential(attempts: 0))
      }
      return ["page"]
    }
    _ = await model.loadReloadable(open)
    _ = await model.unlock(with: Credential(password: "wrong-guess-1"))
    _ = await model.unlock(with: Credential(password: "wrong-guess-2"))
    _ = await model.unlock(with: Credential(password: secret))
    let locked = announcer.announcements.filter { $0.state == .locked }.map(\.text)
    XCTAssertEqual(locked.count, 3)
    XCTAssertTrue(locked[0].hasPrefix("Locked"), locked[0])
    XCTAssertTrue(locked[1].contains("Incorrect password"), locked[1])
    XCTAssertTrue(locked[1].contains("1 attempt"), locked[1])
    XCTAssertTrue(locked[2].contains("2 attempts"), locked[2])
    XCTAssertEqual(announcer.texts.last, "1 result")
    for text in announcer.texts {
      XCTAssertFalse(text.contains(secret) || text.contains("wrong-guess"), text)
    }
  }

  // MARK: Announcer's life

  func test_withoutAnAnnouncer_nothingIsAnnounced_andSettingNilStopsAnnouncing() async {
    model.stateMachine.setAnnouncer(nil)
    XCTAssertNil(model.stateMachine.announcer)
    _ = await load(["a"])
    XCTAssertEqual(announcer.texts, [])
  }

  func test_aModelReleasedWithAnAnnouncementWaiting_isReleased() async throws {
    weak var released: TestModel?
    do {
      let machine = ContentStateMachine(clock: clock)
      machine.loadingPolicy = .immediate  // The announcement, not the show delay, waits.
      machine.setAnnouncer(announcer)
      let model = TestModel(machine: machine)
      released = model
      model.startLoading()
      model.endLoading()  // "No Content" waits for the interval.
      try await settle { self.clock.sleeperCount == 1 }
    }
    XCTAssertNil(released, "the timer holds neither the machine nor the model")
    clock.advance(by: .seconds(1))
    await settle()
    XCTAssertEqual(announcer.texts.count, 1, "only the first announcement was made")
  }
}

/// A model whose content is no collection: it has no count to announce.
private final class UncountedModel: StatefulContent {
  let stateMachine: ContentStateMachine
  var text: String?

  init(machine: ContentStateMachine) {
    stateMachine = machine
  }

  var content: String? { text }
}
