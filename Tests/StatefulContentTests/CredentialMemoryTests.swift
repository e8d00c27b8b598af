import StatefulContent
import StatefulContentTesting
import XCTest

/// Remembered credentials: a load that finds its document locked tries the empty credential
/// (where the kind allows it) and the one the store remembers before it presents the lock —
/// counting no attempt — and an unlock remembers the credential as the policy says.
@MainActor
final class CredentialMemoryTests: LoadTestCase {
  private let store = MemoryCredentialStore()
  private let document = CredentialFingerprint("pdf-id:0f3a9c")!
  private let password = "s3same-open"

  override func setUp() async throws {
    try await super.setUp()
    store.behavior = .answers
    model.stateMachine.strings = .english
    model.stateMachine.credentialMemory = CredentialMemory(store: store, policy: .never)
  }

  /// Opens the document, which needs `password` (or any credential `opens` accepts); the
  /// credentials its operation was given are counted in `seen`.
  @discardableResult
  private func open(
    triesEmpty: Bool = false, seen: Counter? = nil,
    opens: (@Sendable (String) -> Bool)? = nil
  ) async -> LoadOutcome {
    let (password, document) = (password, document)
    let opens = opens ?? { $0 == password }
    return await model.loadReloadable { context in
      seen?.increment()
      guard let credential = context.credential else {
        throw ContentLockedError(
          .credentialRequired, fingerprint: document, triesEmptyCredential: triesEmpty)
      }
      guard opens(credential.secret) else { throw ContentLockedError.incorrectCredential }
      return ["page 1"]
    }
  }

  // MARK: A remembered credential

  func test_aRememberedCredentialThatOpens_neverPresentsTheLock_andCountsNoAttempt() async {
    store.put(Credential(password: password), for: document)
    let seen = Counter()
    let outcome = await open(seen: seen)
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
    XCTAssertEqual(model.content, ["page 1"])
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
    XCTAssertEqual(seen.value, 2, "once without a credential, once with the remembered one")
    XCTAssertEqual(store.lookups, 1)
    XCTAssertEqual(model.stateMachine.credentialRecall, .openedWithRemembered)
    XCTAssertTrue(explanation.contains("a remembered credential opened it"), explanation)
    XCTAssertFalse(explanation.contains(password), "the reasons never say which")
  }

  func test_aRememberedCredentialThatOpens_withinTheShowDelay_showsOnlyTheContent() async {
    model.stateMachine.loadingPolicy = .smooth
    store.put(Credential(password: password), for: document)
    await open()
    XCTAssertEqual(presenter.presentedKinds, [.content], "nothing beyond the show delay")
  }

  func test_theCredentialThatARememberedOneOpened_isKeptForReloads() async {
    store.put(Credential(password: password), for: document)
    await open()
    let outcome = await model.reload()
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(model.currentState, .content)
    XCTAssertEqual(store.lookups, 1, "a reload runs with the kept credential")
  }

  func test_aRememberedCredentialThatIsRefused_isForgotten_andTheLockAsksPlainly() async throws {
    store.put(Credential(password: "changed since"), for: document)
    let outcome = await open()
    XCTAssertEqual(outcome, .locked(.credentialRequired))
    XCTAssertEqual(model.currentState, .locked(.credentialRequired))
    XCTAssertEqual(presenter.presentedKinds, [.loading, .locked])
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
    XCTAssertNil(store.kept(for: document))
    XCTAssertEqual(store.forgetCount, 1)
    let placeholder = try XCTUnwrap(
      presenter.lastPresentation?.placeholder as? StandardPlaceholder)
    XCTAssertFalse(placeholder.message?.contains("Incorrect") ?? false, "\(placeholder)")
    XCTAssertEqual(model.stateMachine.credentialRecall, .refusedAndForgotten)
    XCTAssertTrue(
      explanation.contains("a remembered credential was tried and refused: it is forgotten"),
      explanation)
    XCTAssertFalse(explanation.contains("changed since"))
  }

  func test_anUnlockAfterARefusedRememberedCredential_saysNothingOfIt_whileItRuns() async {
    store.put(Credential(password: "changed since"), for: document)
    await open()
    let model = model
    let unlock = Task { await model.unlock(with: Credential(password: "typed")) }
    _ = await unlock.value
    let unlocking = presenter.records.map(\.presentation).last { $0.state.kind == .loading }
    let reason = unlocking?.decision.explanation ?? ""
    XCTAssertTrue(reason.contains("a load tries a credential"), reason)
    XCTAssertFalse(reason.contains("remembered"), "the user's credential is tried: \(reason)")
  }

  func test_noRememberedCredential_presentsTheLock_afterOneLookup() async {
    let outcome = await open()
    XCTAssertEqual(outcome, .locked(.credentialRequired))
    XCTAssertEqual(store.lookups, 1)
    XCTAssertEqual(model.stateMachine.credentialRecall, .noneRemembered)
    XCTAssertTrue(explanation.contains("no credential is remembered for it"), explanation)
  }

