// The machine's decisions: the adopter's calls become events of the pure values (the inputs,
// the lock), and the state rules' decision becomes a request (see +Requests).
extension ContentStateMachine {
  // MARK: The category API's events

  /// Records that a load started (``StatefulContent/startLoading(animated:isolation:completion:)``).
  @usableFromInline
  func recordLoadingStarted() {
    heldDecisionsUntil = nil
    supersedeAppend()
    updateInputs { $0.loadingStarted() }
  }

  /// Records that a load ended, with an error or not
  /// (``StatefulContent/endLoading(animated:error:completion:)``).
  ///
  /// - Returns: Whether the error means the load was cancelled (``cancellationPolicy``): then
  ///   the facts from before the load came back, and the state is set up as on appearance.
  @usableFromInline
  func recordLoadingEnded(error: (any Error)?) -> Bool {
    if let error, cancellationPolicy.isCancellation(error) {
      updateInputs { $0.loadingCancelled() }
      return true
    }
    if let lock = error as? ContentLockedError {
      // The adopter's work found the content locked: the state is locked, not an error, as
      // for a `load` — with no credential tried, so no attempt counts.
      updateInputs { $0.loadingEnded(error: nil) }
      _ = updateLock { $0.loadFoundLock(lock, mode: .load, credential: nil) }
      return false
    }
    if overTimeBox != nil {
      if let error {
        recordLoadFailed(error, wasRefresh: storedIsRefreshing)
      } else {
        recordContentLoaded()
      }
    }
    updateInputs { $0.loadingEnded(error: error) }
    return false
  }

  /// Records progress reported through ``StatefulContent/updateLoadingProgress(_:)``.
  ///
  /// - Returns: Whether the progress changed (outside a load it never does).
  func recordProgress(_ fraction: Double?) -> Bool {
    updateInputs { $0.progressReported(fraction) }
  }

  /// Presents the load's progress on what is requested: the loading placeholder, or the
  /// content that stays while the load refreshes it.
  ///
  /// The requested decision's inputs are decided again with the new progress, without
  /// asking the adopter: progress never changes the decided state, even when the adopter's
  /// content is briefly empty in the middle of a refresh (the content stays until the load
  /// ends, and the end decides).
  func presentProgress<Host: StatefulContent>(_ fraction: Double?, host: Host) {
    var inputs = requestedPresentation.decision.inputs
    inputs.progress = fraction
    inputs.minimumDisplayDeadline = nil
    inputs.showDelayDeadline = nil
    let decision = StateDecision.decide(inputs)
    guard decision.state.kind == .loading || decision.isRefreshing else { return }
    submit(decision, animated: false, deferred: queue.hasDeferred, host: host)
  }

  /// Whether a lock hides the content.
  var isContentLocked: Bool { contentLock.hidesContent }

  // MARK: Deciding

  /// Asks the state rules for a decision and requests its state: the one way the machine
  /// decides.
  ///
  /// It is inlinable, so that an adopter's `hasContent` and hooks are called directly (and
  /// the defaults inlined) in the adopter's module rather than through a witness table.
  ///
  /// - Parameters:
  ///   - host: The adopter: its `hasContent`, `contentCount`, `customState(for:)` and hooks.
  ///   - animated: Whether to animate the change.
  ///   - initial: Whether this is ``StatefulContent/setupInitialState(completion:)``, where
  ///     rule 6 keeps the state idle before anything was decided.
  ///   - showDelayDeadline: When loading may be presented (the loading policy's show delay),
  ///     or `nil` for at once.
  ///   - heldUntil: Until when the decided state waits for the minimum display time of the
  ///     loading on screen (the driver then presents it), or `nil`.
  ///   - completion: Called exactly once with how the transition ended.
  /// - Returns: The error to report through `handleErrorWhenContentsAvailable`, once.
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  @discardableResult
  func submitDecidedState<Host: StatefulContent>(
    host: Host, animated: Bool, initial: Bool = false, showDelayDeadline: Duration? = nil,
    heldUntil: Duration? = nil, completion: TransitionCompletion? = nil
  ) -> (any Error)? {
    let decision = decide(
      host: host, initial: initial, showDelayDeadline: showDelayDeadline, heldUntil: heldUntil)
    submit(
      decision, animated: animated, deferred: decision.heldBackUntil != nil, host: host,
      completion: completion)
    return decision.errorToReport
  }

  /// Requests the decided state, then reports an unreported error with content to the
  /// adopter's hook, once: ``submitDecidedState(host:animated:initial:showDelayDeadline:heldUntil:completion:)``
  /// followed by what every caller of it that is not restoring must do.
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  func requestDecidedState<Host: StatefulContent>(
    host: Host, animated: Bool, initial: Bool = false, showDelayDeadline: Duration? = nil,
    heldUntil: Duration? = nil, completion: TransitionCompletion? = nil
  ) {
    let unreported = submitDecidedState(
      host: host, animated: animated, initial: initial, showDelayDeadline: showDelayDeadline,
      heldUntil: heldUntil, completion: completion)
    if let unreported { reportErrorWithContent(unreported, to: host) }
  }

