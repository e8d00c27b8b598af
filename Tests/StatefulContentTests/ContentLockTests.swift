import XCTest

@testable import StatefulContent

final class ContentLockTests: XCTestCase {
  private let password = Credential(password: "hunter2")

  /// A verdict as text, since `Verdict` is not `Equatable`.
  private func describe(_ verdict: ContentLock.Verdict) -> String {
    switch verdict {
    case .locked(let reason): "locked \(reason)"
    case .lockedOut(let error): "locked out \(error)"
    }
  }

  /// A lock that refused `count` credentials.
  private func lockRefusing(_ count: Int, maximumAttempts: Int? = nil) -> ContentLock {
    var lock = ContentLock()
    lock.maximumAttempts = maximumAttempts
    lock.lock(.credentialRequired)
    for _ in 0..<count { _ = lock.loadFoundLock(.credentialRequired, credentialTried: true) }
    return lock
  }

  // MARK: Locking

  func test_newLock_hidesNothing_andDecidesNothing() {
    let lock = ContentLock()
    XCTAssertNil(lock.reason)
    XCTAssertFalse(lock.hidesContent)
    XCTAssertEqual(lock.admitUnlock(), .notLocked)
    XCTAssertNil(lock.lockoutError)
  }

  func test_lock_hidesContent_andAdmitsAnUnlock() {
    var lock = ContentLock()
    lock.lock(.custom("licence"))
    XCTAssertEqual(lock.reason, .custom("licence"))
    XCTAssertTrue(lock.hidesContent)
    XCTAssertEqual(lock.admitUnlock(), .proceed)
  }

  func test_lock_forgetsTheAttemptsTheLockoutAndTheCredential() {
    var lock = ContentLock()
    lock.maximumAttempts = 2
    lock.loadSucceeded(with: password)
    _ = lock.loadFoundLock(.credentialRequired, credentialTried: true)
    _ = lock.loadFoundLock(.credentialRequired, credentialTried: true)
    XCTAssertTrue(lock.isLockedOut)
    lock.lock(.credentialRequired)
    XCTAssertEqual(lock.failedAttempts, 0)
    XCTAssertFalse(lock.isLockedOut)
    XCTAssertNil(lock.credential)
    XCTAssertEqual(lock.admitUnlock(), .proceed)
  }

  func test_reset_forgetsEverything_butTheConfiguredMaximum() {
    var lock = lockRefusing(2, maximumAttempts: 2)
    XCTAssertTrue(lock.isLockedOut)
    lock.reset()
    XCTAssertNil(lock.reason)
    XCTAssertEqual(lock.failedAttempts, 0)
    XCTAssertFalse(lock.isLockedOut)
    XCTAssertNil(lock.credential)
    XCTAssertEqual(lock.maximumAttempts, 2)
    XCTAssertEqual(lock.admitUnlock(), .notLocked)
  }

  // MARK: Loads

  func test_loadStarted_load_forgetsTheAttemptsAndTheCredential_butTheLockStays() {
    var lock = lockRefusing(1)
    lock.loadSucceeded(with: password)
    _ = lock.loadFoundLock(.credentialRequired, credentialTried: true)
    lock.loadStarted(.load)
    XCTAssertEqual(
      lock.reason, .incorrectCredential(attempts: 1), "content stays hidden until a load succeeds")
    XCTAssertTrue(lock.hidesContent)
    XCTAssertEqual(lock.failedAttempts, 0)
    XCTAssertNil(lock.credential)
    lock.loadSucceeded(with: nil)
    XCTAssertNil(lock.reason, "a load that succeeds lifts it")
  }

  func test_loadStarted_reload_keepsTheCredentialTheCountAndTheLockout() {
    var lock = ContentLock()
    lock.maximumAttempts = 1
    lock.loadSucceeded(with: password)
    _ = lock.loadFoundLock(.credentialRequired, credentialTried: true)
    XCTAssertTrue(lock.isLockedOut)
    lock.loadStarted(.reload)
    XCTAssertEqual(lock.credential, password)
    XCTAssertTrue(lock.hidesContent, "the lock stays until the reload succeeds")
    XCTAssertEqual(lock.failedAttempts, 1, "a reload (Retry) grants no new guesses")
    XCTAssertTrue(lock.isLockedOut)
    lock.loadStarted(.load)
    XCTAssertFalse(lock.isLockedOut, "a new load — the document opened again — does")
  }

  func test_loadStarted_unlock_keepsEverything() {
    var lock = lockRefusing(2)
    lock.loadStarted(.unlock)
    XCTAssertEqual(lock.reason, .incorrectCredential(attempts: 2))
    XCTAssertEqual(lock.failedAttempts, 2)
    XCTAssertEqual(lock.admitUnlock(), .proceed)
  }

