import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

// The Swift block of the Locked Documents article, copied exactly and run
// (`DocExampleCoverageTests` checks the copy) with the names it uses declared here.

enum LockedDocumentsExample {
  final class PDFDocument: StatefulContent {
    let stateMachine: ContentStateMachine
    let url: URL
    var pages: [String] = []
    var hasContent: Bool { !pages.isEmpty }

    init(url: URL, presenter: some Presenter) {
      self.url = url
      stateMachine = ContentStateMachine(presenter: presenter)
    }

    nonisolated(nonsending) func loadContent() async {
      let url = url
      await load(into: \.pages) { context in
        guard let password = context.credential?.secret else {
          throw ContentLockedError(.credentialRequired)
        }
        guard let pages = try await PDF.open(url, password: password) else {
          throw ContentLockedError.incorrectCredential  // the machine counts
        }
        return pages
      }
    }
  }

  /// A PDF reader that knows one password.
  enum PDF {
    static func open(_ url: URL, password: String) async throws -> [String]? {
      password == "secret" ? ["Page 1 of \(url.lastPathComponent)"] : nil
    }
  }
}

final class LockedDocumentsExampleTests: XCTestCase {
  @MainActor
  func test_lockedLoad_locksThenUnlocksWithTheRightPassword() async {
    let presenter = RecordingPresenter()
    let document = LockedDocumentsExample.PDFDocument(
      url: URL(fileURLWithPath: "/tmp/report.pdf"), presenter: presenter)
    await document.loadContent()
    XCTAssertEqual(document.currentState, .locked(.credentialRequired))
    await document.unlock(with: Credential(password: "wrong"))
    XCTAssertEqual(document.currentState, .locked(.incorrectCredential(attempts: 1)))
    XCTAssertEqual(document.pages, [])
    await document.unlock(with: Credential(password: "secret"))
    XCTAssertEqual(document.currentState, .content)
    XCTAssertEqual(document.pages, ["Page 1 of report.pdf"])
    XCTAssertEqual(presenter.presentedKinds.last, .content)
    let reloaded = await document.reload()  // Retry keeps it unlocked
    XCTAssertEqual(reloaded, .completed)
    XCTAssertEqual(document.currentState, .content)
  }
}

// The remembered-credentials blocks.

enum RememberedCredentialsExample {
  final class ProtectedPDF: StatefulContent {
    let stateMachine: ContentStateMachine
    let url: URL
    var pages: [String] = []
    var hasContent: Bool { !pages.isEmpty }

    init(
      url: URL, presenter: some Presenter, store: some CredentialStore,
      clock: some Clock<Duration> = ContinuousClock()
    ) {
      self.url = url
      stateMachine = ContentStateMachine(presenter: presenter, clock: clock)
      stateMachine.credentialMemory = CredentialMemory(store: store, policy: .always)
    }

    nonisolated(nonsending) func loadContent() async {
      let url = url
      await load(into: \.pages) { context in
        guard let password = context.credential?.secret else {
          // The PDF's /ID follows the document wherever it is moved or copied.
          let fingerprint = try await PDF.fingerprint(of: url)
          throw ContentLockedError(.credentialRequired, fingerprint: fingerprint)
        }
        guard let pages = try await PDF.open(url, password: password) else {
          throw ContentLockedError.incorrectCredential
        }
        return pages
      }
    }
  }

  /// A PDF reader that knows one password and one document identifier.
  enum PDF {
    static func fingerprint(of url: URL) async throws -> CredentialFingerprint {
      CredentialFingerprint("pdf-id:7c1e")!
    }

    static func open(_ url: URL, password: String) async throws -> [String]? {
      password == "secret" ? ["Page 1 of \(url.lastPathComponent)"] : nil
    }
  }

  /// The password dialog's "Remember this password" checkbox.
  struct Checkbox {
    var isChecked: Bool
  }
}

