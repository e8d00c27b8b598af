import StatefulContent
import StatefulContentTesting
import XCTest

/// A locked document: its operation opens the content only with the right password.
@MainActor
final class LockingTests: XCTestCase {
  private var presenter = RecordingPresenter()
  private var model = TestModel()
  private let password = "s3cret"

  override func setUp() async throws {
    presenter = RecordingPresenter()
    model = TestModel(machine: ContentStateMachine(presenter: presenter, clock: ManualClock()))
    model.stateMachine.loadingPolicy = .immediate  // The tests check each state as it shows.
  }

  /// Opens a document that needs `password`, recording the credentials it was given.
  @discardableResult
  private func openLocked(
    seen: Counter? = nil, content: [String] = ["page 1"]
  ) async -> LoadOutcome {
    let password = password
    return await model.loadReloadable { context in
      seen?.increment()
      guard let credential = context.credential else {
        throw ContentLockedError(.credentialRequired)
      }
      guard credential.secret == password else {
        throw ContentLockedError(.incorrectCredential(attempts: 0))
      }
      return content
    }
  }

  func test_missingCredential_isLocked_notAnError() async throws {
    let outcome = await openLocked()
    XCTAssertEqual(outcome, .locked(.credentialRequired))
    XCTAssertEqual(model.currentState, .locked(.credentialRequired))
    XCTAssertEqual(model.currentState.lockReason, .credentialRequired)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .locked])
    let placeholder = try XCTUnwrap(
      presenter.lastPresentation?.placeholder as? StandardPlaceholder)
    XCTAssertEqual(placeholder.actions, [.unlock])
    XCTAssertTrue(placeholder.actions[0].requestsMaskedInput)
  }

  func test_theCategoryAPIsWork_endingWithALock_isLocked_notAnError() async {
    model.startLoading()
    model.endLoading(error: ContentLockedError(.credentialRequired))
    XCTAssertEqual(model.currentState, .locked(.credentialRequired))
    XCTAssertEqual(model.stateMachine.lock, .credentialRequired)
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .locked])
    model.stateMachine.credentialVerifier = { [password] in $0.secret == password }
    let outcome = await model.unlock(with: Credential(password: password))
    XCTAssertEqual(outcome, .unlocked, "the lock is one an unlock can lift")
  }

  func test_correctCredential_unlocksAndLoads_throughLoading() async {
    await openLocked()
    let outcome = await model.unlock(with: Credential(password: password))
    XCTAssertEqual(outcome, .unlocked)
    XCTAssertEqual(model.content, ["page 1"])
    XCTAssertEqual(model.currentState, .content)
    XCTAssertNil(model.stateMachine.lock)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .locked, .loading, .content])
  }

  func test_incorrectCredential_locksAgainWithTheAttemptCount_andRetryWorks() async throws {
    model.stateMachine.strings = .english  // the message asserted below is English
    await openLocked()
    let first = await model.unlock(with: Credential(password: "wrong"))
    XCTAssertEqual(first, .incorrectCredential(attempts: 1))
    XCTAssertEqual(model.currentState.lockReason, .incorrectCredential(attempts: 1))
    let placeholder = try XCTUnwrap(
      presenter.lastPresentation?.placeholder as? StandardPlaceholder)
    XCTAssertEqual(placeholder.message, "Incorrect password (1 attempt).")
    let second = await model.unlock(with: Credential(password: "also wrong"))
    XCTAssertEqual(second, .incorrectCredential(attempts: 2))
    let third = await model.unlock(with: Credential(password: password))
    XCTAssertEqual(third, .unlocked)
    XCTAssertEqual(
      presenter.presentedKinds,
      [.loading, .locked, .loading, .locked, .loading, .locked, .loading, .content])
  }

  func test_underARetryPolicy_aLockIsNeverRetried_andAWrongCredentialRunsTheOperationOnce()
    async throws
  {
    model.stateMachine.retryPolicy = .standard
    let seen = Counter()
    // Retrying would wait on the manual clock, which nobody advances: run the loads in tasks
    // and check what happened without them having to return.
    let returned = Counter()
    let load = Task {
      await openLocked(seen: seen)
      returned.increment()
    }
    try await settle("the lock is recognised before any retry") { [model] in
      model.currentState == .locked(.credentialRequired)
    }
    XCTAssertEqual(seen.value, 1, "the operation ran once")
    XCTAssertEqual(presenter.presentedKinds, [.loading, .locked])
    try await settle("the load returned locked, with no retry pending") { returned.value == 1 }

    let model = model
    let unlock = Task { await model.unlock(with: Credential(password: "wrong")) }
    try await settle("a wrong credential locks again at once") { [presenter] in
      model.currentState.lockReason == .incorrectCredential(attempts: 1)
        && presenter.presentedKinds.count == 4
    }
    XCTAssertEqual(seen.value, 2, "a wrong credential runs the operation once")
    XCTAssertEqual(presenter.presentedKinds, [.loading, .locked, .loading, .locked])
    load.cancel()
    unlock.cancel()
  }

  func test_afterAnAutoLock_reloadOrANewLoad_neverPresentsContentBeforeACredential() async {
    await openLocked()
    await model.unlock(with: Credential(password: password))
    XCTAssertEqual(model.currentState, .content)

    model.lock()  // an auto-lock: the content is there, but needs the password again
    var shownBefore = presenter.records.count
    let reloaded = await model.reload()  // what the Retry action does
    XCTAssertEqual(reloaded, .locked(.credentialRequired))
    XCTAssertEqual(
      presenter.records.dropFirst(shownBefore).map(\.presentation.state.kind),
      [.loading, .locked], "loading replaces the locked placeholder; content never shows")

    model.lock()
    shownBefore = presenter.records.count
    let loaded = await openLocked()
    XCTAssertEqual(loaded, .locked(.credentialRequired))
    XCTAssertFalse(
      presenter.records.dropFirst(shownBefore).contains { $0.presentation.state == .content },
      "a new load keeps locked content hidden until it succeeds")
  }

  func test_newLoadFailingWhileLocked_showsTheError_andTheLockStays() async {
    await openLocked()
    await model.unlock(with: Credential(password: password))
    model.lock()
    let outcome = await model.load(into: \.content) { _ in throw TestError("offline") }
    XCTAssertEqual(outcome, .failed(TestError("offline")))
    XCTAssertEqual(model.currentState, .error(TestError("offline")))
    XCTAssertNotNil(model.stateMachine.lock, "a failed load does not lift the lock")
    model.setupInitialState()
    XCTAssertEqual(
      model.currentState, .error(TestError("offline")),
      "deciding again decides the same: the failed load's error, over the lock (rule 1)")
    XCTAssertEqual(model.stateMachine.decision.rule, .unlockFailed)
  }

  func test_unlock_aLoadAnotherTaskStartsMeanwhile_neverReceivesTheCredential() async throws {
    await openLocked()
    let gate = Gate<Void>()
    let seen = LockedState<[String?]>([])
    // The adopter's load waits before it starts; meanwhile another task starts a load.
    model.contentLoad = { [password] model in
      try? await gate.wait()
      await model.load(into: \.content) { context in
        seen.withLock { $0.append(context.credential?.secret) }
        guard context.credential?.secret == password else { throw ContentLockedError() }
        return ["page 1"]
      }
    }
    let model = model
    let unlock = Task { await model.unlock(with: Credential(password: password)) }
    try await settle { gate.waiterCount == 1 }
    let other = await model.load(into: \.content) { context in
      seen.withLock { $0.append(context.credential?.secret) }
      throw ContentLockedError()
    }
    XCTAssertEqual(other, .locked(.credentialRequired), "the other task's load tried nothing")
    gate.open(with: ())
    let outcome = await unlock.value
    XCTAssertEqual(outcome, .unlocked)
    XCTAssertEqual(seen.withLock { $0 }, [nil, password], "only the unlock's load got it")
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
  }

  func test_unlock_aLoadStartedInATaskTheAdoptersLoadCreates_takesTheCredential() async {
    await openLocked()
    model.contentLoad = { [password] model in
      MainActor.assertIsolated("loadContent() runs on the unlock's caller's actor")
      let load = Task {
        await model.load(into: \.content) { context in
          guard context.credential?.secret == password else { throw ContentLockedError() }
          return ["page 1"]
        }
      }
      _ = await load.value
    }
    let outcome = await model.unlock(with: Credential(password: password))
    XCTAssertEqual(outcome, .unlocked)
    XCTAssertEqual(model.content, ["page 1"])
  }

  func test_reloadAfterUnlock_staysUnlocked() async {
    await openLocked()
    await model.unlock(with: Credential(password: password))
    let outcome = await model.reload()
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(model.currentState, .content)
    XCTAssertFalse(presenter.presentedKinds.dropFirst(4).contains(.locked))
  }

  func test_aDifferentLockedDocument_isLockedAgain() async {
    await openLocked()
    await model.unlock(with: Credential(password: password))
    model.content = []
    let outcome = await openLocked(content: ["other"])
    XCTAssertEqual(outcome, .locked(.credentialRequired), "a new load forgets the credential")
  }

  func test_attemptLimit_endsInATypedError_andANewLoadWorksAfterwards() async {
    model.stateMachine.maximumUnlockAttempts = 2
    await openLocked()
    let first = await model.unlock(with: Credential(password: "a"))
    XCTAssertEqual(first, .incorrectCredential(attempts: 1))
    let second = await model.unlock(with: Credential(password: "b"))
    XCTAssertEqual(second, .attemptLimitReached(attempts: 2))
    XCTAssertEqual(
      model.currentState.error as? UnlockError, .attemptLimitReached(attempts: 2))
    let refused = await model.unlock(with: Credential(password: password))
    XCTAssertEqual(refused, .attemptLimitReached(attempts: 2), "no more attempts")
    XCTAssertEqual(model.content, [])
    let plain = await model.load(into: \.content) { _ in ["plain"] }
    XCTAssertEqual(plain, .completed, "a failed unlock never blocks a different document")
    XCTAssertEqual(model.currentState, .content)
  }

  func test_attemptLimit_aLoadStartedAndCancelled_neverLiftsTheLockout() async throws {
    model.stateMachine.maximumUnlockAttempts = 2
    await openLocked()
    await model.unlock(with: Credential(password: "a"))
    await model.unlock(with: Credential(password: "b"))
    let gate = Gate<[String]>()
    let model = model
    let load = Task { await model.load(into: \.content) { _ in try await gate.wait() } }
    try await settle { model.stateMachine.hasActiveLoad }
    model.cancelLoading()
    _ = await load.value
    gate.open(with: ["would be shown"])  // an unlock that ran the last operation would not wait
    XCTAssertEqual(
      model.currentState.error as? UnlockError, .attemptLimitReached(attempts: 2),
      "the state from before the load comes back")
    let refused = await model.unlock(with: Credential(password: password))
    XCTAssertEqual(refused, .attemptLimitReached(attempts: 2), "still no more attempts")
    XCTAssertEqual(model.stateMachine.unlockAttempts, 2)
  }

  func test_cancelDuringUnlock_leavesTheLockedState_withoutReprompt() async throws {
    await openLocked()
    let gate = Gate<Void>()
    model.stateMachine.credentialVerifier = { _ in
      try await gate.wait()
      return true
    }
    let model = model
    let unlock = Task { await model.unlock(with: Credential(password: "x")) }
    try await settle { gate.waiterCount == 1 }
    XCTAssertEqual(model.currentState, .loading)
    model.cancelLoading()
    XCTAssertEqual(model.currentState, .locked(.credentialRequired), "restored at once")
    let outcome = await unlock.value
    XCTAssertEqual(outcome, .cancelled)
    gate.open()
    await settle()
    XCTAssertEqual(model.currentState, .locked(.credentialRequired))
    XCTAssertEqual(model.content, [])
    XCTAssertNotNil(model.stateMachine.lock)
  }

  func test_verifier_checksBeforeLoading() async {
    let seen = Counter()
    await openLocked(seen: seen)
    let password = password
    model.stateMachine.credentialVerifier = { $0.secret == password }
    let wrong = await model.unlock(with: Credential(password: "nope"))
    XCTAssertEqual(wrong, .incorrectCredential(attempts: 1))
    XCTAssertEqual(seen.value, 1, "a refused credential never reaches the operation")
    let right = await model.unlock(with: Credential(password: password))
    XCTAssertEqual(right, .unlocked)
    XCTAssertEqual(seen.value, 2)
  }

  func test_verifierOnly_withoutAnyLoad_unlocksAManualLock() async {
    model.content = ["secret notes"]
    model.lock()
    XCTAssertEqual(model.currentState, .locked(.credentialRequired), "the lock beats content")
    XCTAssertEqual(presenter.presentedKinds, [.locked])
    let before = await model.unlock(with: Credential(password: "x"))
    XCTAssertEqual(before, .failed(UnlockError.noVerifier))
    model.stateMachine.credentialVerifier = { $0.secret == "open" }
    let outcome = await model.unlock(with: Credential(password: "open"))
    XCTAssertEqual(outcome, .unlocked)
    XCTAssertEqual(model.currentState, .content)
  }

  func test_contentIsNeverPresented_whileLocked() async throws {
    model.content = ["visible"]
    model.lock(animated: true)
    model.startLoading()
    model.endLoading()
    XCTAssertThrowsError(try model.stateMachine.transition(to: .content)) {
      XCTAssertEqual($0 as? StateMachineError, .contentIsLocked)
    }
    XCTAssertThrowsError(
      try model.showCustomState(.offline, placeholder: StandardPlaceholder.empty))
    XCTAssertFalse(presenter.presentedKinds.contains(.content))
  }

  func test_lockDuringAnAnimation_supersedesTheWaitingContent() {
    let presenter = RecordingPresenter(finishing: .manually)
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    model.startLoading(animated: true)
    model.content = ["visible"]
    model.endLoading(animated: true, completion: outcomes.completion("content"))
    model.lock(animated: true)
    presenter.finishAll()
    XCTAssertEqual(outcomes["content"], [.superseded])
    XCTAssertEqual(presenter.presentedKinds, [.loading, .locked])
  }

  func test_singleStateHandler_receivesEveryStateInOrder() async {
    var received: [String] = []
    let handler = StateHandlerPresenter { presentation, _ in
      received.append(presentation.state.description)
    }
    model = TestModel(machine: ContentStateMachine(presenter: handler, clock: ManualClock()))
    model.stateMachine.loadingPolicy = .immediate
    await openLocked()
    await model.unlock(with: Credential(password: "bad"))
    await model.unlock(with: Credential(password: password))
    model.content = []
    _ = await model.load(into: \.content) { _ in throw TestError("gone") }
    XCTAssertEqual(
      received,
      [
        "loading", "locked(credential required)", "loading",
        "locked(incorrect credential (attempt 1))", "loading", "content", "loading",
        "error(gone)",
      ])
  }

  func test_unlockWhenNotLocked_changesNothing() async {
    let outcome = await model.unlock(with: Credential(password: "x"))
    XCTAssertEqual(outcome, .notLocked)
    XCTAssertTrue(presenter.records.isEmpty)
  }

  func test_credential_neverRevealsItsSecret() {
    let credential = Credential(password: "hunter2")
    XCTAssertFalse(String(describing: credential).contains("hunter2"))
    XCTAssertFalse(String(reflecting: credential).contains("hunter2"))
    var dumped = ""
    dump(credential, to: &dumped)
    XCTAssertFalse(dumped.contains("hunter2"))
    XCTAssertFalse("\(ContentState.locked(.incorrectCredential(attempts: 1)))".contains("hunter2"))
  }

  func test_attemptLimit_decidingAgainAfterwards_keepsTheError() async {
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let model = TestModel(machine: ContentStateMachine(presenter: keptPresenter))
    model.stateMachine.maximumUnlockAttempts = 1
    await model.loadReloadable { context in
      guard context.credential?.secret == "right" else { throw ContentLockedError() }
      return ["a"]
    }
    let outcome = await model.unlock(with: Credential(password: "wrong"))
    XCTAssertEqual(outcome, .attemptLimitReached(attempts: 1))
    model.setupInitialState()
    XCTAssertEqual(model.currentState.error as? UnlockError, .attemptLimitReached(attempts: 1))
    model.startLoading()
    model.endLoading()
    XCTAssertEqual(model.currentState.kind, .error)
  }

  // MARK: Unlock and reload ask loadContent() for its load

  /// Makes `loadContent()` open the locked document after it waited at `gate` — a keychain
  /// or file-system look-up before the load, as real documents have — recording the
  /// credential each open receives.
  private func openLockedWhenReady(_ gate: Gate<Void>?, seen: CredentialLog) {
    let password = password
    model.contentLoad = { model in
      if let gate { try? await gate.wait() }
      await model.load(into: \.content) { context in
        seen.record("document", context.credential)
        guard let credential = context.credential else {
          throw ContentLockedError(.credentialRequired)
        }
        guard credential.secret == password else {
          throw ContentLockedError(.incorrectCredential(attempts: 0))
        }
        return ["page 1"]
      }
    }
  }

  /// Starts a plain load of another document in a task of its own, recording its credential.
  private func openAnotherDocument(seen: CredentialLog) -> Task<LoadOutcome, Never> {
    let model = model
    return Task {
      await model.load(into: \.content) { context in
        seen.record("other", context.credential)
        return ["other document"]
      }
    }
  }

  func test_anUnlockWaitingForItsLoad_givesItsCredentialToNoOtherLoad() async throws {
    let seen = CredentialLog()
    openLockedWhenReady(nil, seen: seen)
    await model.loadContent()
    let ready = Gate<Void>()
    openLockedWhenReady(ready, seen: seen)
    let model = model
    let unlock = Task { await model.unlock(with: Credential(password: "guess-1234")) }
    try await settle { ready.waiterCount == 1 }
    // Meanwhile the app opens another document (a tap in the sidebar).
    let other = openAnotherDocument(seen: seen)
    _ = await other.value
    ready.open()
    let outcome = await unlock.value
    XCTAssertEqual(
      seen.all, ["document:-", "other:-", "document:guess-1234"],
      "the unlock's credential goes to the load its loadContent() starts, and to no other")
    XCTAssertNotEqual(
      outcome, .unlocked, "a wrong password the document never saw does not unlock it")
  }

  /// Opens the document and unlocks it, then makes its next load wait for the returned gate.
  private func unlockedDocumentWaitingToLoad(seen: CredentialLog) async -> Gate<Void> {
    openLockedWhenReady(nil, seen: seen)
    await model.loadContent()
    await model.unlock(with: Credential(password: password))
    let ready = Gate<Void>()
    openLockedWhenReady(ready, seen: seen)
    return ready
  }

  func test_aReloadWaitingForItsLoad_givesTheKeptCredentialToNoOtherDocument() async throws {
    let seen = CredentialLog()
    let ready = await unlockedDocumentWaitingToLoad(seen: seen)
    let model = model
    let reload = Task { await model.reload() }  // pull to refresh
    try await settle { ready.waiterCount == 1 }
    let other = openAnotherDocument(seen: seen)
    _ = await other.value
    ready.open()
    _ = await reload.value
    XCTAssertFalse(
      seen.all.contains("other:\(password)"),
      "the password of one document reached the load of another: \(seen.all)")
    XCTAssertEqual(seen.all.last, "document:\(password)", "the reload keeps its credential")
  }

  func test_twoReloadsAtOnce_keepTheDocumentUnlocked_andEachReportsItsLoad() async throws {
    let seen = CredentialLog()
    let ready = await unlockedDocumentWaitingToLoad(seen: seen)
    let model = model
    let first = Task { await model.reload() }  // pull to refresh …
    try await settle { ready.waiterCount == 1 }
    let second = Task { await model.reload() }  // … and Retry, or a second pull
    try await settle { ready.waiterCount == 2 }
    ready.open()
    let outcomes = [await first.value, await second.value]
    XCTAssertEqual(model.currentState, .content, "a reload never locks unlocked content again")
    XCTAssertFalse(seen.all.dropFirst(2).contains("document:-"), "\(seen.all)")
    XCTAssertFalse(outcomes.contains(nil), "both loadContent() calls started a load: \(outcomes)")
  }

  func test_anUnlockWhileAReloadWaits_unlocksTheDocument() async throws {
    let seen = CredentialLog()
    openLockedWhenReady(nil, seen: seen)
    await model.loadContent()
    let ready = Gate<Void>()
    openLockedWhenReady(ready, seen: seen)
    let model = model
    let reload = Task { await model.reload() }  // Retry …
    try await settle { ready.waiterCount == 1 }
    let password = password
    let unlock = Task { await model.unlock(with: Credential(password: password)) }  // … Unlock
    try await settle { ready.waiterCount == 2 }
    ready.open()
    _ = await reload.value
    let outcome = await unlock.value
    XCTAssertEqual(outcome, .unlocked)
    XCTAssertEqual(
      model.currentState, .content, "the unlock said unlocked: the document is not locked")
  }

  func test_cancellingAnUnlockWhileItsLoadContentWaits_restoresTheLock() async throws {
    let seen = CredentialLog()
    openLockedWhenReady(nil, seen: seen)
    await model.loadContent()
    let ready = Gate<Void>()
    openLockedWhenReady(ready, seen: seen)
    let model = model
    let password = password
    let unlock = Task { await model.unlock(with: Credential(password: password)) }
    try await settle { ready.waiterCount == 1 }
    unlock.cancel()
    ready.open()
    let outcome = await unlock.value
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertEqual(model.currentState, .locked(.credentialRequired))
    XCTAssertEqual(seen.all, ["document:-"], "a cancelled unlock runs no load")
  }

  func test_cancellingTheTasksOfAReloadAndAnUnlockMidLoad_keepsTheCredentialAndTheCount()
    async throws
  {
    let seen = CredentialLog()
    let opening = Gate<Void>()
    let password = password
    model.contentLoad = { model in
      await model.load(into: \.content) { context in
        seen.record("document", context.credential)
        if seen.all.count > 1 { try await opening.wait() }
        guard context.credential?.secret == password else { throw ContentLockedError() }
        return ["page 1"]
      }
    }
    await model.loadContent()
    let model = model
    let wrong = Task { await model.unlock(with: Credential(password: "wrong")) }
    try await settle { opening.waiterCount == 1 }
    wrong.cancel()
    let cancelledUnlock = await wrong.value
    XCTAssertEqual(cancelledUnlock, .cancelled)
    XCTAssertEqual(model.currentState, .locked(.credentialRequired))
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
    opening.open()
    let right = await model.unlock(with: Credential(password: password))
    XCTAssertEqual(right, .unlocked)
    let blocked = Gate<Void>()
    model.contentLoad = { model in
      await model.load(into: \.content) { context in
        seen.record("document", context.credential)
        try await blocked.wait()
        return ["page 1"]
      }
    }
    let reload = Task { await model.reload() }
    try await settle { blocked.waiterCount == 1 }
    reload.cancel()
    let cancelledReload = await reload.value
    XCTAssertEqual(cancelledReload, .cancelled)
    XCTAssertEqual(model.currentState, .content)
    blocked.open()
    await model.reload()
    XCTAssertEqual(seen.all.last, "document:\(password)", "the credential survives a cancel")
  }

  func test_theLockoutErrorsRetryAction_grantsNoNewAttempts() async throws {
    model.stateMachine.maximumUnlockAttempts = 2
    await openLocked()
    await model.unlock(with: Credential(password: "a"))
    let second = await model.unlock(with: Credential(password: "b"))
    XCTAssertEqual(second, .attemptLimitReached(attempts: 2))
    let placeholder = try XCTUnwrap(
      presenter.lastPresentation?.placeholder as? StandardPlaceholder)
    XCTAssertEqual(placeholder.actions, [], "the built-in lockout offers no Retry")
    await model.reload()  // what an app's Retry, or pull to refresh, does
    let third = await model.unlock(with: Credential(password: "c"))
    XCTAssertEqual(
      third, .attemptLimitReached(attempts: 2),
      "Retry on the lockout grants two more guesses, and so on without end")
  }

  func test_concurrentReloadsAndUnlocks_completeEveryTransitionOnce_andLeaveItUnlockable()
    async throws
  {
    let presenter = RecordingPresenter(finishing: .manually)
    let model = TestModel(machine: ContentStateMachine(presenter: presenter, clock: ManualClock()))
    let ready = Gate<Void>()
    model.contentLoad = { model in
      await model.load(into: \.content) { context in
        try await ready.wait()
        guard context.credential?.secret == "pw" else { throw ContentLockedError() }
        return ["page 1"]
      }
    }
    let opened = Task { await model.loadContent() }
    ready.open()
    _ = await opened.value
    presenter.finishAll()
    let outcomes = OutcomeRecorder()
    var calls: [Task<Void, Never>] = []
    for index in 0..<3 {
      calls.append(Task { _ = await model.reload() })
      calls.append(Task { _ = await model.unlock(with: Credential(password: "pw")) })
      calls.append(Task { _ = await model.reload() })
      model.startLoading(animated: true, completion: outcomes.completion("start \(index)"))
    }
    for call in calls {
      presenter.finishAll()
      await call.value
    }
    try await settle { presenter.finishAll() == 0 && !model.stateMachine.hasActiveLoad }
    for index in 0..<3 { XCTAssertEqual(outcomes["start \(index)"].count, 1) }
    XCTAssertEqual(model.stateMachine.presentedState, model.currentState)
    // Whichever call won, the document can still be unlocked.
    if model.currentState.kind == .locked {
      let unlock = Task { await model.unlock(with: Credential(password: "pw")) }
      try await settle { presenter.finishAll() == 0 && !model.stateMachine.hasActiveLoad }
      let outcome = await unlock.value
      XCTAssertEqual(outcome, .unlocked)
    }
    XCTAssertEqual(model.currentState, .content)
  }
}

/// The credentials that operations received, labelled, from any task.
final class CredentialLog: Sendable {
  private let entries = LockedState<[String]>([])
  /// "label:secret", or "label:-" for no credential, in order.
  var all: [String] { entries.withLock { $0 } }
  func record(_ label: String, _ credential: Credential?) {
    entries.withLock { $0.append("\(label):\(credential?.secret ?? "-")") }
  }
}
