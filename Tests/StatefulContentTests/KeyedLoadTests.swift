import StatefulContent
import StatefulContentTesting
import XCTest

/// Keyed loads: content belongs to its key; another key keeps the previous content marked,
/// or shows loading; a failed new key shows the error.
final class KeyedLoadTests: LoadTestCase {
  /// Starts a keyed load of `gate`'s value for `query`, in a task of its own; an operation
  /// `ignoringCancellation` goes on waiting when superseded, so that its value arrives late.
  private func search(
    _ query: String, _ gate: Gate<[String]>, keyChange: KeyChangePolicy = .keepPrevious,
    debounce: Duration = .zero, ignoringCancellation: Bool = false
  ) -> Task<LoadOutcome, Never> {
    let model = model
    return Task {
      await model.load(into: \.content, key: query, keyChange: keyChange, debounce: debounce) {
        _ in
        try await gate.wait(ignoringCancellation: ignoringCancellation)
      }
    }
  }

  /// Loads `results` for `query` to the end.
  private func searched(_ query: String, _ results: [String]) async {
    let outcome = await model.load(into: \.content, key: query) { _ in results }
    XCTAssertEqual(outcome, .completed)
  }

  func test_keys_compareAndHashByValue_asAnyHashableDoes() {
    XCTAssertEqual(LoadKey("swift"), LoadKey("swift"))
    XCTAssertNotEqual(LoadKey("swift"), LoadKey("swim"))
    XCTAssertNotEqual(LoadKey(1), LoadKey("1"))
    XCTAssertEqual(LoadKey(1), LoadKey(1.0), "AnyHashable's numbers compare by value")
    XCTAssertEqual(Set([LoadKey("a"), LoadKey("a"), LoadKey(7)]).count, 2)
    XCTAssertEqual(LoadKey("swi").description, "swi")
    XCTAssertEqual(LoadKey(42).value as? Int, 42)
  }

  func test_anotherKey_keepsThePreviousContentMarked_untilItsValueArrives() async throws {
    await searched("s", ["swift", "sun"])
    XCTAssertEqual(presenter.lastPresentation?.key, LoadKey("s"))
    let gate = Gate<[String]>()
    let load = search("sw", gate)
    try await settle { self.presenter.lastPresentation?.showsPreviousKey == true }
    let marked = presenter.lastPresentation
    XCTAssertEqual(marked?.state, .content, "the previous results stay visible")
    XCTAssertEqual(marked?.isRefreshing, true)
    XCTAssertEqual(marked?.key, LoadKey("sw"), "the key being loaded")
    XCTAssertEqual(model.stateMachine.key, LoadKey("sw"))
    gate.open(with: ["swift"])
    let outcome = await load.value
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(model.content, ["swift"])
    XCTAssertEqual(presenter.lastPresentation?.showsPreviousKey, false)
    XCTAssertEqual(presenter.lastPresentation?.isRefreshing, false)
  }

  func test_contentLoadedWithoutAKey_isNotTheNewKeys_andNotCurrentAfterItFails() async throws {
    _ = await model.load(into: \.content) { _ in ["all items"] }
    let gate = Gate<[String]>()
    let load = search("q", gate)
    try await settle { self.presenter.lastPresentation?.showsPreviousKey == true }
    XCTAssertEqual(presenter.lastPresentation?.showsPreviousKey, true, "marked as not q's")
    gate.fail(with: TestError("q failed"))
    _ = await load.value
    XCTAssertEqual(model.currentState, .error(TestError("q failed")))
    XCTAssertEqual(model.reportedErrors, [])
  }

  func test_theSameKeyAgain_isARefresh_notMarkedAsPrevious() async throws {
    await searched("s", ["swift"])
    let gate = Gate<[String]>()
    let load = search("s", gate)
    try await settle { self.model.stateMachine.isRefreshing }
    XCTAssertEqual(presenter.lastPresentation?.isRefreshing, true)
    XCTAssertEqual(presenter.lastPresentation?.showsPreviousKey, false)
    gate.open(with: ["swift", "sun"])
    _ = await load.value
    XCTAssertEqual(model.content, ["swift", "sun"])
  }

  func test_aFailedLoadForAnotherKey_showsTheError_notThePreviousContent() async {
    await searched("s", ["swift"])
    let outcome = await model.load(into: \.content, key: "sw") { _ in
      throw TestError("offline")
    }
    XCTAssertEqual(outcome, .failed(TestError("offline")))
    XCTAssertEqual(model.currentState, .error(TestError("offline")))
    XCTAssertEqual(presenter.lastPresentation?.key, LoadKey("sw"))
    XCTAssertEqual(model.reportedErrors, [], "not an error with content: the content is not sw's")
    // Back to the key of the content: it is current again, refreshed.
    await searched("s", ["swift"])
    XCTAssertEqual(model.currentState, .content)
  }

