// The machine's requests: from a requested (or decided) state to a presentation handed to the
// transition queue. The decisions are the pure values'; this file performs them.
extension ContentStateMachine {
  // MARK: Public requests

  /// Registers the placeholder shown for a kind of state, replacing any previous one.
  ///
  /// If that state is the one requested, it is presented again with the new placeholder, so
  /// nothing of the old one is left on screen. Called on the machine, the adopter's
  /// `configure…Placeholder` and `insets(for:)` hooks do not run for that presentation; call
  /// ``StatefulContent/setPlaceholder(_:for:)`` on the adopter to have them run.
  ///
  /// - Parameters:
  ///   - placeholder: The placeholder, or `nil` to go back to the built-in one.
  ///   - kind: The kind of state it is for.
  /// - Throws: ``StateMachineError/stateHasNoPlaceholder(_:)`` for idle and content.
  public func setPlaceholder(
    _ placeholder: (any Placeholder)?, for kind: ContentState.Kind
  ) throws(StateMachineError) {
    try setPlaceholder(placeholder, for: kind, host: nil)
  }

  func setPlaceholder(
    _ placeholder: (any Placeholder)?, for kind: ContentState.Kind,
    host: (any StatefulContent)?
  ) throws(StateMachineError) {
    let presentsAgain = try placeholders.register(
      placeholder, for: kind, requestedKind: storedRequestedState.kind)
    presentationCache.forget(kind)
    guard presentsAgain else { return }
    if isCallingHook {
      // Registered at once; presented again after the running call, if still requested.
      return runAfterCurrentCall { [self] in
        guard storedRequestedState.kind == kind else { return }
        asCall { presentRequestedStateAgain(host: host) }
      }
    }
    beginCall()
    presentRequestedStateAgain(host: host)
    endCall()
  }

  /// Presents the requested state again, with its placeholder registered anew.
  private func presentRequestedStateAgain(host: (any StatefulContent)?) {
    // The requested state itself, with its real error: the decision's may be redacted.
    var decision = requestedPresentation.decision
    decision.state = storedRequestedState
    decision.isRefreshing = storedIsRefreshing
    submit(decision, animated: false, forced: true, host: host)
  }

  /// Requests a state directly, bypassing the state rules.
  ///
  /// Use it for custom states and for hosts that decide states themselves; adopters of
  /// ``StatefulContent`` normally call `startLoading` and `endLoading` instead.
  ///
  /// - Parameters:
  ///   - state: The state to show.
  ///   - isRefreshing: Whether a load runs while content stays visible.
  ///   - animated: Whether to animate the change.
  ///   - completion: Called exactly once with how the transition ended.
  /// - Throws: ``StateMachineError/missingPlaceholder(_:)`` for a custom state with no
  ///   registered placeholder; ``StateMachineError/contentIsLocked`` for content, empty or a
  ///   custom state while ``lock`` is set. A request that throws changes nothing and calls no
  ///   completion.
  public func transition(
    to state: ContentState,
    isRefreshing: Bool = false,
    animated: Bool = false,
    completion: TransitionCompletion? = nil
  ) throws(StateMachineError) {
    try transition(
      to: state, isRefreshing: isRefreshing, animated: animated, host: nil, completion: completion)
  }

  func transition(
    to state: ContentState, isRefreshing: Bool, animated: Bool, host: (any StatefulContent)?,
    completion: TransitionCompletion?
  ) throws(StateMachineError) {
    if contentLock.refuses(state.kind) { throw .contentIsLocked }
    try placeholders.validate(state.kind)
    if isCallingHook {
      return runAfterCurrentCall { [self] in
        // Checked again when it runs: a lock or a removed placeholder in between cancels it.
        guard !contentLock.refuses(state.kind), (try? placeholders.validate(state.kind)) != nil
        else { return completion?(.cancelled) ?? () }
        asCall {
          submit(
            state, isRefreshing: isRefreshing, animated: animated, host: host,
            completion: completion)
        }
      }
    }
    beginCall()
    submit(
      state, isRefreshing: isRefreshing, animated: animated, host: host, completion: completion)
    endCall()
  }

  /// Cancels the request waiting behind the presentation in flight; it completes `cancelled`.
  ///
  /// The presentation in flight goes on and completes as usual, and ``requestedState`` becomes
  /// its state again, so the machine never keeps requesting a state it will not present.
  public func cancelPendingTransitions() {
    enter(orLater: { self.cancelPendingTransitions() }) {
      let cancelledDeferred = queue.cancelDeferred()
      if !cancelledDeferred.isEmpty {
        perform(cancelledDeferred)
        revertRequestedToPresentation()
      }
      send(.cancelWaiting)
    }
  }

  // MARK: Building presentations

