import StatefulContent

/// A `CredentialStore` over the user's kernel keyring: a tool's remembered passwords on Linux.
///
/// Each password is a `user` key of `@u` named by the tool's prefix and the document's
/// `CredentialFingerprint` (``keyName(for:)``, such as `my-tool:sha256:9cb3…`), so the machine
/// finds the password of a document again when it is renamed or copied. The secret travels
/// through `keyctl`'s standard input and output only (see ``KernelKeyring``), and a key lives
/// for the store's ``timeout`` at most.
///
/// The store remembers the last way the keyring failed it, so that a tool can say why its
/// `--remember` remembers nothing (``unrememberedNote(toolName:language:)``): the machine only
/// learns that the store failed, and goes on as if it had nothing.
///
/// ```swift
/// let store = KeyringCredentialStore(keyPrefix: "my-tool:", timeout: .seconds(3600))
/// model.stateMachine.credentialMemory = store.memory(remembering: options.remembers)
/// ```
public struct KeyringCredentialStore: CredentialStore {
  /// What starts the name of every key of the store, such as `my-tool:`.
  public var keyPrefix: String
  /// The keyring the passwords live in.
  public var keyring: KernelKeyring
  /// How long a remembered password lives, or `nil` for the keyring's lifetime.
  public var timeout: Duration?
  private let failure = Locked<KernelKeyring.Failure?>(nil)

  /// Creates the store.
  ///
  /// - Parameters:
  ///   - keyPrefix: What starts the name of every key, such as `my-tool:`: the tool's own part
  ///     of the user's keyring.
  ///   - keyring: The keyring the passwords live in. Defaults to the user's kernel keyring.
  ///   - timeout: How long a remembered password lives (`keyctl timeout`), or `nil` for as
  ///     long as the user's keyring. Defaults to `nil`.
  public init(
    keyPrefix: String, keyring: KernelKeyring = KernelKeyring(), timeout: Duration? = nil
  ) {
    self.keyPrefix = keyPrefix
    self.keyring = keyring
    self.timeout = timeout
  }

  /// The name of the key that keeps the password of a document: ``keyPrefix`` and the
  /// fingerprint.
  ///
  /// - Parameter fingerprint: What identifies the document.
  /// - Returns: The name, such as `my-tool:sha256:9cb3…`.
  public func keyName(for fingerprint: CredentialFingerprint) -> String {
    keyPrefix + fingerprint.value
  }

  /// How the keyring failed the store last, or `nil` when it never did.
  public var lastFailure: KernelKeyring.Failure? { failure.withLock { $0 } }

  /// The credential memory a machine gets for a tool's `--remember`, or `nil` when `keyctl`
  /// is not installed: nothing to look up then, and no decision's reasons speak of a store
  /// that cannot exist.
  ///
  /// Passwords remembered before are tried either way, so that a document remembered once
  /// opens without a prompt; only `remembering` keeps a new one.
  ///
  /// - Parameter remembering: Whether a password that unlocks is remembered (`--remember`).
  /// - Returns: The memory with the policy `always` or `never`, or `nil`.
  public func memory(remembering: Bool) -> CredentialMemory? {
    guard keyring.isInstalled else { return nil }
    return CredentialMemory(store: self, policy: remembering ? .always : .never)
  }

  /// The password remembered for a document.
  ///
  /// - Parameter fingerprint: What identifies the document.
  /// - Returns: The password, or `nil` when none is remembered (or it expired).
  /// - Throws: ``KernelKeyring/Failure``, or `CancellationError`.
  public func credential(for fingerprint: CredentialFingerprint) async throws -> Credential? {
    try await noting {
      try await keyring.secret(named: keyName(for: fingerprint)).map(Credential.init(password:))
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
      try await keyring.store(credential.secret, named: keyName(for: fingerprint), timeout: timeout)
    }
  }

  /// Forgets the password remembered for a document; nothing happens when none is.
  ///
  /// - Parameter fingerprint: What identifies the document.
  /// - Throws: ``KernelKeyring/Failure``, or `CancellationError`.
  public func forgetCredential(for fingerprint: CredentialFingerprint) async throws {
    _ = try await noting { try await keyring.remove(named: keyName(for: fingerprint)) }
  }

  /// The note a tool owes its user when `--remember` remembers nothing: `keyctl` is not
  /// installed, or the keyring failed the store (``lastFailure``).
  ///
  /// - Parameters:
  ///   - toolName: The tool's name, which starts the note.
  ///   - language: `en`, `de` or `fr`; any other language gets English.
  /// - Returns: The note without a line feed, such as `my-tool: passwords are not remembered:
  ///   the kernel keyring refused: …`, or `nil` when nothing failed.
  public func unrememberedNote(toolName: String, language: String) -> String? {
    let reason: String
    switch lastFailure {
    case .refused(let refusal): reason = refusal
    case .some(let failure): reason = failure.description
    case nil:
      guard !keyring.isInstalled else { return nil }
      let package = KernelKeyring.package
      return switch language {
      case "de":
        "\(toolName): Passwörter werden nicht gemerkt: keyctl wurde nicht im PATH gefunden; "
          + "installieren Sie \(package), um sie zu merken."
      case "fr":
        "\(toolName)\u{A0}: les mots de passe ne sont pas retenus\u{A0}: keyctl introuvable "
          + "dans le PATH\u{A0}; installez \(package) pour les retenir."
      default:
        "\(toolName): passwords are not remembered: keyctl was not found on PATH; install "
          + "\(package) to remember them."
      }
    }
    let cleaned = TerminalText.clean(reason)
    return switch language {
    case "de":
      "\(toolName): Passwörter werden nicht gemerkt: der Kernel-Schlüsselbund lehnt ab: \(cleaned)"
    case "fr":
      "\(toolName)\u{A0}: les mots de passe ne sont pas retenus\u{A0}: le trousseau noyau "
        + "refuse\u{A0}: \(cleaned)"
    default: "\(toolName): passwords are not remembered: the kernel keyring refused: \(cleaned)"
    }
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
