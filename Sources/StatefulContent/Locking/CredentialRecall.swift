/// What a load did on its own with credentials before presenting a lock — the empty one, or
/// the one a ``CredentialStore`` remembers — as the decision's reasons name it: which
/// credential, never.
public enum CredentialRecall: Hashable, Sendable {
  /// The load tries the empty credential, which the document kind allows
  /// (``ContentLockedError/triesEmptyCredential``).
  case tryingEmpty
  /// The load asks the credential store for the credential it remembers.
  case lookingUp
  /// The load tries the credential the store remembers.
  case tryingRemembered
  /// The empty credential opened the content: nobody was asked.
  case openedWithEmpty
  /// A remembered credential opened the content: nobody was asked.
  case openedWithRemembered
  /// The store remembers no credential for the document: the user is asked.
  case noneRemembered
  /// The remembered credential no longer opens the document: it is forgotten, and the user
  /// is asked — not told of a wrong password, as the user gave none.
  case refusedAndForgotten
  /// The store failed: the user is asked.
  case storeFailed
  /// The store did not answer within the memory's time limit: the user is asked.
  ///
  /// - Parameter after: The time limit.
  case storeTimedOut(after: Duration)

  /// Whether the load is still at it: trying a credential or asking the store.
  public var isUnderway: Bool {
    switch self {
    case .tryingEmpty, .lookingUp, .tryingRemembered: true
    default: false
    }
  }
}

extension CredentialRecall: CustomStringConvertible {
  /// What happened, for the decision's reasons: `a remembered credential was tried and
  /// refused: it is forgotten`.
  public var description: String {
    switch self {
    case .tryingEmpty: "the empty credential is tried before anyone is asked"
    case .lookingUp: "the credential store is asked for a remembered credential"
    case .tryingRemembered: "a remembered credential is tried before anyone is asked"
    case .openedWithEmpty: "the empty credential opened it, nobody was asked"
    case .openedWithRemembered: "a remembered credential opened it, nobody was asked"
    case .noneRemembered: "no credential is remembered for it"
    case .refusedAndForgotten: "a remembered credential was tried and refused: it is forgotten"
    case .storeFailed: "the credential store failed"
    case .storeTimedOut(let limit):
      "the credential store did not answer within \(TraceText.milliseconds(limit)) ms"
    }
  }
}

extension CredentialRecall {
  /// The case's name, as a recorded decision writes it.
  var name: String {
    switch self {
    case .tryingEmpty: "tryingEmpty"
    case .lookingUp: "lookingUp"
    case .tryingRemembered: "tryingRemembered"
    case .openedWithEmpty: "openedWithEmpty"
    case .openedWithRemembered: "openedWithRemembered"
    case .noneRemembered: "noneRemembered"
    case .refusedAndForgotten: "refusedAndForgotten"
    case .storeFailed: "storeFailed"
    case .storeTimedOut: "storeTimedOut"
    }
  }

  /// The case a recorded decision names, or `nil` for a name the library does not know.
  init?(name: String, timeLimit: Duration) {
    let all: [CredentialRecall] = [
      .tryingEmpty, .lookingUp, .tryingRemembered, .openedWithEmpty, .openedWithRemembered,
      .noneRemembered, .refusedAndForgotten, .storeFailed, .storeTimedOut(after: timeLimit),
    ]
    guard let recall = all.first(where: { $0.name == name }) else { return nil }
    self = recall
  }
}
