import Foundation
import StatefulContent
import StatefulContentTerminal
import XCTest

/// `KeyringCredentialStore`: passwords in the user's kernel keyring, under the key the tool's
/// prefix and a document's fingerprint name.
final class KeyringCredentialStoreTests: FolderTestCase {
  private static let secret = "remembered \u{E9}t\u{E9} 7"
  /// The key names this test may have added, removed in `tearDown`.
  private var names: [String] = []

  override func tearDown() async throws {
    for name in names { _ = try? await KernelKeyring().remove(named: name) }
    try await super.tearDown()
  }

  /// A fingerprint no other test (or run) uses; its key is removed after the test.
  private func fingerprint() throws -> CredentialFingerprint {
    let fingerprint = try XCTUnwrap(CredentialFingerprint("sha256:test-\(UUID().uuidString)"))
    names.append(Self.prefix + fingerprint.value)
    return fingerprint
  }

  private static let prefix = "statefulcontent:test:"

  func test_keyName_isThePrefixAndTheFingerprint() throws {
    let fingerprint = try XCTUnwrap(CredentialFingerprint("pdf-id:9cb3b90f"))
    let store = KeyringCredentialStore(keyPrefix: "my-tool:")
    XCTAssertEqual(store.keyName(for: fingerprint), "my-tool:pdf-id:9cb3b90f")
  }

  func test_remember_thenCredential_readsIt_andForget_removesTheKey() async throws {
    try await skipUnlessKernelKeyringWorks()
    let store = KeyringCredentialStore(keyPrefix: Self.prefix)
    let fingerprint = try fingerprint()

    try await store.remember(Credential(password: Self.secret), for: fingerprint)

    let read = try await store.credential(for: fingerprint)
    XCTAssertEqual(read?.secret, Self.secret)
    let inTheKeyring = try await KernelKeyring().secret(named: store.keyName(for: fingerprint))
    XCTAssertEqual(inTheKeyring, Self.secret, "the key of the prefix and the fingerprint")
    try await store.forgetCredential(for: fingerprint)
    let afterForget = try await store.credential(for: fingerprint)
    XCTAssertNil(afterForget)
    try await store.forgetCredential(for: fingerprint)  // nothing left: no error
    XCTAssertNil(store.lastFailure)
  }

  func test_remember_withATimeout_givesTheKeyThatTimeout() async throws {
    try await skipUnlessKernelKeyringWorks()
    let runner = RecordingProcessRunner()
    let store = KeyringCredentialStore(
      keyPrefix: Self.prefix, keyring: KernelKeyring(runner: runner), timeout: .seconds(90))

    try await store.remember(Credential(password: Self.secret), for: try fingerprint())

    XCTAssertEqual(runner.invocations.map { $0.arguments.first ?? "" }, ["padd", "timeout"])
    XCTAssertEqual(runner.invocations.last?.arguments.last, "90")
    for invocation in runner.invocations {
      XCTAssertFalse(invocation.arguments.contains { $0.contains(Self.secret) })
    }
  }

  func test_aRefusingKeyring_throws_andTheStoreKeepsWhy() async throws {
    let runner = RecordingProcessRunner.scripted { _ in
      ProcessResult(status: 1, standardError: Data("keyctl_search: Permission denied\n".utf8))
    }
    let store = KeyringCredentialStore(
      keyPrefix: Self.prefix,
      keyring: KernelKeyring(searchPath: try fakeKeyctlPath(), runner: runner))

    do {
      _ = try await store.credential(for: try fingerprint())
      XCTFail("a refused lookup throws")
    } catch {
      XCTAssertEqual(
        error as? KernelKeyring.Failure,
        .refused(reason: "keyctl_search: Permission denied"))
    }
    XCTAssertEqual(store.lastFailure, .refused(reason: "keyctl_search: Permission denied"))
  }

