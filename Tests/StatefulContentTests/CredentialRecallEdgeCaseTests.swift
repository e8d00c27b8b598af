import StatefulContent
import StatefulContentTesting
import XCTest

/// Remembered credentials at odd moments and with odd inputs: a store that answers after its
/// load ended, a reset or a cancellation during the lookup, the trial or the forget, trials
/// under an attempt limit, a verifier, a retry policy, a loading policy, a stream, a key — none
/// of it wedges a load, counts an attempt, presents the lock early or shows a secret.
@MainActor
final class CredentialRecallEdgeCaseTests: LoadTestCase {
  private let store = MemoryCredentialStore()
  private let gated = GatedStore()
  private let document = CredentialFingerprint("sha256:edge-9b1d")!
  private let password = "open-sesame-edge"
  /// The secrets the operation was given, in order (`""` for none).
  private let given = LockedBox<[String]>([])

  override func setUp() async throws {
    try await super.setUp()
    model.stateMachine.strings = .english
    model.stateMachine.credentialMemory = CredentialMemory(store: store, policy: .always)
  }

  /// The operation of the document, which needs `password`; with `trial`, a run with a
  /// credential waits for it first.
  private func operation(
    triesEmpty: Bool = false, trial: Gate<Void>? = nil
  ) -> @Sendable (LoadContext) async throws -> [String] {
    let (password, document, given) = (password, document, given)
    return { context in
      given.value.append(context.credential?.secret ?? "")
      guard let credential = context.credential else {
        throw ContentLockedError(
          .credentialRequired, fingerprint: document, triesEmptyCredential: triesEmpty)
      }
      if let trial { try await trial.wait() }
      guard credential.secret == password else { throw ContentLockedError.incorrectCredential }
      return ["page 1"]
    }
  }

  /// Starts opening the document in a task of its own.
  private func startOpening(
    triesEmpty: Bool = false, trial: Gate<Void>? = nil
  ) -> Task<LoadOutcome, Never> {
    let (model, operation) = (model, operation(triesEmpty: triesEmpty, trial: trial))
    return Task { await model.loadReloadable(operation) }
  }

  /// Uses ``gated`` as the machine's store.
  private func useGatedStore(timeLimit: Duration = .seconds(2)) {
    model.stateMachine.credentialMemory = CredentialMemory(
      store: gated, policy: .always, timeLimit: timeLimit)
  }

  // MARK: A store that answers after its load ended

  func test_aLookupAnsweredAfterTheLoadWasCancelled_changesNothing() async throws {
    useGatedStore()
    let load = startOpening()
    try await settle("the store is asked") { gated.lookup.waiterCount == 1 }
    model.cancelLoading()
    let outcome = await load.value
    XCTAssertEqual(outcome, .cancelled)
    gated.lookup.open(with: Credential(password: password))
    await settle()
    XCTAssertEqual(given.value, [""], "the late answer is never tried")
    XCTAssertEqual(model.currentState, .idle)
    XCTAssertNil(model.stateMachine.credentialRecall)
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
  }

  func test_aResetDuringTheLookup_returnsToIdle_andTheLateAnswerIsIgnored() async throws {
    useGatedStore()
    let load = startOpening()
    try await settle("the store is asked") { gated.lookup.waiterCount == 1 }
    model.reset()
    XCTAssertEqual(model.currentState, .idle)
    _ = await load.value
    gated.lookup.open(with: Credential(password: password))
    await settle()
    XCTAssertEqual(given.value, [""])
    XCTAssertEqual(model.currentState, .idle)
    XCTAssertNil(model.stateMachine.credentialRecall)
    try await settle("the time limit's timer is cancelled") { clock.sleeperCount == 0 }
  }