#if canImport(Security)
  import Security

  /// Remembered document passwords in the Keychain, one generic password per fingerprint.
  struct KeychainCredentialStore: CredentialStore {
    var service = "com.example.reader.document-passwords"

    private func query(_ fingerprint: CredentialFingerprint) -> [String: Any] {
      [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrService as String: service,
        kSecAttrAccount as String: fingerprint.value,
      ]
    }

    func credential(for fingerprint: CredentialFingerprint) async throws -> Credential? {
      var lookup = query(fingerprint)
      lookup[kSecReturnData as String] = true
      lookup[kSecMatchLimit as String] = kSecMatchLimitOne
      var item: CFTypeRef?
      let status = SecItemCopyMatching(lookup as CFDictionary, &item)
      if status == errSecItemNotFound { return nil }
      guard status == errSecSuccess, let data = item as? Data,
        let password = String(data: data, encoding: .utf8)
      else { throw KeychainError(status: status) }
      return Credential(password: password)
    }

    func remember(_ credential: Credential, for fingerprint: CredentialFingerprint) async throws {
      try await forgetCredential(for: fingerprint)
      var item = query(fingerprint)
      item[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
      item[kSecValueData as String] = Data(credential.secret.utf8)
      let status = SecItemAdd(item as CFDictionary, nil)
      guard status == errSecSuccess else { throw KeychainError(status: status) }
    }

    func forgetCredential(for fingerprint: CredentialFingerprint) async throws {
      let status = SecItemDelete(query(fingerprint) as CFDictionary)
      guard status == errSecSuccess || status == errSecItemNotFound else {
        throw KeychainError(status: status)
      }
    }
  }

  /// A Keychain call failed with this status.
  struct KeychainError: Error {
    var status: OSStatus
  }
#endif

final class RememberedCredentialsExampleTests: XCTestCase {
  private typealias ProtectedPDF = RememberedCredentialsExample.ProtectedPDF
  private let report = URL(fileURLWithPath: "/tmp/report.pdf")

  @MainActor
  func test_aRememberedPassword_opensWithoutThePrompt() async {
    let presenter = RecordingPresenter()
    let store = MemoryCredentialStore()
    store.put(Credential(password: "secret"), for: CredentialFingerprint("pdf-id:7c1e")!)
    let clock = ManualClock()
    let document = ProtectedPDF(url: report, presenter: presenter, store: store, clock: clock)
    await document.loadContent()
    // Opened with the remembered password within the show delay: nothing but the content.
    XCTAssertEqual(presenter.presentedKinds, [.content])
    XCTAssertEqual(document.stateMachine.credentialRecall, .openedWithRemembered)
    XCTAssertEqual(document.stateMachine.unlockAttempts, 0)
  }

  /// The two reasons the article quotes, word for word, from its own `ProtectedPDF`.
  @MainActor
  func test_theReasons_areTheOnesTheArticleQuotes() async {
    let presenter = RecordingPresenter()
    let store = MemoryCredentialStore()
    let fingerprint = CredentialFingerprint("pdf-id:7c1e")!
    store.put(Credential(password: "secret"), for: fingerprint)
    let opened = ProtectedPDF(url: report, presenter: presenter, store: store)
    await opened.loadContent()
    XCTAssertEqual(
      opened.stateMachine.explanation,
      "content — rule 2: has content; a remembered credential opened it, nobody was asked")
    store.put(Credential(password: "changed"), for: fingerprint)
    let refused = ProtectedPDF(url: report, presenter: presenter, store: store)
    await refused.loadContent()
    XCTAssertEqual(
      refused.stateMachine.explanation,
      "locked(credential required) — rule 1: credential required; a remembered credential was "
        + "tried and refused: it is forgotten")
  }

  @MainActor
  func test_thePolicyAsk_remembersThePasswordWhenTheCheckboxIsTicked() async {
    let presenter = RecordingPresenter()
    let keychain = MemoryCredentialStore()
    let document = ProtectedPDF(url: report, presenter: presenter, store: keychain)
    let typed = "secret"
    let rememberBox = RememberedCredentialsExample.Checkbox(isChecked: true)
    await document.loadContent()
    XCTAssertEqual(document.currentState, .locked(.credentialRequired))
    document.stateMachine.credentialMemory = CredentialMemory(store: keychain, policy: .ask)
    // The password dialog's Unlock button:
    await document.unlock(with: Credential(password: typed), remember: rememberBox.isChecked)
    XCTAssertEqual(
      keychain.kept(for: CredentialFingerprint("pdf-id:7c1e")!), Credential(password: "secret"))
    #if canImport(Security)
      XCTAssertEqual(KeychainCredentialStore().service.isEmpty, false)
    #endif
  }
}
