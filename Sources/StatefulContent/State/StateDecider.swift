/// Decides the state to request from the facts the machine has collected: the state rules'
/// inputs (loading, the last error and whether it was reported, progress, the load's attempt)
/// and rule 6, idle before anything has been decided.
///
/// A pure value: one mutating method per event, no calls out. ``ContentStateMachine`` stores
/// it and is its only writer; the rules themselves are ``StateDecision``'s.
struct StateDecider {
  /// The inputs a cancelled load brings back.
  struct Snapshot {
    var isLoading: Bool
    var error: (any Error)?
    var progress: Double?
    var networkError: (any Error)?
  }

  /// Whether a load is running.
  private(set) var isLoading = false
  /// The error the last load ended with, or `nil`.
  private(set) var error: (any Error)?
  /// Whether ``error`` was reported with content already (once per error).
  private(set) var errorWasReported = false
  /// The fraction (0…1) of the running load done, or `nil` when unknown.
  private(set) var progress: Double?
  /// The connection error of the load that waits for the network, or `nil` when none waits.
  private(set) var networkError: (any Error)?
  /// Whether a load waits for the network, read without copying its error.
  var waitsForNetwork: Bool {
    if case .none = networkError { false } else { true }
  }
  /// Whether the last load ended with an error, read without copying it.
  var hasError: Bool {
    if case .none = error { false } else { true }
  }
  /// The attempt of the running load, counting from 1.
  private(set) var attempt = 1
  /// Whether a state has been decided at least once; before that, rule 6 keeps the state idle.
  private(set) var hasDecided = false
  /// What a cancelled category-API load brings back.
  private var beforeLoading = Recall()

  /// The facts from before a category-API load.
  private struct Recall {
    var error: (any Error)?
    var hasDecided = false
  }

  // MARK: Events

  /// A load started through the category API (`startLoading`).
  mutating func loadingStarted() {
    if !isLoading { beforeLoading = Recall(error: error, hasDecided: hasDecided) }
    isLoading = true
    progress = nil
    error = nil
  }

  /// A load started through the category API was cancelled (`endLoading` with an error the
  /// cancellation policy recognizes): not an error — the error and rule 6 from before the
  /// load come back.
  mutating func loadingCancelled() {
    isLoading = false
    progress = nil
    error = beforeLoading.error
    hasDecided = beforeLoading.hasDecided
  }

  /// A load ended through the category API (`endLoading`), with an error or not.
  mutating func loadingEnded(error: (any Error)?) {
    isLoading = false
    progress = nil
    self.error = error
    errorWasReported = false
  }

  /// A `load` started (or a retry of it began): loading, no error, progress unknown.
  mutating func loadStarted() {
    isLoading = true
    error = nil
    progress = nil
    attempt = 1
    networkError = nil
  }

  /// The running load's attempt failed with `error` for want of the network: it waits for
  /// the network, not loading, with no error to show and no attempt spent.
  mutating func loadWaitsForNetwork(_ error: any Error) {
    isLoading = false
    progress = nil
    networkError = error
  }

  /// The network came back: the waiting load runs its attempt again.
  mutating func loadResumed() {
    isLoading = true
    progress = nil
    networkError = nil
  }

  /// A `load` started its next attempt after a failure: its progress is not known yet.
  mutating func retryStarted(attempt: Int) {
    attemptChanged(to: attempt)
    progress = nil
  }

  /// The running load's attempt is now `attempt` (values below 1 count as 1).
  mutating func attemptChanged(to attempt: Int) {
    self.attempt = max(attempt, 1)
  }

  /// A `load` ended: with its error, or `nil` when it succeeded or found a lock.
  mutating func loadEnded(error: (any Error)?) {
    isLoading = false
    progress = nil
    attempt = 1
    networkError = nil
    self.error = error
    if error != nil { errorWasReported = false }
  }

  /// The running load reported progress.
  ///
  /// Progress never goes backwards within a load: a fraction below the known one is
  /// ignored (it may become unknown, and known again from there).
  ///
  /// - Parameter fraction: The fraction done, clamped to 0…1, or `nil` when it became
  ///   unknown. A NaN or infinite value carries no information and is ignored.
  /// - Returns: Whether the progress changed (outside a load it never does).
  mutating func progressReported(_ fraction: Double?) -> Bool {
    if let fraction, !fraction.isFinite { return false }
    let fraction = StateDecision.sanitizedProgress(fraction)
    guard isLoading, fraction != progress else { return false }
    if let fraction, let progress, fraction < progress { return false }
    progress = fraction
    return true
  }

  /// The content was locked (``StatefulContent/lock(_:fingerprint:animated:completion:)``): the last
  /// load's error is no longer what the screen is about.
  mutating func contentLocked() {
    error = nil
  }

  /// The adopter starts over (``StatefulContent/reset(completion:)``): no load, no error,
  /// nothing decided yet — rule 6 applies again.
  mutating func reset() {
    self = StateDecider()
  }

  /// A cancelled load brings back the inputs from before it.
  mutating func restore(_ snapshot: Snapshot) {
    isLoading = snapshot.isLoading
    error = snapshot.error
    progress = snapshot.progress
    networkError = snapshot.networkError
    attempt = 1
  }

  /// The inputs to bring back if the load starting now is cancelled.
  var snapshot: Snapshot {
    Snapshot(isLoading: isLoading, error: error, progress: progress, networkError: networkError)
  }

  // MARK: Deciding

  /// The load's facts as the rules' inputs; the machine adds the lock, the keys, the content
  /// and the time.
  ///
  /// - Parameter initial: Whether the request is the initial one
  ///   (``StatefulContent/setupInitialState(completion:)``): rule 6 then applies while
  ///   nothing was decided.
  @inline(__always)  // read in place: a call on the machine's decider would copy it whole
  func inputs(initial: Bool) -> StateInputs {
    StateInputs(
      loading: isLoading, attempt: attempt, progress: progress, error: error,
      errorWasReported: errorWasReported, isInitial: initial && !hasDecided)
  }

  /// The rules decided: rule 6 no longer applies (unless they decided idle), and an error
  /// reported with content is not reported again.
  mutating func decided(_ decision: StateDecision) {
    if decision.rule != .idle { hasDecided = true }
    if decision.errorToReport != nil { errorWasReported = true }
  }
}
