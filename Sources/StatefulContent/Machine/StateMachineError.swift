/// The typed errors the state machine throws for requests it cannot honour.
///
/// A request that throws was never made: nothing changes and its completion is not called.
public enum StateMachineError: Error, Hashable, Sendable {
  /// A custom state was requested, but no placeholder is registered for its key.
  case missingPlaceholder(CustomStateKey)
  /// A placeholder was registered for a state that never shows one (idle or content).
  case stateHasNoPlaceholder(ContentState.Kind)
  /// Insets with a negative or non-finite distance were validated.
  case invalidInsets(EdgeInsets)
  /// A custom state was requested while the content is locked; the lock wins (rule 1).
  case contentIsLocked
}

extension StateMachineError: CustomStringConvertible {
  /// A sentence saying what went wrong and how to fix it.
  public var description: String {
    switch self {
    case .missingPlaceholder(let key):
      "No placeholder is registered for the custom state '\(key)'; register one with "
        + "setPlaceholder(_:for:) before requesting it."
    case .stateHasNoPlaceholder(let kind):
      "The \(kind) state shows no placeholder, so none can be registered for it."
    case .invalidInsets(let insets):
      "Insets must be finite and not negative: \(insets)."
    case .contentIsLocked:
      "The content is locked; unlock it before requesting another state."
    }
  }
}
