extension StatefulContent {
  /// The state most recently requested (``ContentStateMachine/requestedState``).
  public var currentState: ContentState { stateMachine.requestedState }

  /// The state presented before the current one (``ContentStateMachine/lastState``).
  public var lastState: ContentState { stateMachine.lastState }

  /// Shows the state the rules decide for the facts known so far, without flashing empty.
  ///
  /// Call it when the component appears. Before anything has been loaded, the state stays
  /// ``ContentState/idle`` unless there is content or a lock; afterwards the state is decided
  /// again from the real facts (unlike the reference libraries, which made up an error here).
  ///
  /// - Parameter completion: Called exactly once with how the transition ended.
  public func setupInitialState(completion: TransitionCompletion? = nil) {
    stateMachine.enter(orLater: { self.setupInitialState(completion: completion) }) {
      requestInitialState(animated: false, completion: completion)
    }
  }

  /// Requests idle while nothing has been decided (rule 6), or else the decided state: the
  /// body of ``setupInitialState(completion:)``, inside a running call.
  @usableFromInline
  func requestInitialState(animated: Bool, completion: TransitionCompletion?) {
    stateMachine.requestDecidedState(
      host: self, animated: animated, initial: true, completion: completion)
  }

  /// Starts over: cancels the running load, forgets the last error, the lock and the
  /// credential, and returns to ``ContentState/idle``.
  ///
  /// Use it when the component is reused for something else, or after clearing the content:
  /// without it, ``setupInitialState(completion:)`` decides again from the facts known so far
  /// and shows, for instance, the last error. After a reset, nothing has been decided: the
  /// state stays idle until loading starts or there is content (rule 6). Registered
  /// placeholders and the loading and retry policies are kept; the lock, its attempts and
  /// the credential kept for reloads are forgotten.
  ///
  /// - Parameter completion: Called exactly once with how the transition to idle ended.
  public func reset(completion: TransitionCompletion? = nil) {
    let machine = stateMachine
    machine.enter(orLater: { self.reset(completion: completion) }) {
      machine.endRunningLoadForNewState()
      machine.forgetInputsAndLock()
      machine.submit(.idle, isRefreshing: false, animated: false, completion: completion)
    }
  }

  /// Marks a load as started and shows loading — or keeps content, reporting a refresh.
  ///
  /// Follows `startLoading(animated:completion:)` of `StatefulViewController`, but the
  /// completion is called exactly once, also when the state does not change.
  ///
  /// The machine's ``ContentStateMachine/loadingPolicy`` applies as it does to `load`:
  /// loading is the requested state at once, but it is presented only after the show delay,
  /// and a load that ends within it never shows loading — its completion then receives
  /// ``TransitionOutcome/superseded`` (the end's request replaced it). Once shown, loading
  /// stays the minimum display time before ``endLoading(animated:error:completion:)``
  /// replaces it. The timers come back to `isolation`, also for an `endLoading` or an
  /// `updateLoadingProgress` called later from code isolated to no actor (a completion
  /// handler). Called itself from code isolated to no actor, there is no actor to come back
  /// to, and loading appears and ends at once, as under ``LoadingPolicy/immediate``. While a
  /// `load` runs, it only marks loading.
  ///
  /// - Parameters:
  ///   - animated: Whether to animate the change. Defaults to `false`.
  ///   - isolation: The actor that owns the machine; inferred from the caller.
  ///   - completion: Called exactly once with how the transition ended.
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  public func startLoading(
    animated: Bool = false, isolation: isolated (any Actor)? = #isolation,
    completion: TransitionCompletion? = nil
  ) {
    let machine = stateMachine
    machine.enter(
      orLater: {
        self.startLoading(animated: animated, isolation: isolation, completion: completion)
      }
    ) {
      if let actor = machine.pacingActor(isolation: isolation) {
        machine.startPacedCategoryLoad(
          host: self, animated: animated, isolation: actor, completion: completion)
      } else {
        machine.recordLoadingStarted()
        // The staleness timer of content this load ends with comes back to this actor.
        if machine.overTimeBox != nil { machine.noteTimerHome(actor: isolation, host: self) }
        requestDecidedState(animated: animated, completion: completion)
      }
    }
  }

  /// Marks the load as ended and shows content, empty or error.
  ///
  /// With content and an error, the content stays and
  /// ``handleErrorWhenContentsAvailable(_:)`` is called exactly once, after the request is
  /// made. Follows `endLoading(animated:error:completion:)` of `StatefulViewController`.
  ///
  /// Call it on the model's isolation, as every method of the protocol. A completion handler
  /// that runs elsewhere — a `@Sendable` one, as URLSession's are — hops back first:
  /// `Task { @MainActor in … self.endLoading() }` in a main-actor model. Called in such a
  /// completion directly, it does not compile: the main actor-isolated conformance "cannot be
  /// used in nonisolated context". <doc:Migrating> shows both forms that work.
  ///
  /// Under the machine's ``ContentStateMachine/loadingPolicy``, a loading placeholder shown
  /// for less than the minimum display time stays until it has been: the decided state is
  /// requested now (``currentState`` says it) and presented then, when `completion` runs.
  ///
  /// While a `load` runs — started after this work, or during it — that load decides: the call
  /// does not end its loading and its error is dropped, as a superseded load's result is
  /// (the completion receives the outcome of the decided state's request).
  ///
  /// A lock is not an error either: with ``ContentLockedError`` the state is locked, as after a
  /// `load` that found it, with no attempt counted.
  ///
  /// Cancellation is not an error: with an error the machine's
  /// ``ContentStateMachine/cancellationPolicy`` recognizes (`CancellationError`,
  /// `URLError.cancelled`, …), the error from before
  /// ``startLoading(animated:isolation:completion:)`` comes back and the state is decided as
  /// on appearance — idle, when nothing had been decided before the load.
  ///
  /// - Parameters:
  ///   - animated: Whether to animate the change. Defaults to `true`.
  ///   - error: The error the load ended with, or `nil` when it succeeded.
  ///   - completion: Called exactly once with how the transition ended.
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  public func endLoading(
    animated: Bool = true, error: (any Error)? = nil, completion: TransitionCompletion? = nil
  ) {
    let machine = stateMachine
    machine.enter(
      orLater: { self.endLoading(animated: animated, error: error, completion: completion) }
    ) {
      let cancelled: Bool
      if machine.hasPacedCategoryLoad {
        cancelled = machine.endPacedCategoryLoad(
          error: error, host: self, animated: animated, completion: completion)
      } else if machine.hasActiveLoad {
        // A `load` runs: it superseded the work this call ends, and it decides (I4).
        cancelled = false
        requestDecidedState(animated: animated, completion: completion)
      } else if machine.recordLoadingEnded(error: error) {
        cancelled = true
      } else {
        cancelled = false
        requestDecidedState(animated: animated, completion: completion)
      }
      // Cancelled: not an error. The state from before the load comes back, idle included.
      if cancelled {
        machine.restoring { requestInitialState(animated: animated, completion: completion) }
      }
    }
  }