  /// Builds the presentation for a state and hands it to the queue.
  ///
  /// A `deferred` request only becomes the requested state; the queue holds it back until
  /// the show delay elapses, unless a newer request replaces it first.
  func submit(
    _ state: ContentState,
    isRefreshing: Bool,
    animated: Bool,
    forced: Bool = false,
    deferred: Bool = false,
    host: (any StatefulContent)? = nil,
    completion: TransitionCompletion? = nil
  ) {
    submit(
      StateDecision(state: state, rule: .requested, isRefreshing: isRefreshing),
      animated: animated, forced: forced, deferred: deferred, host: host, completion: completion)
  }

  /// Builds the presentation of a decision, through the host's hooks when there is a host,
  /// and hands it to the queue.
  func submit(
    _ decision: StateDecision,
    animated: Bool,
    forced: Bool = false,
    deferred: Bool = false,
    host: (any StatefulContent)?,
    completion: TransitionCompletion? = nil
  ) {
    if let host {
      submit(
        decision, animated: animated, forced: forced, deferred: deferred, host: host,
        completion: completion)
    } else {
      submit(
        decision, animated: animated, forced: forced, deferred: deferred, completion: completion
      ) { placeholder, _ in (placeholder, .zero) }
    }
  }

  /// Builds the presentation of a decision through the host's hooks and hands it to the
  /// queue.
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  func submit<Host: StatefulContent>(
    _ decision: StateDecision,
    animated: Bool,
    forced: Bool = false,
    deferred: Bool = false,
    host: Host,
    completion: TransitionCompletion? = nil
  ) {
    submit(
      decision, animated: animated, forced: forced, deferred: deferred, completion: completion
    ) { placeholder, state in
      callingHook { (Self.configure(placeholder, for: state, by: host), host.insets(for: state)) }
    }
  }

  /// Makes a state the requested one, builds its presentation and hands it to the queue.
  ///
  /// - Parameter configure: Returns the placeholder to show for the state, given the
  ///   registered or built-in one, and the host's insets for it.
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  func submit(
    _ decision: StateDecision,
    animated: Bool,
    forced: Bool,
    deferred: Bool,
    completion: TransitionCompletion?,
    configure: (any Placeholder, ContentState) -> (any Placeholder, EdgeInsets)
  ) {
    let isRefreshing = decision.isRefreshing
    guard
      let request = beginRequest(
        decision, isRefreshing: isRefreshing, deferred: deferred, completion: completion)
    else { return }
    guard request.state.showsPlaceholder else {
      finishRequest(
        request, isRefreshing: isRefreshing, animated: animated, forced: forced,
        completion: completion)
      return
    }
    let (placeholder, insets, attempt) = configuredPlaceholder(for: request.state) {
      configure($0, request.state)
    }
    finishRequest(
      request, placeholder: placeholder, hostInsets: insets, isRefreshing: isRefreshing,
      attempt: attempt, animated: animated, forced: forced, completion: completion)
  }

  /// A request that became the requested state and waits for its presentation to be built.
  @usableFromInline
  struct PendingRequest {
    /// The request's identifier; its completion is stored under it.
    let id: UInt64
    /// The requested state, with its progress sanitized.
    @usableFromInline let state: ContentState
    /// The decision that asked for it.
    let decision: StateDecision
    /// Whether the request waits for the loading policy's show delay.
    let deferred: Bool
  }

  /// Makes a state the requested one: the first step of every request.
  ///
  /// - Returns: The request, or `nil` when an observer of ``requestedState`` made a newer
  ///   request while being notified of this one (the completion then ran `superseded`).
  @usableFromInline
  func beginRequest(
    _ decision: StateDecision, isRefreshing: Bool, deferred: Bool,
    completion: TransitionCompletion?
  ) -> PendingRequest? {
    var state = decision.state
    var isLoading = false
    if case .loading(let progress) = state {
      isLoading = true
      if let progress { state = .loading(progress: StateDecision.sanitizedProgress(progress)) }
    }
    let deferred = queue.defers(loading: isLoading, asked: deferred)
    let id = nextRequestID
    nextRequestID &+= 1
    latestRequestID = id
    if announcing != nil { requestMade(id) }
    setRequested(state, isRefreshing: isRefreshing)
    guard latestRequestID == id else {
      // An observer of requestedState made a request while being notified of this one: that
      // request took effect after this one, so it wins.
      completion?(.superseded)
      return nil
    }
    supersedeDeferredRequest()
    return PendingRequest(id: id, state: consume state, decision: decision, deferred: deferred)
  }

