import StatefulContent
import StatefulContentTerminal

/// The viewer's remembered passwords: a `CredentialStore` over the user's kernel keyring.
///
/// Each password is a `user` key of `@u` named by the document's fingerprint as
/// ``DocumentFingerprint/keyName`` names it (`statefulcontent:pdf:pdf-id:9cb3…`), so the
/// machine finds the password of a PDF again when the PDF is renamed or copied, and
/// `--forget FILE` removes the same key. The secret travels through `keyctl`'s standard input
/// and output only (see ``KernelKeyring``).
///
/// The store remembers the last way the keyring failed it, so that the viewer can say why
/// `--remember` remembers nothing: the machine only learns that the store failed.
///
/// ```swift
/// let store = KeyringCredentialStore(timeout: .seconds(3600))
/// session.stateMachine.credentialMemory = CredentialMemory(store: store, policy: .always)
/// ```
public struct KeyringCredentialStore: CredentialStore {
  /// The keyring the passwords live in.
  public var keyring: KernelKeyring
  /// How long a remembered password lives, or `nil` for the keyring's lifetime.
  public var timeout: Duration?
  private let failure = Locked<KernelKeyring.Failure?>(nil)

  /// Creates the store.
  ///
  /// - Parameters:
  ///   - keyring: The keyring the passwords live in. Defaults to the user's kernel keyring.
  ///   - timeout: How long a remembered password lives (`keyctl timeout`), or `nil` for as
  ///     long as the user's keyring. Defaults to `nil`.
  public init(keyring: KernelKeyring = KernelKeyring(), timeout: Duration? = nil) {
    self.keyring = keyring
    self.timeout = timeout
  }

  /// The name of the key that keeps the password of a document.
  ///
  /// - Parameter fingerprint: What identifies the document.
  /// - Returns: The name, as ``DocumentFingerprint/keyName`` gives it.
  public static func keyName(for fingerprint: CredentialFingerprint) -> String {
    DocumentFingerprint(rawValue: fingerprint.value).keyName
  }

  /// How the keyring failed the store last, or `nil` when it never did.
  public var lastFailure: KernelKeyring.Failure? { failure.withLock { $0 } }

  /// The password remembered for a document.
  ///
  /// - Parameter fingerprint: What identifies the document.
  /// - Returns: The password, or `nil` when none is remembered (or it expired).
  /// - Throws: ``KernelKeyring/Failure``, or `CancellationError`.
  public func credential(for fingerprint: CredentialFingerprint) async throws -> Credential? {
    try await noting {
      try await keyring.secret(named: Self.keyName(for: fingerprint))
        .map(Credential.init(password:))
    }
  }

  /// Remembers the password that unlocked a document, for ``timeout``.
  ///
  /// - Parameters:
  ///   - credential: The password.
  ///   - fingerprint: What identifies the document.
  /// - Throws: ``KernelKeyring/Failure``, or `CancellationError`.
  public func remember(_ credential: Credential, for fingerprint: CredentialFingerprint)
    async throws
  {
    try await noting {
      try await keyring.store(
        credential.secret, named: Self.keyName(for: fingerprint), timeout: timeout)
    }
  }

  /// Forgets the password remembered for a document; nothing happens when none is.
  ///
  /// - Parameter fingerprint: What identifies the document.
  /// - Throws: ``KernelKeyring/Failure``, or `CancellationError`.
  public func forgetCredential(for fingerprint: CredentialFingerprint) async throws {
    _ = try await noting { try await keyring.remove(named: Self.keyName(for: fingerprint)) }
  }

  /// Runs a call of the keyring, keeping the failure it throws.
  private func noting<Result>(_ call: () async throws -> Result) async throws -> Result {
    do {
      return try await call()
    } catch let thrown as KernelKeyring.Failure {
      failure.withLock { $0 = thrown }
      throw thrown
    }
  }
}
