/// Decides what happens to one run of `load` as its events arrive: when loading appears (the
/// show delay), whether a failed attempt is retried and after which delay, whether a result
/// waits for the minimum display time, and which progress reports reach the presenter.
///
/// A pure value with one mutating method per event; every event that depends on time takes
/// the time (elapsed on the machine's clock) as an argument, and the actions it returns —
/// schedule a timer at a deadline, present progress, conclude — are the driver's to perform.
/// Deadlines saturate at the largest duration instead of overflowing.
struct LoadLifecycle {
  /// Why the load runs.
  enum Mode {
    /// A new load: a kept credential and counted attempts of before are forgotten; a lock
    /// stays until the load succeeds.
    case load
    /// The last load again, with the credential that unlocked it.
    case reload
    /// An unlock: the operation runs with a credential to try while the lock stays.
    case unlock
  }

  /// A deadline the lifecycle asks for, which the driver's timer reports when it passes.
  enum Timer: Sendable {
    /// The show delay elapsed: loading held back for it may be presented.
    case showLoading
    /// A failed attempt's backoff elapsed: the next attempt starts.
    case retry
    /// Loading was shown its minimum display time: a held result may be applied.
    case minimumDisplayElapsed
    /// A streaming load's parts were held for the minimum display time: they may show.
    case partsHoldElapsed
    /// The debounce of a keyed load elapsed: its first attempt starts.
    case debounceElapsed
    /// The progress interval elapsed: the latest coalesced progress may be presented.
    case flushProgress
    /// The state of a load that waits for the network was held for loading's minimum
    /// display time: it may show.
    case waitingHoldElapsed
  }

  /// What to do when an attempt's operation finished.
  enum AttemptEnding: Equatable {
    /// Apply the result now.
    case conclude
    /// Run the next attempt when the clock reaches the deadline.
    case retry(at: Duration)
    /// Keep the result until the loading placeholder was shown its minimum display time.
    case hold(until: Duration)
    /// The operation was cancelled (an error the ``CancellationPolicy`` recognizes): not an
    /// error, the previous state comes back.
    case cancelled
    /// The operation failed for want of the network: the load waits for it, with no attempt
    /// spent and no backoff; the decided state waits for loading's minimum display time
    /// until the deadline, when there is one.
    case waitForNetwork(heldUntil: Duration?)
  }

  /// What to do with a part of a streaming load.
  enum PartStep: Equatable {
    /// Present the decided state now.
    case present
    /// Hold the decided state until the loading placeholder was shown its minimum display
    /// time: a new hold, whose deadline the driver schedules.
    case hold(until: Duration)
    /// Hold the decided state, as for an earlier part: the deadline is scheduled already.
    case held(until: Duration)
    /// Keep the part away from the adopter: it comes from a locked source whose credential
    /// is not accepted yet (``credentialAccepted(attempt:)``).
    case withheld

    /// Until when the part's decided state is held, or `nil` when it is presented now.
    var heldUntil: Duration? {
      switch self {
      case .hold(let until), .held(let until): until
      case .present, .withheld: nil
      }
    }
  }

  /// What to do with a progress report.
  enum ProgressStep: Equatable {
    /// Nothing to present now.
    case skip
    /// Present this progress (a fraction 0…1, or `nil` for unknown).
    case present(Double?)
    /// Present the latest report when the clock reaches the deadline.
    case flush(at: Duration)
  }

  let mode: Mode
  let retryPolicy: RetryPolicy
  let loadingPolicy: LoadingPolicy
  let cancellationPolicy: CancellationPolicy
  /// The key of a keyed load, or `nil`.
  let key: LoadKey?
  /// What shows while the key differs from the content's.
  let keyChange: KeyChangePolicy
  /// How long the operation waits before it starts, so that a newer load (the next
  /// keystroke) supersedes it before it runs. Negative means zero.
  let debounce: Duration
  /// The attempt running, counting from 1.
  private(set) var attempt = 1
  /// Whether a result waits for the minimum display time.
  private(set) var isHoldingResult = false
  /// Whether a part of a streaming load has arrived: the parts are content, and a failure is
  /// no longer retried (it would deliver them again).
  private(set) var hasParts = false
  /// Until when the parts wait for the minimum display time of the loading placeholder.
  private var partsHeldUntil: Duration?
  /// Whether the load reads a locked source whose credential is not accepted yet: its parts
  /// are withheld, as nothing from a locked source is content before its credential is.
  private(set) var awaitsAcceptedCredential: Bool
  /// Whether the load started while a lock hid the content: each attempt must have its
  /// credential accepted anew, as an attempt's parts may come before its check.
  private let readsLockedSource: Bool

  // Progress coalescing, per attempt.
  private var attemptProgress: Double?
  private var presentedProgress: Double?
  private var presentedProgressAt: Duration?
  private var pendingProgress: Double??
  private var isFlushScheduled = false