  /// Reports how far the running load is; the loading placeholder shows it.
  ///
  /// Progress is a fraction from 0 to 1; values outside are clamped, and a NaN or infinite
  /// value carries no information and is ignored (the progress shown stays). Progress never
  /// goes backwards within a load: a smaller fraction than the one shown is ignored. Under
  /// the machine's ``ContentStateMachine/loadingPolicy``, reports closer together than its
  /// progress interval are coalesced (the latest is shown when the interval has passed) and
  /// smaller changes than its step are skipped, as for `load`. Outside a load it does nothing.
  ///
  /// Progress never changes the state: it is shown on what is requested — the loading
  /// placeholder, or the content that stays during a refresh — and the state is decided
  /// again only when the load ends. Content that is briefly empty in the middle of a refresh
  /// does not bring the loading placeholder over it.
  ///
  /// - Parameter fraction: The fraction done, 0…1, or `nil` when it became unknown.
  public func updateLoadingProgress(_ fraction: Double?) {
    let machine = stateMachine
    machine.enter(orLater: { self.updateLoadingProgress(fraction) }) {
      if machine.hasPacedCategoryLoad {
        machine.reportPacedCategoryProgress(fraction, host: self)
        return
      }
      guard machine.recordProgress(fraction) else { return }
      machine.presentProgress(machine.decider.progress, host: self)
    }
  }

  /// Registers the placeholder shown for a kind of state, replacing any previous one.
  ///
  /// If that state is the one requested, it is presented again with the new placeholder —
  /// through this adopter's `configure…Placeholder` and `insets(for:)` hooks — so nothing of
  /// the old one is left on screen.
  ///
  /// - Parameters:
  ///   - placeholder: The placeholder, or `nil` to go back to the built-in one.
  ///   - kind: The kind of state it is for.
  /// - Throws: ``StateMachineError/stateHasNoPlaceholder(_:)`` for idle and content.
  public func setPlaceholder(
    _ placeholder: (any Placeholder)?, for kind: ContentState.Kind
  ) throws(StateMachineError) {
    try stateMachine.setPlaceholder(placeholder, for: kind, host: self)
  }

  /// Shows a custom state with the placeholder registered for its key.
  ///
  /// The state stays until the next `startLoading`, `endLoading` or other request.
  ///
  /// - Parameters:
  ///   - key: The custom state's key.
  ///   - placeholder: A placeholder to register for the key first, or `nil` to use the one
  ///     already registered.
  ///   - animated: Whether to animate the change.
  ///   - completion: Called exactly once with how the transition ended.
  /// - Throws: ``StateMachineError/missingPlaceholder(_:)`` when no placeholder is registered
  ///   or given; ``StateMachineError/contentIsLocked`` while locked.
  public func showCustomState(
    _ key: CustomStateKey,
    placeholder: (any Placeholder)? = nil,
    animated: Bool = false,
    completion: TransitionCompletion? = nil
  ) throws(StateMachineError) {
    let machine = stateMachine
    if machine.isContentLocked { throw .contentIsLocked }
    if let placeholder { try machine.setPlaceholder(placeholder, for: .custom(key), host: self) }
    try machine.transition(
      to: .custom(key), isRefreshing: false, animated: animated, host: self,
      completion: completion)
  }

  /// Applies the state rules to the facts known now and requests the decided state.
  ///
  /// With content and an unreported error, ``handleErrorWhenContentsAvailable(_:)`` is called
  /// once, after the request is made.
  ///
  /// - Parameters:
  ///   - animated: Whether to animate the change.
  ///   - completion: Called exactly once with how the transition ended.
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  public func transitionToDecidedState(
    animated: Bool, completion: TransitionCompletion? = nil
  ) {
    stateMachine.enter(
      orLater: { self.transitionToDecidedState(animated: animated, completion: completion) }
    ) {
      requestDecidedState(animated: animated, completion: completion)
    }
  }

  /// Requests the decided state, then reports an unreported error with content once: the
  /// body of ``transitionToDecidedState(animated:completion:)``, inside a running call.
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  func requestDecidedState(animated: Bool, completion: TransitionCompletion?) {
    stateMachine.requestDecidedState(host: self, animated: animated, completion: completion)
  }
}
