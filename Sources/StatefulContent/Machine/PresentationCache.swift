/// The last presentation the machine built for loading, empty and content, so that a request that
/// would build an identical one reuses it instead of allocating.
///
/// Going back and forth between loading and empty (or content) then allocates nothing: with
/// the built-in or registered placeholders and hooks that return them as is, every request
/// after the first finds its presentation here. Lookups are `mutating` only so that the cache
/// is read in place rather than copied.
struct PresentationCache {
  private struct Entry {
    var presentation: Presentation
    var placeholder: PlaceholderIdentity?
  }

  private var loading: Entry?
  private var content: Entry?
  private var empty: Entry?

  /// The cached presentation of a state with a placeholder identical to the one these fields
  /// would build, or `nil`.
  ///
  /// - Complexity: O(1); the placeholder is compared by identity, never by value.
  mutating func presentation(
    state: ContentState, placeholder: any Placeholder, insets: EdgeInsets,
    isRefreshing: Bool, attempt: Int
  ) -> Presentation? {
    switch state.kind {
    case .loading: Self.match(&loading, state, placeholder, insets, isRefreshing, attempt)
    case .content: Self.match(&content, state, placeholder, insets, isRefreshing, attempt)
    case .empty: Self.match(&empty, state, placeholder, insets, isRefreshing, attempt)
    case .idle, .locked, .error, .custom: nil
    }
  }

  /// The cached presentation of a state without a placeholder (content), or `nil`.
  mutating func presentation(state: ContentState, isRefreshing: Bool) -> Presentation? {
    switch state.kind {
    case .content: Self.match(&content, state, isRefreshing: isRefreshing)
    default: nil
    }
  }

  /// Keeps a presentation, built with `placeholder`, for later requests of its kind of state.
  mutating func store(_ presentation: Presentation, placeholder: (any Placeholder)?) {
    let entry = Entry(
      presentation: presentation, placeholder: placeholder.map(PlaceholderIdentity.init))
    switch presentation.state.kind {
    case .loading: loading = entry
    case .content: content = entry
    case .empty: empty = entry
    case .idle, .locked, .error, .custom: break
    }
  }

  /// The entry's presentation if it was built with this very placeholder and these fields;
  /// the entry is read in place, not copied.
  @inline(__always)
  private static func match(
    _ entry: inout Entry?, _ state: ContentState, _ placeholder: any Placeholder,
    _ insets: EdgeInsets, _ isRefreshing: Bool, _ attempt: Int
  ) -> Presentation? {
    guard entry?.placeholder?.isIdentity(of: placeholder) == true,
      entry?.presentation.hasFields(
        state: state, insets: insets, isRefreshing: isRefreshing, attempt: attempt) == true
    else { return nil }
    return entry?.presentation
  }

  /// The entry's presentation if it was built without a placeholder and with these fields.
  @inline(__always)
  private static func match(
    _ entry: inout Entry?, _ state: ContentState, isRefreshing: Bool
  ) -> Presentation? {
    guard let hasPlaceholder = entry.map({ $0.placeholder != nil }), !hasPlaceholder,
      entry?.presentation.hasFields(
        state: state, insets: .zero, isRefreshing: isRefreshing, attempt: 1) == true
    else { return nil }
    return entry?.presentation
  }
}
