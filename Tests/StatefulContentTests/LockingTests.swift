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
    return await model.load(into: \.content) { context in
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
    async
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
    let locked = await settle { [model] in model.currentState == .locked(.credentialRequired) }
    XCTAssertTrue(locked, "the lock is recognised before any retry")
    XCTAssertEqual(seen.value, 1, "the operation ran once")
    XCTAssertEqual(presenter.presentedKinds, [.loading, .locked])
    let loadReturned = await settle { returned.value == 1 }
    XCTAssertTrue(loadReturned, "the load returned locked, with no retry pending")

    let model = model
    let unlock = Task { await model.unlock(with: Credential(password: "wrong")) }
    let refused = await settle {
      model.currentState.lockReason == .incorrectCredential(attempts: 1)
    }
    XCTAssertTrue(refused, "a wrong credential locks again at once")
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
    XCTAssertEqual(model.currentState, .locked(.credentialRequired), "the lock wins (rule 1)")
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

  func test_attemptLimit_aLoadStartedAndCancelled_neverLiftsTheLockout() async {
    model.stateMachine.maximumUnlockAttempts = 2
    await openLocked()
    await model.unlock(with: Credential(password: "a"))
    await model.unlock(with: Credential(password: "b"))
    let gate = Gate<[String]>()
    let model = model
    let load = Task { await model.load(into: \.content) { _ in try await gate.wait() } }
    await settle { model.stateMachine.hasActiveLoad }
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

  func test_cancelDuringUnlock_leavesTheLockedState_withoutReprompt() async {
    await openLocked()
    let gate = Gate<Void>()
    model.stateMachine.credentialVerifier = { _ in
      try await gate.wait()
      return true
    }
    let model = model
    let unlock = Task { await model.unlock(with: Credential(password: "x")) }
    await settle { gate.waiterCount == 1 }
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
    let model = TestModel(machine: ContentStateMachine(presenter: RecordingPresenter()))
    model.stateMachine.maximumUnlockAttempts = 1
    await model.load(into: \.content) { context in
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
}
