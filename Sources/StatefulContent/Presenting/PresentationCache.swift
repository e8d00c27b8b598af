/// The last presentation the machine built for loading, empty and content, so that a request
/// that would build an identical one reuses it instead of allocating.
///
/// Going back and forth between loading and empty (or content) then allocates nothing: with
/// the built-in or registered placeholders and hooks that return them as is, every request
/// after the first finds its presentation here. Lookups are `mutating`: they keep what they
/// build, and the cache is read in place rather than copied.
struct PresentationCache {
  private struct Entry {
    var presentation: Presentation
    var placeholder: PlaceholderIdentity?
  }

  private var loading: Entry?
  private var content: Entry?
  private var empty: Entry?

  /// The presentation of a state with a placeholder: the cached one when it is identical to
  /// the one these fields would build, else a new one, kept for the next request.
  ///
  /// - Complexity: O(1); the placeholder is compared by identity, never by value.
  mutating func presentation(
    state: ContentState, placeholder: any Placeholder, insets: EdgeInsets,
    isRefreshing: Bool, attempt: Int, key: LoadKey? = nil, decision: StateDecision? = nil
  ) -> Presentation {
    let cached: Presentation? =
      switch state.kind {
      case .loading:
        Self.match(&loading, state, placeholder, insets, isRefreshing, attempt, key, decision)
      case .empty:
        Self.match(&empty, state, placeholder, insets, isRefreshing, attempt, key, decision)
      case .idle, .content, .waiting, .locked, .error, .custom: nil
      }
    if let cached { return cached }
    let presentation = Presentation(
      state: state, placeholder: placeholder, sanitizedInsets: insets,
      isRefreshing: isRefreshing, attempt: attempt, key: key, decision: decision)
    let entry = Entry(presentation: presentation, placeholder: PlaceholderIdentity(placeholder))
    switch state.kind {
    case .loading: loading = entry
    case .empty: empty = entry
    case .idle, .content, .waiting, .locked, .error, .custom: break
    }
    return presentation
  }

  /// The presentation of a state without a placeholder (idle, content): the cached one for
  /// content when it matches, else a new one, kept for the next request.
  ///
  /// - Parameters:
  ///   - progress: The running load's progress while content stays visible.
  ///   - key: The key the state is about, for a keyed load.
  ///   - showsPreviousKey: Whether the content belongs to the previous key.
  ///   - append: Where appending a page to the content stands.
  mutating func presentation(
    state: ContentState, isRefreshing: Bool, progress: Double? = nil, key: LoadKey? = nil,
    showsPreviousKey: Bool = false, append: AppendState = .idle, decision: StateDecision? = nil
  ) -> Presentation {
    guard case .content = state else {
      return Presentation(
        state: state, placeholder: nil, sanitizedInsets: .zero, isRefreshing: isRefreshing,
        attempt: 1, key: key, decision: decision)
    }
    if let cached = Self.match(
      &content, state, isRefreshing: isRefreshing, progress: progress, key: key,
      showsPreviousKey: showsPreviousKey, append: append, decision: decision)
    {
      return cached
    }
    let presentation = Presentation(
      state: state, placeholder: nil, sanitizedInsets: .zero, isRefreshing: isRefreshing,
      attempt: 1, progress: progress, key: key, showsPreviousKey: showsPreviousKey,
      append: append, decision: decision)
    content = Entry(presentation: presentation, placeholder: nil)
    return presentation
  }

  /// Drops what is kept for a kind of state, such as when its placeholder is replaced, so the
  /// cache holds no placeholder the machine no longer uses.
  mutating func forget(_ kind: ContentState.Kind) {
    switch kind {
    case .loading: loading = nil
    case .empty: empty = nil
    case .idle, .content, .waiting, .locked, .error, .custom: break
    }
  }

  /// The entry's presentation if it was built with this very placeholder and these fields;
  /// the entry is read in place, not copied.
  @inline(__always)
  private static func match(
    _ entry: inout Entry?, _ state: ContentState, _ placeholder: any Placeholder,
    _ insets: EdgeInsets, _ isRefreshing: Bool, _ attempt: Int, _ key: LoadKey?,
    _ decision: StateDecision?
  ) -> Presentation? {
    guard entry?.placeholder?.isIdentity(of: placeholder) == true,
      entry?.presentation.hasFields(
        state: state, insets: insets, isRefreshing: isRefreshing, attempt: attempt, key: key,
        decision: decision) == true
    else { return nil }
    return entry?.presentation
  }

  /// The entry's presentation if it was built without a placeholder and with these fields.
  @inline(__always)
  private static func match(
    _ entry: inout Entry?, _ state: ContentState, isRefreshing: Bool, progress: Double?,
    key: LoadKey?, showsPreviousKey: Bool, append: AppendState, decision: StateDecision?
  ) -> Presentation? {
    guard let hasPlaceholder = entry.map({ $0.placeholder != nil }), !hasPlaceholder,
      entry?.presentation.hasFields(
        state: state, insets: .zero, isRefreshing: isRefreshing, attempt: 1,
        progress: progress, key: key, showsPreviousKey: showsPreviousKey, append: append,
        decision: decision) == true
    else { return nil }
    return entry?.presentation
  }
}
