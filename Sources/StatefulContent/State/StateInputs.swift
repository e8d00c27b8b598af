/// Everything the state rules look at, at the moment a state is decided: one value.
///
/// ``StateDecision/decide(_:)`` turns inputs into a decision following the rules in the
/// README's "State rules" section (and <doc:StatesAndRules>). The machine gathers the inputs
/// from its facts and the adopter's hooks (`hasContent`, `contentCount`, `customState(for:)`)
/// and asks; it combines no conditions of its own. A recorded decision carries its inputs, so
/// that deciding them again gives the same decision (see ``TransitionLog``).
///
/// Every input but `isLoading` and `hasContent` has a default, the value it has before any
/// load: `StateInputs(isLoading: true)` describes a first load with nothing shown yet.
public struct StateInputs: Sendable {
  // MARK: The load

  /// Whether a load is running.
  public var isLoading: Bool
  /// The running load's attempt, counting from 1; above 1 while retrying.
  public var attempt: Int
  /// The fraction (0…1) of the running load done, or `nil` when unknown.
  ///
  /// Out-of-range values are clamped and a non-finite value means unknown; see
  /// ``StateDecision/sanitizedProgress(_:)``.
  public var progress: Double?

  // MARK: The last load's error

  /// The error the last load ended with, if any.
  public var error: (any Error)?
  /// Whether ``error`` was already reported through
  /// ``StatefulContent/handleErrorWhenContentsAvailable(_:)`` (it is reported once).
  public var errorWasReported: Bool

  // MARK: The content

  /// Whether the adopter has content to show (its ``StatefulContent/hasContent``).
  public var hasContent: Bool
  /// How many items the content holds (``StatefulContent/contentCount``), when known.
  public var contentCount: Int?
  /// Whether nothing has been decided yet (rule 6: idle until loading starts or there is
  /// content).
  public var isInitial: Bool

  /// The inputs most decisions leave at their defaults — the lock, keys, pages, time and the
  /// custom state — kept out of line, `nil` while all are defaults: every presentation
  /// carries its decision, and this keeps a machine within 2 KB (benchmark row c).
  private var rare: Rare?

  /// The inputs most decisions leave at their defaults. A fact added here must be added to
  /// the machine's `knowsRareFacts` too, or its plain fast path would decide without it.
  struct RareValues: Sendable {
    var customState: CustomStateKey?
    var lock: LockReason?
    var failedUnlockAttempts = 0
    var lockout: UnlockError?
    var contentKey: LoadKey?
    var loadingKey: LoadKey?
    var failedKey: LoadKey?
    var keyChange = KeyChangePolicy.keepPrevious
    var append = AppendState.idle
    var showDelayDeadline: Duration?
    var minimumDisplayDeadline: Duration?
    var reachability = Reachability.reachable
    var networkError: (any Error)?
    var contentAge: Duration?
    var staleness = StalenessPolicy.never
    var failedRefreshes = 0
    var lastRefreshError: (any Error)?
    var showsSavedResult = false
    var credentialRecall: CredentialRecall?

    /// Whether every value is its default.
    var isDefault: Bool {
      customState == nil && lock == nil && failedUnlockAttempts == 0 && lockout == nil
        && contentKey == nil && loadingKey == nil && failedKey == nil
        && keyChange == .keepPrevious && !append.isLoading && append.error == nil
        && showDelayDeadline == nil && minimumDisplayDeadline == nil
        && reachability == .reachable && networkError == nil && contentAge == nil
        && !staleness.isActive && failedRefreshes == 0 && lastRefreshError == nil
        && !showsSavedResult && credentialRecall == nil
    }
  }

  /// The out-of-line values, immutable: a change makes a new one.
  private final class Rare: Sendable {
    let values: RareValues
    init(_ values: RareValues) { self.values = values }
  }

  /// The out-of-line values, defaults when there are none.
  var rareValues: RareValues {
    get { rare?.values ?? RareValues() }
    set { rare = newValue.isDefault ? nil : Rare(newValue) }
  }

  // MARK: The error's custom state, the lock, keys, pages and time