  func test_aResetDuringTheTrial_forgetsNothing_andCountsNoAttempt() async throws {
    store.put(Credential(password: "changed since"), for: document)
    let trial = Gate<Void>()
    let load = startOpening(trial: trial)
    try await settle("the remembered credential is on trial") { trial.waiterCount == 1 }
    XCTAssertEqual(model.stateMachine.credentialRecall, .tryingRemembered)
    model.reset()
    _ = await load.value
    XCTAssertEqual(model.currentState, .idle)
    XCTAssertNil(model.stateMachine.credentialRecall)
    XCTAssertEqual(store.forgetCount, 0, "a trial that never ended refused nothing")
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
    XCTAssertFalse(presenter.presentedKinds.contains(.locked))
  }

  func test_aCancellationDuringTheForget_presentsNoLock_andTheStateFromBeforeComesBack()
    async throws
  {
    useGatedStore()
    let load = startOpening()
    try await settle("the store is asked") { gated.lookup.waiterCount == 1 }
    gated.lookup.open(with: Credential(password: "changed since"))
    try await settle("the refused credential is being forgotten") {
      gated.forgetting.waiterCount == 1
    }
    XCTAssertEqual(model.stateMachine.credentialRecall, .refusedAndForgotten)
    model.cancelLoading()
    let outcome = await load.value
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertEqual(model.currentState, .idle)
    XCTAssertFalse(presenter.presentedKinds.contains(.locked))
    XCTAssertNil(model.stateMachine.credentialRecall)
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
  }

  func test_aForgetThatNeverEnds_presentsTheLock_afterTheTimeLimit() async throws {
    useGatedStore(timeLimit: .seconds(1))
    let load = startOpening()
    try await settle("the store is asked") { gated.lookup.waiterCount == 1 }
    gated.lookup.open(with: Credential(password: "changed since"))
    try await settle("the forget's time limit runs") {
      gated.forgetting.waiterCount == 1 && clock.sleeperCount == 1
    }
    clock.advance(by: .seconds(1))
    let outcome = await load.value
    XCTAssertEqual(outcome, .locked(.credentialRequired))
    XCTAssertEqual(model.stateMachine.credentialRecall, .refusedAndForgotten)
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
  }

  // MARK: The adopter acts during a lookup

  func test_theMemorySetToNilDuringTheLookup_neitherWedgesNorCountsAnAttempt() async throws {
    useGatedStore()
    let load = startOpening()
    try await settle("the store is asked") { gated.lookup.waiterCount == 1 }
    model.stateMachine.credentialMemory = nil
    gated.lookup.open(with: Credential(password: "changed since"))
    let outcome = await load.value
    XCTAssertEqual(outcome, .locked(.credentialRequired))
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
    XCTAssertEqual(gated.forgets.value, 0, "a memory taken away is told nothing more")
  }

  func test_anUnlockDuringTheLookup_isNotLocked_andTheLookupGoesOn() async throws {
    useGatedStore()
    let load = startOpening()
    try await settle("the store is asked") { gated.lookup.waiterCount == 1 }
    let unlock = await model.unlock(with: Credential(password: "typed too early"))
    XCTAssertEqual(unlock, .notLocked, "nothing is locked yet")
    gated.lookup.open(with: Credential(password: password))
    let outcome = await load.value
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(model.stateMachine.credentialRecall, .openedWithRemembered)
    XCTAssertEqual(given.value, ["", password])
  }

  // MARK: Odd answers

  func test_aRememberedEmptyCredential_isTriedOnce_refused_andForgotten() async throws {
    store.put(Credential(password: ""), for: document)
    let outcome = await startOpening().value
    XCTAssertEqual(outcome, .locked(.credentialRequired))
    XCTAssertEqual(given.value, ["", ""])
    XCTAssertEqual(store.forgetCount, 1)
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
    let placeholder = try XCTUnwrap(
      presenter.lastPresentation?.placeholder as? StandardPlaceholder)
    XCTAssertEqual(placeholder.title, "Locked", "an empty secret redacts nothing")
  }

  func test_aHugeRememberedSecret_opens_andIsInNoText() async throws {
    let huge = String(repeating: "h7-", count: 100_000)
    store.put(Credential(password: huge), for: document)
    let document = document
    let outcome = await model.loadReloadable { context in
      guard let credential = context.credential else {
        throw ContentLockedError(.credentialRequired, fingerprint: document)
      }
      guard credential.secret == huge else { throw ContentLockedError.incorrectCredential }
      return ["page 1"]
    }
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(model.stateMachine.credentialRecall, .openedWithRemembered)
    XCTAssertFalse(explanation.contains("h7-h7-"))
  }

