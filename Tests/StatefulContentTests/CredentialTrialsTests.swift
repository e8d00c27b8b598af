import XCTest

@testable import StatefulContent

/// The pure rules of a load's credential trials: what it tries on its own before it presents
/// a lock, in which order, and what its reasons say — with no machine and no store.
final class CredentialTrialsTests: XCTestCase {
  private let document = CredentialFingerprint("pdf-id:trials")!
  private let remembered = Credential(password: "remembered-secret")

  private func lock(triesEmpty: Bool = false, fingerprint: Bool = true) -> ContentLockedError {
    ContentLockedError(
      .credentialRequired, fingerprint: fingerprint ? document : nil,
      triesEmptyCredential: triesEmpty)
  }

  func test_aLockWithoutFingerprintOrEmptyTrial_isNotTheTrialsBusiness() {
    var trials = CredentialTrials()
    XCTAssertNil(trials.lockFound(lock(fingerprint: false), credential: nil, hasStore: true))
    XCTAssertNil(trials.lockFound(lock(), credential: nil, hasStore: false))
    XCTAssertNil(trials.recall)
  }

  func test_aLockRefusingAUsersCredential_isNotTheTrialsBusiness() {
    var trials = CredentialTrials()
    let step = trials.lockFound(lock(), credential: Credential(password: "typed"), hasStore: true)
    XCTAssertNil(step, "an unlock's refusal counts as before")
  }

  func test_theEmptyCredential_thenTheStore_thenTheRemembered_thenForget_thenTheLock() {
    var trials = CredentialTrials()
    let found = lock(triesEmpty: true)
    XCTAssertEqual(
      trials.lockFound(found, credential: nil, hasStore: true),
      .tryCredential(Credential(password: "")))
    XCTAssertEqual(trials.recall, .tryingEmpty)
    XCTAssertEqual(
      trials.lockFound(.incorrectCredential, credential: Credential(password: ""), hasStore: true),
      .lookUp(document))
    XCTAssertEqual(trials.recall, .lookingUp)
    XCTAssertEqual(trials.storeAnswered(.credential(remembered)), .tryCredential(remembered))
    XCTAssertTrue(trials.isTrying)
    XCTAssertEqual(
      trials.lockFound(.incorrectCredential, credential: remembered, hasStore: true),
      .forget(document))
    XCTAssertEqual(trials.recall, .refusedAndForgotten)
    XCTAssertEqual(trials.forgotten(), .presentLock(found), "the lock as first found")
    XCTAssertNil(
      trials.lockFound(.incorrectCredential, credential: nil, hasStore: true),
      "settled: a later lock is the load's to conclude")
  }

  func test_eachStoreFailure_settlesWithItsReason() {
    let answers: [(CredentialTrials.Answer, CredentialRecall)] = [
      (.credential(nil), .noneRemembered), (.failed, .storeFailed),
      (.timedOut(after: .seconds(2)), .storeTimedOut(after: .seconds(2))),
    ]
    for (answer, recall) in answers {
      var trials = CredentialTrials()
      _ = trials.lockFound(lock(), credential: nil, hasStore: true)
      XCTAssertEqual(trials.storeAnswered(answer), .presentLock(lock()))
      XCTAssertEqual(trials.recall, recall)
      XCTAssertFalse(trials.isTrying)
    }
  }

  func test_anAnswerNobodyAskedFor_triesNothing() {
    var trials = CredentialTrials()
    XCTAssertEqual(
      trials.storeAnswered(.credential(remembered)), .presentLock(ContentLockedError()))
    XCTAssertFalse(trials.isTrying)
    XCTAssertNil(trials.recall)
  }

  func test_aSecondAnswer_triesNothingMore() {
    var trials = CredentialTrials()
    _ = trials.lockFound(lock(), credential: nil, hasStore: true)
    _ = trials.storeAnswered(.credential(nil))
    XCTAssertEqual(trials.storeAnswered(.credential(remembered)), .presentLock(lock()))
    XCTAssertEqual(trials.recall, .noneRemembered)
  }

  func test_aSuccessWithTheRemembered_orTheEmpty_saysWhichOpenedIt() {
    var remembered = CredentialTrials()
    _ = remembered.lockFound(lock(), credential: nil, hasStore: true)
    _ = remembered.storeAnswered(.credential(self.remembered))
    remembered.loadSucceeded()
    XCTAssertEqual(remembered.recall, .openedWithRemembered)
    XCTAssertFalse(remembered.isTrying)
    var empty = CredentialTrials()
    _ = empty.lockFound(lock(triesEmpty: true), credential: nil, hasStore: false)
    empty.loadSucceeded()
    XCTAssertEqual(empty.recall, .openedWithEmpty)
  }

  func test_aFailureDuringATrial_endsTheTrials_andTheReasonIsNoLongerUnderway() {
    var trials = CredentialTrials()
    _ = trials.lockFound(lock(), credential: nil, hasStore: true)
    _ = trials.storeAnswered(.credential(remembered))
    trials.loadFailed()
    XCTAssertNil(trials.recall)
    XCTAssertFalse(trials.isTrying)
    XCTAssertNil(trials.lockFound(lock(), credential: nil, hasStore: true))
  }