  /// Gathers the rules' inputs — the machine's facts and the adopter's answers — and decides.
  ///
  /// - Returns: The decision, which the decision inputs have taken in (rule 6 ends, an
  ///   error reported with content is not reported again).
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  func decide<Host: StatefulContent>(
    host: Host, initial: Bool, showDelayDeadline: Duration?, heldUntil: Duration?
  ) -> StateDecision {
    let hasContent = callingHook { host.hasContent }
    if !hasContent, showDelayDeadline == nil, heldUntil == nil, let plain = plainDecision() {
      return plain
    }
    var inputs = gatherInputs(
      initial: initial, showDelayDeadline: showDelayDeadline, heldUntil: heldUntil)
    inputs.hasContent = hasContent
    if hasContent { inputs.contentCount = callingHook { host.contentCount } }
    if let error = inputs.error {
      inputs.customState = callingHook { host.customState(for: error) }.flatMap(customState)
    }
    return decide(inputs)
  }

  /// The decision for plain facts — no content, a first attempt or none, no progress, no
  /// error, no lock, key, page or deadline, something decided before — or `nil`: the
  /// decision ``StateDecision/decide(_:)`` makes for `StateInputs(isLoading:)`, which most
  /// requests are, without gathering the inputs (benchmark row a: a start→end cycle).
  @usableFromInline
  func plainDecision() -> StateDecision? {
    guard decider.hasDecided, decider.attempt == 1, decider.progress == nil,
      !decider.hasError, !knowsRareFacts
    else { return nil }
    return StateDecision.plain(isLoading: decider.isLoading)
  }

  /// Whether the machine knows a fact of the inputs most decisions leave at their defaults
  /// (`StateInputs.RareValues`): a lock or wrong attempts, keys, page appends, a held result.
  @usableFromInline
  var knowsRareFacts: Bool {
    contentLock.hidesContent || contentLock.failedAttempts > 0 || contentLock.recalls
      || keysBox != nil
      || appendsBox != nil || heldDecisionsUntil != nil || overTimeBox != nil
  }

  /// The machine's facts as the rules' inputs, without the adopter's answers.
  @usableFromInline
  func gatherInputs(
    initial: Bool, showDelayDeadline: Duration?, heldUntil: Duration?
  ) -> StateInputs {
    var inputs = decider.inputs(initial: initial)
    // Most decisions know no lock, key, page or deadline: their inputs stay plain.
    if !knowsRareFacts, showDelayDeadline == nil, heldUntil == nil { return inputs }
    var rare = StateInputs.RareValues(
      lock: contentLock.reason, failedUnlockAttempts: contentLock.failedAttempts,
      lockout: contentLock.lockoutError, append: currentAppendState,
      showDelayDeadline: showDelayDeadline,
      minimumDisplayDeadline: heldUntil ?? heldDecisionsUntil)
    rare.credentialRecall = contentLock.recall
    if let keys = keysBox?.value { keys.gather(into: &rare) }
    if let box = overTimeBox { gatherTimeFacts(into: &rare, box: box) }
    inputs.rareValues = rare
    return inputs
  }

  /// Decides, and lets the decision inputs take the decision in.
  @usableFromInline
  func decide(_ inputs: StateInputs) -> StateDecision {
    let decision = StateDecision.decide(inputs)
    updateInputs { $0.decided(decision) }
    if let box = overTimeBox { scheduleStaleness(after: decision, box: box) }
    return decision
  }

  /// The custom state `key`, when a placeholder is registered for it (otherwise the error
  /// placeholder shows the error).
  @usableFromInline
  func customState(_ key: CustomStateKey) -> CustomStateKey? {
    (try? placeholders.validate(.custom(key))) != nil ? key : nil
  }

  /// Locks the content (``StatefulContent/lock(_:fingerprint:animated:completion:)``); the adopter then
  /// requests the decided state.
  func lockContent(_ reason: LockReason, fingerprint: CredentialFingerprint? = nil) {
    updateLock { $0.lock(reason, fingerprint: fingerprint) }
    updateInputs { $0.contentLocked() }
  }

  /// Sets the running load's attempt without a retry, so that tests can request loading
  /// placeholders of any attempt through the rules without running a load.
  func recordLoadAttempt(_ attempt: Int) {
    updateInputs { $0.attemptChanged(to: attempt) }
  }

  /// Starts over (``StatefulContent/reset(completion:)``): forgets the inputs and the lock.
  func forgetInputsAndLock() {
    updateInputs { $0.reset() }
    forgetFreshness()
    stopWaitingForNetwork()
    updateLock { $0.reset() }
    if keysBox != nil { updateKeys { $0.reset() } }
    supersedeAppend()
  }
}
