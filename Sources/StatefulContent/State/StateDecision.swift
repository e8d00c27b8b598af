/// The one answer to "what should show now?": the state the rules decide from a set of
/// ``StateInputs``, with its reasons — the rule that fired, the rules it overrode and the
/// inputs that decided. A pure value, no side effects.
///
/// The rules, in order (README, "State rules"):
/// 1. A lock is pending → ``ContentState/locked(_:)``. Content is never presented while
///    locked. Too many wrong credentials show the attempt-limit error instead
///    (``Rule/lockedOut``); a load trying a credential shows loading
///    (``Rule/tryingCredential``), and its failure its error (``Rule/unlockFailed``).
/// 2. There is content → ``ContentState/content``. An error is reported exactly once through
///    ``StatefulContent/handleErrorWhenContentsAvailable(_:)`` (``errorToReport``); the
///    content stays. Content whose key's load failed, or of another key while a key loads
///    under ``KeyChangePolicy/showLoading``, does not count.
/// 3. A load is running → ``ContentState/loading(progress:)``. With content present the state
///    stays content and ``isRefreshing`` is `true`.
/// 4. There is an error → ``ContentState/error(_:)`` with that error, or the custom state the
///    adopter shows for it (``Rule/customState``).
/// 5. Otherwise → ``ContentState/empty``.
/// 6. Before anything was decided, with no lock and no content → ``ContentState/idle``.
///
/// The machine asks for a decision at every request of its own, keeps it with the
/// presentation it produced (``Presentation/decision``), and explains it
/// (``ContentStateMachine/explanation``). See <doc:StatesAndRules>.
public struct StateDecision: Sendable {
  /// The state to show.
  public var state: ContentState
  /// Whether content stays visible while a load runs (rule 3 with content).
  public var isRefreshing: Bool
  /// Whether the content shown belongs to the previous key while another key loads
  /// (``KeyChangePolicy/keepPrevious``).
  public var showsPreviousKey: Bool
  /// When the decided state may be presented, on the machine's clock: loading waits for the
  /// show delay, any state for the minimum display time of loading on screen; `nil` for at
  /// once.
  public var heldBackUntil: Duration?
  /// The error to report once through ``StatefulContent/handleErrorWhenContentsAvailable(_:)``
  /// because content stays (rule 2), or `nil`.
  public var errorToReport: (any Error)?
  /// The rule that fired.
  public var rule: Rule
  /// The rules whose conditions held too, which the fired rule overrode, highest first.
  public var overridden: [Rule]
  /// The inputs the decision was made from.
  public var inputs: StateInputs

  /// Whether the inputs' error must be reported to the adopter because content stays (rule 2).
  public var reportsErrorWithContent: Bool { errorToReport != nil }

  /// Creates a decision; ``decide(_:)`` makes the decisions of the rules.
  ///
  /// - Parameters:
  ///   - state: The state to show.
  ///   - rule: The rule that fired.
  ///   - inputs: The inputs it was made from.
  ///   - isRefreshing: Whether content stays visible while a load runs.
  ///   - showsPreviousKey: Whether the content belongs to the previous key.
  ///   - heldBackUntil: When the state may be presented, or `nil` for at once.
  ///   - errorToReport: The error to report once with content.
  ///   - overridden: The rules the fired rule overrode.
  public init(
    state: ContentState, rule: Rule, inputs: StateInputs = StateInputs(),
    isRefreshing: Bool = false, showsPreviousKey: Bool = false, heldBackUntil: Duration? = nil,
    errorToReport: (any Error)? = nil, overridden: [Rule] = []
  ) {
    self.state = state
    self.rule = rule
    self.inputs = inputs
    self.isRefreshing = isRefreshing
    self.showsPreviousKey = showsPreviousKey
    self.heldBackUntil = heldBackUntil
    self.errorToReport = errorToReport
    self.overridden = overridden
  }

