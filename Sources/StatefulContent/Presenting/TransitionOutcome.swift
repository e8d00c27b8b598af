/// How a requested transition ended; every completion receives exactly one.
public enum TransitionOutcome: Hashable, Sendable {
  /// The requested state was presented (the presenter reported that it finished).
  case presented
  /// The requested state was already presented — with the same flags, insets and placeholder
  /// (the very same, or an equal `Equatable` one) — so the presenter was not called.
  case unchanged
  /// A newer request replaced this one before it was presented (latest wins).
  case superseded
  /// The request was cancelled before it was presented, for example because its machine was
  /// released or ``ContentStateMachine/cancelPendingTransitions()`` was called.
  case cancelled
}

/// The closure a transition calls exactly once when it ends, with how it ended.
public typealias TransitionCompletion = (TransitionOutcome) -> Void