  func test_aStoreThatLiesForEver_underAnAttemptLimit_neverLocksOut() async {
    model.stateMachine.maximumUnlockAttempts = 1
    store.behavior = .lies(Credential(password: "a lie"))
    for _ in 1...3 {
      let outcome = await startOpening().value
      XCTAssertEqual(outcome, .locked(.credentialRequired))
    }
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
    let wrong = await model.unlock(with: Credential(password: "typed wrong"))
    XCTAssertEqual(wrong, .attemptLimitReached(attempts: 1), "the user's guess still counts")
  }

  // MARK: The machine's rules around a trial

  func test_aVerifier_checksTheRememberedCredential_beforeTheOperationSeesIt() async throws {
    let password = password
    let verified = LockedBox<[String]>([])
    model.stateMachine.credentialVerifier = { credential in
      verified.value.append(credential.secret)
      return credential.secret == password
    }
    store.put(Credential(password: "changed since"), for: document)
    let refused = await startOpening().value
    XCTAssertEqual(refused, .locked(.credentialRequired))
    XCTAssertEqual(verified.value, ["changed since"])
    XCTAssertEqual(given.value, [""], "the operation never ran with the refused credential")
    XCTAssertEqual(store.forgetCount, 1)
    store.put(Credential(password: password), for: document)
    let opened = await startOpening().value
    XCTAssertEqual(opened, .completed)
    XCTAssertEqual(verified.value, ["changed since", password])
  }

  func test_aTrialThatFailsTransiently_isRetriedWithTheSameCredential_andCountsNoAttempt()
    async throws
  {
    store.put(Credential(password: password), for: document)
    let (password, document, given) = (password, document, given)
    let model = model
    let load = Task {
      await model.loadReloadable(retry: RetryPolicy(maximumRetries: 2)) { context in
        given.value.append(context.credential?.secret ?? "")
        guard context.credential != nil else {
          throw ContentLockedError(.credentialRequired, fingerprint: document)
        }
        if given.value.count == 2 { throw TestError("connection reset") }
        return ["page 1"]
      }
    }
    // The one timer must be the retry's (due in 1 s), not the lookup's time limit (2 s).
    try await settleOnTheOnlyTimer(dueIn: .seconds(1))
    XCTAssertEqual(model.stateMachine.credentialRecall, .tryingRemembered)
    clock.advance(by: .seconds(1))
    let outcome = await load.value
    let messages = presenter.records.compactMap {
      ($0.presentation.placeholder as? StandardPlaceholder)?.message
    }
    XCTAssertEqual(
      messages.last, "Retrying (attempt 2)…", "the trial spent no attempt, the retry one")
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(given.value, ["", password, password])
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
    XCTAssertEqual(model.stateMachine.credentialRecall, .openedWithRemembered)
    XCTAssertEqual(store.forgetCount, 0)
    XCTAssertFalse(presenter.presentedKinds.contains(.locked))
  }

  func test_aTrialThatFailsOtherwise_showsTheError_andForgetsNothing() async throws {
    store.put(Credential(password: password), for: document)
    let document = document
    let outcome = await model.loadReloadable(retry: .never) { context in
      guard context.credential != nil else {
        throw ContentLockedError(.credentialRequired, fingerprint: document)
      }
      throw TestError("disk unreadable")
    }
    guard case .failed = outcome else { return XCTFail("\(outcome)") }
    XCTAssertEqual(model.currentState.kind, .error)
    XCTAssertEqual(store.forgetCount, 0, "the credential was not refused")
    XCTAssertNil(model.stateMachine.credentialRecall)
  }

