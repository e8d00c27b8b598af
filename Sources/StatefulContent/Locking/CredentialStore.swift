/// Where remembered credentials live: the Keychain on Apple platforms, the kernel keyring on
/// Linux, memory in tests (`MemoryCredentialStore` in StatefulContentTesting).
///
/// A machine given one (``ContentStateMachine/credentialMemory``) asks it before it presents
/// a lock, and tells it what to remember after an unlock and what to forget when a remembered
/// credential no longer opens the document (<doc:LockedDocuments>). Credentials are kept per
/// ``CredentialFingerprint`` — what identifies the document's bytes, never its path.
///
/// Every call may throw or take its time: the machine gives each one the memory's
/// ``CredentialMemory/timeLimit``, after which it goes on as if the store had nothing — it
/// asks the user — and leaves the call behind, cancelled. A store never wedges a load, and
/// what it answers never counts as a wrong attempt. A store keeps secrets away from files,
/// command lines and logs.
public protocol CredentialStore: Sendable {
  /// The credential remembered for a document.
  ///
  /// - Parameter fingerprint: What identifies the document.
  /// - Returns: The remembered credential, or `nil` when none is.
  /// - Throws: Whatever keeps the store from answering; the machine then asks the user.
  func credential(for fingerprint: CredentialFingerprint) async throws -> Credential?

  /// Remembers a credential that unlocked a document, replacing one remembered before.
  ///
  /// - Parameters:
  ///   - credential: The credential that unlocked it.
  ///   - fingerprint: What identifies the document.
  /// - Throws: Whatever keeps the store from remembering; the content stays unlocked.
  func remember(_ credential: Credential, for fingerprint: CredentialFingerprint) async throws

  /// Forgets the credential remembered for a document; nothing happens when none is.
  ///
  /// - Parameter fingerprint: What identifies the document.
  /// - Throws: Whatever keeps the store from forgetting.
  func forgetCredential(for fingerprint: CredentialFingerprint) async throws
}
