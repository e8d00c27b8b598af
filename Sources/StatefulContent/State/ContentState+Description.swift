extension ContentState.Kind: CustomStringConvertible {
  /// The kind's name as used in timelines: `idle`, `loading`, `content`, `empty`,
  /// `waiting`, `error`, `locked`, or the custom state's key.
  public var description: String {
    switch self {
    case .idle: "idle"
    case .loading: "loading"
    case .content: "content"
    case .empty: "empty"
    case .waiting: "waiting"
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
    case .loading(let progress?):
      if let fraction = StateDecision.sanitizedProgress(progress) {
        "loading(\(Int(fraction * 100 + 0.5))%)"
      } else {
        "loading"
      }
    case .error(let error): "error(\(error))"
    case .locked(let reason): "locked(\(reason))"
    default: kind.description
    }
  }
}

extension ContentState {
  /// Whether two states are of the same kind — what `==` means — without building their kinds.
  @inline(__always)
  func hasSameKind(as other: ContentState) -> Bool {
    switch self {
    case .idle: if case .idle = other { true } else { false }
    case .content: if case .content = other { true } else { false }
    case .empty: if case .empty = other { true } else { false }
    case .waiting: if case .waiting = other { true } else { false }
    case .loading: if case .loading = other { true } else { false }
    case .locked: if case .locked = other { true } else { false }
    case .error: if case .error = other { true } else { false }
    case .custom(let lhs): if case .custom(let rhs) = other { lhs == rhs } else { false }
    }
  }

  /// Whether two states would present the same thing: same kind and the same payload.
  ///
  /// Errors are the same only when they are the same object; value-type errors never are.
  @inline(__always)
  func hasSamePayload(as other: ContentState) -> Bool {
    // One switch over `self` and pattern matches on `other`: no tuple of the two, so neither
    // state is copied (a copy retains their payloads).
    switch self {
    case .idle: if case .idle = other { true } else { false }
    case .content: if case .content = other { true } else { false }
    case .empty: if case .empty = other { true } else { false }
    case .waiting: if case .waiting = other { true } else { false }
    case .loading(let lhs): if case .loading(let rhs) = other { lhs == rhs } else { false }
    case .locked(let lhs): if case .locked(let rhs) = other { lhs == rhs } else { false }
    case .custom(let lhs): if case .custom(let rhs) = other { lhs == rhs } else { false }
    case .error(let lhs):
      if case .error(let rhs) = other {
        // Only the very same error object is the same payload: two errors that print alike
        // may still differ (a status code, a retry delay), and the placeholder must get the
        // new one.
        (lhs as AnyObject) === (rhs as AnyObject) && type(of: lhs) is AnyClass
      } else {
        false
      }
    }
  }
}
