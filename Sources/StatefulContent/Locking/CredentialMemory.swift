/// How a machine remembers credentials: in which store, whether it remembers the one that
/// unlocked a document, and how long it waits for the store.
///
/// ```swift
/// model.stateMachine.credentialMemory = CredentialMemory(store: keychain, policy: .always)
/// ```
///
/// With it, a load that finds its content locked (``ContentLockedError`` with a
/// ``ContentLockedError/fingerprint``) tries the credential remembered for the document
/// before it presents the lock; see <doc:LockedDocuments>.
public struct CredentialMemory: Sendable {
  /// Whether the credential that unlocked a document is remembered.
  public enum Policy: Sendable {
    /// Never: remembered credentials are only read.
    case never
    /// Ask: the closure is asked after each unlock, with the document's fingerprint, and
    /// the credential is remembered when it returns `true` — a "Remember this password?"
    /// question. It runs after the content is presented; the unlock's call waits for it,
    /// and returns at once when its task is cancelled only if the closure does.
    ///
    /// The closure is kept as long as the machine's ``ContentStateMachine/credentialMemory``
    /// holds it: one that captures the model strongly keeps the model — and its machine —
    /// alive for ever. Capture it weakly:
    ///
    /// ```swift
    /// policy: .ask { [weak self] fingerprint in await self?.askToRemember() ?? false }
    /// ```
    case ask(@Sendable (CredentialFingerprint) async -> Bool)
    /// Always.
    case always
  }

  /// Where the credentials live.
  public var store: any CredentialStore
  /// Whether the credential that unlocked a document is remembered.
  public var policy: Policy
  /// How long each call of the store may take on the machine's clock; past it, the machine
  /// goes on without the store's answer. Negative values count as zero.
  public var timeLimit: Duration

  /// Creates the memory.
  ///
  /// - Parameters:
  ///   - store: Where the credentials live.
  ///   - policy: Whether the credential that unlocked a document is remembered.
  ///   - timeLimit: How long each call of the store may take. Defaults to 2 seconds.
  public init(
    store: any CredentialStore, policy: Policy, timeLimit: Duration = .seconds(2)
  ) {
    self.store = store
    self.policy = policy
    self.timeLimit = timeLimit
  }
}
