// Loads run through the category API — `startLoading`, `updateLoadingProgress`, `endLoading`
// — under a loading policy with a show delay, a minimum display time or a progress interval.
// Such a load is registered like a `load` (so that its timers end with it, a cancel brings
// back the state it replaced, and the presented loading is timed), and its `LoadLifecycle`
// decides as for `load`; its timers are `CategoryLoadTimer`s, which come back to the caller's
// actor. Under `.immediate`, or called from code isolated to no actor, the category API runs
// synchronously as the reference libraries did (see `StatefulContent+Transitions.swift`).
extension ContentStateMachine {
  /// Whether `startLoading` paces its load with the loading policy's timers: the policy has a
  /// delay, there is an actor to come back to, and no `load` runs (while one runs, the
  /// category API only changes the facts, as it always did).
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  func pacesCategoryLoad(isolation: (any Actor)?) -> Bool {
    policyHasDelays && isolation != nil && canPaceCategoryLoad
  }

  /// Whether no `load` other than a paced category load runs.
  @usableFromInline
  var canPaceCategoryLoad: Bool {
    !loads.isRunning || loads.activeID == categoryLoadID
  }

  /// Whether `endLoading` and `updateLoadingProgress` belong to a paced category load: one
  /// runs, and its result is not held for the minimum display time already.
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  var hasPacedCategoryLoad: Bool {
    categoryLoadID != nil && isPacedCategoryLoadRunning
  }

  @usableFromInline
  var isPacedCategoryLoadRunning: Bool {
    guard let categoryLoadID, loads.isActive(categoryLoadID) else { return false }
    return heldDecisionsUntil == nil
  }

  /// `startLoading` under a loading policy with delays: loading is requested at once (I1) but
  /// presented only when the show delay elapses, unless the load ends first.
  @usableFromInline
  func startPacedCategoryLoad<Host: StatefulContent>(
    host: Host, animated: Bool, isolation: isolated (any Actor)?,
    completion: TransitionCompletion?
  ) {
    let lifecycle = LoadLifecycle(
      mode: .load, retryPolicy: .never, loadingPolicy: loadingPolicy,
      cancellationPolicy: cancellationPolicy)
    let id = beginLoad(lifecycle) { _ in }
    categoryLoadID = id
    categoryActor = isolation
    let showDeadline = showDeadline(of: lifecycle)
    // A result held for the minimum display time of the load this one supersedes is
    // obsolete (loading held back by its show delay is superseded by the request below).
    supersedeDeferredRequest()
    recordLoadingStarted()
    requestDecidedState(
      host: host, animated: animated, showDelayDeadline: showDeadline, completion: completion)
    if let showDeadline, queue.hasDeferred {
      schedule(.showDelayElapsed, at: showDeadline, load: id, host: host)
    }
  }

  /// `updateLoadingProgress` during a paced category load: progress never goes backwards,
  /// and reports closer together than the policy's interval are coalesced.
  func reportPacedCategoryProgress<Host: StatefulContent>(_ fraction: Double?, host: Host) {
    guard let id = categoryLoadID else { return }
    // A NaN or infinite value carries no information: the progress shown stays.
    if let fraction, !fraction.isFinite { return }
    if let deadline = loadProgress(id, attempt: 1, .some(fraction), host: host) {
      schedule(.progressIntervalElapsed, at: deadline, load: id, host: host)
    }
  }

  /// `endLoading` during a paced category load: the result is presented at once, or — when
  /// loading is on screen for less than the minimum display time — held until it has been.
  ///
  /// - Returns: Whether the load was cancelled (an error the ``cancellationPolicy``
  ///   recognizes): the caller then sets the state up as on appearance.
  @usableFromInline
  func endPacedCategoryLoad<Host: StatefulContent>(
    error: (any Error)?, host: Host, animated: Bool, completion: TransitionCompletion?
  ) -> Bool {
    guard let id = categoryLoadID else { return false }
    var ending = loadAttemptFinished(id, attempt: 1, error: error)
    // Without an actor to come back to, nothing can wait for the minimum display time.
    if case .hold = ending, categoryActor == nil { ending = .conclude }
    switch ending {
    case .hold(let deadline):
      _ = recordLoadingEnded(error: error)
      heldDecisionsUntil = deadline
      requestDecidedState(host: host, animated: animated, completion: completion)
      schedule(.minimumDisplayElapsed, at: deadline, load: id, host: host)
      return false
    case .cancelled:
      endCategoryLoad(id)
      return recordLoadingEnded(error: error)
    case .conclude, .retry, nil:
      endCategoryLoad(id)
      if recordLoadingEnded(error: error) { return true }
      requestDecidedState(host: host, animated: animated, completion: completion)
      return false
    }
  }

  /// A timer of the paced category load `id` fired, on the actor the load was started on.
  func categoryTimerFired<Host: StatefulContent>(
    _ timer: CategoryLoadTimer.Event, load id: UInt64, host: Host
  ) {
    asCall {
      switch timer {
      case .showDelayElapsed:
        guard loads.isActive(id) else { return }
        presentDeferredRequest()
      case .progressIntervalElapsed:
        if let deadline = loadProgress(id, host: host) {
          schedule(
            .progressIntervalElapsed, at: deadline, load: id, host: host)
        }
      case .minimumDisplayElapsed:
        guard loadMinimumDisplayElapsed(id) else { return }
        endCategoryLoad(id)
        presentDeferredRequest()
      }
    }
  }

  /// Forgets the paced category load `id`, cancelling its remaining timers.
  func endCategoryLoad(_ id: UInt64) {
    categoryLoadID = nil
    heldDecisionsUntil = nil
    guard let load = loads.end(id) else { return }
    for task in load.tasks { task.cancel() }
  }

  /// Starts a timer of the paced category load `id`, which comes back to the actor the load
  /// was started on.
  private func schedule<Host: StatefulContent>(
    _ event: CategoryLoadTimer.Event, at deadline: Duration, load id: UInt64, host: Host
  ) {
    guard let categoryActor else { return }
    let timer = CategoryLoadTimer(event: event, load: id, machine: self, host: host)
    retain(timer.start(at: deadline, sleep: clock.sleep, isolation: categoryActor), forLoad: id)
  }
}
