import DocumentViewerCore
import Foundation
import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

/// Password-protected PDFs: locked, unlocked through the library, never leaking the password.
@MainActor
final class PDFLockingTests: FixtureTestCase {
  private let presenter = RecordingPresenter()
  private let runner = RecordingProcessRunner()
  private let password = FixturePasswords.user

  override func setUpWithError() throws {
    try super.setUpWithError()
    try skipUnlessPDFToolsAreInstalled()
  }

  private func openLocked(runner: RecordingProcessRunner? = nil) async throws -> DocumentSession {
    let path = try await fixtures.lockedPDF()
    let reader = DocumentReader(pdfTools: PDFTools(runner: runner ?? self.runner))
    let session = DocumentSession(
      path: path, opener: DocumentOpener(reader: reader), presenter: presenter, strings: .english)
    let outcome = await session.open()
    XCTAssertEqual(outcome, .locked(.credentialRequired))
    return session
  }

  private var lastMessage: String? { presenter.lastStandardPlaceholder?.message }

  // MARK: Missing, incorrect, correct

  func test_noPassword_isLockedWithAnUnlockAction_notAnError() async throws {
    let session = try await openLocked()

    XCTAssertEqual(presenter.presentedKinds, [.loading, .locked])
    XCTAssertEqual(session.currentState.lockReason, .credentialRequired)
    XCTAssertNil(session.content)
    XCTAssertEqual(presenter.lastStandardPlaceholder?.title, PlaceholderStrings.english.locked)
    XCTAssertEqual(lastMessage, "'locked.pdf' is protected by a password.")
    XCTAssertEqual(presenter.lastStandardPlaceholder?.actions, [.unlock(in: .english)])
  }

  func test_incorrectPassword_isLockedAgainWithTheAttemptCounted() async throws {
    let session = try await openLocked()

    let outcome = await session.unlock(with: Credential(password: "wrong"))

    XCTAssertEqual(outcome, .incorrectCredential(attempts: 1))
    XCTAssertEqual(presenter.presentedKinds, [.loading, .locked, .loading, .locked])
    XCTAssertEqual(session.currentState.lockReason, .incorrectCredential(attempts: 1))
    XCTAssertEqual(lastMessage, PlaceholderStrings.english.incorrectCredential(attempts: 1))
    XCTAssertNil(session.content)
  }

  func test_correctPassword_unlocksThroughLoadingAndShowsTheText() async throws {
    let session = try await openLocked()
    var mistakes: [AdoptionMistake] = []
    session.stateMachine.adoptionMistakeHandler = { mistakes.append($0) }

    let outcome = await session.unlock(with: Credential(password: password))

    XCTAssertEqual(outcome, .unlocked)
    XCTAssertEqual(mistakes, [], "the session's loadContent() ran on the caller's actor")
    // The first part of the text unlocks (content while the rest loads), the end completes it.
    XCTAssertEqual(
      Array(presenter.presentedKinds.prefix(4)), [.loading, .locked, .loading, .content])
    XCTAssertEqual(Set(presenter.presentedKinds.dropFirst(3)), [.content], "never locked again")
    XCTAssertEqual(session.content?.lines, ["Secret text."])
    XCTAssertNil(session.stateMachine.lock)
  }

  func test_retryAfterAWrongPassword_unlocksWithTheRightOne() async throws {
    let session = try await openLocked()

    let first = await session.unlock(with: Credential(password: "wrong"))
    let second = await session.unlock(with: Credential(password: "also wrong"))
    let third = await session.unlock(with: Credential(password: password))

    XCTAssertEqual(first, .incorrectCredential(attempts: 1))
    XCTAssertEqual(second, .incorrectCredential(attempts: 2))
    XCTAssertEqual(third, .unlocked)
    XCTAssertEqual(session.currentState, .content)
    XCTAssertEqual(session.stateMachine.unlockAttempts, 0)
  }

  func test_passwordWithALineBreak_isRefusedWithoutRunningATool() async throws {
    let session = try await openLocked()
    let runs = runner.invocations.count

    let outcome = await session.unlock(with: Credential(password: password + "\nmore"))
    let crlf = await session.unlock(with: Credential(password: password + "\r\nmore"))

    XCTAssertEqual(outcome, .incorrectCredential(attempts: 1))
    XCTAssertEqual(crlf, .incorrectCredential(attempts: 2))
    XCTAssertEqual(runner.invocations.count, runs, "qpdf would read only the first line")
  }

