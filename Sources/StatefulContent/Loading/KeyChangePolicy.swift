/// What shows while a keyed load runs for a key other than its content's.
///
/// A search field changes its key with every keystroke. Either the previous query's results
/// stay on screen, marked as the previous key's, until the new ones arrive — TanStack Query's
/// `placeholderData`, React's `useTransition` — or they give way to loading. Either way, a
/// failed load for the new key never leaves the previous key's content looking current: it
/// shows the error.
public enum KeyChangePolicy: Sendable, Hashable {
  /// The previous key's content stays visible, marked (``Presentation/showsPreviousKey``),
  /// while the new key loads. The default.
  case keepPrevious
  /// The previous key's content gives way to loading (after the loading policy's show delay).
  case showLoading
}
