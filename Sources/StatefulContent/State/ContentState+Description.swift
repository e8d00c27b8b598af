extension ContentState.Kind: CustomStringConvertible {
  /// The kind's name as used in timelines: `idle`, `loading`, `content`, `empty`, `error`,
  /// `locked`, or the custom state's key.
  public var description: String {
    switch self {
    case .idle: "idle"
    case .loading: "loading"
    case .content: "content"
    case .empty: "empty"
    case .error: "error"
    case .locked: "locked"
    case .custom(let key): key.name
    }
  }
}

extension ContentState: CustomStringConvertible {
  /// The state's kind name followed by its payload, such as `loading(42%)` or
  /// `error(File not found)`.
  public var description: String {
    switch self {
    case .loading(let progress?): "loading(\(Int(progress * 100 + 0.5))%)"
    case .error(let error): "error(\(error))"
    case .locked(let reason): "locked(\(reason))"
    default: kind.description
    }
  }
}

extension ContentState {
  /// Whether two states would present the same thing: same kind and the same payload.
  ///
  /// Errors are compared by type and description, since `Error` is not `Equatable`.
  func hasSamePayload(as other: ContentState) -> Bool {
    switch (self, other) {
    case (.loading(let lhs), .loading(let rhs)): lhs == rhs
    case (.locked(let lhs), .locked(let rhs)): lhs == rhs
    case (.error(let lhs), .error(let rhs)):
      type(of: lhs) == type(of: rhs) && String(reflecting: lhs) == String(reflecting: rhs)
    default: kind == other.kind
    }
  }
}
