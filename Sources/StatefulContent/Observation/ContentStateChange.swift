/// One change of the presented state, as delivered by ``ContentStateMachine/stateChanges()``,
/// with the decision that produced it.
public struct ContentStateChange: Sendable {
  /// The state presented before.
  public var from: ContentState
  /// The state presented now.
  public var to: ContentState
  /// Whether a load runs while content stays visible.
  public var isRefreshing: Bool
  /// The time since the machine was created, measured with its clock.
  public var elapsed: Duration
  /// The decision behind the state presented now: why it shows (``StateDecision/reason``).
  /// The machine hands out decisions whose errors are recorded texts with no secret in them.
  public var decision: StateDecision

  /// Creates a change, such as one to record in a ``TransitionLog`` by hand.
  ///
  /// - Parameters:
  ///   - from: The state presented before.
  ///   - to: The state presented now.
  ///   - isRefreshing: Whether a load runs while content stays visible.
  ///   - elapsed: The time since the machine was created.
  ///   - decision: The decision behind `to`; `nil` for one of the rule
  ///     ``StateDecision/Rule/requested``.
  public init(
    from: ContentState, to: ContentState, isRefreshing: Bool, elapsed: Duration,
    decision: StateDecision? = nil
  ) {
    self.from = from
    self.to = to
    self.isRefreshing = isRefreshing
    self.elapsed = elapsed
    self.decision =
      decision ?? StateDecision(state: to, rule: .requested, isRefreshing: isRefreshing)
  }
}

extension ContentStateChange: Codable {
  private enum CodingKeys: String, CodingKey {
    case from, to, isRefreshing, elapsed, decision
  }

  /// Decodes a recorded change; its errors are ``StateDecision/RecordedError``s.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when a field is missing or has the wrong type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    from = try container.decode(StateDecision.RecordedState.self, forKey: .from).state
    to = try container.decode(StateDecision.RecordedState.self, forKey: .to).state
    isRefreshing = try container.decode(Bool.self, forKey: .isRefreshing)
    elapsed = try container.decode(Duration.self, forKey: .elapsed)
    decision = try container.decode(StateDecision.self, forKey: .decision)
  }

  /// Encodes the change, its errors as their descriptions.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(StateDecision.RecordedState(from), forKey: .from)
    try container.encode(StateDecision.RecordedState(to), forKey: .to)
    try container.encode(isRefreshing, forKey: .isRefreshing)
    try container.encode(elapsed, forKey: .elapsed)
    try container.encode(decision, forKey: .decision)
  }
}
