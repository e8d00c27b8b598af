/// When the loading placeholder appears and how long it stays, against flicker.
///
/// A load that ends within ``showDelay`` never presents the loading placeholder; once it is
/// presented, it stays at least ``minimumDisplayTime`` (as spin-delay and the query libraries
/// do) before a load's result replaces it. Cancelling the load is the exception: the previous
/// state comes back at once, since the user asked for it. Progress updates are coalesced so a
/// fast stream of them does not flood the presenter.
///
/// Negative durations count as zero and durations above 365 days as 365 days, and deadlines
/// saturate at the largest duration, so that no deadline overflows a clock. A clock whose
/// sleep fails (with anything but cancellation) ends the wait as if it had elapsed.
///
/// A machine's policy is ``smooth`` unless the app sets another
/// (``ContentStateMachine/loadingPolicy``): fast work — opening a small document, a wrong
/// password refused at once — shows no loading at all instead of a one-frame flash, and slow
/// work shows loading long enough to be read. Set ``immediate`` where every change must show
/// at once: a script's timeline, or a test that checks what is presented the moment a request
/// returns without advancing a clock.
public struct LoadingPolicy: Sendable, Hashable {
  /// How long a load runs before the loading placeholder is presented. Negative means zero.
  public var showDelay: Duration
  /// How long a presented loading placeholder stays at least. Negative means zero.
  public var minimumDisplayTime: Duration
  /// The shortest time between two progress presentations. Negative means zero.
  public var progressInterval: Duration
  /// The smallest change of the progress fraction (0…1) that is presented, except that
  /// reaching 1 is always presented. Values outside 0…1 are clamped; NaN means 0.
  public var progressStep: Double

  /// Creates a policy.
  ///
  /// - Parameters:
  ///   - showDelay: How long a load runs before loading is presented. Defaults to zero.
  ///   - minimumDisplayTime: How long presented loading stays at least. Defaults to zero.
  ///   - progressInterval: The shortest time between progress presentations. Defaults to zero.
  ///   - progressStep: The smallest presented change of progress, 0…1. Defaults to zero.
  public init(
    showDelay: Duration = .zero,
    minimumDisplayTime: Duration = .zero,
    progressInterval: Duration = .zero,
    progressStep: Double = 0
  ) {
    self.showDelay = showDelay
    self.minimumDisplayTime = minimumDisplayTime
    self.progressInterval = progressInterval
    self.progressStep = progressStep
  }

  /// Loading appears at once and may disappear at once, as in the category libraries.
  public static let immediate = LoadingPolicy()
  /// Loading appears after 150 ms and stays at least 400 ms; progress at most every 50 ms
  /// and in steps of at least 1 %. The default of every machine.
  public static let smooth = LoadingPolicy(
    showDelay: .milliseconds(150), minimumDisplayTime: .milliseconds(400),
    progressInterval: .milliseconds(50), progressStep: 0.01)

  /// Whether anything of the policy needs a timer: the category API then paces its loads.
  /// (A positive duration stays positive once clamped, and any other becomes zero.)
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  var hasDelays: Bool {
    showDelay > .zero || minimumDisplayTime > .zero || progressInterval > .zero
  }

  var effectiveShowDelay: Duration { .clampedDelay(showDelay) }
  var effectiveMinimumDisplayTime: Duration { .clampedDelay(minimumDisplayTime) }
  var effectiveProgressInterval: Duration { .clampedDelay(progressInterval) }
  var effectiveProgressStep: Double { progressStep.isNaN ? 0 : min(max(progressStep, 0), 1) }
}