  // MARK: Remembered passwords

  func test_theLock_carriesThePDFsFingerprint_andTriesNoEmptyPassword() async throws {
    let path = try await fixtures.lockedPDF()
    let expected = try await DocumentFingerprint.of(path).credentialFingerprint

    do {
      _ = try await PDFReader().read(path: path, byteCount: 0, credential: nil)
      XCTFail("a locked PDF throws")
    } catch let lock as ContentLockedError {
      XCTAssertEqual(lock.reason, .credentialRequired)
      XCTAssertNotNil(lock.fingerprint)
      XCTAssertEqual(lock.fingerprint, expected)
      XCTAssertFalse(lock.triesEmptyCredential, "qpdf --requires-password tried it already")
    }
  }

  func test_aRememberedPassword_opensThePDFWithoutPresentingTheLock() async throws {
    let path = try await fixtures.lockedPDF()
    let computed = try await DocumentFingerprint.of(path).credentialFingerprint
    let fingerprint = try XCTUnwrap(computed)
    let store = MemoryCredentialStore()
    store.put(Credential(password: password), for: fingerprint)
    let session = DocumentSession(
      path: path, opener: DocumentOpener(reader: DocumentReader()), presenter: presenter,
      strings: .english)
    session.stateMachine.credentialMemory = CredentialMemory(store: store, policy: .never)

    let outcome = await session.open()

    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
    XCTAssertEqual(session.content?.lines, ["Secret text."])
    XCTAssertEqual(session.stateMachine.credentialRecall, .openedWithRemembered)
    XCTAssertEqual(session.stateMachine.unlockAttempts, 0)
  }

  func test_aRememberedPasswordThatNoLongerOpens_isForgotten_andTheLockIsPresentedPlainly()
    async throws
  {
    let path = try await fixtures.lockedPDF()
    let computed = try await DocumentFingerprint.of(path).credentialFingerprint
    let fingerprint = try XCTUnwrap(computed)
    let store = MemoryCredentialStore()
    store.put(Credential(password: "an old password"), for: fingerprint)
    let session = DocumentSession(
      path: path, opener: DocumentOpener(reader: DocumentReader()), presenter: presenter,
      strings: .english)
    session.stateMachine.credentialMemory = CredentialMemory(store: store, policy: .always)

    let outcome = await session.open()

    XCTAssertEqual(outcome, .locked(.credentialRequired))
    XCTAssertEqual(lastMessage, "'locked.pdf' is protected by a password.")
    XCTAssertNil(store.kept(for: fingerprint))
    XCTAssertEqual(session.stateMachine.credentialRecall, .refusedAndForgotten)
    let unlocked = await session.unlock(with: Credential(password: password))
    XCTAssertEqual(unlocked, .unlocked)
    XCTAssertEqual(store.kept(for: fingerprint)?.secret, password, "the policy remembers it")
  }

  // MARK: Reload, cancel, limit

  func test_reloadAfterUnlock_staysUnlocked() async throws {
    let session = try await openLocked()
    await session.unlock(with: Credential(password: password))
    presenter.clearRecords()

    let reloaded = await session.reload()
    let retried = await session.perform(.retry)

    XCTAssertEqual(reloaded, .completed)
    XCTAssertTrue(retried)
    XCTAssertEqual(session.currentState, .content)
    XCTAssertEqual(session.content?.lines, ["Secret text."])
    XCTAssertFalse(presenter.presentedKinds.contains(.locked), "the credential was kept")
  }

  func test_openAgainAfterUnlock_forgetsThePassword() async throws {
    let session = try await openLocked()
    await session.unlock(with: Credential(password: password))

    let outcome = await session.open()

    XCTAssertEqual(outcome, .locked(.credentialRequired))
  }

