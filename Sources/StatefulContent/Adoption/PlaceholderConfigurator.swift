/// The adopter's configuration hooks, captured weakly so that the machine never keeps its
/// owner alive (invariant I6).
struct PlaceholderConfigurator {
  /// The adopter the hooks belong to.
  let owner: ObjectIdentifier
  /// Runs the adopter's `configure…Placeholder` hook for a state.
  let configure: (ContentState, any Placeholder) -> any Placeholder
  /// Runs the adopter's `insets(for:)` hook.
  let insets: (ContentState) -> EdgeInsets

  init<Host: StatefulContent>(_ host: Host) {
    owner = ObjectIdentifier(host)
    configure = { [weak host] state, placeholder in
      guard let host else { return placeholder }
      switch state {
      case .loading: return host.configureLoadingPlaceholder(placeholder)
      case .empty: return host.configureEmptyPlaceholder(placeholder)
      case .error(let error): return host.configureErrorPlaceholder(placeholder, error: error)
      case .locked(let reason): return host.configureLockedPlaceholder(placeholder, reason: reason)
      case .custom(let key): return host.configureCustomPlaceholder(placeholder, key: key)
      case .idle, .content: return placeholder
      }
    }
    insets = { [weak host] state in host?.insets(for: state) ?? .zero }
  }
}