  func test_aFailedFirstLoad_carriesItsKey() async {
    let outcome = await model.load(into: \.content, key: "q") { _ in throw TestError("offline") }
    XCTAssertEqual(outcome, .failed(TestError("offline")))
    XCTAssertEqual(model.currentState, .error(TestError("offline")))
    XCTAssertEqual(presenter.lastPresentation?.key, LoadKey("q"), "it had no key")
    XCTAssertEqual(model.stateMachine.key, LoadKey("q"))
    await searched("q", ["quill"])
    XCTAssertEqual(model.currentState, .content)
    XCTAssertEqual(presenter.lastPresentation?.key, LoadKey("q"))
  }

  func test_anotherKeysFailure_isRetried_whileThePreviousResultsStayMarked() async throws {
    await searched("s", ["swift"])
    let attempts = Counter()
    let model = model
    let load = Task {
      await model.load(into: \.content, key: "sw", retry: .standard) { _ in
        attempts.increment()
        throw TestError("offline")
      }
    }
    try await settle { self.clock.sleeperCount == 1 }
    XCTAssertEqual(presenter.lastPresentation?.showsPreviousKey, true)
    XCTAssertEqual(attempts.value, 1, "backing off: a failure would not keep s's results")
    model.cancelLoading()
    let outcome = await load.value
    XCTAssertEqual(outcome, .cancelled)
  }

  func test_aFailedRefreshOfTheSameKey_keepsTheContent_andReportsTheError() async {
    await searched("s", ["swift"])
    _ = await model.load(into: \.content, key: "s") { _ in throw TestError("offline") }
    XCTAssertEqual(model.currentState, .content)
    XCTAssertEqual(model.reportedErrors, ["offline"])
  }

  func test_showLoading_givesThePreviousContentWayToLoading() async throws {
    await searched("s", ["swift"])
    let gate = Gate<[String]>()
    let load = search("x", gate, keyChange: .showLoading)
    try await settle { self.model.currentState == .loading }
    XCTAssertEqual(presenter.lastPresentation?.state.kind, .loading)
    XCTAssertEqual(presenter.lastPresentation?.key, LoadKey("x"))
    gate.open(with: [])
    _ = await load.value
    XCTAssertEqual(model.currentState, .empty)
  }

  func test_anEmptyResult_saysWhatWasSearchedFor() async {
    await searched("zz", [])
    XCTAssertEqual(model.currentState, .empty)
    let placeholder = presenter.lastPresentation?.placeholder as? StandardPlaceholder
    XCTAssertEqual(placeholder?.message, PlaceholderStrings.current.noResults(for: "zz"))
  }

  func test_anEmptyResult_isTitledNoResults_inEnglishGermanAndFrench_andAnnouncedSo() async {
    let expected: [(PlaceholderStrings, title: String, message: String)] = [
      (.english, "No Results", "No results for “swz”."),
      (.german, "Keine Ergebnisse", "Keine Ergebnisse für „swz“."),
      (.french, "Aucun résultat", "Aucun résultat pour «\u{A0}swz\u{A0}»."),
    ]
    for (strings, title, message) in expected {
      let model = TestModel(machine: ContentStateMachine(presenter: presenter, clock: clock))
      model.stateMachine.loadingPolicy = .immediate
      model.stateMachine.strings = strings
      let announcer = RecordingAnnouncer()
      model.stateMachine.setAnnouncer(announcer, policy: .immediate)
      _ = await model.load(into: \.content, key: "swz") { _ in [] }
      let placeholder = presenter.lastPresentation?.placeholder as? StandardPlaceholder
      XCTAssertEqual(placeholder?.title, title, strings.language)
      XCTAssertEqual(placeholder?.message, message, strings.language)
      XCTAssertEqual(announcer.texts.last, "\(title). \(message)", strings.language)
    }
  }

