// The machine's loads: it registers each run of `load` (latest wins), performs what a load's
// lifecycle decides on the machine's state, and restores the state of a cancelled load. The
// run itself — tasks, timers, the event loop — is the `LoadDriver`'s.
extension ContentStateMachine {
  /// Whether a load started with `load` is running.
  ///
  /// The category API's loads (`startLoading` … `endLoading`) do not count, whatever the
  /// loading policy: they end with `endLoading`.
  public var hasActiveLoad: Bool { loads.isRunning && loads.activeID != categoryLoad?.id }

  /// Cancels the running load and brings back the state it replaced.
  ///
  /// Cancellation is not an error: the state, the last error and the progress are restored to
  /// what they were before the load (or before the first of a chain of loads that superseded
  /// each other), at once. The load's operation task is cancelled and its `load` call returns
  /// ``LoadOutcome/cancelled``. Without a running load it does nothing.
  ///
  /// The category API's loads are not cancelled here: end them with
  /// `endLoading(error: CancellationError())`.
  ///
  /// Called on the adopter (``StatefulContent/cancelLoading()``), content that arrived or
  /// left during the load counts: the rules decide the restored state again (content wins).
  /// Called on the machine, which cannot ask the adopter, the state comes back as it was.
  public func cancelLoading() {
    cancelLoading(host: nil)
  }

  /// Cancels the running load; `host` configures the restored placeholder if it was replaced
  /// during the load.
  func cancelLoading(host: (any StatefulContent)?) {
    // A load still reading its cache (`load(cachedIn:…)`) is cancelled before it starts.
    if let box = overTimeBox { box.cancelledAt = box.loadsBegun }
    enter(orLater: { self.cancelLoading(host: host) }) { cancelRunningLoad(host: host) }
  }

  /// Cancels the running load inside a running call, and brings back the state it replaced.
  /// A load of the category API is left to its `endLoading`.
  func cancelRunningLoad(host: (any StatefulContent)?) {
    if let categoryLoad, loads.isActive(categoryLoad.id) { return }
    guard let load = loads.cancel() else { return }
    for task in load.tasks { task.cancel() }
    restore(load.restore, host: host)
    load.signal(.cancelledByMachine)
  }

  /// Ends the running load — one of the category API's too — inside a running call whose
  /// caller (a lock, a reset) decides the next state at once: the facts the load changed come
  /// back, but the state it replaced is not presented again. Presenting it would show content
  /// a streaming load had replaced under the key it replaced.
  func endRunningLoadForNewState() {
    if let categoryLoad, loads.isActive(categoryLoad.id) {
      endCategoryLoad(categoryLoad.id)
      return
    }
    guard let load = loads.cancel() else { return }
    for task in load.tasks { task.cancel() }
    restoreFacts(load.restore)
    supersedeDeferredRequest()
    load.signal(.cancelledByMachine)
  }

  /// Restores the state after the task awaiting load `id` was cancelled.
  func cancelLoadAfterTaskCancellation(_ id: UInt64, host: (any StatefulContent)?) {
    guard let load = loads.end(id) else { return }
    for task in load.tasks { task.cancel() }
    restore(load.restore, host: host)
  }

  // MARK: Registry

  /// Registers a new load, superseding the running one, and returns its identifier.
  ///
  /// - Parameters:
  ///   - lifecycle: The load's rules.
  ///   - credential: The credential an unlock tries, whose secret no text may show from now
  ///     on (see ContentStateMachine+Redaction.swift); `nil` for other loads.
  ///   - signal: Tells the load's driver what happened to it.
  func beginLoad(
    _ lifecycle: LoadLifecycle, credential: Credential? = nil,
    signal: @escaping @Sendable (LoadRegistry.Signal) -> Void
  ) -> UInt64 {
    if let credential { contentLock.credentialTried(credential) }
    heldDecisionsUntil = nil
    supersedeAppend()
    overTimeBox?.loadsBegun &+= 1
    let (id, superseded) = loads.begin(lifecycle, signal: signal) {
      LoadRegistry.Snapshot(
        presentation: requestedPresentation, inputs: decider.snapshot,
        lock: contentLock.snapshot, keys: keys.snapshot,
        placeholderGeneration: placeholders.generation,
        unheardAnnouncement: announcing?.queue.waiting)
    }
    if let superseded {
      for task in superseded.tasks { task.cancel() }
      superseded.signal(.superseded)
    }
    return id
  }

