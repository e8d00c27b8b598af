import DocumentViewerCore
import Foundation
import StatefulContent
import StatefulContentTerminal
import XCTest

/// The viewer's `CredentialStore`: passwords in the user's kernel keyring, under the key a
/// document's fingerprint names.
final class KeyringCredentialStoreTests: FixtureTestCase {
  private static let secret = "remembered \u{E9}t\u{E9} 7"
  /// The key names this test may have added, removed in `tearDown`.
  private var names: [String] = []

  override func tearDown() async throws {
    for name in names { _ = try? await KernelKeyring().remove(named: name) }
    try await super.tearDown()
  }

  /// A fingerprint no other test (or run) uses; its key is removed after the test.
  private func fingerprint() throws -> CredentialFingerprint {
    let fingerprint = try XCTUnwrap(CredentialFingerprint("pdf-id:test-\(UUID().uuidString)"))
    names.append(KeyringCredentialStore.keyName(for: fingerprint))
    return fingerprint
  }

  /// A search path with an executable named keyctl, which a scripted runner never runs.
  private func fakeKeyctlPath() throws -> String {
    try fixtures.directory("bin")
    let keyctl = try fixtures.file("bin/keyctl", text: "#!/bin/sh\nexit 1\n")
    chmod(keyctl, 0o755)
    return fixtures.path("bin")
  }

  func test_keyName_isTheDocumentFingerprintsKeyName() throws {
    let fingerprint = try XCTUnwrap(CredentialFingerprint("pdf-id:9cb3b90f"))
    XCTAssertEqual(
      KeyringCredentialStore.keyName(for: fingerprint), "statefulcontent:pdf:pdf-id:9cb3b90f")
    XCTAssertEqual(
      DocumentFingerprint(rawValue: "pdf-id:9cb3b90f").credentialFingerprint, fingerprint)
  }

  func test_remember_thenCredential_readsIt_andForget_removesTheKey() async throws {
    try await skipUnlessKernelKeyringWorks()
    let store = KeyringCredentialStore()
    let fingerprint = try fingerprint()

    try await store.remember(Credential(password: Self.secret), for: fingerprint)

    let read = try await store.credential(for: fingerprint)
    XCTAssertEqual(read?.secret, Self.secret)
    let inTheKeyring = try await KernelKeyring().secret(
      named: KeyringCredentialStore.keyName(for: fingerprint))
    XCTAssertEqual(inTheKeyring, Self.secret, "the key --forget removes")
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
      keyring: KernelKeyring(runner: runner), timeout: .seconds(90))

    try await store.remember(Credential(password: Self.secret), for: try fingerprint())

    XCTAssertEqual(runner.invocations.map { $0.arguments.first ?? "" }, ["padd", "timeout"])
    XCTAssertEqual(runner.invocations.last?.arguments.last, "90")
    for invocation in runner.invocations {
      XCTAssertFalse(invocation.arguments.contains { $0.contains(Self.secret) })
    }
  }

  func test_aRefusingKeyring_throws_andTheStoreKeepsWhy() async throws {
    let runner = ScriptedKeyctlRunner { _ in
      ProcessResult(status: 1, standardError: Data("keyctl_search: Permission denied\n".utf8))
    }
    let store = KeyringCredentialStore(
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
    let store = KeyringCredentialStore(keyring: KernelKeyring(searchPath: fixtures.url.path))
    let fingerprint = try fingerprint()

    await assertThrowsAsync(
      try await store.remember(Credential(password: Self.secret), for: fingerprint))
    await assertThrowsAsync(try await store.forgetCredential(for: fingerprint))

    XCTAssertEqual(store.lastFailure, .keyctlMissing)
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
