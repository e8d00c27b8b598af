/// One change of the presented state, as delivered by ``ContentStateMachine/stateChanges()``.
public struct ContentStateChange: Sendable {
  /// The state presented before.
  public var from: ContentState
  /// The state presented now.
  public var to: ContentState
  /// Whether a load runs while content stays visible.
  public var isRefreshing: Bool
  /// The time since the machine was created, measured with its clock.
  public var elapsed: Duration

  /// Creates a change, such as one to record in a ``TransitionLog`` by hand.
  ///
  /// - Parameters:
  ///   - from: The state presented before.
  ///   - to: The state presented now.
  ///   - isRefreshing: Whether a load runs while content stays visible.
  ///   - elapsed: The time since the machine was created.
  public init(from: ContentState, to: ContentState, isRefreshing: Bool, elapsed: Duration) {
    self.from = from
    self.to = to
    self.isRefreshing = isRefreshing
    self.elapsed = elapsed
  }
}
