import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

/// Announcements in odd conditions: re-entrant announcers, failing clocks, animations in
/// flight, restorations, resets, credentials inside errors and the app's texts — redacted in
/// the placeholders and the announcements, the library's own texts left whole, in English,
/// German and French — odd error texts.
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
  func test_announcerReenteringFromTheTimer() async throws {
    let model = model
    let reentrant = RecordingAnnouncer.once(when: .empty) {
      model.content = ["x", "y"]
      model.startLoading()
      model.endLoading()
    }
    model.stateMachine.setAnnouncer(reentrant, policy: .standard)
    model.startLoading()
    model.endLoading()  // "No Content" waits
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .seconds(1))
    try await settle { reentrant.texts.count == 2 }
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .seconds(1))
    try await settle { reentrant.texts.count == 3 }
    XCTAssertEqual(reentrant.texts, ["Loading…", "No Content", "2 results"])
  }

  // MARK: Timer

  func test_setAnnouncerDuringAPendingTimer_cancelsIt_andTheNewAnnouncerStartsFresh() async throws {
    model.stateMachine.setAnnouncer(announcer, policy: .standard)
    model.startLoading()
    model.content = ["a"]
    model.endLoading()
    try await settle { self.clock.sleeperCount == 1 }
    let second = RecordingAnnouncer()
    model.stateMachine.setAnnouncer(second, policy: .standard)
    try await settle { self.clock.sleeperCount == 0 }
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

  func test_aClockFailingWithAnotherError_announcesAtOnce() async throws {
    model.stateMachine.setAnnouncer(announcer, policy: .standard)
    clock.failSleeps(with: TestError("clock broke"))
    model.startLoading()
    model.endLoading()
    try await settle { self.announcer.texts.count == 2 }
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

  func test_hugeIntervalOnManualClock_waitsWithoutTrapping() async throws {
    let huge = Duration(secondsComponent: .max, attosecondsComponent: 999_999_999_999_999_999)
    model.stateMachine.setAnnouncer(announcer, policy: AnnouncementPolicy(coalescingInterval: huge))
    model.startLoading()
    model.endLoading()
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .seconds(1_000_000))
    await settle()
    XCTAssertEqual(announcer.texts, ["Loading…"])
  }

  // MARK: I6

  func test_modelReleasedWithTimerAndAnimationPending_isReleased() async throws {
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
      try await settle { self.clock.sleeperCount == 1 }
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

  func test_resetWithStandardPolicy_thenSameLoadWithinInterval() async throws {
    model.stateMachine.setAnnouncer(announcer, policy: .standard)
    _ = await model.load(into: \.content) { _ in ["a"] }
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .seconds(1))
    try await settle { self.announcer.texts.count == 2 }
    model.reset()
    model.content = []
    _ = await model.load(into: \.content) { _ in ["a"] }
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .seconds(1))
    await settle()
    XCTAssertEqual(
      announcer.texts, ["Loading…", "1 result", "1 result"],
      "after a reset the same outcome is heard again; the loading in between was coalesced")
  }

  // MARK: Keyed, streaming, pagination

  func test_aKeyedLoadKeepingThePreviousContent_announcesOnlyTheNewKeysOutcome() async throws {
    _ = await model.load(into: \.content, key: "a") { _ in ["x"] }
    let gate = Gate<[String]>()
    let model = model
    let task = Task { await model.load(into: \.content, key: "b") { _ in try await gate.wait() } }
    try await settle { gate.waiterCount == 1 }
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
    model.operation = open
    await model.loadContent()
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
    model.operation = open
    await model.loadContent()
    _ = await model.unlock(with: Credential(password: "hunter2-secret"))
    for text in announcer.texts { XCTAssertFalse(text.contains("hunter2"), text) }
  }

  // MARK: Credentials: the library's texts stay whole

  /// The tables the library ships: every redaction test checks all three languages.
  private static let languages: [PlaceholderStrings] = [.english, .german, .french]

  /// A document that `password` opens (with no pages, so that a later error is presented):
  /// a load without a credential is locked, a wrong password locked again — or, given
  /// `refusal`, fails with the error it makes of the tried password — and a load with the
  /// right one throws what `failure` holds, if anything.
  private func lockedDocument(
    in strings: PlaceholderStrings, password: String = "open sesame",
    failure: LockedState<TestError?> = LockedState(nil),
    refusal: (@Sendable (String) -> any Error & Sendable)? = nil,
    loadingTitle: String? = nil
  ) async -> Plain {
    presenter.clearRecords()
    announcer.removeAll()
    let model = Plain(presenter, announcer, strings: strings)
    model.stateMachine.loadingPolicy = .immediate
    if let loadingTitle {
      try? model.stateMachine.setPlaceholder(
        StandardPlaceholder(title: loadingTitle), for: .loading)
    }
    model.operation = { context in
      guard let tried = context.credential?.secret else {
        throw ContentLockedError(.credentialRequired)
      }
      guard tried == password else {
        if let refusal { throw refusal(tried) }
        throw ContentLockedError(.incorrectCredential(attempts: 0))
      }
      if let error = failure.withLock({ $0 }) { throw error }
      return []
    }
    await model.loadContent()
    return model
  }

  /// The title, message and recovery suggestion of every standard placeholder presented.
  private var presentedTexts: [String] {
    presenter.records.compactMap { $0.presentation.placeholder as? StandardPlaceholder }
      .flatMap { [$0.title, $0.message, $0.recoverySuggestion].compactMap { $0 } }
  }

  /// The standard placeholder presented last.
  private var shown: StandardPlaceholder? {
    presenter.lastPresentation?.placeholder as? StandardPlaceholder
  }

  /// Tries a wrong password on a locked document in each language and checks that the
  /// library's texts — loading, locked, the refused-password count — are shown and spoken as
  /// they are written, with no "••••" anywhere.
  private func assertWrongPasswordKeepsTheBuiltInTexts(
    _ password: String, file: StaticString = #filePath, line: UInt = #line
  ) async {
    for strings in Self.languages {
      let model = await lockedDocument(in: strings)
      _ = await model.unlock(with: Credential(password: password))
      let refused = strings.incorrectCredential(attempts: 1)
      let language = "\(strings.language), password “\(password)”"
      XCTAssertEqual(shown?.title, strings.locked, language, file: file, line: line)
      XCTAssertEqual(shown?.message, refused, language, file: file, line: line)
      XCTAssertEqual(
        Array(announcer.texts.suffix(2)), [strings.loading, "\(strings.locked). \(refused)"],
        language, file: file, line: line)
      for text in presentedTexts + announcer.texts {
        XCTAssertFalse(text.contains("••••"), "\(language): \(text)", file: file, line: line)
      }
    }
  }

  func test_aOneLetterPassword_leavesTheLibrarysTextsWhole() async {
    // Was "Lock••••d. Incorr••••ct password (1 att••••mpt).", "Wird g••••lad••••n…".
    await assertWrongPasswordKeepsTheBuiltInTexts("e")
  }

  func test_aPasswordThatIsAWordOfTheTemplate_leavesTheTemplateWhole() async {
    // Was "Incorrect •••• (1 attempt).": anyone who knows the sentence read the password back.
    await assertWrongPasswordKeepsTheBuiltInTexts("password")
  }

  func test_aPasswordInsideAWordOfTheTemplate_cannotBeReadBackFromIt() async {
    // Was "Incorrect ••••word (1 attempt).".
    await assertWrongPasswordKeepsTheBuiltInTexts("pass")
  }

  func test_aOneDigitPassword_leavesTheAttemptCountWhole() async {
    // Was "Incorrect password (•••• attempt).".
    await assertWrongPasswordKeepsTheBuiltInTexts("1")
  }

  func test_aPasswordLetterOfTheGermanAndFrenchTemplates_leavesThemWhole() async {
    // Was "F••••lsches P••••sswort (1 Versuch)." and "Ch••••rgement…".
    await assertWrongPasswordKeepsTheBuiltInTexts("a")
  }

  func test_aShortPasswordInsideAWordOfTheAppsText_leavesTheAppsTextWhole() async {
    // The document viewer showed and spoke "Op••••ning lock••••d.pdf…".
    for strings in Self.languages {
      let model = await lockedDocument(in: strings, loadingTitle: "Opening locked.pdf…")
      _ = await model.unlock(with: Credential(password: "e"))
      let loading = presenter.records.last { $0.presentation.state.kind == .loading }
      let title = (loading?.presentation.placeholder as? StandardPlaceholder)?.title
      XCTAssertEqual(title, "Opening locked.pdf…", strings.language)
      XCTAssertEqual(announcer.texts.suffix(2).first, "Opening locked.pdf…", strings.language)
    }
  }

  func test_aPlaceholderRegisteredFromTheBuiltInOne_keepsTheBuiltInTextsWhole() async throws {
    // The articles register `.locked(in:)` and its siblings with a change: what the app did not
    // change is the library's text ("Enter the •••• to open this document." before).
    let words = ["en": "password", "de": "Passwort", "fr": "passe"]
    for strings in Self.languages {
      let model = await lockedDocument(in: strings)
      var locked = StandardPlaceholder.locked(in: strings)
      locked.recoverySuggestion = "Ask the sender."
      try model.stateMachine.setPlaceholder(locked, for: .locked)
      _ = await model.unlock(with: Credential(password: words[strings.language] ?? "password"))
      XCTAssertEqual(shown?.title, strings.locked, strings.language)
      XCTAssertEqual(shown?.message, strings.lockedMessage, strings.language)
      XCTAssertEqual(
        announcer.texts.last, "\(strings.locked). \(strings.lockedMessage) Ask the sender.",
        strings.language)
    }
  }

  // MARK: Credentials: a secret never shows, in any spelling

  func test_aShortPIN_standingInALaterErrorsText_hidesThatTextWhole_neverMasksIt() async {
    // Was "Try again in •••• minutes.": a short secret masked in a known sentence is read back.
    for strings in Self.languages {
      let failure = LockedState<TestError?>(nil)
      let model = await lockedDocument(in: strings, password: "5", failure: failure)
      _ = await model.unlock(with: Credential(password: "5"))
      XCTAssertEqual(model.currentState.kind, .empty, strings.language)
      failure.withLock { $0 = TestError("Try again in 5 minutes.") }
      _ = await model.reload()
      XCTAssertEqual(shown?.title, strings.error, strings.language)
      XCTAssertEqual(shown?.message, strings.redactedText, strings.language)
      XCTAssertEqual(
        announcer.texts.last, "\(strings.error). \(strings.redactedText)", strings.language)
      // Inside a number the digit is not the PIN: the text is shown as it is.
      failure.withLock { $0 = TestError("Try again in 15 minutes.") }
      _ = await model.reload()
      XCTAssertEqual(shown?.message, "Try again in 15 minutes.", strings.language)
      XCTAssertEqual(
        announcer.texts.last, "\(strings.error). Try again in 15 minutes.", strings.language)
    }
  }

  func test_aShortPasswordQuotedByAnErrorsSwiftValue_hidesTheErrorsTextWhole() async {
    for strings in Self.languages {
      let model = await lockedDocument(in: strings) { VaultError.wrongPassword($0) }
      _ = await model.unlock(with: Credential(password: "e"))
      XCTAssertEqual(shown?.title, strings.error, strings.language)
      XCTAssertEqual(shown?.message, strings.redactedText, strings.language)
      XCTAssertEqual(
        announcer.texts.last, "\(strings.error). \(strings.redactedText)", strings.language)
    }
  }

  func test_anErrorHoldingThePasswordAsASwiftValue_isRedactedInItsEscapedSpelling() async {
    // `String(describing:)` writes `wrongPassword("C:\\key")`: the secret escaped, missed before.
    let passwords = [#"C:\key"#, #"tr0ub"4dor"#, "tab\tand\u{7}bell", "it's-mine"]
    for strings in Self.languages {
      for password in passwords {
        let model = await lockedDocument(in: strings) { VaultError.wrongPassword($0) }
        _ = await model.unlock(with: Credential(password: password))
        let context = "\(strings.language): \(password.debugDescription)"
        XCTAssertEqual(shown?.title, strings.error, context)
        XCTAssertEqual(shown?.message, #"wrongPassword("••••")"#, context)
        XCTAssertEqual(
          announcer.texts.last, #"\#(strings.error). wrongPassword("••••")"#, context)
      }
    }
  }

  func test_aLocalizedErrorReflectingThePassword_isRedactedInItsEscapedSpelling() async {
    // `String(reflecting:)` — a debug description — escapes as `String(describing:)` does.
    for strings in Self.languages {
      for password in [#"C:\key"#, #"tr0ub"4dor"#] {
        let model = await lockedDocument(in: strings) { ReflectingVaultError(password: $0) }
        _ = await model.unlock(with: Credential(password: password))
        let context = "\(strings.language): \(password.debugDescription)"
        let title = shown?.title ?? ""
        XCTAssertTrue(title.hasSuffix(#"VaultError.wrongPassword("••••")"#), "\(context): \(title)")
        XCTAssertEqual(shown?.message, "The vault refused the password.", context)
        for text in presentedTexts + announcer.texts {
          XCTAssertFalse(text.contains(password), "\(context): \(text)")
          XCTAssertFalse(text.contains(password.debugDescription.dropFirst().dropLast()), text)
        }
      }
    }
  }

  func test_textsTheAppsHookWrites_areRedacted_theLibrarysAreNot() async {
    // TestModel's error hook writes "Configured: <the error>" into the message.
    for strings in Self.languages {
      for (password, message) in [
        ("hunter2", "Configured: bad key ••••"), ("e", strings.redactedText),
      ] {
        presenter.clearRecords()
        announcer.removeAll()
        let machine = ContentStateMachine(presenter: presenter)
        machine.strings = strings
        machine.setAnnouncer(announcer, policy: .immediate)
        let model = TestModel(machine: machine)
        _ = await model.loadReloadable { context in
          guard let tried = context.credential?.secret else {
            throw ContentLockedError(.credentialRequired)
          }
          throw TestError("bad key \(tried)")
        }
        _ = await model.unlock(with: Credential(password: password))
        XCTAssertEqual(shown?.title, strings.error, strings.language)
        XCTAssertEqual(shown?.message, message, strings.language)
        XCTAssertEqual(announcer.texts.last, "\(strings.error). \(message)", strings.language)
      }
    }
  }

  func test_theAnnouncementOfAPlaceholderOfTheAppsOwnType_isRedacted() async throws {
    struct Spoken: Placeholder {
      var text: String
      var accessibilityAnnouncement: String? { text }
    }
    for strings in Self.languages {
      let model = await lockedDocument(in: strings) { TestError("refused \($0)") }
      try model.stateMachine.setPlaceholder(Spoken(text: "PIN 5 is wrong."), for: .error)
      _ = await model.unlock(with: Credential(password: "5"))
      XCTAssertEqual(model.currentState.kind, .error, strings.language)
      XCTAssertEqual(announcer.texts.last, strings.redactedText, strings.language)
    }
  }

  func test_theLockoutText_staysWhole_whenTheWrongPINIsItsAttemptCount() async {
    // The lockout's text is the library's ("Too many incorrect passwords (2 attempts)."), yet
    // it is redacted as an error's text: the last wrong PIN "2" withholds it.
    for strings in Self.languages {
      let model = await lockedDocument(in: strings, password: "7")
      model.stateMachine.maximumUnlockAttempts = 2
      _ = await model.unlock(with: Credential(password: "1"))
      let outcome = await model.unlock(with: Credential(password: "2"))
      XCTAssertEqual(outcome, .attemptLimitReached(attempts: 2), strings.language)
      XCTAssertEqual(shown?.message, strings.attemptLimit(attempts: 2), strings.language)
      XCTAssertEqual(shown?.recoverySuggestion, strings.attemptLimitRecovery, strings.language)
      XCTAssertFalse(
        presentedTexts.contains(strings.redactedText), "\(strings.language): \(presentedTexts)")
    }
  }

  func test_theLockoutText_staysWhole_whenTheWrongPasswordIsOneOfItsWords() async {
    // Was "Too •••• incorrect passwords (2 attempts).", "•••• the document again to retry.".
    let words = ["en": ["many", "Open"], "de": ["viele", "erneut"], "fr": ["Trop", "Rouvrez"]]
    for strings in Self.languages {
      let model = await lockedDocument(in: strings)
      model.stateMachine.maximumUnlockAttempts = 2
      for word in words[strings.language] ?? [] {
        _ = await model.unlock(with: Credential(password: word))
      }
      XCTAssertEqual(model.stateMachine.unlockAttempts, 2, strings.language)
      XCTAssertEqual(shown?.message, strings.attemptLimit(attempts: 2), strings.language)
      XCTAssertEqual(shown?.recoverySuggestion, strings.attemptLimitRecovery, strings.language)
      for text in presentedTexts + announcer.texts {
        XCTAssertFalse(text.contains("••••"), "\(strings.language): \(text)")
      }
    }
  }

  func test_aPasswordSpelledDecomposedByTheError_isRedacted() async {
    // "café-1234" typed precomposed (U+00E9) comes back decomposed (e + U+0301) from a library
    // that normalizes: the same string to Swift (`==`, `contains`), another to the redaction.
    let typed = "caf\u{E9}-1234"
    let decomposed = "cafe\u{301}-1234"
    XCTAssertEqual(typed, decomposed)
    for strings in Self.languages {
      let model = await lockedDocument(in: strings) { _ in TestError("bad key \(decomposed)") }
      _ = await model.unlock(with: Credential(password: typed))
      XCTAssertEqual(model.currentState.kind, .error, strings.language)
      for text in presentedTexts + announcer.texts {
        XCTAssertFalse(text.contains(typed), "\(strings.language): \(text)")
      }
    }
  }

  func test_aOneLetterPasswordSpelledDecomposedByTheError_hidesTheText() async {
    let typed = "\u{E9}"
    for strings in Self.languages {
      let model = await lockedDocument(in: strings) { _ in TestError("bad key: e\u{301}") }
      _ = await model.unlock(with: Credential(password: typed))
      XCTAssertEqual(shown?.message, strings.redactedText, strings.language)
    }
  }

  // MARK: LocalizedError

  /// A hookless model: the built-in error placeholder as the machine fills it.
  private final class Plain: StatefulContent {
    let stateMachine: ContentStateMachine
    var content: [String] = []
    /// The operation of `loadContent()`, which an unlock runs with the credential.
    var operation: (@Sendable (LoadContext) async throws -> [String])?
    nonisolated(nonsending) func loadContent() async {
      guard let operation else { return }
      await load(into: \.content, operation: operation)
    }
    init(
      _ presenter: RecordingPresenter, _ announcer: RecordingAnnouncer,
      strings: PlaceholderStrings = .english
    ) {
      stateMachine = ContentStateMachine(presenter: presenter)
      stateMachine.strings = strings
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

/// An error that holds the password it refused as a Swift value, as errors are written by
/// reflex: its description escapes the password as a string literal would.
enum VaultError: Error {
  case wrongPassword(String)
}

/// A `LocalizedError` whose description is the debug description of a ``VaultError``.
struct ReflectingVaultError: LocalizedError {
  var password: String
  var errorDescription: String? { String(reflecting: VaultError.wrongPassword(password)) }
  var failureReason: String? { "The vault refused the password." }
}
