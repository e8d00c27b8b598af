/// The outcome of applying the state rules to a set of inputs: a pure value, no side effects.
///
/// The rules, in order:
/// 1. A lock is pending → ``ContentState/locked(_:)``. Content is never presented while locked.
/// 2. There is content → ``ContentState/content``. If the inputs carry an error,
///    ``reportsErrorWithContent`` is `true` so that the caller reports it exactly once through
///    ``StatefulContent/handleErrorWhenContentsAvailable(_:)``; the content stays.
/// 3. A load is running → ``ContentState/loading(progress:)``. With content present the state
///    stays content and ``isRefreshing`` is `true`.
/// 4. There is an error → ``ContentState/error(_:)`` with that error.
/// 5. Otherwise → ``ContentState/empty``.
///
/// The sixth rule — ``ContentState/idle`` before anything has been requested — needs to know
/// what happened before, so it is not a function of these inputs: the machine's decision
/// inputs (`StateDecider`, beside this file) keep it, and the machine starts idle and never
/// decides empty on its own. See <doc:Architecture>.
public struct StateDecision: Sendable {
  /// The state to show.
  public var state: ContentState
  /// Whether content stays visible while a load runs (rule 3 with content).
  public var isRefreshing: Bool
  /// Whether the inputs' error must be reported to the adopter because content stays (rule 2).
  public var reportsErrorWithContent: Bool

  /// Applies the state rules to a set of inputs.
  ///
  /// ```swift
  /// let decision = StateDecision.decide(StateInputs(isLoading: true, hasContent: true))
  /// // decision.state == .content, decision.isRefreshing == true
  /// ```
  ///
  /// - Parameter inputs: The facts at the moment of the request.
  /// - Returns: The decided state, whether it is a refresh, and whether an error must be
  ///   reported with content.
  /// - Complexity: O(1).
  public static func decide(_ inputs: StateInputs) -> StateDecision {
    if let lock = inputs.lock {
      return StateDecision(
        state: .locked(lock), isRefreshing: false, reportsErrorWithContent: false)
    }
    return decideUnlocked(
      isLoading: inputs.isLoading, error: inputs.error, hasContent: inputs.hasContent,
      progress: inputs.progress)
  }

  /// Applies rules 2 to 5: the decision when no lock is pending.
  static func decideUnlocked(
    isLoading: Bool, error: (any Error)?, hasContent: Bool, progress: Double?
  ) -> StateDecision {
    if hasContent {
      return StateDecision(
        state: .content, isRefreshing: isLoading, reportsErrorWithContent: error != nil)
    }
    if isLoading {
      return StateDecision(
        state: .loading(progress: sanitizedProgress(progress)), isRefreshing: false,
        reportsErrorWithContent: false)
    }
    if let error {
      return StateDecision(
        state: .error(error), isRefreshing: false, reportsErrorWithContent: false)
    }
    return StateDecision(state: .empty, isRefreshing: false, reportsErrorWithContent: false)
  }

  /// Brings a progress value into the range 0…1.
  ///
  /// This is the documented fallback for bad progress: values below 0 become 0, values above 1
  /// become 1, and NaN or infinite values become `nil` (unknown progress).
  ///
  /// - Parameter progress: A fraction, possibly out of range, or `nil`.
  /// - Returns: A fraction in 0…1, or `nil`.
  public static func sanitizedProgress(_ progress: Double?) -> Double? {
    guard let progress, progress.isFinite else { return nil }
    return min(max(progress, 0), 1)
  }
}