  func test_loadSucceeded_liftsTheLock_andKeepsTheCredentialItRanWith() {
    var lock = lockRefusing(1)
    lock.loadSucceeded(with: password)
    XCTAssertNil(lock.reason)
    XCTAssertEqual(lock.failedAttempts, 0)
    XCTAssertEqual(lock.credential, password)
    XCTAssertEqual(lock.admitUnlock(), .notLocked)
    lock.loadSucceeded(with: nil)
    XCTAssertNil(lock.credential)
  }

  func test_loadFoundLock_withoutACredential_locksWithTheReason_withoutCounting() {
    var lock = ContentLock()
    lock.maximumAttempts = 1
    let verdict = lock.loadFoundLock(.custom("parental"), credentialTried: false)
    XCTAssertEqual(describe(verdict), "locked parental")
    XCTAssertEqual(lock.reason, .custom("parental"))
    XCTAssertEqual(lock.failedAttempts, 0)
    XCTAssertFalse(lock.isLockedOut)
  }

  func test_loadFoundLock_withACredential_countsEachRefusal() {
    var lock = ContentLock()
    lock.lock(.credentialRequired)
    for attempt in 1...3 {
      let verdict = lock.loadFoundLock(.incorrectCredential(attempts: 0), credentialTried: true)
      XCTAssertEqual(describe(verdict), "locked incorrect credential (attempt \(attempt))")
      XCTAssertEqual(lock.reason, .incorrectCredential(attempts: attempt))
      XCTAssertEqual(lock.failedAttempts, attempt)
    }
  }

  func test_loadFoundLock_atTheMaximum_locksOut_untilANewLoad() {
    var lock = lockRefusing(2, maximumAttempts: 3)
    XCTAssertFalse(lock.isLockedOut)
    let verdict = lock.loadFoundLock(.credentialRequired, credentialTried: true)
    XCTAssertEqual(
      describe(verdict), "locked out \(UnlockError.attemptLimitReached(attempts: 3))")
    XCTAssertTrue(lock.isLockedOut)
    XCTAssertEqual(lock.reason, .incorrectCredential(attempts: 3))
    XCTAssertEqual(lock.lockoutError, .attemptLimitReached(attempts: 3))
    XCTAssertEqual(lock.admitUnlock(), .lockedOut(attempts: 3))
    lock.loadStarted(.load)
    XCTAssertNil(lock.lockoutError)
  }

  func test_loadFoundLock_maximumBelowOne_countsAsOne() {
    for maximum in [0, -4] {
      var lock = ContentLock()
      lock.maximumAttempts = maximum
      lock.lock(.credentialRequired)
      let verdict = lock.loadFoundLock(.credentialRequired, credentialTried: true)
      XCTAssertEqual(
        describe(verdict), "locked out \(UnlockError.attemptLimitReached(attempts: 1))",
        "maximum \(maximum)")
    }
  }

  func test_loadFoundLock_countsAnAttemptOnlyWhenTheLoadRanWithACredential() {
    var lock = ContentLock()
    lock.lock(.credentialRequired)
    _ = lock.loadFoundLock(ContentLockedError(), mode: .load, credential: nil)
    XCTAssertEqual(lock.failedAttempts, 0, "a load without a credential only finds the lock")
    _ = lock.loadFoundLock(ContentLockedError(), mode: .reload, credential: password)
    XCTAssertEqual(lock.failedAttempts, 1, "a reload with the remembered credential tried it")
    _ = lock.loadFoundLock(ContentLockedError(), mode: .unlock, credential: nil)
    XCTAssertEqual(lock.failedAttempts, 2, "an unlock always tries a credential")
    XCTAssertEqual(lock.reason, .incorrectCredential(attempts: 2))
  }

  func test_loadFoundLock_withoutAMaximum_neverLocksOut() {
    let lock = lockRefusing(100)
    XCTAssertFalse(lock.isLockedOut)
    XCTAssertEqual(lock.reason, .incorrectCredential(attempts: 100))
    XCTAssertEqual(lock.admitUnlock(), .proceed)
  }