  func test_anEmptyResult_keepsTheAppsEmptyTitle_andAnEmptyWithoutAKeyIsNoContent() async throws {
    model.stateMachine.strings = .english
    _ = await model.load(into: \.content) { _ in [] }
    let unkeyed = presenter.lastPresentation?.placeholder as? StandardPlaceholder
    XCTAssertEqual(unkeyed?.title, "No Content", "nothing was searched for")
    try model.stateMachine.setPlaceholder(
      StandardPlaceholder(title: "Nothing Here", symbolName: "tray"), for: .empty)
    await searched("swz", [])
    let registered = presenter.lastPresentation?.placeholder as? StandardPlaceholder
    XCTAssertEqual(registered?.title, "Nothing Here", "the app's own title wins")
    XCTAssertEqual(registered?.message, "No results for “swz”.")
  }

  func test_eachKeystroke_supersedesTheLast_onlyTheLastIsApplied() async throws {
    let gates = [Gate<[String]>(), Gate<[String]>(), Gate<[String]>()]
    var loads: [Task<LoadOutcome, Never>] = []
    for (query, gate) in zip(["s", "sw", "swi"], gates) {
      loads.append(search(query, gate, ignoringCancellation: true))
      try await settle { gate.waiterCount == 1 }
    }
    gates[2].open(with: ["swift"])
    gates[0].open(with: ["late s"])
    gates[1].open(with: ["late sw"])
    var outcomes: [LoadOutcome] = []
    for load in loads { outcomes.append(await load.value) }
    XCTAssertEqual(outcomes, [.superseded, .superseded, .completed])
    XCTAssertEqual(model.content, ["swift"])
    XCTAssertEqual(model.stateMachine.key, LoadKey("swi"))
  }