  /// Applies the state rules to a set of inputs.
  ///
  /// ```swift
  /// let decision = StateDecision.decide(StateInputs(isLoading: true, hasContent: true))
  /// // decision.state == .content, decision.isRefreshing == true
  /// // decision.reason == "rule 2: has content; overrode rule 3: a load runs (refreshing)"
  /// ```
  ///
  /// - Parameter inputs: The facts at the moment of the request.
  /// - Returns: The decided state, whether it is a refresh, until when it is held back, the
  ///   error to report with content, and the rules that fired and were overridden.
  /// - Complexity: O(1).
  public static func decide(_ inputs: StateInputs) -> StateDecision {
    var decision = decideState(inputs)
    decision.heldBackUntil =
      inputs.minimumDisplayDeadline
      ?? (decision.state.kind == .loading ? inputs.showDelayDeadline : nil)
    return decision
  }

  /// The rules, in order: the state, the rule that fired and the ones it overrode.
  private static func decideState(_ inputs: StateInputs) -> StateDecision {
    let hasContent = inputs.contentCounts
    let hasError = inputs.error != nil
    if inputs.isInitial, inputs.lock == nil, inputs.lockout == nil, !inputs.hasContent {
      return StateDecision(state: .idle, rule: .idle, inputs: inputs)
    }
    if let lockout = inputs.lockout {
      return StateDecision(
        state: .error(lockout), rule: .lockedOut, inputs: inputs,
        overridden: Rule.holding(locked: true, content: hasContent, loading: false, error: false))
    }
    if let lock = inputs.lock {
      if inputs.isLoading {
        return StateDecision(
          state: .loading(progress: sanitizedProgress(inputs.progress)), rule: .tryingCredential,
          inputs: inputs,
          overridden: Rule.holding(locked: true, content: hasContent, loading: false, error: false))
      }
      if let error = inputs.error {
        return StateDecision(
          state: .error(error), rule: .unlockFailed, inputs: inputs,
          overridden: Rule.holding(locked: true, content: hasContent, loading: false, error: false))
      }
      return StateDecision(
        state: .locked(lock), rule: .locked, inputs: inputs,
        overridden: Rule.holding(locked: false, content: hasContent, loading: false, error: false))
    }
    if hasContent {
      return StateDecision(
        state: .content, rule: .content, inputs: inputs, isRefreshing: inputs.isLoading,
        showsPreviousKey: inputs.loadsAnotherKey && inputs.keyChange == .keepPrevious,
        errorToReport: inputs.errorWasReported ? nil : inputs.error,
        overridden: Rule.holding(
          locked: false, content: false, loading: inputs.isLoading, error: hasError))
    }
    if inputs.isLoading {
      return StateDecision(
        state: .loading(progress: sanitizedProgress(inputs.progress)), rule: .loading,
        inputs: inputs,
        overridden: Rule.holding(locked: false, content: false, loading: false, error: hasError))
    }
    if let error = inputs.error {
      if let custom = inputs.customState {
        return StateDecision(state: .custom(custom), rule: .customState, inputs: inputs)
      }
      return StateDecision(state: .error(error), rule: .error, inputs: inputs)
    }
    return StateDecision(state: .empty, rule: .empty, inputs: inputs)
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

  /// Whether two decisions would explain themselves alike, so that a presentation built for
  /// one may stand for the other; a decision with an error never does (two errors that
  /// print alike may differ).
  ///
  /// - Complexity: O(1) but for the keys' comparison.
  static func haveSameReasons(_ lhs: StateDecision?, _ rhs: StateDecision?) -> Bool {
    guard let lhs, let rhs else { return lhs == nil && rhs == nil }
    let (left, right) = (lhs.inputs, rhs.inputs)
    return lhs.rule == rhs.rule && lhs.overridden == rhs.overridden
      && lhs.heldBackUntil == rhs.heldBackUntil && lhs.isRefreshing == rhs.isRefreshing
      && lhs.showsPreviousKey == rhs.showsPreviousKey && left.error == nil && right.error == nil
      && left.isLoading == right.isLoading && left.hasContent == right.hasContent
      && left.contentCount == right.contentCount && left.attempt == right.attempt
      && left.progress == right.progress && left.lock == right.lock
      && left.failedUnlockAttempts == right.failedUnlockAttempts
      && left.lockout == right.lockout && left.isInitial == right.isInitial
      && left.append.isSame(as: right.append) && left.keyChange == right.keyChange
      && left.contentKey == right.contentKey && left.loadingKey == right.loadingKey
      && left.failedKey == right.failedKey && left.customState == right.customState
      && left.showDelayDeadline == right.showDelayDeadline
      && left.minimumDisplayDeadline == right.minimumDisplayDeadline
  }
}