  func test_aSlowStore_underTheSmoothPolicy_showsLoadingThenContent_neverTheLock()
    async throws
  {
    model.stateMachine.loadingPolicy = .smooth
    useGatedStore()
    let load = startOpening()
    try await settle("the store is asked") { gated.lookup.waiterCount == 1 }
    clock.advance(by: .milliseconds(150))
    try await settle("loading shows after the show delay") {
      presenter.presentedKinds == [.loading]
    }
    gated.lookup.open(with: Credential(password: password))
    try await settle("the content waits for the minimum display time") {
      clock.sleeperCount >= 1 && given.value.count == 2
    }
    clock.advance(by: .milliseconds(400))
    let outcome = await load.value
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
  }

  // MARK: Streams

  func test_aStreamedRememberedCredentialThatIsRefused_neverShowsItsParts() async throws {
    store.put(Credential(password: "changed since"), for: document)
    let document = document
    var shown: [[String]] = []
    presenter.onPresent = { [model] _ in shown.append(model.content) }
    let outcome = await model.loadAppending { context in
      AsyncThrowingStream<[String], any Error> { continuation in
        guard context.credential != nil else {
          return continuation.finish(
            throwing: ContentLockedError(.credentialRequired, fingerprint: document))
        }
        continuation.yield(["decrypted garbage"])
        continuation.finish(throwing: ContentLockedError.incorrectCredential)
      }
    }
    XCTAssertEqual(outcome, .locked(.credentialRequired))
    XCTAssertEqual(model.content, [])
    XCTAssertFalse(shown.joined().contains("decrypted garbage"), "\(shown)")
    XCTAssertEqual(store.forgetCount, 1)
  }

  /// Streams the document, which needs `password`: without it, the stream delivers
  /// `beforeLock` and finds the lock; with it, it reports the credential accepted and delivers
  /// `parts`.
  private func stream(beforeLock: [[String]] = [], parts: [[String]]) async -> LoadOutcome {
    let (password, document) = (password, document)
    return await model.loadAppending { context in
      AsyncThrowingStream<[String], any Error> { continuation in
        guard context.credential?.secret == password else {
          for part in beforeLock { continuation.yield(part) }
          return continuation.finish(
            throwing: ContentLockedError(.credentialRequired, fingerprint: document))
        }
        context.reportCredentialAccepted()
        for part in parts { continuation.yield(part) }
        continuation.finish()
      }
    }
  }

  func test_aStreamedRememberedCredentialThatOpens_showsItsPartsOnce() async throws {
    store.put(Credential(password: password), for: document)
    let outcome = await stream(parts: [["part 1"], ["part 2"]])
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(model.content, ["part 1", "part 2"])
    XCTAssertFalse(presenter.presentedKinds.contains(.locked))
    XCTAssertEqual(model.stateMachine.credentialRecall, .openedWithRemembered)
  }

  func test_aStreamThatFindsTheLockAfterAPart_opensWithTheRememberedOne_withoutThatPart()
    async throws
  {
    store.put(Credential(password: password), for: document)
    let outcome = await stream(beforeLock: [["cover page"]], parts: [["cover page"], ["page 1"]])
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(model.content, ["cover page", "page 1"], "no part twice")
    XCTAssertFalse(presenter.presentedKinds.contains(.locked))
  }

  func test_aStreamThatFindsTheLockAfterAPart_refusingTheRememberedOne_clearsThatPart()
    async throws
  {
    store.put(Credential(password: "changed since"), for: document)
    let document = document
    let outcome = await model.loadAppending { context in
      AsyncThrowingStream<[String], any Error> { continuation in
        continuation.yield(["cover page"])
        continuation.finish(
          throwing: context.credential == nil
            ? ContentLockedError(.credentialRequired, fingerprint: document)
            : ContentLockedError.incorrectCredential)
      }
    }
    XCTAssertEqual(outcome, .locked(.credentialRequired))
    XCTAssertEqual(model.content, [])
    XCTAssertEqual(model.currentState, .locked(.credentialRequired))
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
  }

  // MARK: Keys