  func test_debounce_startsOnlyTheLastQuery_onTheInjectedClock() async throws {
    let runs = LockedState<[String]>([])
    let model = model
    func type(_ query: String) -> Task<LoadOutcome, Never> {
      Task {
        await model.load(into: \.content, key: query, debounce: .milliseconds(150)) { _ in
          runs.withLock { $0.append(query) }
          return [query]
        }
      }
    }
    let first = type("s")
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .milliseconds(100))
    let second = type("sw")
    let firstOutcome = await first.value
    XCTAssertEqual(firstOutcome, .superseded, "superseded during its debounce")
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .milliseconds(150))
    let secondOutcome = await second.value
    XCTAssertEqual(secondOutcome, .completed)
    XCTAssertEqual(runs.withLock { $0 }, ["sw"], "the first query never ran")
    XCTAssertEqual(model.content, ["sw"])
  }

  func test_cancellingAnotherKeysLoad_bringsThePreviousContentBack_asCurrent() async throws {
    await searched("s", ["swift"])
    let gate = Gate<[String]>()
    let load = search("sw", gate)
    try await settle { self.presenter.lastPresentation?.showsPreviousKey == true }
    model.cancelLoading()
    let outcome = await load.value
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertEqual(model.stateMachine.key, LoadKey("s"))
    XCTAssertEqual(presenter.lastPresentation?.showsPreviousKey, false)
    XCTAssertEqual(presenter.lastPresentation?.state, .content)
  }

  func test_aKeyedStream_replacesThePreviousKeysContent_atItsFirstPart() async throws {
    await searched("s", ["swift"])
    let (stream, continuation) = AsyncStream<[String]>.makeStream()
    let model = model
    let load = Task {
      await model.loadAppending(key: "sw") { _ in
        stream
      }
    }
    try await settle { self.presenter.lastPresentation?.showsPreviousKey == true }
    continuation.yield(["swift"])
    try await settle { self.presenter.lastPresentation?.showsPreviousKey == false }
    XCTAssertEqual(presenter.lastPresentation?.state, .content)
    XCTAssertEqual(presenter.lastPresentation?.isRefreshing, true, "the rest is loading")
    continuation.finish()
    _ = await load.value
    XCTAssertEqual(model.content, ["swift"])
  }

  /// Starts a keyed streaming load of `stream`'s parts for `query`, in a task of its own.
  private func stream(_ query: String, _ stream: AsyncStream<[String]>) -> Task<LoadOutcome, Never>
  {
    let model = model
    return Task {
      await model.loadAppending(key: query) { _ in
        stream
      }
    }
  }

  func test_cancellingAKeyedStream_afterItsFirstPart_leavesTheContentToTheStreamsKey() async throws
  {
    await searched("s", ["swift"])
    let (parts, continuation) = AsyncStream<[String]>.makeStream()
    let load = stream("sw", parts)
    try await settle { self.presenter.lastPresentation?.showsPreviousKey == true }
    continuation.yield(["swim"])
    try await settle { self.model.content == ["swim"] }

    model.cancelLoading()

    let outcome = await load.value
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertEqual(model.content, ["swim"], "the part that arrived stays")
    // The content is sw's: it was restored as s's, and the next key kept it unmarked.
    XCTAssertEqual(model.stateMachine.key, LoadKey("sw"))
    XCTAssertEqual(presenter.lastPresentation?.key, LoadKey("sw"))
    XCTAssertEqual(presenter.lastPresentation?.showsPreviousKey, false)
    continuation.finish()
  }

  func test_cancellingAKeyedStream_afterItsFirstPart_showsItsContent_notAnOlderKeysError()
    async throws
  {
    await searched("s", ["swift"])
    _ = await model.load(into: \.content, key: "x") { _ in throw TestError("offline") }
    XCTAssertEqual(model.currentState, .error(TestError("offline")))
    let (parts, continuation) = AsyncStream<[String]>.makeStream()
    let load = stream("sw", parts)
    continuation.yield(["swim"])
    try await settle { self.model.content == ["swim"] }

    model.cancelLoading()

    let outcome = await load.value
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertEqual(model.currentState, .content, "x's error came back over sw's content")
    XCTAssertEqual(model.stateMachine.key, LoadKey("sw"))
    continuation.finish()
  }

  func test_lockOrResetDuringAKeyedStream_neverPresentsItsContentUnderTheOlderKey() async throws {
    for endsWithLock in [true, false] {
      try await setUp()
      await searched("a", ["apple"])
      let (parts, continuation) = AsyncStream<[String]>.makeStream()
      let load = stream("b", parts)
      continuation.yield(["banana"])
      try await settle { self.model.content == ["banana"] }
      let before = presenter.records.count

      if endsWithLock { model.lock() } else { model.reset() }

      _ = await load.value
      let shown = presenter.records.dropFirst(before).map(\.presentation)
      XCTAssertFalse(
        shown.contains { $0.state == .content && $0.key != LoadKey("b") },
        "b's content was presented labelled as another key's: \(shown.map(\.key))")
      XCTAssertEqual(
        shown.map(\.state.kind), [endsWithLock ? .locked : .idle],
        "the lock or the reset is presented, and nothing before it")
      continuation.finish()
    }
  }

  // MARK: Credentials belong to a key

  /// Makes `loadContent()` open the locked document `key()` names after it waited at
  /// `ready`, if given; `open` says whether a credential opens it.
  private func openLocked(
    _ key: @escaping () -> String, waitingAt ready: Gate<Void>? = nil, seen: CredentialLog,
    opens: @escaping @Sendable (String, Credential?) -> Bool
  ) {
    model.contentLoad = { model in
      if let ready { try? await ready.wait() }
      let document = key()
      await model.load(into: \.content, key: document) { context in
        seen.record(document, context.credential)
        guard opens(document, context.credential) else { throw ContentLockedError() }
        return ["\(document), page 1"]
      }
    }
  }

  func test_aSearchStartedWhileAnUnlockWaits_getsNoCredential() async throws {
    let seen = CredentialLog()
    let ready = Gate<Void>()
    ready.open()
    openLocked({ "report.pdf" }, waitingAt: ready, seen: seen) { _, credential in
      credential?.secret == "s3cret!"
    }
    await model.loadContent()
    let lookUp = Gate<Void>()
    openLocked({ "report.pdf" }, waitingAt: lookUp, seen: seen) { _, credential in
      credential?.secret == "s3cret!"
    }
    let model = model
    let unlock = Task { await model.unlock(with: Credential(password: "s3cret!")) }
    try await settle { lookUp.waiterCount == 1 }
    _ = await model.load(into: \.content, key: "budget.xlsx") { context in
      seen.record("budget.xlsx", context.credential)
      return ["budget"]
    }
    lookUp.open()
    _ = await unlock.value
    XCTAssertEqual(
      seen.all, ["report.pdf:-", "budget.xlsx:-", "report.pdf:s3cret!"],
      "the password of report.pdf went to the load of budget.xlsx")
  }

  func test_aReloadOfAnotherKey_getsNoCredentialOfTheUnlockedKey() async {
    let seen = CredentialLog()
    var document = "a.pdf"
    openLocked({ document }, seen: seen) { key, credential in
      key == "b.pdf" || credential?.secret == "password of a"
    }
    await model.loadContent()
    let unlocked = await model.unlock(with: Credential(password: "password of a"))
    XCTAssertEqual(unlocked, .unlocked)
    document = "b.pdf"  // the screen now shows another document; Retry or pull to refresh
    await model.reload()
    XCTAssertEqual(
      seen.all.last, "b.pdf:-", "a credential belongs to the key it unlocked: \(seen.all)")
  }
}
