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
  /// The decision's fields, in one allocation: a decision travels with every presentation
  /// and request, and a copy of one reference keeps the machine's cycle (benchmark row a)
  /// within its guard, where copying the inputs field by field did not. Immutable: a setter
  /// makes a new one.
  private final class Storage: Sendable {
    let state: ContentState
    let isRefreshing: Bool
    let showsPreviousKey: Bool
    let heldBackUntil: Duration?
    let errorToReport: (any Error)?
    let rule: Rule
    let overridden: [Rule]
    let inputs: StateInputs
    let isStale: Bool
    let freshFor: Duration?

    init(
      state: ContentState, isRefreshing: Bool, showsPreviousKey: Bool,
      heldBackUntil: Duration?, errorToReport: (any Error)?, rule: Rule, overridden: [Rule],
      inputs: StateInputs, isStale: Bool, freshFor: Duration?
    ) {
      self.isStale = isStale
      self.freshFor = freshFor
      self.state = state
      self.isRefreshing = isRefreshing
      self.showsPreviousKey = showsPreviousKey
      self.heldBackUntil = heldBackUntil
      self.errorToReport = errorToReport
      self.rule = rule
      self.overridden = overridden
      self.inputs = inputs
    }
  }

  private var storage: Storage

  /// The state to show.
  public var state: ContentState {
    get { storage.state }
    set { change(state: newValue) }
  }
  /// Whether content stays visible while a load runs (rule 3 with content).
  public var isRefreshing: Bool {
    get { storage.isRefreshing }
    set { change(isRefreshing: newValue) }
  }
  /// Whether the content shown belongs to the previous key while another key loads
  /// (``KeyChangePolicy/keepPrevious``).
  public var showsPreviousKey: Bool {
    get { storage.showsPreviousKey }
    set { change(showsPreviousKey: newValue) }
  }
  /// When the decided state may be presented, on the machine's clock: loading waits for the
  /// show delay, any state for the minimum display time of loading on screen; `nil` for at
  /// once.
  public var heldBackUntil: Duration? {
    get { storage.heldBackUntil }
    set { change(heldBackUntil: .some(newValue)) }
  }
  /// The error to report once through ``StatefulContent/handleErrorWhenContentsAvailable(_:)``
  /// because content stays (rule 2), or `nil`.
  public var errorToReport: (any Error)? {
    get { storage.errorToReport }
    set { change(errorToReport: .some(newValue)) }
  }
  /// The rule that fired.
  public var rule: Rule {
    get { storage.rule }
    set { change(rule: newValue) }
  }
  /// The rules whose conditions held too, which the fired rule overrode, highest first.
  public var overridden: [Rule] {
    get { storage.overridden }
    set { change(overridden: newValue) }
  }
  /// The inputs the decision was made from.
  public var inputs: StateInputs {
    get { storage.inputs }
    set { change(inputs: newValue) }
  }

  /// Whether the content shown is stale: older than the staleness policy's maximum age, or
  /// after as many failed refreshes in a row as it allows (``StalenessPolicy``). Only content
  /// is ever stale.
  public var isStale: Bool {
    get { storage.isStale }
    set { change(isStale: newValue) }
  }
  /// How much longer the content shown stays fresh by its age, or `nil` when it is stale,
  /// is not content, or never turns stale by age: the machine presents it again then, once.
  public var freshFor: Duration? {
    get { storage.freshFor }
    set { change(freshFor: .some(newValue)) }
  }
  /// Whether the network is known to be missing (``StateInputs/isOffline``): content stays,
  /// marked offline.
  public var isOffline: Bool { storage.inputs.isOffline }

  /// Whether the inputs' error must be reported to the adopter because content stays (rule 2).
  public var reportsErrorWithContent: Bool { storage.errorToReport != nil }

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
  ///   - isStale: Whether the content shown is stale.
  ///   - freshFor: How much longer the content stays fresh by its age, or `nil`.
  public init(
    state: ContentState, rule: Rule, inputs: StateInputs = StateInputs(),
    isRefreshing: Bool = false, showsPreviousKey: Bool = false, heldBackUntil: Duration? = nil,
    errorToReport: (any Error)? = nil, overridden: [Rule] = [], isStale: Bool = false,
    freshFor: Duration? = nil
  ) {
    storage = Storage(
      state: state, isRefreshing: isRefreshing, showsPreviousKey: showsPreviousKey,
      heldBackUntil: heldBackUntil, errorToReport: errorToReport, rule: rule,
      overridden: overridden, inputs: inputs, isStale: isStale, freshFor: freshFor)
  }

  /// Replaces the storage with one that differs in the given fields.
  private mutating func change(
    state: ContentState? = nil, isRefreshing: Bool? = nil, showsPreviousKey: Bool? = nil,
    heldBackUntil: Duration?? = nil, errorToReport: (any Error)?? = nil, rule: Rule? = nil,
    overridden: [Rule]? = nil, inputs: StateInputs? = nil, isStale: Bool? = nil,
    freshFor: Duration?? = nil
  ) {
    let old = storage
    storage = Storage(
      state: state ?? old.state, isRefreshing: isRefreshing ?? old.isRefreshing,
      showsPreviousKey: showsPreviousKey ?? old.showsPreviousKey,
      heldBackUntil: heldBackUntil ?? old.heldBackUntil,
      errorToReport: errorToReport ?? old.errorToReport, rule: rule ?? old.rule,
      overridden: overridden ?? old.overridden, inputs: inputs ?? old.inputs,
      isStale: isStale ?? old.isStale, freshFor: freshFor ?? old.freshFor)
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
    decideState(inputs)
  }

  /// The rules, in order: the state, the rule that fired, the ones it overrode, and until
  /// when it is held back — any state for the minimum display time of loading on screen,
  /// loading also for the show delay.
  private static func decideState(_ inputs: StateInputs) -> StateDecision {
    if inputs.isPlain { return plain(isLoading: inputs.isLoading) }
    let hasContent = inputs.contentCounts
    let hasError = inputs.error != nil
    let held = inputs.minimumDisplayDeadline
    func decision(
      _ state: ContentState, _ rule: Rule, overriding overridden: [Rule] = [],
      isRefreshing: Bool = false, showsPreviousKey: Bool = false,
      errorToReport: (any Error)? = nil
    ) -> StateDecision {
      let isLoading = if case .loading = state { true } else { false }
      return StateDecision(
        state: state, rule: rule, inputs: inputs, isRefreshing: isRefreshing,
        showsPreviousKey: showsPreviousKey,
        heldBackUntil: isLoading ? held ?? inputs.showDelayDeadline : held,
        errorToReport: errorToReport, overridden: overridden)
    }
    if inputs.isInitial, inputs.lock == nil, inputs.lockout == nil, !inputs.hasContent {
      return decision(.idle, .idle)
    }
    let loading = ContentState.loading(progress: sanitizedProgress(inputs.progress))
    if let lockout = inputs.lockout {
      return decision(
        .error(lockout), .lockedOut,
        overriding: Rule.holding(locked: true, content: hasContent, loading: false, error: false))
    }
    if let lock = inputs.lock {
      let overridden = Rule.holding(locked: true, content: hasContent, loading: false, error: false)
      if inputs.isLoading { return decision(loading, .tryingCredential, overriding: overridden) }
      if let error = inputs.error {
        return decision(.error(error), .unlockFailed, overriding: overridden)
      }
      return decision(
        .locked(lock), .locked,
        overriding: Rule.holding(locked: false, content: hasContent, loading: false, error: false))
    }
    if hasContent {
      var overridden = Rule.holding(
        locked: false, content: false, loading: inputs.isLoading, error: hasError)
      if inputs.waitsForNetwork { overridden.insert(.waitingForNetwork, at: 0) }
      let staleness = inputs.staleness
      let age = inputs.showsPreviousKey ? nil : inputs.contentAge
      return StateDecision(
        state: .content, rule: .content, inputs: inputs, isRefreshing: inputs.isLoading,
        showsPreviousKey: inputs.showsPreviousKey, heldBackUntil: held,
        errorToReport: inputs.errorWasReported ? nil : inputs.error, overridden: overridden,
        isStale: staleness.staleness(age: age, failedRefreshes: inputs.failedRefreshes) != nil,
        freshFor: staleness.freshFor(age: age))
    }
    if inputs.waitsForNetwork {
      return decision(.waiting, .waitingForNetwork)
    }
    if inputs.isLoading {
      if inputs.showsSavedResult {
        return decision(.empty, .empty, overriding: [.loading], isRefreshing: true)
      }
      return decision(
        loading, .loading,
        overriding: Rule.holding(locked: false, content: false, loading: false, error: hasError))
    }
    if let error = inputs.error {
      if let custom = inputs.customState { return decision(.custom(custom), .customState) }
      return decision(.error(error), .error)
    }
    return decision(.empty, .empty)
  }

  /// The decision for `StateInputs(isLoading: isLoading)`: a first load with nothing shown
  /// yet, or an empty outcome with nothing else known — shared values, so that deciding them
  /// allocates nothing.
  ///
  /// - Parameter isLoading: Whether a load runs.
  /// - Returns: ``plainLoading`` or ``plainEmpty``.
  static func plain(isLoading: Bool) -> StateDecision {
    isLoading ? plainLoading : plainEmpty
  }

  /// The decision of a first load with nothing shown yet, shared: most presentations carry
  /// it or ``plainEmpty``, so that a machine allocates no decision of its own for them
  /// (benchmark rows a and c).
  private static let plainLoading = StateDecision(
    state: .loading, rule: .loading, inputs: StateInputs(isLoading: true))
  /// The decision of an empty outcome with nothing else known, shared (see
  /// ``plainLoading``).
  private static let plainEmpty = StateDecision(
    state: .empty, rule: .empty, inputs: StateInputs())

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
    if lhs.storage === rhs.storage { return true }
    let (left, right) = (lhs.storage.inputs, rhs.storage.inputs)
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
      && lhs.isStale == rhs.isStale && lhs.freshFor == rhs.freshFor
      && left.haveSameTimeFacts(as: right)
  }
}