  /// Keeps a task of the load `id` so that it is cancelled with the load.
  func retain(_ task: Task<Void, Never>, forLoad id: UInt64) {
    if !loads.retain(task, forLoad: id) { task.cancel() }
  }

  // MARK: Performing a load's lifecycle

  /// A load enters loading: the inputs and the lock take the load's start, and loading (or
  /// content that stays, refreshing) is requested.
  ///
  /// - Parameters:
  ///   - savedAge: The age of content a cache saved for what the load loads, when there is
  ///     some: `applySaved` puts it in the adopter first, and the load refreshes it.
  ///   - applySaved: Applies the saved content.
  /// - Returns: The show delay's deadline when loading is held back for it; the driver then
  ///   schedules ``presentDeferredRequest()``.
  func enterLoad<Host: StatefulContent>(
    _ id: UInt64, host: Host, animated: Bool, savedAge: Duration? = nil,
    applySaved: () -> Void = {}
  ) -> Duration? {
    guard let lifecycle = loads.active?.lifecycle, loads.isActive(id) else { return nil }
    // An observer told of the start may cancel the load at once: then nothing more of it
    // may change the state (I4).
    updateInputs { $0.loadStarted() }
    if overTimeBox != nil { stopWaitingForNetwork() }
    guard loads.isActive(id) else { return nil }
    if lifecycle.key != nil || keysBox != nil {
      updateKeys { $0.loadStarted(key: lifecycle.key, policy: lifecycle.keyChange) }
    }
    updateLock { $0.loadStarted(lifecycle.mode) }
    guard loads.isActive(id) else { return nil }
    if let savedAge {
      callingHook(applySaved)
      if keysBox != nil { updateKeys { $0.contentReplaced() } }
      loads.contentReplaced(byLoad: id)
      overTime.freshness.savedContentShown(age: savedAge, now: clock.now())
    }
    let showDeadline = showDeadline(of: lifecycle)
    submitDecidedState(host: host, animated: animated, showDelayDeadline: showDeadline)
    return queue.hasDeferred ? showDeadline : nil
  }

  /// When loading may be presented for a load starting now (`nil`: at once): the
  /// registry's rule (``LoadRegistry/showDeadline(of:now:loadingIsPresented:loadingIsHeldBack:)``).
  func showDeadline(of lifecycle: LoadLifecycle) -> Duration? {
    loads.showDeadline(
      of: lifecycle, now: clock.now(), loadingIsPresented: storedPresentedState.kind == .loading,
      loadingIsHeldBack: queue.hasDeferred && storedRequestedState.kind == .loading)
  }

  /// The retry delay of load `id` elapsed.
  ///
  /// - Returns: The attempt to start, or `nil` when the load no longer runs.
  func retryLoad<Host: StatefulContent>(_ id: UInt64, host: Host) -> Int? {
    guard let attempt = loads.updateLifecycle(of: id, { $0.retryDelayElapsed() }) else {
      return nil
    }
    updateInputs { $0.retryStarted(attempt: attempt) }
    submitDecidedState(host: host, animated: false)
    return attempt
  }

  /// An attempt's operation of load `id` finished.
  ///
  /// - Parameter mayWait: Whether a failure may wait for the network (see
  ///   ``waitsForNetwork(after:)``).
  func loadAttemptFinished(
    _ id: UInt64, attempt: Int, error: (any Error)?, mayWait: Bool = true
  ) -> LoadLifecycle.AttemptEnding? {
    let now = clock.now()
    let loadingShownAt = loads.loadingShownAt
    let loadingIsRequested = storedRequestedState.kind == .loading
    let isRefreshing = storedIsRefreshing
    let showsPreviousKey = keysBox?.value.showsPreviousKey ?? false
    // The category API's loads are the adopter's own work: they never wait for the network.
    let waits =
      mayWait && overTimeBox != nil && categoryLoad?.id != id
      && error.map { waitsForNetwork(after: $0) } == true
    return loads.updateLifecycle(of: id) {
      $0.attemptFinished(
        attempt, error: error, now: now, loadingShownAt: loadingShownAt,
        loadingIsRequested: loadingIsRequested, isRefreshing: isRefreshing,
        showsPreviousKey: showsPreviousKey, waitsForNetwork: waits,
        unitRandom: { Double.random(in: 0..<1) })
    } ?? nil
  }

