extension StateDecision {
  /// A state rule: the one a decision fired, or one it overrode.
  ///
  /// The rules are numbered as in the article States and Rules (the README lists rules 1–5;
  /// rule 6 is idle); ``number`` gives a rule's number, and the cases of rule 1 and rule 4
  /// say which way the rule went.
  public enum Rule: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Rule 1: too many wrong credentials; the attempt-limit error shows.
    case lockedOut
    /// Rule 1: a lock is pending; the locked state shows.
    case locked
    /// Rule 1: a lock is pending and a load tries a credential; loading shows.
    case tryingCredential
    /// Rule 1: a lock is pending and the load that tried a credential failed; its error shows.
    case unlockFailed
    /// Rule 2: there is content.
    case content
    /// Rule 3: a load runs.
    case loading
    /// Rule 3: a load failed for want of the network and waits for it; the waiting state
    /// shows.
    case waitingForNetwork
    /// Rule 4: the last load failed; its error shows.
    case error
    /// Rule 4: the last load failed; the custom state the adopter shows for its error shows.
    case customState
    /// Rule 5: nothing else holds; empty shows.
    case empty
    /// Rule 6: nothing was decided yet; idle.
    case idle
    /// No rule: the state was asked for directly (``ContentStateMachine/transition(to:isRefreshing:animated:completion:)``,
    /// ``StatefulContent/reset(completion:)``).
    case requested

    /// The rule's number in the README's "State rules", or `nil` for ``requested``.
    public var number: Int? {
      switch self {
      case .lockedOut, .locked, .tryingCredential, .unlockFailed: 1
      case .content: 2
      case .loading, .waitingForNetwork: 3
      case .error, .customState: 4
      case .empty: 5
      case .idle: 6
      case .requested: nil
      }
    }

    /// "rule 2", or "requested".
    public var description: String {
      number.map { "rule \($0)" } ?? "requested"
    }

    /// The rules among locked, content, loading and error whose conditions hold, in order.
    static func holding(locked: Bool, content: Bool, loading: Bool, error: Bool) -> [Rule] {
      var rules: [Rule] = []
      if locked { rules.append(.locked) }
      if content { rules.append(.content) }
      if loading { rules.append(.loading) }
      if error { rules.append(.error) }
      return rules
    }
  }
}
