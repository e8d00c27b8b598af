/// What a presenter is asked to show: a state, its placeholder and where to put it.
///
/// Each presentation replaces the previous one entirely, so a presenter that shows
/// ``placeholder`` (or removes its placeholder when it is `nil`) never leaves a placeholder of
/// an older state behind.
///
/// A presentation is an immutable value. Its fields live in one shared, immutable storage
/// object, so passing it through the machine's queue costs one reference count, not one per
/// field.
public struct Presentation: Sendable {
  private final class Storage: Sendable {
    let state: ContentState
    let placeholder: (any Placeholder)?
    let insets: EdgeInsets
    let isRefreshing: Bool
    let attempt: Int
    let progress: Double?
    let key: LoadKey?
    let showsPreviousKey: Bool
    let append: AppendState
    let decision: StateDecision?

    init(
      state: ContentState, placeholder: (any Placeholder)?, insets: EdgeInsets,
      isRefreshing: Bool, attempt: Int, progress: Double?, key: LoadKey?,
      showsPreviousKey: Bool, append: AppendState, decision: StateDecision?
    ) {
      self.append = append
      self.decision = decision
      self.key = key
      self.showsPreviousKey = showsPreviousKey
      self.state = state
      self.placeholder = placeholder
      self.insets = insets
      self.isRefreshing = isRefreshing
      self.attempt = attempt
      self.progress = progress
    }
  }

  private let storage: Storage

  /// The state shown. For ``ContentState/content`` and ``ContentState/idle`` there is no
  /// placeholder.
  public var state: ContentState { storage.state }
  /// The configured placeholder to show, or `nil` to show the content (or nothing, when idle).
  public var placeholder: (any Placeholder)? { storage.placeholder }
  /// The insets to lay the placeholder out with: the host's ``StatefulContent/insets(for:)``
  /// plus the placeholder's own, with invalid distances replaced by zero.
  public var insets: EdgeInsets { storage.insets }
  /// Whether a load runs while content stays visible.
  public var isRefreshing: Bool { storage.isRefreshing }
  /// The attempt of the running load, counting from 1; above 1 while a failed load is retried.
  public var attempt: Int { storage.attempt }
  /// How far the running load is while content stays visible (``isRefreshing``) — a refresh,
  /// or a streaming load whose first parts are shown: a fraction 0…1, or `nil` when unknown or
  /// not refreshing. Loading carries its progress in ``state`` instead.
  public var progress: Double? { storage.progress }
  /// The key the state is about, for a keyed load: the key loading, or whose load failed, or
  /// whose content is shown; `nil` for loads without a key. An empty placeholder says "No
  /// results for …" with it.
  public var key: LoadKey? { storage.key }
  /// Whether the content shown belongs to the previous key, kept while ``key`` loads
  /// (``KeyChangePolicy/keepPrevious``): show it dimmed, or marked as the old results.
  public var showsPreviousKey: Bool { storage.showsPreviousKey }
  /// Where appending a page to the content stands (``StatefulContent/loadMore(animated:isolation:operation:apply:)``):
  /// show a footer with a spinner while ``AppendState/loading``, or the error with a Retry
  /// when ``AppendState/failed(_:)``. Always ``AppendState/idle`` unless the state is content.
  public var append: AppendState { storage.append }
  /// The decision that produced this presentation, with its reasons: why it shows what it
  /// shows (``StateDecision/explanation``). A presentation the app asked for directly
  /// (``ContentStateMachine/transition(to:isRefreshing:animated:completion:)``) carries a
  /// decision of the rule ``StateDecision/Rule/requested``. Once a credential was given, the
  /// machine's decisions carry their errors as redacted texts
  /// (``StateDecision/RecordedError``), so that no explanation shows its secret; ``state``
  /// carries the real error.
  public var decision: StateDecision {
    storage.decision
      ?? StateDecision(state: state, rule: .requested, isRefreshing: isRefreshing)
  }

  /// Whether the content shown is stale — older than the staleness policy allows, or after
  /// too many failed refreshes (``StalenessPolicy``): show it marked, with its age
  /// (``contentAge``) and the failed refreshes (``StateDecision/inputs``'
  /// ``StateInputs/failedRefreshes`` and ``StateInputs/lastRefreshError``). Only content is
  /// ever stale.
  public var isStale: Bool { storage.decision?.isStale ?? false }
  /// Whether the network is known to be missing — the connectivity source reports it
  /// unreachable, or a load waits for it: content stays, marked offline.
  public var isOffline: Bool { storage.decision?.isOffline ?? false }
  /// How old the content shown was when this was decided — since the load that brought it
  /// ended, or since it was saved for content from a cache — or `nil` when unknown or not
  /// content. The machine knows it once it has a staleness policy or follows a connectivity
  /// source.
  public var contentAge: Duration? {
    state.kind == .content ? storage.decision?.inputs.contentAge : nil
  }

