/// How a failed load is retried: how often, after which delays, and for which errors.
///
/// The defaults follow the well-known query libraries (TanStack Query, SWR): 3 retries, the
/// first after 1 second, each delay doubling, never more than 30 seconds. Loads do not retry
/// unless given a policy (``ContentStateMachine/retryPolicy`` is ``never`` by default, as in
/// the category libraries).
///
/// A refresh — a load while content stays on screen (``ContentStateMachine/isRefreshing``) —
/// is not retried by default (``maximumRefreshRetries`` is 0): its failure ends the refresh
/// at once and reaches ``StatefulContent/handleErrorWhenContentsAvailable(_:)``, once, with
/// the content kept. The person sees content and a refresh indicator (SwiftUI's
/// `.refreshable` spins until the load ends); backing off 1 + 2 + 4 seconds behind it would
/// keep it spinning for 7 seconds before anything is said, and pulling again is their retry.
/// Retries are for a screen whose content a failure would not keep: a load that shows loading
/// retries as the policy says, and so does a keyed load for another key while the previous
/// key's results stay marked (``Presentation/showsPreviousKey``) — its failure shows the error
/// instead of them. The rule is checked when an attempt fails, so a load whose content went
/// away meanwhile retries, and one whose content arrived (a streaming load's first part) does
/// not.
///
/// Bad values fall back, as documented per property, rather than trap.
public struct RetryPolicy: Sendable {
  /// How many times a failed load runs again (0 means no retry). Negative values count as 0.
  public var maximumRetries: Int
  /// How many times a failed refresh — a load while content stays on screen — runs again,
  /// never more than ``maximumRetries``. 0 (the default) reports the failure at once; raise
  /// it where no one waits on the refresh (a periodic background refresh, say). Negative
  /// values count as 0.
  public var maximumRefreshRetries: Int
  /// The delay before the first retry. Negative durations count as zero; durations above
  /// 365 days count as that.
  public var initialDelay: Duration
  /// The factor each further delay grows by. Values below 1 or not finite count as 1.
  public var multiplier: Double
  /// The longest delay between two attempts. Negative durations count as zero; durations
  /// above 365 days count as 365 days.
  public var maximumDelay: Duration
  /// How much a delay may randomly vary, as a fraction 0…1 of the delay (0.1 means ±10 %).
  /// Values outside 0…1 are clamped; NaN counts as 0.
  public var jitter: Double
  /// Decides whether an error is worth retrying. Cancellation and a lock
  /// (``ContentLockedError``) are never retried, whatever it says.
  public var shouldRetry: @Sendable (any Error) -> Bool

  /// Creates a policy.
  ///
  /// - Parameters:
  ///   - maximumRetries: How many times a failed load runs again. Defaults to 3.
  ///   - maximumRefreshRetries: How many times a failed refresh runs again, at most
  ///     `maximumRetries`. Defaults to 0: a refresh's failure is reported at once.
  ///   - initialDelay: The delay before the first retry. Defaults to 1 second.
  ///   - multiplier: The factor each further delay grows by. Defaults to 2.
  ///   - maximumDelay: The longest delay. Defaults to 30 seconds.
  ///   - jitter: The random variation, a fraction 0…1 of each delay. Defaults to 0.
  ///   - shouldRetry: Which errors are retried. Defaults to every error.
  public init(
    maximumRetries: Int = 3,
    maximumRefreshRetries: Int = 0,
    initialDelay: Duration = .seconds(1),
    multiplier: Double = 2,
    maximumDelay: Duration = .seconds(30),
    jitter: Double = 0,
    shouldRetry: @escaping @Sendable (any Error) -> Bool = { _ in true }
  ) {
    self.maximumRetries = maximumRetries
    self.maximumRefreshRetries = maximumRefreshRetries
    self.initialDelay = initialDelay
    self.multiplier = multiplier
    self.maximumDelay = maximumDelay
    self.jitter = jitter
    self.shouldRetry = shouldRetry
  }

  /// Never retry.
  public static let never = RetryPolicy(maximumRetries: 0)
  /// 3 retries after 1, 2 and 4 seconds, as in the well-known query libraries; a refresh is
  /// not retried.
  public static let standard = RetryPolicy()

  /// Whether a load that failed on attempt `attempt` (1 for the first run) runs again.
  ///
  /// Cancellation is not a failure, and a lock (``ContentLockedError``) needs a credential, not
  /// another attempt: neither is ever retried. A refresh runs again at most
  /// ``maximumRefreshRetries`` times.
  ///
  /// - Parameters:
  ///   - attempt: The attempt that failed, counting from 1.
  ///   - error: The error it failed with.
  ///   - isRefreshing: Whether the load is a refresh: content stays on screen while it runs,
  ///     and a failure keeps it. Defaults to `false`.
  /// - Returns: `true` when another attempt is due.
  public func allowsRetry(
    afterAttempt attempt: Int, error: any Error, isRefreshing: Bool = false
  ) -> Bool {
    guard !(error is CancellationError), !(error is ContentLockedError) else { return false }
    var retries = max(maximumRetries, 0)
    if isRefreshing { retries = min(retries, max(maximumRefreshRetries, 0)) }
    return attempt <= retries && shouldRetry(error)
  }

  /// The delay before retry number `retry` (1 for the first retry).
  ///
  /// `initialDelay × multiplier^(retry−1)`, capped at `maximumDelay`, then varied by
  /// `jitter` using `unitRandom`.
  ///
  /// - Parameters:
  ///   - retry: The retry's number, counting from 1; values below 1 count as 1.
  ///   - unitRandom: A number in 0..<1 that picks the jitter; 0.5 means none.
  /// - Returns: The delay, never negative, never above `maximumDelay` before jitter and never
  ///   above 365 days after it.
  /// - Complexity: O(log `retry`).
  public func delay(beforeRetry retry: Int, unitRandom: Double = 0.5) -> Duration {
    let cap = Duration.clampedDelay(maximumDelay).seconds
    let initial = min(Duration.clampedDelay(initialDelay).seconds, cap)
    let factor = multiplier.isFinite && multiplier >= 1 ? multiplier : 1
    // initial × factor^(retry − 1) by binary exponentiation in floating point, saturating at
    // the cap: O(log retry) steps for any retry number, and no Duration arithmetic that could
    // overflow (every factor is at least 1, so saturating early gives the same result).
    var seconds = initial
    var base = factor
    var exponent = max(retry, 1) - 1
    while exponent > 0 && seconds < cap {
      if exponent & 1 == 1 { seconds = min(seconds * base, cap) }
      exponent >>= 1
      base *= base
    }
    let spread = jitter.isNaN ? 0 : min(max(jitter, 0), 1)
    let random = unitRandom.isFinite ? min(max(unitRandom, 0), 1) : 0.5
    let varied = seconds * (1 + spread * (2 * random - 1))
    return Duration.clampedDelay(seconds: varied)
  }
}
