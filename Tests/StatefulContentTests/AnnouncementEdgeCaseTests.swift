import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

/// Announcements in odd conditions: re-entrant announcers, failing clocks, animations in
/// flight, restorations, resets, credentials inside errors, odd error texts.
final class AnnouncementEdgeCaseTests: AnnouncingTestCase {
  // MARK: Re-entrant announcers

  func test_announcerRequestingATransitionFromAnnounce_isQueued() async {
    let model = model
    let reentrant = RecordingAnnouncer.once(when: .empty) { model.startLoading() }
    model.stateMachine.setAnnouncer(reentrant, policy: .immediate)
    model.startLoading()
    model.endLoading()
    XCTAssertEqual(model.currentState, .loading)
    XCTAssertEqual(presenter.presentedKinds.last, .loading)
    XCTAssertEqual(reentrant.texts, ["Loading…", "No Content", "Loading…"])
  }

  func test_announcerRemovingOrReplacingItselfFromAnnounce() async {
    let first = RecordingAnnouncer()
    let second = RecordingAnnouncer()
    let machine = model.stateMachine
    first.onAnnounce = { _ in machine.setAnnouncer(second, policy: .immediate) }
    machine.setAnnouncer(first, policy: .immediate)
    model.startLoading()
    model.content = ["a"]
    model.endLoading()
    XCTAssertEqual(first.texts, ["Loading…"])
    XCTAssertEqual(second.texts, ["1 result"])
    second.removeAll()
    let third = RecordingAnnouncer()
    third.onAnnounce = { _ in machine.setAnnouncer(nil) }
    machine.setAnnouncer(third, policy: .standard)
    model.content = []
    model.startLoading()
    model.endLoading()
    await settle()
    XCTAssertEqual(third.texts, ["Loading…"])
    XCTAssertNil(machine.announcer)
  }

  func test_announcerReleasingTheModelFromAnnounce() async {
    weak var released: TestModel?
    let reentrant = RecordingAnnouncer()
    do {
      var holder: TestModel? = TestModel(
        machine: ContentStateMachine(presenter: presenter, clock: clock))
      released = holder
      holder?.stateMachine.setAnnouncer(reentrant, policy: .immediate)
      reentrant.onAnnounce = { _ in holder = nil }
      holder?.startLoading()
      holder?.endLoading()
    }
    await settle()
    XCTAssertNil(released)
  }