  func test_restore_bringsBackTheWholeLock_soACancelledLoadNeverLiftsALockout() {
    var lock = ContentLock()
    lock.maximumAttempts = 2
    lock.lock(.credentialRequired)
    lock.loadSucceeded(with: password)
    lock.lock(.credentialRequired)
    _ = lock.loadFoundLock(.credentialRequired, credentialTried: true)
    _ = lock.loadFoundLock(.credentialRequired, credentialTried: true)
    XCTAssertEqual(lock.admitUnlock(), .lockedOut(attempts: 2))
    let before = lock.snapshot
    lock.loadStarted(.load)  // the load that is then cancelled
    XCTAssertEqual(lock.admitUnlock(), .proceed)
    lock.restore(before)
    XCTAssertEqual(lock.admitUnlock(), .lockedOut(attempts: 2))
    XCTAssertEqual(lock.lockoutError, .attemptLimitReached(attempts: 2))
    XCTAssertEqual(lock.failedAttempts, 2)
    XCTAssertEqual(lock.reason, .incorrectCredential(attempts: 2))
  }

  // MARK: Verifying

  func test_verify_aRefusedCredential_throwsIncorrectCredential() async {
    let checked = LockedState<[String]>([])
    do {
      try await ContentLock.verify(password) { credential in
        checked.withLock { $0.append(credential.secret) }
        return false
      }
      XCTFail("a refused credential throws")
    } catch {
      XCTAssertEqual(error as? ContentLockedError, .incorrectCredential)
    }
    XCTAssertEqual(checked.withLock { $0 }, ["hunter2"])
  }

  func test_verify_anAcceptedCredential_returns() async throws {
    try await ContentLock.verify(password) { $0.secret == "hunter2" }
  }

  func test_verify_passesOnTheVerifiersError() async {
    do {
      try await ContentLock.verify(password) { _ in throw TestError("no keychain") }
      XCTFail("the verifier's error is thrown")
    } catch {
      XCTAssertEqual(error as? TestError, TestError("no keychain"))
    }
  }

  // MARK: UnlockOutcome from the load that tried the credential

  func test_unlockOutcome_completedLoad_isUnlocked() {
    XCTAssertEqual(UnlockOutcome(.completed, failedAttempts: 2), .unlocked)
  }

  func test_unlockOutcome_lockedWithACount_isAnIncorrectCredential_withThatCount() {
    let outcome = UnlockOutcome(.locked(.incorrectCredential(attempts: 4)), failedAttempts: 9)
    XCTAssertEqual(outcome, .incorrectCredential(attempts: 4))
  }

  func test_unlockOutcome_lockedWithoutACount_isAnIncorrectCredential_withTheFailedAttempts() {
    for reason in [LockReason.credentialRequired, .custom("licence")] {
      XCTAssertEqual(
        UnlockOutcome(.locked(reason), failedAttempts: 3), .incorrectCredential(attempts: 3),
        "\(reason)")
    }
  }

  func test_unlockOutcome_failedWithTheAttemptLimit_isAttemptLimitReached() {
    let outcome = UnlockOutcome(
      .failed(UnlockError.attemptLimitReached(attempts: 5)), failedAttempts: 1)
    XCTAssertEqual(outcome, .attemptLimitReached(attempts: 5))
  }

  func test_unlockOutcome_failedWithAnotherError_isFailed_withThatError() {
    let outcome = UnlockOutcome(.failed(TestError("corrupt")), failedAttempts: 0)
    guard case .failed(let error) = outcome else {
      return XCTFail("expected failed, got \(outcome)")
    }
    XCTAssertEqual(error as? TestError, TestError("corrupt"))
  }

  func test_unlockOutcome_failedWithNoVerifier_isFailed_notALimit() {
    let outcome = UnlockOutcome(.failed(UnlockError.noVerifier), failedAttempts: 3)
    guard case .failed(let error) = outcome else {
      return XCTFail("expected failed, got \(outcome)")
    }
    XCTAssertEqual(error as? UnlockError, .noVerifier)
  }

  func test_unlockOutcome_cancelledAndSuperseded_areKept() {
    XCTAssertEqual(UnlockOutcome(.cancelled, failedAttempts: 1), .cancelled)
    XCTAssertEqual(UnlockOutcome(.superseded, failedAttempts: 1), .superseded)
  }

  // MARK: Secrets

  func test_aTriedCredential_isASecret_untilReset_andTheUnlockingOneToo() {
    var lock = ContentLock()
    XCTAssertFalse(lock.holdsSecrets)
    lock.lock(.credentialRequired)
    lock.credentialTried(Credential(password: "tried"))
    XCTAssertTrue(lock.holdsSecrets)
    lock.loadSucceeded(with: Credential(password: "opened"))
    XCTAssertEqual(lock.secrets, ["tried", "opened"])
    lock.lock(.credentialRequired)
    XCTAssertEqual(lock.secrets, ["tried"], "a new lock forgets the credential, not the tried one")
    lock.reset()
    XCTAssertFalse(lock.holdsSecrets)
    XCTAssertEqual(lock.secrets, [])
  }
}
