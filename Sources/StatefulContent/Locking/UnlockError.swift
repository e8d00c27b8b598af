/// The typed errors of the unlock flow.
public enum UnlockError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Too many wrong credentials were given; the state is error until a new load starts.
  ///
  /// - Parameter attempts: How many wrong credentials were given.
  case attemptLimitReached(attempts: Int)
  /// There is no way to verify a credential: no ``ContentStateMachine/credentialVerifier`` is
  /// set and nothing has been loaded with `load` whose operation could check it.
  case noVerifier

  /// A sentence for the error placeholder.
  public var description: String {
    switch self {
    case .attemptLimitReached(let attempts):
      "Too many incorrect passwords (\(attempts)); open the document again to retry."
    case .noVerifier:
      "No way to verify the credential: set credentialVerifier or load with an operation that "
        + "reads LoadContext.credential."
    }
  }
}