  func test_aKeyedLookupOvertakenByAnotherKey_leavesThatKeysContentAlone() async throws {
    useGatedStore()
    let (model, operation) = (model, operation())
    let first = Task { await model.load(into: \.content, key: "locked.pdf", operation: operation) }
    try await settle("the store is asked") { gated.lookup.waiterCount == 1 }
    let second = await model.load(into: \.content, key: "plain.txt") { _ in ["plain"] }
    XCTAssertEqual(second, .completed)
    let firstOutcome = await first.value
    XCTAssertEqual(firstOutcome, .superseded)
    gated.lookup.open(with: Credential(password: password))
    await settle()
    XCTAssertEqual(model.content, ["plain"])
    XCTAssertEqual(model.currentState, .content)
    XCTAssertEqual(given.value, [""])
    XCTAssertNil(model.stateMachine.credentialRecall)
  }

  // MARK: Texts

  func test_theTrace_recordsTheRecall_andNeverTheSecret() async throws {
    let secret = "remembered-secret-trace"
    store.put(Credential(password: secret), for: document)
    let stream = model.stateMachine.stateChanges()
    let document = document
    let refused = await model.loadReloadable { context in
      guard context.credential != nil else {
        throw ContentLockedError(.credentialRequired, fingerprint: document)
      }
      throw ContentLockedError.incorrectCredential
    }
    XCTAssertEqual(refused, .locked(.credentialRequired))
    store.put(Credential(password: secret), for: document)
    let quoted = await model.loadReloadable { context in
      guard let credential = context.credential else {
        throw ContentLockedError(.credentialRequired, fingerprint: document)
      }
      throw TestError("rejected \(credential.secret)")
    }
    guard case .failed = quoted else { return XCTFail("\(quoted)") }
    var log = TransitionLog()
    for await change in stream {
      log.record(change)
      if change.to.kind == .error { break }
    }
    let json = try log.jsonLines()
    for text in [json, log.timeline(explained: true), log.mermaidStateDiagram(explained: true)] {
      XCTAssertFalse(text.contains(secret), text)
    }
    XCTAssertTrue(json.contains("refusedAndForgotten"), json)
    XCTAssertTrue(
      log.timeline(explained: true).contains("a remembered credential was tried and refused"),
      log.timeline(explained: true))
    let read = try TransitionLog(jsonLines: json)
    XCTAssertEqual(try read.jsonLines(), json, "the recall survives a round trip")
  }

  func test_aDecisionWithATimedOutStore_survivesAJSONRoundTrip() async throws {
    useGatedStore(timeLimit: .milliseconds(1500))
    let load = startOpening()
    try await settle("the lookup's time limit runs") {
      gated.lookup.waiterCount == 1 && clock.sleeperCount == 1
    }
    clock.advance(by: .milliseconds(1500))
    _ = await load.value
    let decision = try XCTUnwrap(presenter.lastPresentation?.decision)
    XCTAssertEqual(decision.inputs.credentialRecall, .storeTimedOut(after: .milliseconds(1500)))
    let data = try JSONEncoder().encode(decision)
    let read = try JSONDecoder().decode(StateDecision.self, from: data)
    XCTAssertEqual(read.inputs.credentialRecall, .storeTimedOut(after: .milliseconds(1500)))
  }

  func test_announcements_neverCarryTheRememberedSecret() async throws {
    let announcer = RecordingAnnouncer()
    model.stateMachine.setAnnouncer(announcer, policy: .immediate)
    let secret = "remembered-secret-spoken"
    store.put(Credential(password: secret), for: document)
    let document = document
    _ = await model.loadReloadable { context in
      guard let credential = context.credential else {
        throw ContentLockedError(.credentialRequired, fingerprint: document)
      }
      throw TestError("rejected \(credential.secret)")
    }
    XCTAssertFalse(announcer.texts.isEmpty)
    for text in announcer.texts { XCTAssertFalse(text.contains(secret), text) }
  }

  // MARK: Reloads

