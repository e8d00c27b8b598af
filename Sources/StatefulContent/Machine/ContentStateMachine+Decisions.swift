// The machine's decisions: the adopter's calls become events of the pure values (the inputs,
// the lock), and the state rules' decision becomes a request (see +Requests).
extension ContentStateMachine {
  // MARK: The category API's events

  /// Records that a load started (``StatefulContent/startLoading(animated:isolation:completion:)``).
  @usableFromInline
  func recordLoadingStarted() {
    holdsDecisions = false
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
  /// The state is not decided again: progress never changes the decided state, even when the
  /// adopter's content is briefly empty in the middle of a refresh (the content stays until
  /// the load ends, and the end decides).
  func presentProgress<Host: StatefulContent>(_ fraction: Double?, host: Host) {
    switch storedRequestedState.kind {
    case .loading:
      submit(
        .loading(progress: fraction), isRefreshing: false, animated: false,
        deferred: queue.hasDeferred, host: host)
    case .content where storedIsRefreshing:
      // Content stays while the load runs: its presentation carries the progress.
      submit(.content, isRefreshing: true, animated: false, deferred: queue.hasDeferred)
    default:
      break
    }
  }

  /// Rule 6: whether ``StatefulContent/setupInitialState(completion:)`` shows idle.
  func staysIdle(hasContent: @autoclosure () -> Bool) -> Bool {
    decider.staysIdle(isLocked: contentLock.hidesContent, hasContent: hasContent())
  }

  /// Whether a lock hides the content.
  @usableFromInline var isContentLocked: Bool { contentLock.hidesContent }

  // MARK: Deciding

  /// Applies the state rules to the machine's inputs and requests the decided state.
  ///
  /// It is inlinable, so that an adopter's `hasContent` and hooks are called directly (and
  /// the defaults inlined) in the adopter's module rather than through a witness table.
  ///
  /// - Parameters:
  ///   - host: The adopter: its `hasContent` and its hooks.
  ///   - animated: Whether to animate the change.
  ///   - deferLoading: Whether a loading state waits for the loading policy's show delay.
  ///   - holdsResult: Whether the decided state, whatever it is, waits until the loading on
  ///     screen was shown its minimum display time (the driver then presents it).
  ///   - completion: Called exactly once with how the transition ended.
  /// - Returns: The error to report through `handleErrorWhenContentsAvailable`, once.
  @inlinable
  @discardableResult
  func submitDecidedState<Host: StatefulContent>(
    host: Host, animated: Bool, deferLoading: Bool = false, holdsResult: Bool = false,
    completion: TransitionCompletion? = nil
  ) -> (any Error)? {
    let hasContent =
      !isContentLocked && contentCountsForKeys && callingHook { host.hasContent }
    var decision = decide(hasContent: hasContent)
    if announcing != nil, hasContent { recordContentCount(of: host) }
    if case .error(let error) = decision.state,
      let key = callingHook({ host.customState(for: error) }), showsCustomState(key)
    {
      decision.state = .custom(key)
    }
    submit(
      decision.state, isRefreshing: decision.isRefreshing, animated: animated,
      deferred: holdsResult || holdsDecisions || (deferLoading && decision.state.kind == .loading),
      host: host,
      completion: completion)
    return decision.errorToReport
  }

  /// Requests the decided state, then reports an unreported error with content to the
  /// adopter's hook, once: ``submitDecidedState(host:animated:deferLoading:holdsResult:completion:)``
  /// followed by what every caller of it that is not restoring must do.
  @inlinable
  func requestDecidedState<Host: StatefulContent>(
    host: Host, animated: Bool, deferLoading: Bool = false, holdsResult: Bool = false,
    completion: TransitionCompletion? = nil
  ) {
    let unreported = submitDecidedState(
      host: host, animated: animated, deferLoading: deferLoading, holdsResult: holdsResult,
      completion: completion)
    if let unreported { reportErrorWithContent(unreported, to: host) }
  }

  /// Whether an error may be shown as the custom state `key`: a placeholder is registered
  /// for it (otherwise the error placeholder shows the error).
  @usableFromInline
  func showsCustomState(_ key: CustomStateKey) -> Bool {
    (try? placeholders.validate(.custom(key))) != nil
  }

  /// Applies the state rules to the machine's inputs.
  ///
  /// - Parameter hasContent: Whether the adopter has content (`false` while locked).
  /// - Returns: The state, whether it is a refresh, and the error to report with content.
  @usableFromInline
  func decide(hasContent: Bool) -> StateDecider.Decision {
    decider.decide(
      hasContent: hasContent, lock: contentLock.reason, lockout: contentLock.lockoutError)
  }

  /// Locks the content (``StatefulContent/lock(_:animated:completion:)``); the adopter then
  /// requests the decided state.
  func lockContent(_ reason: LockReason) {
    updateLock { $0.lock(reason) }
  }

  /// Sets the running load's attempt without a retry, so that tests can request loading
  /// placeholders of any attempt through the rules without running a load.
  func recordLoadAttempt(_ attempt: Int) {
    updateInputs { $0.attemptChanged(to: attempt) }
  }

  /// Starts over (``StatefulContent/reset(completion:)``): forgets the inputs and the lock.
  func forgetInputsAndLock() {
    updateInputs { $0.reset() }
    updateLock { $0.reset() }
    triedSecret = nil
    if keysBox != nil { updateKeys { $0.reset() } }
    supersedeAppend()
  }
}