  init(
    mode: Mode, retryPolicy: RetryPolicy, loadingPolicy: LoadingPolicy,
    cancellationPolicy: CancellationPolicy = .standard, key: LoadKey? = nil,
    keyChange: KeyChangePolicy = .keepPrevious, debounce: Duration = .zero,
    readsLockedSource: Bool = false
  ) {
    self.mode = mode
    self.readsLockedSource = readsLockedSource
    awaitsAcceptedCredential = readsLockedSource
    self.retryPolicy = retryPolicy
    self.loadingPolicy = loadingPolicy
    self.cancellationPolicy = cancellationPolicy
    self.key = key
    self.keyChange = keyChange
    self.debounce = debounce
  }

  /// When the operation starts, given that the load starts now: `nil` at once, else the end
  /// of the debounce.
  func debounceDeadline(now: Duration) -> Duration? {
    let debounce = Duration.clampedDelay(debounce)
    guard debounce > .zero else { return nil }
    return now.addingSaturated(debounce)
  }

  // MARK: Starting

  /// When loading may be presented, given that the load starts now.
  ///
  /// - Parameters:
  ///   - now: The time elapsed on the machine's clock.
  ///   - loadingIsPresented: Whether loading is on screen already (from a load this one
  ///     supersedes): then it stays, with no new delay.
  /// - Returns: The deadline of the show delay, or `nil` to present loading at once.
  func showDeadline(now: Duration, loadingIsPresented: Bool) -> Duration? {
    let delay = loadingPolicy.effectiveShowDelay
    guard delay > .zero, !loadingIsPresented else { return nil }
    return now.addingSaturated(delay)
  }

  // MARK: Attempts

  /// The operation of an attempt finished.
  ///
  /// - Parameters:
  ///   - finishedAttempt: The attempt it belongs to; a stale one is ignored.
  ///   - error: The error it threw, or `nil` when it succeeded.
  ///   - now: The time elapsed on the machine's clock.
  ///   - loadingShownAt: When loading was presented, while it is; `nil` otherwise.
  ///   - loadingIsRequested: Whether loading is the requested state (not content, say).
  ///   - isRefreshing: Whether content stays on screen while the load runs. A refresh — such
  ///     content that a failure keeps — is retried only ``RetryPolicy/maximumRefreshRetries``
  ///     times, by default not at all: the failure concludes at once.
  ///   - showsPreviousKey: Whether that content is another key's, kept while this key loads:
  ///     a failure replaces it with the error, so the load is not a refresh and retries.
  ///   - waitsForNetwork: Whether the error means the network is missing while a connectivity
  ///     source is followed (the machine's ``ConnectivityPolicy``): the load then waits for
  ///     it, unless parts arrived (trying again would deliver them twice).
  ///   - unitRandom: Gives a number in 0..<1 that picks the retry delay's jitter; asked only
  ///     when a retry is due.
  /// - Returns: What to do, or `nil` for a stale attempt.
  mutating func attemptFinished(
    _ finishedAttempt: Int, error: (any Error)?, now: Duration, loadingShownAt: Duration?,
    loadingIsRequested: Bool, isRefreshing: Bool = false, showsPreviousKey: Bool = false,
    waitsForNetwork: Bool = false, unitRandom: () -> Double
  ) -> AttemptEnding? {
    guard finishedAttempt == attempt else { return nil }
    if let error {
      if cancellationPolicy.isCancellation(error) { return .cancelled }
      if waitsForNetwork, !hasParts {
        guard let loadingShownAt, loadingIsRequested else { return .waitForNetwork(heldUntil: nil) }
        let until = loadingShownAt.addingSaturated(loadingPolicy.effectiveMinimumDisplayTime)
        return .waitForNetwork(heldUntil: now < until ? until : nil)
      }
      let isRefresh = isRefreshing && !showsPreviousKey
      if !hasParts,
        retryPolicy.allowsRetry(afterAttempt: attempt, error: error, isRefreshing: isRefresh)
      {
        let delay = retryPolicy.delay(beforeRetry: attempt, unitRandom: unitRandom())
        return .retry(at: now.addingSaturated(delay))
      }
    }
    if let loadingShownAt, loadingIsRequested || hasParts {
      let until = loadingShownAt.addingSaturated(loadingPolicy.effectiveMinimumDisplayTime)
      if now < until {
        isHoldingResult = true
        return .hold(until: until)
      }
    }
    return .conclude
  }

  /// The retry delay elapsed: the next attempt starts, with its progress unknown.
  ///
  /// - Returns: The new attempt's number.
  mutating func retryDelayElapsed() -> Int {
    attempt += 1
    // A retry follows a failure before any part: the lock was never lifted.
    awaitsAcceptedCredential = readsLockedSource
    attemptProgress = nil
    presentedProgress = nil
    pendingProgress = nil
    return attempt
  }

  /// The network came back while the load waited for it: its attempt runs again — no attempt
  /// is spent — with its progress unknown.
  ///
  /// - Returns: The attempt to run again.
  mutating func networkReturned() -> Int {
    awaitsAcceptedCredential = readsLockedSource
    attemptProgress = nil
    presentedProgress = nil
    pendingProgress = nil
    return attempt
  }