  /// Creates a presentation.
  ///
  /// - Parameters:
  ///   - state: The state shown.
  ///   - placeholder: The placeholder to show, or `nil`; dropped for states that show none.
  ///   - insets: The insets to lay the placeholder out with; sanitized on creation.
  ///   - isRefreshing: Whether a load runs while content stays visible.
  ///   - attempt: The attempt of the running load, counting from 1; lower values count as 1.
  ///   - progress: How far the running load is while content stays visible, 0…1 (clamped;
  ///     NaN means unknown); dropped unless `isRefreshing`.
  ///   - key: The key the state is about, for a keyed load.
  ///   - showsPreviousKey: Whether the content shown belongs to the previous key; dropped
  ///     unless the state is content.
  ///   - append: Where appending a page to the content stands; dropped unless the state is
  ///     content.
  ///   - decision: The decision that produced it, or `nil` for one of the rule
  ///     ``StateDecision/Rule/requested``.
  public init(
    state: ContentState,
    placeholder: (any Placeholder)? = nil,
    insets: EdgeInsets = .zero,
    isRefreshing: Bool = false,
    attempt: Int = 1,
    progress: Double? = nil,
    key: LoadKey? = nil,
    showsPreviousKey: Bool = false,
    append: AppendState = .idle,
    decision: StateDecision? = nil
  ) {
    storage = Storage(
      state: state, placeholder: state.showsPlaceholder ? placeholder : nil,
      insets: insets.sanitized, isRefreshing: isRefreshing, attempt: max(attempt, 1),
      progress: isRefreshing ? StateDecision.sanitizedProgress(progress) : nil, key: key,
      showsPreviousKey: showsPreviousKey && state.kind == .content,
      append: state.kind == .content ? append : .idle, decision: decision)
  }

  /// Creates a presentation from fields the machine has already sanitized.
  init(
    state: ContentState, placeholder: (any Placeholder)?, sanitizedInsets: EdgeInsets,
    isRefreshing: Bool, attempt: Int, progress: Double? = nil, key: LoadKey? = nil,
    showsPreviousKey: Bool = false, append: AppendState = .idle, decision: StateDecision?
  ) {
    storage = Storage(
      state: state, placeholder: state.showsPlaceholder ? placeholder : nil,
      insets: sanitizedInsets, isRefreshing: isRefreshing, attempt: max(attempt, 1),
      progress: isRefreshing ? progress : nil, key: key,
      showsPreviousKey: showsPreviousKey && state.kind == .content,
      append: state.kind == .content ? append : .idle, decision: decision)
  }

  /// The presentation of the idle state: nothing at all.
  public static let idle = Presentation(state: .idle)

  /// Whether the state shown is loading; reads the state in place.
  var isLoading: Bool {
    if case .loading = storage.state { true } else { false }
  }

  /// Whether this presentation has these fields, its placeholder aside.
  func hasFields(
    state: ContentState, insets: EdgeInsets, isRefreshing: Bool, attempt: Int,
    progress: Double? = nil, key: LoadKey? = nil, showsPreviousKey: Bool = false,
    append: AppendState = .idle, decision: StateDecision? = nil
  ) -> Bool {
    StateDecision.haveSameReasons(storage.decision, decision)
      && storage.isRefreshing == isRefreshing && storage.attempt == attempt
      && storage.insets == insets && storage.progress == progress
      && storage.showsPreviousKey == showsPreviousKey && storage.key == key
      && storage.append.isSame(as: append)
      && storage.state.hasSamePayload(as: state)
  }

  /// Whether presenting `other` after this one would show the same thing: the same state
  /// and flags, the same insets, and the same placeholder.
  ///
  /// Placeholders are the same when they are the very same value (see
  /// `PlaceholderIdentity`) or, for `Equatable` placeholders of one type such as
  /// ``StandardPlaceholder``, equal. A hook that returns a placeholder with a new message for
  /// the same state therefore has it presented.
  func showsSameState(as other: Presentation) -> Bool {
    if storage === other.storage { return true }
    guard state.hasSamePayload(as: other.state), isRefreshing == other.isRefreshing,
      attempt == other.attempt, insets == other.insets, progress == other.progress,
      showsPreviousKey == other.showsPreviousKey, key == other.key,
      append.isSame(as: other.append), isStale == other.isStale, isOffline == other.isOffline
    else { return false }
    switch (storage.placeholder, other.storage.placeholder) {
    case (nil, nil): return true
    case (let lhs?, let rhs?):
      return PlaceholderIdentity(lhs).isIdentity(of: rhs) || Self.areEqual(lhs, rhs)
    default: return false
    }
  }

  /// Whether two placeholders are of one type (not a subclass of the other), `Equatable`, and
  /// equal.
  private static func areEqual(_ lhs: any Placeholder, _ rhs: any Placeholder) -> Bool {
    guard ObjectIdentifier(type(of: lhs)) == ObjectIdentifier(type(of: rhs)),
      let lhs = lhs as? any Equatable
    else { return false }
    func isEqual<Value: Equatable>(_ lhs: Value) -> Bool {
      (rhs as? Value).map { $0 == lhs } ?? false
    }
    return isEqual(lhs)
  }
}
