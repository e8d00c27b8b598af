import StatefulContent
import StatefulContentTesting
import XCTest

/// A credential store that throws, never answers, or answers wrongly for ever: none of it
/// wedges a load, counts an attempt or shows a secret.
@MainActor
final class CredentialStoreHostileTests: LoadTestCase {
  private let store = MemoryCredentialStore()
  private let document = CredentialFingerprint("sha256:9b1d")!
  private let password = "open-sesame"

  override func setUp() async throws {
    try await super.setUp()
    model.stateMachine.strings = .english
    model.stateMachine.credentialMemory = CredentialMemory(
      store: store, policy: .always, timeLimit: .seconds(2))
  }

  /// Starts opening the document, which needs `password`, in a task of its own.
  private func startOpening() -> Task<LoadOutcome, Never> {
    let (password, document, model) = (password, document, model)
    return Task {
      await model.loadReloadable { context in
        guard let credential = context.credential else {
          throw ContentLockedError(.credentialRequired, fingerprint: document)
        }
        guard credential.secret == password else {
          throw ContentLockedError.incorrectCredential
        }
        return ["page 1"]
      }
    }
  }

  func test_aStoreThatThrows_presentsTheLock_withNoAttemptCounted() async {
    store.behavior = .fails(TestError("keyring refused"))
    let outcome = await startOpening().value
    XCTAssertEqual(outcome, .locked(.credentialRequired))
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
    XCTAssertEqual(model.stateMachine.credentialRecall, .storeFailed)
    XCTAssertTrue(explanation.contains("the credential store failed"), explanation)
    let unlocked = await model.unlock(with: Credential(password: password))
    XCTAssertEqual(unlocked, .unlocked, "remembering fails too, and the content stays")
    XCTAssertEqual(model.currentState, .content)
  }

  func test_aStoreThatNeverAnswers_presentsTheLock_afterTheTimeLimit() async throws {
    store.behavior = .hangs
    let load = startOpening()
    try await settle("the lookup's time limit runs") {
      store.lookups == 1 && clock.sleeperCount == 1
    }
    XCTAssertEqual(model.currentState.kind, .loading)
    clock.advance(by: .seconds(2))
    let outcome = await load.value
    XCTAssertEqual(outcome, .locked(.credentialRequired))
    XCTAssertEqual(model.stateMachine.credentialRecall, .storeTimedOut(after: .seconds(2)))
    XCTAssertTrue(explanation.contains("did not answer within 2000 ms"), explanation)
  }

  func test_aStoreThatNeverAnswers_isCancelledWithTheLoad() async throws {
    store.behavior = .hangs
    let load = startOpening()
    try await settle("the store is asked") { store.lookups == 1 }
    model.cancelLoading()
    let outcome = await load.value
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertEqual(model.currentState, .idle, "the state from before the load comes back")
    XCTAssertNil(model.stateMachine.credentialRecall)
    try await settle("the time limit's timer is cancelled too") { clock.sleeperCount == 0 }
  }

  func test_aLookupOvertakenByANewerLoad_isIgnored() async throws {
    store.behavior = .hangs
    let first = startOpening()
    try await settle("the store is asked") { store.lookups == 1 }
    store.behavior = .answers
    store.put(Credential(password: password), for: document)
    let second = await startOpening().value
    let firstOutcome = await first.value
    XCTAssertEqual(firstOutcome, .superseded)
    XCTAssertEqual(second, .completed)
    XCTAssertEqual(model.stateMachine.credentialRecall, .openedWithRemembered)
  }

  func test_aStoreThatLiesForEver_neverWedges_andNeverCountsAnAttempt() async {
    store.behavior = .lies(Credential(password: "a lie"))
    for _ in 1...3 {
      let outcome = await startOpening().value
      XCTAssertEqual(outcome, .locked(.credentialRequired))
    }
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
    XCTAssertEqual(store.forgetCount, 3, "each load tells it to forget")
    let unlocked = await model.unlock(with: Credential(password: password))
    XCTAssertEqual(unlocked, .unlocked)
  }

  func test_aStoreThatHangsWhenRemembering_letsTheUnlockReturnAfterTheTimeLimit() async throws {
    _ = await startOpening().value
    store.behavior = .hangs
    let model = model
    let password = password
    let unlock = Task { await model.unlock(with: Credential(password: password)) }
    try await settle("the store is told to remember") {
      store.rememberCount == 1 && clock.sleeperCount == 1
    }
    XCTAssertEqual(model.currentState, .content, "the content shows while it remembers")
    clock.advance(by: .seconds(2))
    let outcome = await unlock.value
    XCTAssertEqual(outcome, .unlocked)
  }

  func test_aRememberedSecretQuotedByAnError_isRedactedFromThePlaceholder() async throws {
    store.put(Credential(password: "hunter2-quoted"), for: document)
    let document = document
    let outcome = await model.loadReloadable { context in
      guard let credential = context.credential else {
        throw ContentLockedError(.credentialRequired, fingerprint: document)
      }
      throw TestError("server rejected token \(credential.secret)")
    }
    guard case .failed = outcome else { return XCTFail("\(outcome)") }
    let placeholder = try XCTUnwrap(
      presenter.lastPresentation?.placeholder as? StandardPlaceholder)
    XCTAssertFalse("\(placeholder.title) \(placeholder.message ?? "")".contains("hunter2"))
    XCTAssertNil(model.stateMachine.credentialRecall, "a failure is not a trial underway")
  }

  func test_aNegativeTimeLimit_countsAsZero_andNeverWaits() async {
    model.stateMachine.credentialMemory = CredentialMemory(
      store: store, policy: .never, timeLimit: .seconds(-5))
    store.behavior = .hangs
    let outcome = await startOpening().value
    XCTAssertEqual(outcome, .locked(.credentialRequired))
    XCTAssertEqual(model.stateMachine.credentialRecall, .storeTimedOut(after: .zero))
  }
}