  /// The custom state the adopter shows for ``error``
  /// (``StatefulContent/customState(for:)``), when a placeholder is registered for it.
  public var customState: CustomStateKey? {
    get { rare?.values.customState }
    set { rareValues.customState = newValue }
  }
  /// Why the content is locked, or `nil` when it is not.
  public var lock: LockReason? {
    get { rare?.values.lock }
    set { rareValues.lock = newValue }
  }
  /// How many wrong credentials were given since the content was locked.
  public var failedUnlockAttempts: Int {
    get { rare?.values.failedUnlockAttempts ?? 0 }
    set { rareValues.failedUnlockAttempts = newValue }
  }
  /// The error standing for too many wrong credentials
  /// (``UnlockError/attemptLimitReached(attempts:)``), or `nil` when not locked out.
  public var lockout: UnlockError? {
    get { rare?.values.lockout }
    set { rareValues.lockout = newValue }
  }
  /// The key the adopter's content belongs to, after keyed loads.
  public var contentKey: LoadKey? {
    get { rare?.values.contentKey }
    set { rareValues.contentKey = newValue }
  }
  /// The key being loaded, while a keyed load runs.
  public var loadingKey: LoadKey? {
    get { rare?.values.loadingKey }
    set { rareValues.loadingKey = newValue }
  }
  /// The key whose load failed while the content belongs to another one.
  public var failedKey: LoadKey? {
    get { rare?.values.failedKey }
    set { rareValues.failedKey = newValue }
  }
  /// What shows while another key than the content's loads.
  public var keyChange: KeyChangePolicy {
    get { rare?.values.keyChange ?? .keepPrevious }
    set { rareValues.keyChange = newValue }
  }
  /// Where appending a page stands.
  public var append: AppendState {
    get { rare?.values.append ?? .idle }
    set { rareValues.append = newValue }
  }
  /// When loading may be presented, on the machine's clock (time elapsed since it was
  /// created): the loading policy's show delay; `nil` for at once.
  public var showDelayDeadline: Duration? {
    get { rare?.values.showDelayDeadline }
    set { rareValues.showDelayDeadline = newValue }
  }
  /// Until when loading on screen is kept for the loading policy's minimum display time,
  /// on the machine's clock: every decided state waits until then; `nil` when none does.
  public var minimumDisplayDeadline: Duration? {
    get { rare?.values.minimumDisplayDeadline }
    set { rareValues.minimumDisplayDeadline = newValue }
  }

  // MARK: Content over time: the network and the content's age

  /// Whether the network can be reached, as the connectivity source last reported it (or as
  /// a connection error showed); ``Reachability/reachable`` without a source.
  public var reachability: Reachability {
    get { rare?.values.reachability ?? .reachable }
    set { rareValues.reachability = newValue }
  }
  /// The connection error a load failed with, while it waits for the network to be tried
  /// again (``ContentState/waiting``); `nil` when no load waits.
  public var networkError: (any Error)? {
    get { rare?.values.networkError }
    set { rareValues.networkError = newValue }
  }
  /// Whether a load waits for the network.
  public var waitsForNetwork: Bool { networkError != nil }
  /// How old the content is — since the load that brought it ended, or since it was saved
  /// for content from a cache — or `nil` when unknown.
  public var contentAge: Duration? {
    get { rare?.values.contentAge }
    set { rareValues.contentAge = newValue }
  }
  /// When content turns stale.
  public var staleness: StalenessPolicy {
    get { rare?.values.staleness ?? .never }
    set { rareValues.staleness = newValue }
  }
  /// How many refreshes of the content failed in a row.
  public var failedRefreshes: Int {
    get { rare?.values.failedRefreshes ?? 0 }
    set { rareValues.failedRefreshes = max(newValue, 0) }
  }
  /// The error the last failed refresh ended with, while refreshes fail; `nil` after a
  /// success.
  public var lastRefreshError: (any Error)? {
    get { rare?.values.lastRefreshError }
    set { rareValues.lastRefreshError = newValue }
  }
  /// Whether the result shown is one saved by an earlier launch that the running load
  /// refreshes: with no content (an empty result saved), it shows empty, not loading.
  public var showsSavedResult: Bool {
    get { rare?.values.showsSavedResult ?? false }
    set { rareValues.showsSavedResult = newValue }
  }
  /// What the load did on its own with credentials before it presented a lock — tried the
  /// empty one, or the one the credential store remembers — or `nil`: the reasons say it,
  /// never which credential.
  public var credentialRecall: CredentialRecall? {
    get { rare?.values.credentialRecall }
    set { rareValues.credentialRecall = newValue }
  }
  /// Whether the network is known to be missing: the source reports it unreachable, or a
  /// load waits for it.
  public var isOffline: Bool { reachability == .unreachable || waitsForNetwork }

