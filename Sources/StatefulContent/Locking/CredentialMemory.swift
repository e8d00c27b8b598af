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
  public enum Policy: Hashable, Sendable {
    /// Never: remembered credentials are only read.
    case never
    /// When the user asks for it: the `remember` argument of
    /// ``StatefulContent/unlock(with:remember:animated:isolation:)`` — the "Remember this
    /// password" checkbox of the password dialog — decides.
    case ask
    /// Always, whatever the unlock's `remember` says.
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