  func test_aReloadSupersedingALookup_leavesNoTrialUnderwayInTheReasons() async throws {
    useGatedStore()
    let load = startOpening()
    try await settle("the store is asked") { gated.lookup.waiterCount == 1 }
    model.contentLoad = { model in
      await model.load(into: \.content) { _ in ["no longer locked"] }
    }
    let reloaded = await model.reload()
    XCTAssertEqual(reloaded, .completed)
    _ = await load.value
    XCTAssertEqual(model.currentState, .content)
    XCTAssertNil(model.stateMachine.credentialRecall, explanation)
    XCTAssertFalse(explanation.contains("credential store is asked"), explanation)
  }

  func test_aCancelledReloadSupersedingALookup_bringsNoTrialUnderwayBack() async throws {
    useGatedStore()
    let load = startOpening()
    try await settle("the store is asked") { gated.lookup.waiterCount == 1 }
    let waiting = Gate<[String]>()
    model.contentLoad = { model in
      await model.load(into: \.content) { _ in try await waiting.wait() }
    }
    let model = model
    let reload = Task { await model.reload() }
    try await settle("the reload runs") { waiting.waiterCount == 1 }
    model.cancelLoading()
    _ = await reload.value
    _ = await load.value
    XCTAssertNil(model.stateMachine.credentialRecall, "the lookup's load is over")
  }

  /// Opens the document with its remembered credential, then has it need `now` instead.
  private func openThenChangePassword(to now: String) async {
    store.put(Credential(password: password), for: document)
    let opened = await startOpening().value
    XCTAssertEqual(opened, .completed)
    let document = document
    model.contentLoad = { model in
      await model.load(into: \.content) { context in
        guard let credential = context.credential else {
          throw ContentLockedError(.credentialRequired, fingerprint: document)
        }
        guard credential.secret == now else { throw ContentLockedError.incorrectCredential }
        return ["page 1, new edition"]
      }
    }
  }

  func test_aReloadWhoseRememberedCredentialNoLongerOpens_forgetsIt_andAsksPlainly()
    async throws
  {
    model.stateMachine.maximumUnlockAttempts = 1
    await openThenChangePassword(to: "changed since")
    let reloaded = await model.reload()
    XCTAssertEqual(reloaded, .locked(.credentialRequired), "no lockout: the user typed nothing")
    XCTAssertEqual(model.currentState, .locked(.credentialRequired))
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
    XCTAssertEqual(store.forgetCount, 1)
    XCTAssertNil(store.kept(for: document))
    XCTAssertEqual(model.stateMachine.credentialRecall, .refusedAndForgotten)
    let placeholder = try XCTUnwrap(
      presenter.lastPresentation?.placeholder as? StandardPlaceholder)
    XCTAssertFalse(placeholder.message?.contains("Incorrect") ?? false, "\(placeholder)")
    let again = await model.reload()
    XCTAssertEqual(again, .locked(.credentialRequired), "the refused one is not kept either")
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
    let unlocked = await model.unlock(with: Credential(password: "changed since"))
    XCTAssertEqual(unlocked, .unlocked)
    XCTAssertEqual(store.kept(for: document), Credential(password: "changed since"))
  }

  func test_aReloadWhoseRememberedCredentialStillOpens_asksNoStore() async throws {
    await openThenChangePassword(to: password)
    let reloaded = await model.reload()
    XCTAssertEqual(reloaded, .completed)
    XCTAssertEqual(model.content, ["page 1, new edition"])
    XCTAssertEqual(store.lookups, 1)
    XCTAssertEqual(model.stateMachine.credentialRecall, .openedWithRemembered)
  }