  func test_theRecallsDescriptions_neverNameTheCredential() {
    let all: [CredentialRecall] = [
      .tryingEmpty, .lookingUp, .tryingRemembered, .openedWithEmpty, .openedWithRemembered,
      .noneRemembered, .refusedAndForgotten, .storeFailed, .storeTimedOut(after: .seconds(2)),
    ]
    for recall in all {
      XCTAssertEqual(CredentialRecall(name: recall.name, timeLimit: .seconds(2)), recall)
      XCTAssertFalse(recall.description.contains(remembered.secret))
    }
    XCTAssertNil(CredentialRecall(name: "opened with hunter2", timeLimit: .zero))
  }

  // MARK: A reload with the credential a trial found

  private func reloadTrials(
    after recall: CredentialRecall?, fingerprint: CredentialFingerprint?
  ) -> CredentialTrials {
    CredentialTrials(mode: .reload, credential: remembered, after: recall, fingerprint: fingerprint)
  }

  func test_onlyAReloadWithACredential_continuesATrial() {
    let cases: [(LoadLifecycle.Mode, Credential?)] = [
      (.load, nil), (.load, remembered), (.unlock, remembered), (.reload, nil),
    ]
    for (mode, credential) in cases {
      let trials = CredentialTrials(
        mode: mode, credential: credential, after: .openedWithRemembered, fingerprint: document)
      XCTAssertFalse(trials.isTrying, "\(mode)")
    }
  }

  func test_aReloadWithTheRememberedOne_refused_forgetsIt_andPresentsThePlainLock() {
    var trials = reloadTrials(after: .openedWithRemembered, fingerprint: document)
    XCTAssertTrue(trials.isTrying)
    XCTAssertEqual(
      trials.lockFound(.incorrectCredential, credential: remembered, hasStore: true),
      .forget(document))
    XCTAssertEqual(trials.recall, .refusedAndForgotten)
    XCTAssertEqual(trials.forgotten(), .presentLock(lock()))
  }

  func test_aReloadWithTheEmptyOne_refused_asksTheStore() {
    var trials = reloadTrials(after: .openedWithEmpty, fingerprint: document)
    XCTAssertEqual(
      trials.lockFound(.incorrectCredential, credential: Credential(password: ""), hasStore: true),
      .lookUp(document))
    XCTAssertEqual(trials.storeAnswered(.credential(nil)), .presentLock(lock(triesEmpty: true)))
  }

  func test_aReloadWithTheUsersCredential_isNotTheTrialsBusiness() {
    for recall in [nil, CredentialRecall.refusedAndForgotten, .noneRemembered] {
      var trials = reloadTrials(after: recall, fingerprint: document)
      XCTAssertFalse(trials.isTrying)
      XCTAssertNil(trials.recall)
      XCTAssertNil(
        trials.lockFound(.incorrectCredential, credential: remembered, hasStore: true),
        "\(String(describing: recall)): the refusal counts as before")
    }
  }

  func test_aReloadThatSucceeds_keepsSayingWhichOpenedIt() {
    var trials = reloadTrials(after: .openedWithRemembered, fingerprint: document)
    trials.loadSucceeded()
    XCTAssertEqual(trials.recall, .openedWithRemembered)
    var failed = reloadTrials(after: .openedWithRemembered, fingerprint: document)
    failed.loadFailed()
    XCTAssertEqual(failed.recall, .openedWithRemembered, "a failure refused nothing")
  }

  // MARK: The lock's part

  func test_aTrialUnderway_isDroppedWhenTheNextLoadStarts_orASnapshotComesBack() {
    var lock = ContentLock()
    lock.recalled(.lookingUp, document: document)
    let snapshot = lock.snapshot
    lock.loadStarted(.reload)
    XCTAssertNil(lock.recall)
    XCTAssertEqual(lock.fingerprint, document, "a reload keeps the document")
    lock.recalled(.openedWithRemembered)
    lock.restore(snapshot)
    XCTAssertNil(lock.recall, "the load that was looking up is over")
    lock.recalled(.openedWithRemembered)
    lock.loadStarted(.reload)
    XCTAssertEqual(lock.recall, .openedWithRemembered, "what is over stays")
  }

  func test_aLockFoundWithoutACountedCredential_keepsNoCredentialForReloads() {
    var lock = ContentLock()
    lock.loadSucceeded(with: remembered)
    XCTAssertTrue(lock.holdsCredential)
    _ = lock.loadFoundLock(.credentialRequired, credentialTried: false)
    XCTAssertFalse(lock.holdsCredential)
    XCTAssertEqual(lock.failedAttempts, 0)
  }

  func test_aLoadThatSucceeds_liftsALockout() {
    var lock = ContentLock()
    lock.maximumAttempts = 1
    _ = lock.loadFoundLock(.credentialRequired, credentialTried: true)
    XCTAssertTrue(lock.isLockedOut)
    lock.loadSucceeded(with: remembered)
    XCTAssertFalse(lock.isLockedOut)
    XCTAssertNil(lock.lockoutError)
    XCTAssertEqual(lock.admitUnlock(), .notLocked)
  }
}