  /// The load runs its attempt again with a credential it tries on its own before it
  /// presents a lock (``CredentialTrials``): no attempt is spent, the progress is unknown, and
  /// the parts wait for the credential to be accepted, as the source is locked. Parts that
  /// arrived before the lock was found were never content: the driver clears them, and the
  /// trial's first part is the first again.
  ///
  /// - Returns: The attempt to run again.
  mutating func credentialTrialStarts() -> Int {
    awaitsAcceptedCredential = true
    hasParts = false
    partsHeldUntil = nil
    attemptProgress = nil
    presentedProgress = nil
    pendingProgress = nil
    return attempt
  }

  /// The minimum display time elapsed.
  ///
  /// - Returns: Whether a held result is to be applied now.
  mutating func minimumDisplayElapsed() -> Bool {
    defer { isHoldingResult = false }
    return isHoldingResult
  }

  /// Whether loading presented now must stay the minimum display time.
  var keepsLoadingVisible: Bool { loadingPolicy.effectiveMinimumDisplayTime > .zero }

  // MARK: Parts

  /// A part of a streaming load arrived.
  ///
  /// The first part turns loading into content; once loading is on screen, the parts wait —
  /// applied to the adopter, not presented — until it was shown its minimum display time, as
  /// a load's result does. A part of a locked source is withheld until the credential is
  /// accepted: a first part is no proof that it was, and the lock, its attempts and the
  /// content stay as they are.
  ///
  /// - Parameters:
  ///   - partAttempt: The attempt the part belongs to; a stale one is ignored.
  ///   - now: The time elapsed on the machine's clock.
  ///   - loadingShownAt: When loading was presented, while it is; `nil` otherwise.
  /// - Returns: What to do, or `nil` for a stale part.
  mutating func partArrived(attempt partAttempt: Int, now: Duration, loadingShownAt: Duration?)
    -> PartStep?
  {
    guard partAttempt == attempt else { return nil }
    if awaitsAcceptedCredential { return .withheld }
    hasParts = true
    if let partsHeldUntil { return now < partsHeldUntil ? .held(until: partsHeldUntil) : .present }
    guard let loadingShownAt else { return .present }
    let until = loadingShownAt.addingSaturated(loadingPolicy.effectiveMinimumDisplayTime)
    guard now < until else { return .present }
    partsHeldUntil = until
    return .hold(until: until)
  }

  /// The operation of attempt `acceptingAttempt` reported that the credential opened the
  /// source (``LoadContext/reportCredentialAccepted()``, or the verifier accepted it).
  ///
  /// - Returns: Whether withheld parts may now be content.
  mutating func credentialAccepted(attempt acceptingAttempt: Int) -> Bool {
    guard acceptingAttempt == attempt, awaitsAcceptedCredential else { return false }
    awaitsAcceptedCredential = false
    return true
  }

  // MARK: Progress

  /// The operation reported progress.
  ///
  /// Reports never go backwards within an attempt; a change smaller than the policy's step
  /// (except reaching 1) is not presented; reports closer together than the policy's interval
  /// are coalesced, the latest presented when the interval has passed.
  ///
  /// - Parameters:
  ///   - reportAttempt: The attempt that reported; a stale one is ignored.
  ///   - fraction: The sanitized fraction (0…1), or `nil` for unknown.
  ///   - now: The time elapsed on the machine's clock.
  ///   - current: The progress the machine holds now.
  mutating func progressReported(
    attempt reportAttempt: Int, _ fraction: Double?, now: Duration, current: Double?
  ) -> ProgressStep {
    guard reportAttempt == attempt else { return .skip }
    if let fraction, let previous = attemptProgress, fraction < previous { return .skip }
    if let fraction { attemptProgress = fraction }
    let step = loadingPolicy.effectiveProgressStep
    if let fraction, fraction < 1, fraction - (presentedProgress ?? 0) < step { return .skip }
    let interval = loadingPolicy.effectiveProgressInterval
    if let last = presentedProgressAt, now.subtractingSaturated(last) < interval {
      pendingProgress = .some(fraction)
      guard !isFlushScheduled else { return .skip }
      isFlushScheduled = true
      return .flush(at: last.addingSaturated(interval))
    }
    return present(fraction, now: now, current: current)
  }

  /// The progress interval elapsed: the latest coalesced report, if any, is presented.
  mutating func progressFlushDue(now: Duration, current: Double?) -> ProgressStep {
    isFlushScheduled = false
    guard let pending = pendingProgress else { return .skip }
    return present(pending, now: now, current: current)
  }

  private mutating func present(_ fraction: Double?, now: Duration, current: Double?)
    -> ProgressStep
  {
    pendingProgress = nil
    guard fraction != current else { return .skip }
    presentedProgress = fraction
    presentedProgressAt = now
    return .present(fraction)
  }
}
