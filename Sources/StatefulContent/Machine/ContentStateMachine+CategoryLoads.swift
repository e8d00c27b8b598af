// Loads run through the category API — `startLoading`, `updateLoadingProgress`, `endLoading`
// — under a loading policy with a show delay, a minimum display time or a progress interval.
// Such a load runs on the one load engine, a `LoadDriver` with the adopter's own work (see
// LoadDriver+Category.swift), kept here until it ends; what its start and end do to the
// machine's facts is performed here. Under `.immediate`, or called from code isolated to no
// actor, the category API runs synchronously as the reference libraries did (see
// `StatefulContent+Transitions.swift`).
extension ContentStateMachine {
  /// The actor `startLoading` paces its load on, running it on the load engine with the
  /// loading policy's timers, or `nil` when it does not: the policy has a delay, there is an
  /// actor to come back to, and no `load` runs (while one runs, the category API only changes
  /// the facts, as it always did).
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  func pacingActor(isolation: (any Actor)?) -> (any Actor)? {
    guard policyHasDelays, canPaceCategoryLoad else { return nil }
    return isolation
  }

  /// Whether no `load` other than a category load runs.
  @usableFromInline
  var canPaceCategoryLoad: Bool {
    !loads.isRunning || loads.activeID == categoryLoad?.id
  }

  /// Whether `endLoading` and `updateLoadingProgress` belong to a category load on the load
  /// engine: one runs, and its ending is not held for the minimum display time already.
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  var hasPacedCategoryLoad: Bool {
    categoryLoad != nil && isPacedCategoryLoadRunning
  }

  @usableFromInline
  var isPacedCategoryLoadRunning: Bool {
    guard let categoryLoad, loads.isActive(categoryLoad.id) else { return false }
    return heldDecisionsUntil == nil
  }

  // MARK: The adopter's calls

  /// `startLoading` under a loading policy with delays: a load of the engine starts.
  @usableFromInline
  func startPacedCategoryLoad<Host: StatefulContent>(
    host: Host, animated: Bool, isolation: any Actor, completion: TransitionCompletion?
  ) {
    let load = LoadDriver<Void>(
      categoryLoadOf: self, host: host, animated: animated, isolation: isolation)
    categoryLoad = load
    noteTimerHome(actor: isolation, host: host)
    load.startCategoryWork(host: host, completion: completion)
  }

  /// `updateLoadingProgress` during a category load on the engine.
  func reportPacedCategoryProgress<Host: StatefulContent>(_ fraction: Double?, host: Host) {
    categoryLoad?.reportCategoryProgress(fraction, host: host)
  }

  /// `endLoading` during a category load on the engine.
  ///
  /// - Returns: Whether the load was cancelled (an error the ``cancellationPolicy``
  ///   recognizes): the caller then sets the state up as on appearance.
  @usableFromInline
  func endPacedCategoryLoad<Host: StatefulContent>(
    error: (any Error)?, host: Host, animated: Bool, completion: TransitionCompletion?
  ) -> Bool {
    guard let categoryLoad else { return false }
    return categoryLoad.endCategoryWork(error: error, host: host, completion: completion)
  }

  /// A timer of the category load `id` elapsed, on the actor the load was started on.
  ///
  /// - Parameter host: The adopter, or `nil` once it was released: what needs it (progress)
  ///   is skipped, what the machine waits for (the show delay, the minimum display time) is
  ///   not.
  func categoryLoadTimerElapsed(
    _ timer: LoadLifecycle.Timer, load id: UInt64, host: (any StatefulContent)?
  ) {
    guard let categoryLoad, categoryLoad.id == id else { return }
    asCall { _ = categoryLoad.timerElapsed(timer, host: host, apply: { _ in }, reset: {}) }
  }

  // MARK: Performing what the engine decides

  /// A category load enters loading: loading is requested at once (I1), held back for the
  /// show delay.
  ///
  /// - Returns: The show delay's deadline when loading is held back for it; the driver then
  ///   schedules its presentation.
  func enterCategoryLoad<Host: StatefulContent>(
    _ id: UInt64, host: Host, animated: Bool, completion: TransitionCompletion?
  ) -> Duration? {
    guard let lifecycle = loads.active?.lifecycle, loads.isActive(id) else { return nil }
    let showDeadline = showDeadline(of: lifecycle)
    // A result held for the minimum display time of the load this one supersedes is
    // obsolete (loading held back by its show delay is superseded by the request below).
    supersedeDeferredRequest()
    recordLoadingStarted()
    requestDecidedState(
      host: host, animated: animated, showDelayDeadline: showDeadline, completion: completion)
    return queue.hasDeferred ? showDeadline : nil
  }

  /// A category load's work ended while loading has not been shown its minimum display time:
  /// the decided state is requested now, and presented when it has been.
  func holdCategoryLoadEnding<Host: StatefulContent>(
    error: (any Error)?, until deadline: Duration, host: Host, animated: Bool,
    completion: TransitionCompletion?
  ) {
    _ = recordLoadingEnded(error: error)
    heldDecisionsUntil = deadline
    requestDecidedState(host: host, animated: animated, completion: completion)
  }

  /// A category load's work ended: its state is decided and requested.
  ///
  /// - Returns: Whether the error means the load was cancelled; nothing is requested then.
  func concludeCategoryLoad<Host: StatefulContent>(
    error: (any Error)?, host: Host, animated: Bool, completion: TransitionCompletion?
  ) -> Bool {
    if recordLoadingEnded(error: error) { return true }
    requestDecidedState(host: host, animated: animated, completion: completion)
    return false
  }

  /// Forgets the category load `id`, cancelling its remaining timers.
  func endCategoryLoad(_ id: UInt64) {
    categoryLoad = nil
    heldDecisionsUntil = nil
    guard let load = loads.end(id) else { return }
    for task in load.tasks { task.cancel() }
  }
}