  func test_aLockWithoutAFingerprint_asksNoStore() async {
    let outcome = await model.loadReloadable { context in
      guard context.credential != nil else { throw ContentLockedError(.credentialRequired) }
      return ["page 1"]
    }
    XCTAssertEqual(outcome, .locked(.credentialRequired))
    XCTAssertEqual(store.lookups, 0)
    XCTAssertNil(model.stateMachine.credentialRecall)
  }

  // MARK: The empty credential

  func test_theEmptyCredential_isTriedFirst_whereTheKindAllowsIt() async {
    let seen = Counter()
    let outcome = await open(triesEmpty: true, seen: seen, opens: { $0.isEmpty })
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
    XCTAssertEqual(store.lookups, 0, "the empty one opened it")
    XCTAssertEqual(model.stateMachine.credentialRecall, .openedWithEmpty)
  }

  func test_aRefusedEmptyCredential_isFollowedByTheRememberedOne() async {
    store.put(Credential(password: password), for: document)
    let seen = Counter()
    let outcome = await open(triesEmpty: true, seen: seen)
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(seen.value, 3, "none, the empty one, the remembered one")
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
    XCTAssertEqual(store.forgetCount, 0, "the empty one is nothing the store remembered")
  }

  func test_theEmptyCredential_needsNoStore() async {
    model.stateMachine.credentialMemory = nil
    let outcome = await open(triesEmpty: true, opens: { $0.isEmpty })
    XCTAssertEqual(outcome, .completed)
    let locked = await open(triesEmpty: true)
    XCTAssertEqual(locked, .locked(.credentialRequired), "refused: the lock, no attempt")
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
  }

  // MARK: After an unlock

  func test_policyAlways_remembersTheCredentialThatUnlocked() async {
    model.stateMachine.credentialMemory = CredentialMemory(store: store, policy: .always)
    await open()
    let outcome = await model.unlock(with: Credential(password: password))
    XCTAssertEqual(outcome, .unlocked)
    XCTAssertEqual(store.kept(for: document), Credential(password: password))
    XCTAssertEqual(store.rememberCount, 1)
  }

  func test_policyNever_remembersNothing_andAWrongCredentialCountsAsBefore() async {
    await open()
    let wrong = await model.unlock(with: Credential(password: "wrong"))
    XCTAssertEqual(wrong, .incorrectCredential(attempts: 1))
    let right = await model.unlock(with: Credential(password: password))
    XCTAssertEqual(right, .unlocked)
    XCTAssertEqual(store.rememberCount, 0)
    XCTAssertNil(model.stateMachine.credentialRecall, "the user's credential opened it")
  }

  func test_policyAsk_remembersOnlyWhenTheUnlockSaysSo() async {
    model.stateMachine.credentialMemory = CredentialMemory(store: store, policy: .ask)
    await open()
    await model.unlock(with: Credential(password: password))
    XCTAssertNil(store.kept(for: document), "the checkbox was left unticked")
    XCTAssertEqual(store.rememberCount, 0)
    await open()  // a new load of the same document
    XCTAssertEqual(model.currentState, .locked(.credentialRequired))
    let wrong = await model.unlock(with: Credential(password: "wrong"), remember: true)
    XCTAssertEqual(wrong, .incorrectCredential(attempts: 1))
    XCTAssertEqual(store.rememberCount, 0, "a refused credential is never remembered")
    await model.unlock(with: Credential(password: password), remember: true)
    XCTAssertEqual(store.kept(for: document), Credential(password: password))
  }

  func test_policyNever_ignoresTheUnlocksWish_andPolicyAlways_needsNone() async {
    await open()
    await model.unlock(with: Credential(password: password), remember: true)
    XCTAssertEqual(store.rememberCount, 0, "never")
    model.stateMachine.credentialMemory = CredentialMemory(store: store, policy: .always)
    await open()
    await model.unlock(with: Credential(password: password))
    XCTAssertEqual(store.rememberCount, 1, "always")
  }

  func test_aLockTheHostNamesByItsFingerprint_remembersTheCredentialThatUnlocksIt() async {
    model.stateMachine.credentialMemory = CredentialMemory(store: store, policy: .always)
    model.stateMachine.credentialVerifier = { [password] in $0.secret == password }
    model.lock(.credentialRequired, fingerprint: document)
    let outcome = await model.unlock(with: Credential(password: password))
    XCTAssertEqual(outcome, .unlocked)
    XCTAssertEqual(store.kept(for: document), Credential(password: password))
  }

  func test_aRememberedCredential_opensTheDocumentInTheNextModel() async {
    model.stateMachine.credentialMemory = CredentialMemory(store: store, policy: .always)
    await open()
    await model.unlock(with: Credential(password: password))
    let presenter = RecordingPresenter()
    let machine = ContentStateMachine(presenter: presenter, clock: clock)
    machine.loadingPolicy = .immediate
    machine.credentialMemory = CredentialMemory(store: store, policy: .always)
    model = TestModel(machine: machine)
    await open()
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
  }
}
