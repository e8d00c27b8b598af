/// How a load ended; every call of `load` returns exactly one.
public enum LoadOutcome: Sendable {
  /// The operation succeeded and its value was applied; the state is content or empty.
  case completed
  /// The operation failed (after any retries); the state is error, or content stays and the
  /// error was reported through ``StatefulContent/handleErrorWhenContentsAvailable(_:)``.
  case failed(any Error)
  /// The operation threw ``ContentLockedError``: the state is locked with this reason.
  ///
  /// - Parameter reason: Why the content is locked.
  case locked(LockReason)
  /// The load was cancelled; the state it replaced came back. Not an error.
  case cancelled
  /// A newer load replaced this one; nothing of this load was applied.
  case superseded

  /// The error of a failed load, or `nil`.
  public var error: (any Error)? {
    if case .failed(let error) = self { error } else { nil }
  }
}

extension LoadOutcome: Equatable {
  /// Whether two outcomes are of the same case; errors are not compared, lock reasons are.
  ///
  /// - Parameters:
  ///   - lhs: An outcome.
  ///   - rhs: Another outcome.
  /// - Returns: `true` when both are the same case.
  public static func == (lhs: LoadOutcome, rhs: LoadOutcome) -> Bool {
    switch (lhs, rhs) {
    case (.completed, .completed), (.failed, .failed), (.cancelled, .cancelled),
      (.superseded, .superseded):
      true
    case (.locked(let lhs), .locked(let rhs)): lhs == rhs
    default: false
    }
  }
}