  func test_cancellingAnUnlock_bringsBackTheLockedState() async throws {
    let gate = Gate<Void>()
    let holding = RecordingProcessRunner { invocation in
      if invocation.arguments.first == "--password-file=-" { try await gate.wait() }
    }
    let session = try await openLocked(runner: holding)
    let interrupts = InterruptController()

    let unlock = Task {
      await interrupts.cancelOnInterrupt(session, writeNote: { _ in }) {
        await session.unlock(with: Credential(password: self.password))
      }
    }
    try await settle { gate.waiterCount == 1 }
    XCTAssertEqual(session.currentState.kind, .loading)
    let response = interrupts.interrupt()
    let outcome = await unlock.value
    gate.open()

    XCTAssertEqual(response, .cancelled)
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertEqual(session.currentState.lockReason, .credentialRequired)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .locked, .loading, .locked])
    XCTAssertNil(session.content)
  }

  func test_attemptLimit_afterThreeWrongPasswords_isErrorAndRetryLocksAgain() async throws {
    let session = try await openLocked()
    XCTAssertEqual(session.stateMachine.maximumUnlockAttempts, 3)

    var outcomes: [UnlockOutcome] = []
    for guess in ["one", "two", "three", password] {
      outcomes.append(await session.unlock(with: Credential(password: guess)))
    }

    XCTAssertEqual(
      outcomes,
      [
        .incorrectCredential(attempts: 1), .incorrectCredential(attempts: 2),
        .attemptLimitReached(attempts: 3), .attemptLimitReached(attempts: 3),
      ])
    XCTAssertEqual(presenter.lastStandardPlaceholder?.title, "Too Many Attempts")
    XCTAssertEqual(presenter.lastStandardPlaceholder?.actions, [.retry(in: .english)])
    XCTAssertNil(session.content)

    await session.perform(.retry)

    XCTAssertEqual(session.currentState.lockReason, .credentialRequired)
    let unlocked = await session.unlock(with: Credential(password: password))
    XCTAssertEqual(unlocked, .unlocked)
  }

  func test_attemptLimit_canBeChangedOnTheMachine() async throws {
    let session = try await openLocked()
    session.stateMachine.maximumUnlockAttempts = 1

    let outcome = await session.unlock(with: Credential(password: "wrong"))

    XCTAssertEqual(outcome, .attemptLimitReached(attempts: 1))
    XCTAssertEqual(session.currentState.kind, .error)
  }

  // MARK: The password's way

  func test_password_isGivenOnStandardInputAndNeverInAnyArgument() async throws {
    let session = try await openLocked()
    await session.unlock(with: Credential(password: "a wrong one"))
    await session.unlock(with: Credential(password: password))
    await session.reload()

    let invocations = runner.invocations
    for invocation in invocations {
      for secret in [password, "a wrong one"] {
        XCTAssertFalse(
          invocation.arguments.contains { $0.contains(secret) }, invocation.description)
        XCTAssertFalse(invocation.description.contains(secret))
        XCTAssertFalse(invocation.executable.contains(secret))
      }
    }
    let withPassword = invocations.filter { !$0.standardInput.isEmpty }
    XCTAssertEqual(
      withPassword.map(\.arguments.first),
      [
        "--password-file=-", "--password-file=-",
        "--password-file=-", "--password-file=-", "--password-file=-",
      ],
      "check wrong, check right, decrypt, then check and decrypt on reload")
    XCTAssertEqual(withPassword.first?.standardInput, Data("a wrong one\n".utf8))
    XCTAssertEqual(withPassword.last?.standardInput, Data("\(password)\n".utf8))
  }

  func test_unlocking_decryptsIntoAPipeThatPdftotextReads_neverToDisk() async throws {
    let session = try await openLocked()

    await session.unlock(with: Credential(password: password))

    XCTAssertEqual(session.currentState, .content)
    XCTAssertEqual(session.content?.lines, ["Secret text."])
    XCTAssertEqual(
      runner.commandLines.suffix(2),
      [
        "qpdf --password-file=- --decrypt \(session.path) -", "pdftotext -layout - -",
      ],
      "qpdf writes the decrypted PDF to its standard output, which pdftotext reads")
    let paths = runner.invocations.flatMap(\.arguments).filter { $0.hasPrefix("/") }
    XCTAssertEqual(Set(paths), [session.path], "no tool is given a file to write")
  }
}
