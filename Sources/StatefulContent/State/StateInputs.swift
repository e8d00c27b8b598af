/// The facts a content state is decided from, at the moment a transition is requested.
///
/// ``StateDecision/decide(_:)`` turns inputs into a state following the rules in the README's
/// "State rules" section (and `DESIGN.md`).
public struct StateInputs: Sendable {
  /// Whether a load is running.
  public var isLoading: Bool
  /// The error the last load ended with, if any.
  public var error: (any Error)?
  /// Whether the adopter has content to show (its ``StatefulContent/hasContent``).
  public var hasContent: Bool
  /// Why the content is locked, or `nil` when it is not.
  public var lock: LockReason?
  /// The fraction (0…1) of the running load done, or `nil` when unknown.
  ///
  /// Out-of-range values are clamped and a non-finite value means unknown; see
  /// ``StateDecision/sanitizedProgress(_:)``.
  public var progress: Double?

  /// Creates a set of inputs.
  ///
  /// - Parameters:
  ///   - isLoading: Whether a load is running.
  ///   - error: The error the last load ended with, if any.
  ///   - hasContent: Whether there is content to show.
  ///   - lock: Why the content is locked, or `nil`.
  ///   - progress: The fraction (0…1) of the load done, or `nil` when unknown.
  public init(
    isLoading: Bool = false,
    error: (any Error)? = nil,
    hasContent: Bool = false,
    lock: LockReason? = nil,
    progress: Double? = nil
  ) {
    self.isLoading = isLoading
    self.error = error
    self.hasContent = hasContent
    self.lock = lock
    self.progress = progress
  }
}