  /// A part of the streaming load `id` arrived: it is applied to the adopter, and the decided
  /// state — content, once the adopter has some, while the load goes on — is requested; it
  /// waits while loading has not been shown its minimum display time. A part of a locked
  /// source is withheld until its credential is accepted (``LoadLifecycle/PartStep/withheld``);
  /// the first part applied then lifts the lock — the wrong attempts still count until the
  /// load succeeds.
  ///
  /// - Returns: What the load's lifecycle decided, or `nil` for a stale part (not applied).
  func loadPartArrived<Host: StatefulContent>(
    _ id: UInt64, attempt: Int, credential: Credential?, host: Host, animated: Bool,
    apply: () -> Void
  ) -> LoadLifecycle.PartStep? {
    let now = clock.now()
    let loadingShownAt = loads.loadingShownAt
    guard
      let step = loads.updateLifecycle(
        of: id, { $0.partArrived(attempt: attempt, now: now, loadingShownAt: loadingShownAt) }),
      let step
    else { return nil }
    if step == .withheld { return .withheld }
    callingHook(apply)
    if keysBox != nil { updateKeys { $0.contentReplaced() } }
    loads.contentReplaced(byLoad: id)
    if contentLock.hidesContent { updateLock { $0.partAccepted(with: credential) } }
    submitDecidedState(host: host, animated: animated, heldUntil: step.heldUntil)
    return step
  }

  /// The operation of load `id`'s attempt `attempt` reported that the credential opened the
  /// locked source.
  ///
  /// - Returns: Whether the parts withheld until then are to be applied now.
  func loadCredentialAccepted(_ id: UInt64, attempt: Int) -> Bool {
    loads.updateLifecycle(of: id) { $0.credentialAccepted(attempt: attempt) } ?? false
  }

  /// The minimum display time of load `id` elapsed.
  ///
  /// - Returns: Whether the held result is to be applied now.
  func loadMinimumDisplayElapsed(_ id: UInt64) -> Bool {
    loads.updateLifecycle(of: id) { $0.minimumDisplayElapsed() } ?? false
  }

  /// Load `id`'s operation reported progress (or its coalescing interval elapsed, when
  /// `fraction` is absent).
  ///
  /// - Returns: The deadline of a progress flush to schedule, or `nil`.
  func loadProgress<Host: StatefulContent>(
    _ id: UInt64, attempt: Int? = nil, _ fraction: Double?? = nil, host: Host
  ) -> Duration? {
    let now = clock.now()
    let current = decider.progress
    let step = loads.updateLifecycle(of: id) { lifecycle in
      if let attempt, let fraction {
        lifecycle.progressReported(
          attempt: attempt, StateDecision.sanitizedProgress(fraction), now: now,
          current: current)
      } else {
        lifecycle.progressFlushDue(now: now, current: current)
      }
    }
    switch step {
    case .flush(let deadline): return deadline
    case .present(let fraction):
      _ = updateInputs { $0.progressReported(fraction) }
      presentProgress(fraction, host: host)
      return nil
    case .skip, nil: return nil
    }
  }

  // MARK: Concluding a load

  /// Load `id` succeeded: the lock is lifted, the value applied, and the state decided.
  func concludeLoad<Host: StatefulContent>(
    _ id: UInt64, succeededWith credential: Credential?, host: Host, animated: Bool,
    apply: () -> Void
  ) {
    endLoad(id)
    updateInputs { $0.loadEnded(error: nil) }
    if keysBox != nil { updateKeys { $0.loadEnded(failed: false) } }
    updateLock { $0.loadSucceeded(with: credential) }
    if overTimeBox != nil { recordContentLoaded() }
    callingHook(apply)
    submitDecidedState(host: host, animated: animated)
  }

  /// Load `id` failed: the state is error, or content stays and the error is reported once.
  func concludeLoad<Host: StatefulContent>(
    _ id: UInt64, failedWith error: any Error, host: Host, animated: Bool
  ) {
    let wasRefresh = storedIsRefreshing && !(keysBox?.value.showsPreviousKey ?? false)
    endLoad(id)
    updateInputs { $0.loadEnded(error: error) }
    if keysBox != nil { updateKeys { $0.loadEnded(failed: true) } }
    if overTimeBox != nil { recordLoadFailed(error, wasRefresh: wasRefresh) }
    requestDecidedState(host: host, animated: animated)
  }