  /// Configures the placeholder a state shows: the registered or built-in one (see
  /// `PlaceholderRegistry`), lent to `configure` with the host's insets.
  ///
  /// - Returns: The configured placeholder, the host's insets, and the load's attempt.
  @usableFromInline
  func configuredPlaceholder(
    for state: ContentState, _ configure: (any Placeholder) -> (any Placeholder, EdgeInsets)
  ) -> (any Placeholder, EdgeInsets, attempt: Int) {
    let attempt = state.kind == .loading ? decider.attempt : 1
    let key = currentKey
    let registered = placeholders.registeredPlaceholder(for: state.kind)
    if holdsSecrets {
      // Only while a secret is known: otherwise a placeholder handed on is not copied.
      let (placeholder, insets) = PlaceholderRegistry.configure(
        registered: registered, for: state, attempt: attempt, key: key, builtIns: builtIns,
        redaction: secretRedaction, configure)
      return (placeholder, insets, attempt)
    }
    if let registered {
      let (placeholder, insets) = PlaceholderRegistry.configure(
        registered, for: state, attempt: attempt, key: key, builtIns: builtIns, configure)
      return (placeholder, insets, attempt)
    }
    let (placeholder, insets) = PlaceholderRegistry.configureBuiltIn(
      for: state, attempt: attempt, key: key, builtIns: builtIns, configure)
    return (placeholder, insets, attempt)
  }

  /// Builds the presentation of a request from its configured placeholder and hands it to the
  /// queue: the last step of every request that shows a placeholder.
  @usableFromInline
  func finishRequest(
    _ request: PendingRequest, placeholder: any Placeholder, hostInsets: EdgeInsets,
    isRefreshing: Bool, attempt: Int, animated: Bool, forced: Bool,
    completion: TransitionCompletion?
  ) {
    let ownInsets = placeholder.insets
    let insets =
      hostInsets == .zero && ownInsets == .zero
      ? EdgeInsets.zero : (hostInsets.sanitized + ownInsets.sanitized).saturated
    let presentation = presentationCache.presentation(
      state: request.state, placeholder: placeholder, insets: insets,
      isRefreshing: isRefreshing, attempt: attempt, key: currentKey,
      decision: decisionKeepingSecrets(request.decision))
    enqueue(
      request, presentation: consume presentation, animated: animated, forced: forced,
      completion: completion)
  }

  /// Builds the presentation of a request for a state without a placeholder (idle or content)
  /// and hands it to the queue: the last step of those requests.
  @usableFromInline
  func finishRequest(
    _ request: PendingRequest, isRefreshing: Bool, animated: Bool, forced: Bool,
    completion: TransitionCompletion?
  ) {
    let presentation = presentationCache.presentation(
      state: request.state, isRefreshing: isRefreshing,
      progress: isRefreshing ? decider.progress : nil, key: currentKey,
      showsPreviousKey: request.decision.showsPreviousKey, append: currentAppendState,
      decision: decisionKeepingSecrets(request.decision))
    enqueue(
      request, presentation: consume presentation, animated: animated, forced: forced,
      completion: completion)
  }

  /// Hands a request's presentation to the queue, or holds it back for the show delay.
  private func enqueue(
    _ request: PendingRequest, presentation: consuming Presentation, animated: Bool,
    forced: Bool,
    completion: TransitionCompletion?
  ) {
    let id = request.id
    if let completion { completions[id] = completion }
    guard latestRequestID == id else {
      // A configuration hook requested another state while this one was being built: that
      // newer request took effect after this one, so it wins.
      complete(id, .superseded)
      return
    }
    requestedPresentation = presentation
    let queued = TransitionQueue.Request(
      id: id, presentation: consume presentation, animated: animated, forced: forced)
    if request.deferred {
      perform(queue.requestDeferred(consume queued))
      send(.supersedeWaiting)
    } else {
      send(.request(consume queued))
    }
  }

  /// Completes the request held back by the show delay as superseded, if there is one.
  func supersedeDeferredRequest() {
    guard queue.hasDeferred else { return }
    perform(queue.supersedeDeferred())
  }

  /// Sends the request held back by the show delay to the presenter.
  func presentDeferredRequest() {
    send(.showDelayElapsed)
  }

  /// Runs the host's configuration hook for a state's placeholder.
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  static func configure<Host: StatefulContent>(
    _ placeholder: any Placeholder, for state: ContentState, by host: Host
  ) -> any Placeholder {
    switch state {
    case .loading: host.configureLoadingPlaceholder(placeholder)
    case .empty: host.configureEmptyPlaceholder(placeholder)
    case .waiting: host.configureWaitingPlaceholder(placeholder)
    case .error(let error): host.configureErrorPlaceholder(placeholder, error: error)
    case .locked(let reason): host.configureLockedPlaceholder(placeholder, reason: reason)
    case .custom(let key): host.configureCustomPlaceholder(placeholder, key: key)
    case .idle, .content: placeholder
    }
  }

  /// Sets the requested state, notifying observers only when it really changes.
  ///
  /// The value is stored before observers are told, so that a request an observer makes from
  /// its change handler takes effect after this one instead of being overwritten by it.
  func setRequested(_ state: ContentState, isRefreshing refreshing: Bool) {
    let stateChanged = !storedRequestedState.hasSamePayload(as: state)
    let refreshingChanged = storedIsRefreshing != refreshing
    storedRequestedState = state
    storedIsRefreshing = refreshing
    guard isObserved else { return }
    if stateChanged { notifyChange(\.requestedState) }
    if refreshingChanged { notifyChange(\.isRefreshing) }
  }
}
