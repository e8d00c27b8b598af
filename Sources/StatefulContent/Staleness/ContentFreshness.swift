/// How old the content is and how its refreshes went: the facts a ``StalenessPolicy`` turns
/// into stale content.
///
/// A pure value with one mutating method per event; times are elapsed on the machine's clock
/// and given as arguments. ``ContentStateMachine`` stores it (once it has a staleness policy,
/// follows a connectivity source or shows saved content) and is its only writer.
struct ContentFreshness {
  /// When the content was last brought by a successful load — or, for saved content, when it
  /// was saved (then before the machine was created: negative) — or `nil` when unknown.
  private(set) var updatedAt: Duration?
  /// How many refreshes failed in a row since then.
  private(set) var failedRefreshes = 0
  /// The error of the last failed refresh, while refreshes fail.
  private(set) var lastRefreshError: (any Error)?
  /// Whether the result shown was saved by an earlier launch and no load has ended since.
  private(set) var showsSavedResult = false

  /// How old the content is now, or `nil` when unknown.
  ///
  /// - Parameter now: The time elapsed on the machine's clock.
  func age(now: Duration) -> Duration? {
    updatedAt.map { max(now - $0, .zero) }
  }

  // MARK: Events

  /// A load succeeded: the content is new.
  mutating func contentLoaded(now: Duration) {
    updatedAt = now
    failedRefreshes = 0
    lastRefreshError = nil
    showsSavedResult = false
  }

  /// Content saved by an earlier launch is shown, `age` old.
  mutating func savedContentShown(age: Duration, now: Duration) {
    updatedAt = now - max(age, .zero)
    failedRefreshes = 0
    lastRefreshError = nil
    showsSavedResult = true
  }

  /// A refresh of the content shown failed with `error`.
  mutating func refreshFailed(_ error: any Error) {
    failedRefreshes += 1
    lastRefreshError = error
    showsSavedResult = false
  }

  /// A load that was no refresh failed, or the adopter started over: nothing is known of the
  /// content any more.
  mutating func forget() {
    self = ContentFreshness()
  }
}