  /// Timer-fired announce that re-enters with a new load: no crash, no lost announcement.
  func test_announcerReenteringFromTheTimer() async {
    let model = model
    let reentrant = RecordingAnnouncer.once(when: .empty) {
      model.content = ["x", "y"]
      model.startLoading()
      model.endLoading()
    }
    model.stateMachine.setAnnouncer(reentrant, policy: .standard)
    model.startLoading()
    model.endLoading()  // "No Content" waits
    await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .seconds(1))
    await settle { reentrant.texts.count == 2 }
    await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .seconds(1))
    await settle { reentrant.texts.count == 3 }
    XCTAssertEqual(reentrant.texts, ["Loading…", "No Content", "2 results"])
  }

  // MARK: Timer

  func test_setAnnouncerDuringAPendingTimer_cancelsIt_andTheNewAnnouncerStartsFresh() async {
    model.stateMachine.setAnnouncer(announcer, policy: .standard)
    model.startLoading()
    model.content = ["a"]
    model.endLoading()
    await settle { self.clock.sleeperCount == 1 }
    let second = RecordingAnnouncer()
    model.stateMachine.setAnnouncer(second, policy: .standard)
    await settle { self.clock.sleeperCount == 0 }
    XCTAssertEqual(clock.sleeperCount, 0, "the old timer is cancelled")
    clock.advance(by: .seconds(5))
    await settle()
    XCTAssertEqual(announcer.texts, ["Loading…"])
    model.content = []
    model.startLoading()
    XCTAssertEqual(second.texts, ["Loading…"])
  }

  /// A clock whose sleep throws CancellationError (not because the task was cancelled).
  func test_aClockFailingWithCancellationError_doesNotSilenceAnnouncementsForever() async {
    model.stateMachine.setAnnouncer(announcer, policy: .standard)
    clock.failSleeps(with: CancellationError())
    model.startLoading()
    model.endLoading()  // "No Content" waits for a timer that fails at once.
    await settle()
    clock.advance(by: .seconds(10))
    await settle()
    model.content = ["a", "b", "c"]
    model.startLoading()
    model.endLoading()
    await settle()
    clock.advance(by: .seconds(10))
    await settle()
    XCTAssertEqual(announcer.texts.last, "3 results", "\(announcer.texts)")
  }

  func test_aClockFailingWithAnotherError_announcesAtOnce() async {
    model.stateMachine.setAnnouncer(announcer, policy: .standard)
    clock.failSleeps(with: TestError("clock broke"))
    model.startLoading()
    model.endLoading()
    await settle { self.announcer.texts.count == 2 }
    XCTAssertEqual(announcer.texts, ["Loading…", "No Content"])
  }

  func test_negativeIntervalSetOnTheVar_behavesAsZero() async {
    var policy = AnnouncementPolicy.standard
    policy.coalescingInterval = .seconds(-5)
    model.stateMachine.setAnnouncer(announcer, policy: policy)
    model.startLoading()
    model.endLoading()
    XCTAssertEqual(announcer.texts, ["Loading…", "No Content"])
  }

  func test_hugeIntervalOnManualClock_waitsWithoutTrapping() async {
    let huge = Duration(secondsComponent: .max, attosecondsComponent: 999_999_999_999_999_999)
    model.stateMachine.setAnnouncer(announcer, policy: AnnouncementPolicy(coalescingInterval: huge))
    model.startLoading()
    model.endLoading()
    await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .seconds(1_000_000))
    await settle()
    XCTAssertEqual(announcer.texts, ["Loading…"])
  }

  // MARK: I6

  func test_modelReleasedWithTimerAndAnimationPending_isReleased() async {
    weak var releasedModel: TestModel?
    weak var releasedPresenter: RecordingPresenter?
    do {
      let presenter = RecordingPresenter(finishing: .manually)
      releasedPresenter = presenter
      let machine = ContentStateMachine(presenter: presenter, clock: clock)
      machine.setAnnouncer(announcer)
      let model = TestModel(machine: machine)
      releasedModel = model
      model.startLoading(animated: true)
      model.endLoading(animated: true)
      _ = presenter.finishAll()
      model.startLoading(animated: true)  // in flight
      await settle { self.clock.sleeperCount == 1 }
    }
    XCTAssertNil(releasedModel)
    XCTAssertNil(releasedPresenter)
  }

  // MARK: Animations and restorations

  func test_restorationWhileAnimationInFlight_isSilent_laterChangesAreHeard() async {
    model.startLoading(animated: false)
    model.endLoading(animated: false)  // empty
    presenter.finishing = .manually
    model.startLoading(animated: true)  // in flight
    model.endLoading(animated: true, error: CancellationError())
    _ = presenter.finishAll()
    XCTAssertEqual(presenter.presentedKinds.last, .empty)
    XCTAssertEqual(announcer.texts, ["Loading…", "No Content", "Loading…"])
    presenter.finishing = .immediately
    model.startLoading(animated: false)
    model.content = ["a"]
    model.endLoading(animated: false)
    XCTAssertEqual(announcer.texts, ["Loading…", "No Content", "Loading…", "Loading…", "1 result"])
  }

  /// The completion of a cancelled load's restoration shows real news: content.
  func test_contentShownFromTheRestorationsCompletion_isAnnounced() async {
    model.startLoading()
    model.endLoading()  // empty
    model.startLoading()
    announcer.removeAll()
    let model = model
    model.endLoading(error: CancellationError()) { _ in
      model.content = ["a", "b"]
      model.transitionToDecidedState(animated: false)
    }
    XCTAssertEqual(model.currentState, .content)
    XCTAssertEqual(presenter.presentedKinds.last, .content)
    XCTAssertEqual(announcer.texts, ["2 results"], "new content is news, not a restoration")
  }

  func test_loadStartedFromTheRestorationsCompletion_laterOutcomeIsHeard() async {
    model.startLoading()
    model.endLoading()  // empty
    model.startLoading()
    let model = model
    model.endLoading(error: CancellationError()) { _ in
      model.content = ["a", "b"]
      model.setupInitialState()
    }
    XCTAssertEqual(announcer.texts, ["Loading…", "No Content", "Loading…", "2 results"])
    XCTAssertEqual(presenter.presentedKinds, [.loading, .empty, .loading, .empty, .content])
  }

  func test_resetToIdle_thenTheSameLoad_isHeardAgain() async {
    _ = await model.load(into: \.content) { _ in ["a"] }
    model.reset()
    XCTAssertEqual(model.currentState, .idle)
    model.content = []
    _ = await model.load(into: \.content) { _ in ["a"] }
    XCTAssertEqual(announcer.texts, ["Loading…", "1 result", "Loading…", "1 result"])
  }

  func test_resetWithStandardPolicy_thenSameLoadWithinInterval() async {
    model.stateMachine.setAnnouncer(announcer, policy: .standard)
    _ = await model.load(into: \.content) { _ in ["a"] }
    await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .seconds(1))
    await settle { self.announcer.texts.count == 2 }
    model.reset()
    model.content = []
    _ = await model.load(into: \.content) { _ in ["a"] }
    await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .seconds(1))
    await settle()
    XCTAssertEqual(
      announcer.texts, ["Loading…", "1 result", "1 result"],
      "after a reset the same outcome is heard again; the loading in between was coalesced")
  }

  // MARK: Keyed, streaming, pagination

  func test_aKeyedLoadKeepingThePreviousContent_announcesOnlyTheNewKeysOutcome() async {
    _ = await model.load(into: \.content, key: "a") { _ in ["x"] }
    let gate = Gate<[String]>()
    let model = model
    let task = Task { await model.load(into: \.content, key: "b") { _ in try await gate.wait() } }
    await settle { gate.waiterCount == 1 }
    let during = announcer.texts
    gate.open(with: ["y"])
    _ = await task.value
    XCTAssertEqual(during, ["Loading…", "1 result"], "the previous key's content stays: silence")
    XCTAssertEqual(announcer.texts.last, "1 result")
    XCTAssertEqual(announcer.announcements.last?.key, LoadKey("b"))
  }

  func test_aStreamingLoad_announcesItsOutcomeOnce() async {
    let model = model
    _ = await model.load(
      parts: { _ in
        AsyncStream<String> { c in
          c.yield("1"); c.yield("2"); c.yield("3"); c.finish()
        }
      },
      reset: { $0.content = [] }, apply: { $0.content.append($1) })
    XCTAssertEqual(announcer.texts.last, "3 results")
  }

  func test_categoryAPI_smooth_loadEndingWithinShowDelay_saysOnlyOutcome() async {
    model.stateMachine.loadingPolicy = .smooth
    model.startLoading()
    model.content = ["a"]
    model.endLoading()
    await settle()
    clock.advance(by: .seconds(2))
    await settle()
    XCTAssertEqual(announcer.texts, ["1 result"])
  }

  // MARK: Credentials

  func test_anOperationErrorEmbeddingTheCredential_reachesTheAnnouncement() async {
    let plain = Plain(presenter, announcer)
    let model = plain
    let open: @Sendable (LoadContext) async throws -> [String] = { context in
      guard let credential = context.credential else {
        throw ContentLockedError(.credentialRequired)
      }
      throw TestError("could not decrypt with \(credential.secret)")
    }
    _ = await model.load(into: \.content, operation: open)
    _ = await model.unlock(with: Credential(password: "hunter2-secret"))
    let leaked = announcer.texts.filter { $0.contains("hunter2") }
    let presented = presenter.records.compactMap {
      ($0.presentation.placeholder as? StandardPlaceholder)?.message
    }.filter { $0.contains("hunter2") }
    XCTAssertTrue(leaked.isEmpty, "credential reached the announcement: \(leaked)")
    XCTAssertTrue(presented.isEmpty, "credential reached the placeholder: \(presented)")
    XCTAssertEqual(announcer.texts.last, "Something Went Wrong. could not decrypt with ••••")
  }

  func test_anErrorHoldingTheCredentialValue_isRedacted() async {
    let model = Plain(presenter, announcer)
    struct Wrapped: Error { let credential: Credential }
    let open: @Sendable (LoadContext) async throws -> [String] = { context in
      guard let credential = context.credential else {
        throw ContentLockedError(.credentialRequired)
      }
      throw Wrapped(credential: credential)
    }
    _ = await model.load(into: \.content, operation: open)
    _ = await model.unlock(with: Credential(password: "hunter2-secret"))
    for text in announcer.texts { XCTAssertFalse(text.contains("hunter2"), text) }
  }

  // MARK: LocalizedError

  /// A hookless model: the built-in error placeholder as the machine fills it.
  private final class Plain: StatefulContent {
    let stateMachine: ContentStateMachine
    var content: [String] = []
    init(_ presenter: RecordingPresenter, _ announcer: RecordingAnnouncer) {
      stateMachine = ContentStateMachine(presenter: presenter)
      stateMachine.strings = .english
      stateMachine.setAnnouncer(announcer, policy: .immediate)
    }
  }

  private func fail(with error: any Error & Sendable) -> StandardPlaceholder? {
    let plain = Plain(presenter, announcer)
    plain.startLoading(animated: false)
    plain.endLoading(animated: false, error: error)
    XCTAssertEqual(plain.currentState.kind, .error)
    return presenter.lastPresentation?.placeholder as? StandardPlaceholder
  }

  func test_emptyErrorDescription_doesNotBlankTheErrorPlaceholder() async {
    let placeholder = fail(with: OddError(description: "", reason: nil))
    XCTAssertFalse(placeholder?.title.isEmpty ?? true, "title is empty")
    XCTAssertEqual(announcer.announcements.last?.state, .error, "\(announcer.announcements)")
  }

  func test_aBlankErrorDescription_keepsTheBuiltInTitle_andControlCharactersAreNotAnnounced()
    async
  {
    let placeholder = fail(with: OddError(description: " \n\t", reason: "\u{1B}[2J\u{7}bell"))
    XCTAssertEqual(placeholder?.title, "Something Went Wrong")
    XCTAssertEqual(announcer.texts.last, "Something Went Wrong. [2J bell")
  }

  func test_hugeErrorDescription_noCrash() async {
    let huge = String(repeating: "x", count: 2_000_000)
    _ = await model.load(into: \.content) { _ in throw OddError(description: huge, reason: huge) }
    XCTAssertEqual(announcer.announcements.last?.state, .error)
  }

  func test_customStringConvertibleAndLocalizedSilent_usesDescription() async {
    let placeholder = fail(with: BothError())
    XCTAssertEqual(placeholder?.message, "both-description")
  }

  func test_anNSError_showsItsDescription() async {
    let placeholder = fail(
      with: NSError(
        domain: "D", code: 7,
        userInfo: [
          NSLocalizedDescriptionKey: "ns described", NSLocalizedFailureReasonErrorKey: "ns reason",
        ]))
    // On Linux an NSError is no LocalizedError to the library (which imports
    // FoundationEssentials only): it shows the built-in title and its description.
    XCTAssertEqual(placeholder?.title, "Something Went Wrong")
    XCTAssertTrue(placeholder?.message?.contains("ns reason") == true)
  }

  // MARK: CountedText / language

  func test_hugeIntervalOnContinuousClock_doesNotTrap() async {
    let announcer = RecordingAnnouncer()
    let machine = ContentStateMachine()
    machine.strings = .english
    machine.loadingPolicy = .immediate
    let model = TestModel(machine: machine)
    machine.setAnnouncer(
      announcer, policy: AnnouncementPolicy(coalescingInterval: .seconds(Int64.max)))
    model.startLoading()
    model.endLoading()
    await settle(turns: 2_000)
    XCTAssertEqual(announcer.texts, ["Loading…"])
  }

  func test_countedTextEdges() {
    let t = CountedText(one: "{count} one", other: "{count} of {count}")
    XCTAssertEqual(t.text(for: Int.max, rule: .oneForOne), "\(Int.max) of \(Int.max)")
    XCTAssertEqual(t.text(for: Int.min, rule: .eastSlavic), "\(Int.min) of \(Int.min)")
    XCTAssertEqual(t.text(for: -1, rule: .oneForOne), "-1 one")
    XCTAssertEqual(CountedText(other: "no count").text(for: 3, rule: .polish), "no count")
    XCTAssertEqual(
      PlaceholderStrings.english.noResults(for: "{count}{key}"), "No results for “{count}{key}”.")
  }

  func test_environmentEdges() {
    func lang(_ env: [String: String]) -> String { PlaceholderStrings.language(environment: env) }
    XCTAssertEqual(lang(["LANG": "de_DE.UTF-8@euro"]), "de")
    XCTAssertEqual(lang(["LANG": "DE"]), "de")
    XCTAssertEqual(lang(["LANG": "fr-CA"]), "fr")
    XCTAssertEqual(lang(["LANG": "C.UTF-8", "LANGUAGE": "de"]), "en")
    XCTAssertEqual(lang(["LANG": ""]), "en")
    XCTAssertEqual(lang(["LANG": "fr_FR", "LANGUAGE": ":::"]), "fr")
    XCTAssertEqual(lang(["LANG": "en_US", "LANGUAGE": "xx:de"]), "de")
    XCTAssertEqual(lang(["LC_ALL": "", "LC_MESSAGES": "fr_FR", "LANG": "de_DE"]), "fr")
    XCTAssertEqual(lang(["LC_ALL": "de_DE", "LC_MESSAGES": "fr_FR"]), "de")
    XCTAssertEqual(lang(["LANG": "POSIX", "LANGUAGE": "fr"]), "en")
    XCTAssertEqual(lang(["LANGUAGE": "fr"]), "en")
    XCTAssertEqual(lang(["LANG": "en_US.UTF-8", "LANGUAGE": "en:fr"]), "en")
    XCTAssertEqual(lang(["LANG": "de_DE", "LANGUAGE": "C"]), "en")  // as gettext: untranslated
  }
}

struct OddError: LocalizedError, Sendable {
  var description: String
  var reason: String?
  var errorDescription: String? { description }
  var failureReason: String? { reason }
}

struct BothError: LocalizedError, CustomStringConvertible, Sendable {
  var description: String { "both-description" }
}