  func test_withoutKeyctl_everyCallThrowsKeyctlMissing_andTheStoreKeepsIt() async throws {
    let store = KeyringCredentialStore(
      keyPrefix: Self.prefix, keyring: KernelKeyring(searchPath: try XCTUnwrap(folder).path))
    let fingerprint = try fingerprint()

    await assertThrowsAsync(
      try await store.remember(Credential(password: Self.secret), for: fingerprint))
    await assertThrowsAsync(try await store.forgetCredential(for: fingerprint))

    XCTAssertEqual(store.lastFailure, .keyctlMissing)
  }

  // MARK: What a tool's --remember gets

  func test_memory_withKeyctl_remembersOnlyWhenAsked_andWithoutKeyctlIsNone() throws {
    let installed = KeyringCredentialStore(
      keyPrefix: Self.prefix, keyring: KernelKeyring(searchPath: try fakeKeyctlPath()))
    XCTAssertEqual(installed.memory(remembering: true)?.policy, .always)
    XCTAssertEqual(installed.memory(remembering: false)?.policy, .never)
    let missing = KeyringCredentialStore(
      keyPrefix: Self.prefix, keyring: KernelKeyring(searchPath: try XCTUnwrap(folder).path))
    XCTAssertNil(missing.memory(remembering: true), "nothing to look up")
  }

  func test_unrememberedNote_withoutKeyctl_namesThePackage_inEachLanguage() throws {
    let store = KeyringCredentialStore(
      keyPrefix: Self.prefix, keyring: KernelKeyring(searchPath: try XCTUnwrap(folder).path))
    XCTAssertEqual(
      store.unrememberedNote(toolName: "my-tool", language: "en"),
      "my-tool: passwords are not remembered: keyctl was not found on PATH; install keyutils "
        + "to remember them.")
    XCTAssertEqual(
      store.unrememberedNote(toolName: "my-tool", language: "de"),
      "my-tool: Passwörter werden nicht gemerkt: keyctl wurde nicht im PATH gefunden; "
        + "installieren Sie keyutils, um sie zu merken.")
    XCTAssertEqual(
      store.unrememberedNote(toolName: "my-tool", language: "fr"),
      "my-tool\u{A0}: les mots de passe ne sont pas retenus\u{A0}: keyctl introuvable dans le "
        + "PATH\u{A0}; installez keyutils pour les retenir.")
  }

  func test_unrememberedNote_afterARefusal_givesKeyctlsReasonCleaned_andNothingBefore()
    async throws
  {
    let runner = RecordingProcessRunner.scripted { _ in
      ProcessResult(status: 1, standardError: Data("keyctl_padd: Disk \u{1B}[2Jquota\n".utf8))
    }
    let store = KeyringCredentialStore(
      keyPrefix: Self.prefix,
      keyring: KernelKeyring(searchPath: try fakeKeyctlPath(), runner: runner))
    XCTAssertNil(store.unrememberedNote(toolName: "my-tool", language: "en"), "nothing failed")

    try? await store.remember(Credential(password: Self.secret), for: try fingerprint())

    XCTAssertEqual(
      store.unrememberedNote(toolName: "my-tool", language: "en"),
      "my-tool: passwords are not remembered: the kernel keyring refused: "
        + "keyctl_padd: Disk \u{FFFD}[2Jquota")
    XCTAssertEqual(
      store.unrememberedNote(toolName: "my-tool", language: "fr"),
      "my-tool\u{A0}: les mots de passe ne sont pas retenus\u{A0}: le trousseau noyau "
        + "refuse\u{A0}: keyctl_padd: Disk \u{FFFD}[2Jquota")
  }
}

/// Asserts that an async expression throws.
private func assertThrowsAsync(
  _ expression: @autoclosure () async throws -> Void,
  file: StaticString = #filePath, line: UInt = #line
) async {
  do {
    try await expression()
    XCTFail("no error was thrown", file: file, line: line)
  } catch {}
}