  /// Load `id`'s operation found the content locked.
  ///
  /// - Returns: How the load ended: locked, or failed with
  ///   ``UnlockError/attemptLimitReached(attempts:)``.
  func concludeLoad<Host: StatefulContent>(
    _ id: UInt64, foundLock lock: ContentLockedError, mode: LoadLifecycle.Mode,
    credential: Credential?, host: Host, animated: Bool, clearParts: () -> Void
  ) -> LoadOutcome {
    endLoad(id)
    callingHook(clearParts)
    updateInputs { $0.loadEnded(error: nil) }
    if keysBox != nil { updateKeys { $0.loadEnded(failed: true) } }
    let verdict = updateLock {
      $0.loadFoundLock(lock, mode: mode, credential: credential)
    }
    switch verdict {
    case .lockedOut(let error):
      updateInputs { $0.loadEnded(error: error) }
      submitDecidedState(host: host, animated: animated)
      return .failed(error)
    case .locked(let reason):
      submitDecidedState(host: host, animated: animated)
      return .locked(reason)
    }
  }

  /// Forgets the load `id` when it ends, cancelling its remaining timers.
  private func endLoad(_ id: UInt64) {
    guard let load = loads.end(id) else { return }
    for task in load.tasks { task.cancel() }
  }

  /// Brings back the state a load replaced: the same presentation, unless the adopter's
  /// content changed during the load (the rules then decide again, through `host`'s hooks) or
  /// a placeholder was registered or removed (the state is then presented anew with the
  /// current placeholder), so nothing stale comes back. Without `host` (the machine's own
  /// ``cancelLoading()``), the content cannot be asked and the state comes back as it was.
  private func restore(_ snapshot: LoadRegistry.Snapshot, host: (any StatefulContent)?) {
    restoring(unheard: snapshot.unheardAnnouncement) { restoreState(snapshot, host: host) }
    // What comes back was decided before the load: since then the content may have turned
    // stale, or the network gone, and its staleness timer stopped while another key loaded.
    if overTimeBox != nil { presentTimeFacts() }
  }

  /// ``restore(_:host:)``'s work, whose first request is the restoration.
  private func restoreState(_ snapshot: LoadRegistry.Snapshot, host: (any StatefulContent)?) {
    restoreFacts(snapshot)
    if let host,
      !snapshot.comesBackAsBefore(
        hasContent: !isContentLocked && keys.contentCounts && callingHook { host.hasContent },
        key: currentKey)
    {
      supersedeDeferredRequest()
      // An error restored with content was the state before the load, not news: the hook
      // that reports errors with content is not called for it.
      _ = submitDecidedState(host: host, animated: false)
      return
    }
    let state = snapshot.presentation.state
    if placeholders.reuses(
      presentationOf: state.kind, builtAt: snapshot.placeholderGeneration)
    {
      resubmit(snapshot.presentation, animated: false)
      return
    }
    supersedeDeferredRequest()
    submit(
      state, isRefreshing: snapshot.presentation.isRefreshing, animated: false, host: host)
  }

  /// Brings back the facts a load changed: the decision's inputs, the lock and the keys (a
  /// streaming load's parts keep the content's key).
  private func restoreFacts(_ snapshot: LoadRegistry.Snapshot) {
    updateInputs { $0.restore(snapshot.inputs) }
    updateLock { $0.restore(snapshot.lock) }
    if keysBox != nil { updateKeys { $0.restore(snapshot.keys) } }
  }

  /// A type-erased `Clock<Duration>` that measures time from the moment it was created.
  ///
  /// Storing instants of an unknown clock type is impossible, so the machine stores elapsed
  /// durations instead and sleeps until an elapsed duration through this adapter.
  struct ElapsedClock: Sendable {
    /// The time elapsed since the adapter was created.
    let now: @Sendable () -> Duration
    /// Sleeps until the given elapsed time; throws `CancellationError` when cancelled.
    let sleep: @Sendable (_ until: Duration) async throws -> Void

    init<C: Clock>(_ clock: C) where C.Duration == Duration {
      let start = clock.now
      now = { start.duration(to: clock.now) }
      sleep = { deadline in
        try await clock.sleep(until: start.advanced(by: deadline), tolerance: nil)
      }
    }
  }
}