  /// Creates a set of inputs.
  ///
  /// - Parameters:
  ///   - isLoading: Whether a load is running.
  ///   - error: The error the last load ended with, if any.
  ///   - hasContent: Whether there is content to show.
  ///   - lock: Why the content is locked, or `nil`.
  ///   - progress: The fraction (0…1) of the load done, or `nil` when unknown.
  ///   - attempt: The running load's attempt, counting from 1. Values below 1 count as 1.
  ///   - errorWasReported: Whether `error` was reported with content already.
  ///   - customState: The custom state the adopter shows for `error`, or `nil`.
  ///   - contentCount: How many items the content holds, when known.
  ///   - failedUnlockAttempts: How many wrong credentials were given.
  ///   - lockout: The attempt-limit error, or `nil` when not locked out.
  ///   - contentKey: The key the content belongs to.
  ///   - loadingKey: The key being loaded.
  ///   - failedKey: The key whose load failed while the content belongs to another one.
  ///   - keyChange: What shows while another key loads. Defaults to
  ///     ``KeyChangePolicy/keepPrevious``.
  ///   - append: Where appending a page stands.
  ///   - isInitial: Whether nothing has been decided yet (rule 6).
  ///   - showDelayDeadline: When loading may be presented, or `nil` for at once.
  ///   - minimumDisplayDeadline: Until when every decided state waits, or `nil`.
  ///   - reachability: Whether the network can be reached. Defaults to reachable.
  ///   - networkError: The connection error a waiting load failed with, or `nil` when no
  ///     load waits for the network.
  ///   - contentAge: How old the content is, or `nil` when unknown.
  ///   - staleness: When content turns stale. Defaults to ``StalenessPolicy/never``.
  ///   - failedRefreshes: How many refreshes failed in a row; below 0 counts as 0.
  ///   - lastRefreshError: The last failed refresh's error, or `nil`.
  ///   - showsSavedResult: Whether the result shown was saved by an earlier launch.
  ///   - credentialRecall: What the load did on its own with credentials, or `nil`.
  public init(
    isLoading: Bool = false,
    error: (any Error)? = nil,
    hasContent: Bool = false,
    lock: LockReason? = nil,
    progress: Double? = nil,
    attempt: Int = 1,
    errorWasReported: Bool = false,
    customState: CustomStateKey? = nil,
    contentCount: Int? = nil,
    failedUnlockAttempts: Int = 0,
    lockout: UnlockError? = nil,
    contentKey: LoadKey? = nil,
    loadingKey: LoadKey? = nil,
    failedKey: LoadKey? = nil,
    keyChange: KeyChangePolicy = .keepPrevious,
    append: AppendState = .idle,
    isInitial: Bool = false,
    showDelayDeadline: Duration? = nil,
    minimumDisplayDeadline: Duration? = nil,
    reachability: Reachability = .reachable,
    networkError: (any Error)? = nil,
    contentAge: Duration? = nil,
    staleness: StalenessPolicy = .never,
    failedRefreshes: Int = 0,
    lastRefreshError: (any Error)? = nil,
    showsSavedResult: Bool = false,
    credentialRecall: CredentialRecall? = nil
  ) {
    self.isLoading = isLoading
    self.attempt = max(attempt, 1)
    self.progress = progress
    self.error = error
    self.errorWasReported = errorWasReported
    self.hasContent = hasContent
    self.contentCount = contentCount
    self.isInitial = isInitial
    rareValues = RareValues(
      customState: customState, lock: lock, failedUnlockAttempts: failedUnlockAttempts,
      lockout: lockout, contentKey: contentKey, loadingKey: loadingKey, failedKey: failedKey,
      keyChange: keyChange, append: append, showDelayDeadline: showDelayDeadline,
      minimumDisplayDeadline: minimumDisplayDeadline, reachability: reachability,
      networkError: networkError, contentAge: contentAge, staleness: staleness,
      failedRefreshes: max(failedRefreshes, 0), lastRefreshError: lastRefreshError,
      showsSavedResult: showsSavedResult, credentialRecall: credentialRecall)
  }

  /// Creates the inputs of a load's facts, every other input at its default; an error's
  /// report counts only while there is an error.
  init(
    loading isLoading: Bool, attempt: Int, progress: Double?, error: (any Error)?,
    errorWasReported: Bool, isInitial: Bool
  ) {
    self.isLoading = isLoading
    self.attempt = attempt
    self.progress = progress
    self.error = error
    self.errorWasReported = error != nil && errorWasReported
    self.hasContent = false
    self.isInitial = isInitial
  }

  /// Whether every input but `isLoading` has its default: the inputs of a first load with
  /// nothing shown, or of an empty outcome.
  var isPlain: Bool {
    rare == nil && attempt == 1 && progress == nil && error == nil && !hasContent
      && contentCount == nil && !isInitial
  }

  /// Whether these inputs know the same about the network and the content's age as `other`;
  /// a waiting load's or a failed refresh's error never compares equal (two errors that print
  /// alike may differ).
  func haveSameTimeFacts(as other: StateInputs) -> Bool {
    guard rare != nil || other.rare != nil else { return true }
    let (left, right) = (rareValues, other.rareValues)
    return left.reachability == right.reachability && left.networkError == nil
      && right.networkError == nil && left.contentAge == right.contentAge
      && left.staleness == right.staleness && left.failedRefreshes == right.failedRefreshes
      && left.lastRefreshError == nil && right.lastRefreshError == nil
      && left.showsSavedResult == right.showsSavedResult
  }

  /// Whether another key than the content's is loading.
  var loadsAnotherKey: Bool {
    guard let rare, let loadingKey = rare.values.loadingKey else { return false }
    return loadingKey != rare.values.contentKey
  }

  /// Whether the content shown belongs to the previous key while another key loads
  /// (``KeyChangePolicy/keepPrevious``).
  var showsPreviousKey: Bool {
    loadsAnotherKey && keyChange == .keepPrevious
  }

  /// Whether the content counts for the rules: not while its key's load failed, nor while
  /// another key loads under ``KeyChangePolicy/showLoading``.
  var contentCounts: Bool {
    guard hasContent, let rare else { return hasContent }
    return rare.values.failedKey == nil
      && !(loadsAnotherKey && rare.values.keyChange == .showLoading)
  }
}
