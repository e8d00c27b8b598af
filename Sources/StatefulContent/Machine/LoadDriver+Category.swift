// A load of the category API — `startLoading`, `updateLoadingProgress`, `endLoading` — under a
// loading policy with a show delay, a minimum display time or a progress interval runs on
// this engine like a run of `load`: registered with the machine's loads (so that its timers
// end with it and the presented loading is timed), decided by its `LoadLifecycle`, its timers
// and progress handled by ``LoadDriver/handle(_:host:apply:reset:)``. What differs is who
// reports its events: no task awaits it, so the adopter's calls report the progress and the
// end of its one attempt, synchronously (I1), and its timers come back to the actor it was
// started on (`CategoryLoadTimer`).
extension LoadDriver where Value == Void {
  /// Registers a category load with the adopter's machine, superseding the running one.
  ///
  /// - Parameters:
  ///   - isolation: The actor its timers come back to, held weakly.
  ///   - host: The adopter its timers tell, held weakly.
  convenience init(
    categoryLoadOf machine: ContentStateMachine, host: some StatefulContent, animated: Bool,
    isolation: any Actor
  ) {
    self.init(
      machine: machine, mode: .load, credential: nil, animated: animated, retry: .never,
      work: .category)
    actor = isolation
    self.host = host
  }

  /// Starts the load: loading is requested at once (I1), and presented when the show delay
  /// elapses unless the load ends first.
  func startCategoryWork(host: some StatefulContent, completion: TransitionCompletion?) {
    if let showDeadline = machine.enterCategoryLoad(
      id, host: host, animated: animated, completion: completion)
    {
      schedule(.showLoading, at: showDeadline)
    }
  }

  /// The adopter's work reported progress (`updateLoadingProgress`): it never goes backwards,
  /// and reports closer together than the policy's interval are coalesced.
  func reportCategoryProgress(_ fraction: Double?, host: some StatefulContent) {
    // A NaN or infinite value carries no information: the progress shown stays.
    if let fraction, !fraction.isFinite { return }
    _ = handle(.progress(attempt: 1, fraction), host: host, apply: { _ in }, reset: {})
  }

  /// The adopter's work ended (`endLoading`): the decided state is requested at once and
  /// presented now — or, when loading is on screen for less than the minimum display time,
  /// when it has been.
  ///
  /// - Returns: Whether the load was cancelled (an error the machine's cancellation policy
  ///   recognizes): the caller then sets the state up as on appearance.
  func endCategoryWork(
    error: (any Error)?, host: some StatefulContent, completion: TransitionCompletion?
  ) -> Bool {
    var ending = machine.loadAttemptFinished(id, attempt: 1, error: error)
    // Without an actor to come back to, nothing can wait for the minimum display time.
    if case .hold = ending, actor == nil { ending = .conclude }
    switch ending {
    case .hold(let deadline):
      heldResult = .success(nil)
      machine.holdCategoryLoadEnding(
        error: error, until: deadline, host: host, animated: animated, completion: completion)
      schedule(.minimumDisplayElapsed, at: deadline)
      return false
    case .cancelled:
      machine.endCategoryLoad(id)
      return machine.recordLoadingEnded(error: error)
    case .conclude, .retry, .waitForNetwork, nil:
      machine.endCategoryLoad(id)
      return machine.concludeCategoryLoad(
        error: error, host: host, animated: animated, completion: completion)
    }
  }
}

extension LoadDriver {
  /// The minimum display time of a category load's held ending elapsed: the state requested
  /// when the work ended is presented.
  func concludeHeldCategoryWork() -> LoadOutcome {
    machine.endCategoryLoad(id)
    machine.presentDeferredRequest()
    return .completed
  }
}
