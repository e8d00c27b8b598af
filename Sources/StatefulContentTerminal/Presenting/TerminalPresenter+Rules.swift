import StatefulContent

/// What a redraw depends on: which presentations are active, which differ only in progress.
extension TerminalPresenter {
  /// Whether a presentation shows a running activity, whose spinner moves.
  static func isActive(_ presentation: Presentation) -> Bool {
    presentation.state.kind == .loading || presentation.isRefreshing
      || presentation.showsPreviousKey || presentation.append.isLoading
  }

  /// Whether a presentation shows content marked offline or stale; any other state has no
  /// such mark, its placeholder says it all (waiting for the network).
  static func isMarkedOverTime(_ presentation: Presentation) -> Bool {
    presentation.state.kind == .content && (presentation.isOffline || presentation.isStale)
  }

  /// Whether `new` shows what `old` shows but for its progress: a redraw the throttle may
  /// hold back. Content turning stale or fresh, offline or online, is a change of its own,
  /// drawn at once.
  static func differsOnlyInProgress(_ old: Presentation, _ new: Presentation) -> Bool {
    guard old.state.kind == new.state.kind, old.isRefreshing == new.isRefreshing,
      old.isStale == new.isStale, old.isOffline == new.isOffline,
      old.showsPreviousKey == new.showsPreviousKey, old.key == new.key,
      old.attempt == new.attempt, old.insets == new.insets,
      old.append.isLoading == new.append.isLoading,
      (old.append.error == nil) == (new.append.error == nil)
    else { return false }
    switch (old.placeholder, new.placeholder) {
    case (nil, nil):
      return true
    case (var old as StandardPlaceholder, var new as StandardPlaceholder):
      old.progress = nil
      new.progress = nil
      return old == new
    default:
      return false
    }
  }

  static func stopwatch<C: Clock<Duration>>(_ clock: C) -> () -> Duration {
    let start = clock.now
    return { start.duration(to: clock.now) }
  }
}
