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
}