  func test_aReloadWhoseEmptyCredentialNoLongerOpens_triesTheRememberedOne() async throws {
    let (document, password) = (document, password)
    let opened = await startOpening(triesEmpty: true).value
    XCTAssertEqual(opened, .locked(.credentialRequired), "neither empty nor remembered")
    model.contentLoad = { model in
      await model.load(into: \.content) { context in
        guard let credential = context.credential else {
          throw ContentLockedError(
            .credentialRequired, fingerprint: document, triesEmptyCredential: true)
        }
        return credential.secret.isEmpty ? ["open to all"] : ["page 1"]
      }
    }
    await model.loadContent()
    XCTAssertEqual(model.stateMachine.credentialRecall, .openedWithEmpty)
    store.put(Credential(password: password), for: document)
    model.contentLoad = { model in
      await model.load(into: \.content) { context in
        guard context.credential?.secret == password else {
          throw ContentLockedError(
            .credentialRequired, fingerprint: document, triesEmptyCredential: true)
        }
        return ["page 1"]
      }
    }
    let before = presenter.presentedKinds.count
    let reloaded = await model.reload()
    XCTAssertEqual(reloaded, .completed)
    XCTAssertEqual(model.content, ["page 1"])
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
    XCTAssertFalse(presenter.presentedKinds.dropFirst(before).contains(.locked))
    XCTAssertEqual(model.stateMachine.credentialRecall, .openedWithRemembered)
  }

  func test_aReloadAfterALockout_thatTheRememberedCredentialOpens_showsTheContent() async {
    model.stateMachine.maximumUnlockAttempts = 1
    _ = await startOpening().value
    let wrong = await model.unlock(with: Credential(password: "typed wrong"))
    XCTAssertEqual(wrong, .attemptLimitReached(attempts: 1))
    store.put(Credential(password: password), for: document)  // synced from another device
    let reloaded = await model.reload()
    XCTAssertEqual(reloaded, .completed)
    XCTAssertEqual(model.currentState, .content, explanation)
    XCTAssertFalse(model.stateMachine.isLockedOut, "nothing is locked any more")
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
  }

  // MARK: Adopters

  func test_aModelOnAnActorOfItsOwn_opensWithTheRememberedCredential() async {
    store.put(Credential(password: password), for: document)
    let viewer = DocumentActor(store: store)
    let (password, document) = (password, document)
    let outcome = await viewer.open(document: document, password: password)
    XCTAssertEqual(outcome, .completed)
    let recall = await viewer.recall
    XCTAssertEqual(recall, .openedWithRemembered)
  }

  func test_askPolicy_anUnlockAfterARefusedRememberedOne_remembersOnlyWhenTold() async {
    model.stateMachine.credentialMemory = CredentialMemory(store: store, policy: .ask)
    store.put(Credential(password: "changed since"), for: document)
    _ = await startOpening().value
    XCTAssertNil(store.kept(for: document), "refused and forgotten")
    let unlocked = await model.unlock(with: Credential(password: password))
    XCTAssertEqual(unlocked, .unlocked)
    XCTAssertNil(store.kept(for: document), "not asked to remember")
    _ = await startOpening().value
    let remembered = await model.unlock(with: Credential(password: password), remember: true)
    XCTAssertEqual(remembered, .unlocked)
    XCTAssertEqual(store.kept(for: document), Credential(password: password))
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
  }
}

/// A store whose lookups wait for ``lookup`` — whether or not they are cancelled — and whose
/// forgets wait for ``forgetting``.
private final class GatedStore: CredentialStore {
  let lookup = Gate<Credential?>()
  let forgetting = Gate<Void>()
  let forgets = Counter()

  func credential(for fingerprint: CredentialFingerprint) async throws -> Credential? {
    try await lookup.waitIgnoringCancellation()
  }

  func remember(_ credential: Credential, for fingerprint: CredentialFingerprint) async throws {}

  func forgetCredential(for fingerprint: CredentialFingerprint) async throws {
    forgets.increment()
    try await forgetting.wait()
  }
}

/// An actor that owns its model, as a document service does.
private actor DocumentActor {
  private let model: TestModel

  init(store: MemoryCredentialStore) {
    model = TestModel()
    model.stateMachine.credentialMemory = CredentialMemory(store: store, policy: .always)
  }

  var recall: CredentialRecall? { model.stateMachine.credentialRecall }

  func open(document: CredentialFingerprint, password: String) async -> LoadOutcome {
    await model.loadReloadable { context in
      guard context.credential?.secret == password else {
        throw ContentLockedError(.credentialRequired, fingerprint: document)
      }
      return ["page 1"]
    }
  }
}
