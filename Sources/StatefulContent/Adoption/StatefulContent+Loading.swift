extension StatefulContent {
  /// Runs an async operation as this content's load: latest wins, cancellation restores, and
  /// the loading placeholder follows the machine's loading policy.
  ///
  /// The load enters loading (or, with content present, keeps content and reports
  /// refreshing), runs `operation`, retries it according to `retry`, and on success calls
  /// `apply` with the value and decides content or empty through ``hasContent``. On failure
  /// the state is error, or content stays and ``handleErrorWhenContentsAvailable(_:)`` is
  /// called once.
  ///
  /// Starting a load cancels the one it supersedes; a superseded load returns
  /// ``LoadOutcome/superseded`` at once and nothing of it is applied — its late result
  /// changes nothing, calls no hook and never ends the newer load's loading. Cancelling the
  /// awaiting task, or calling ``ContentStateMachine/cancelLoading()``, returns
  /// ``LoadOutcome/cancelled`` and brings the previous state back; `CancellationError` is
  /// never shown as an error.
  ///
  /// ```swift
  /// await model.load { context in
  ///   try await api.documents(progress: context.reportProgress)
  /// } apply: { model, documents in
  ///   model.content = documents
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - animated: Whether to animate the transitions. Defaults to `true`.
  ///   - retry: How failures are retried; `nil` uses the machine's
  ///     ``ContentStateMachine/retryPolicy``.
  ///   - isolation: The actor that owns the machine; inferred from the caller.
  ///   - operation: The work; it runs in a task of its own and is cancelled when the load is.
  ///     It is kept for ``reload(isolation:)``, so it must not capture the adopter strongly:
  ///     that would be a retain cycle through the machine, which no library can see or break.
  ///     Capture what it needs (`[api]`), or use
  ///     ``load(animated:retry:isolation:operation:apply:)-7ii2a``,
  ///     whose operation runs on the caller's actor and receives the adopter.
  ///   - apply: Stores the operation's value in the adopter, which it receives as its first
  ///     argument (so the closure need not capture it). It runs only for the winning load.
  /// - Returns: How the load ended.
  @discardableResult
  public func load<Value: Sendable>(
    animated: Bool = true,
    retry: RetryPolicy? = nil,
    isolation: isolated (any Actor)? = #isolation,
    operation: @escaping @Sendable (LoadContext) async throws -> Value,
    apply: @escaping (Self, Value) -> Void
  ) async -> LoadOutcome {
    await runRemembered(
      .value(operation), apply: apply, reset: nil, keying: nil, animated: animated,
      retry: retry, isolation: isolation)
  }

  /// Runs one load in a mode; `load`, `reload` and `unlock` all come here.
  func runLoad<Value: Sendable>(
    mode: LoadLifecycle.Mode,
    credential: Credential?,
    animated: Bool,
    retry: RetryPolicy?,
    isolation: isolated (any Actor)?,
    work: LoadDriver<Value>.Work,
    apply: @escaping (Self, Value) -> Void,
    reset: ((Self) -> Void)? = nil,
    key: LoadKeys.Keying? = nil
  ) async -> LoadOutcome {
    // A task cancelled before the load starts gets no load at all: nothing is superseded and
    // nothing is shown.
    if Task.isCancelled { return .cancelled }
    let machine = stateMachine
    var work = work
    if mode == .unlock, let verifier = machine.credentialVerifier, let credential {
      work = work.verifying(credential, with: verifier)
    }
    var driver = LoadDriver(
      machine: machine, mode: mode, credential: credential, animated: animated, retry: retry,
      work: work, key: key?.key, keyChange: key?.change ?? .keepPrevious,
      debounce: key?.debounce ?? .zero)
    return await driver.run(
      host: self, isolation: isolation, apply: { apply(self, $0) }, reset: { reset?(self) })
  }

  /// Runs an async operation as this content's load and stores its value at a key path.
  ///
  /// The same as ``load(animated:retry:isolation:operation:apply:)-1z75a`` with an `apply` that
  /// assigns the value to `keyPath`.
  ///
  /// ```swift
  /// await model.load(into: \.content) { _ in try await api.documents() }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: Where the value is stored, such as `\.content`.
  ///   - animated: Whether to animate the transitions. Defaults to `true`.
  ///   - retry: How failures are retried; `nil` uses the machine's policy.
  ///   - isolation: The actor that owns the machine; inferred from the caller.
  ///   - operation: The work; it runs in a task of its own.
  /// - Returns: How the load ended.
  @discardableResult
  public func load<Value: Sendable>(
    into keyPath: ReferenceWritableKeyPath<Self, Value>,
    animated: Bool = true,
    retry: RetryPolicy? = nil,
    isolation: isolated (any Actor)? = #isolation,
    operation: @escaping @Sendable (LoadContext) async throws -> Value
  ) async -> LoadOutcome {
    await load(
      animated: animated, retry: retry, isolation: isolation, operation: operation,
      apply: { host, value in host[keyPath: keyPath] = value })
  }

  /// Runs the last load's operation again, as the error placeholder's Retry action does.
  ///
  /// It runs the operation and `apply` closure given to the last `load` call, as they were
  /// captured then: state the closures read when they run is current, but a closure that the
  /// adopter swapped out since is not used.
  ///
  /// Content unlocked with ``unlock(with:animated:isolation:)`` stays unlocked: the operation
  /// receives the credential that unlocked it in ``LoadContext/credential``.
  ///
  /// - Parameter isolation: The actor that owns the machine; inferred from the caller.
  /// - Returns: How the new load ended, or `nil` when nothing has been loaded with `load` yet.
  @discardableResult
  public func reload(isolation: isolated (any Actor)? = #isolation) async -> LoadOutcome? {
    let machine = stateMachine
    guard let recipe = machine.loads.lastRecipe else { return nil }
    return await recipe.run(
      on: self, mode: .reload, credential: machine.credential, isolation: isolation)
  }

  /// Cancels the running load and brings back the state it replaced.
  ///
  /// See ``ContentStateMachine/cancelLoading()``.
  public func cancelLoading() {
    stateMachine.cancelLoading(host: self)
  }
}

extension StatefulContent {
  /// Runs an async operation on the caller's actor, given the adopter, as this content's load.
  ///
  /// The same as ``load(animated:retry:isolation:operation:apply:)-1z75a``,
  /// but the operation runs on the actor that calls `load` — the main actor for a
  /// `@MainActor` model, the owning actor for a model an actor keeps — and receives the
  /// adopter instead of capturing it. So it may read the model and call its non-`Sendable`
  /// services (their async methods `nonisolated(nonsending)`, so that they run on the caller's
  /// actor too), and the model is released when the app lets it go: the operation is kept for
  /// ``reload(isolation:)``, but it holds no reference to the model.
  ///
  /// ```swift
  /// await feed.load { feed, context in
  ///   try await feed.api.items()
  /// } apply: { feed, items in
  ///   feed.content = items
  /// }
  /// ```
  ///
  /// Latest wins, cancellation, retry and the loading policy work as for any load: the
  /// operation runs in a task of its own (on the caller's actor) and is cancelled when the load
  /// is; while it waits, the actor runs other work.
  ///
  /// - Parameters:
  ///   - animated: Whether to animate the transitions. Defaults to `true`.
  ///   - retry: How failures are retried; `nil` uses the machine's policy.
  ///   - isolation: The actor that owns the machine, and that the operation runs on; inferred
  ///     from the caller, which must be isolated to an actor.
  ///   - operation: The work, given the adopter and the load's context.
  ///   - apply: Stores the operation's value in the adopter. It runs only for the winning
  ///     load.
  /// - Returns: How the load ended.
  @discardableResult
  public func load<Value: Sendable>(
    animated: Bool = true,
    retry: RetryPolicy? = nil,
    isolation: isolated any Actor = #isolation,
    operation: nonisolated(nonsending) @escaping (Self, LoadContext) async throws -> Value,
    apply: @escaping (Self, Value) -> Void
  ) async -> LoadOutcome {
    // The recipe is kept by the machine, which the adopter owns: it holds the actor weakly,
    // so that an actor that owns the adopter is not kept alive through it.
    let bind: (Self, (any Actor)?) -> LoadDriver<Value>.Work = {
      [weak isolation] host, current in
      .value(IsolatedOperation(host: host, operation: operation, actor: current ?? isolation).run)
    }
    stateMachine.rememberLoad(
      LoadRecipe(animated: animated, retry: retry, work: bind, apply: apply))
    return await runLoad(
      mode: .load, credential: nil, animated: animated, retry: retry, isolation: isolation,
      work: bind(self, isolation), apply: apply)
  }

  /// Runs an async operation on the caller's actor, given the adopter, as this content's
  /// load, and stores its value at a key path.
  ///
  /// The same as ``load(animated:retry:isolation:operation:apply:)-7ii2a``
  /// with an `apply` that assigns the value to `keyPath`.
  ///
  /// ```swift
  /// await feed.load(into: \.content) { feed, _ in try await feed.api.items() }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: Where the value is stored, such as `\.content`.
  ///   - animated: Whether to animate the transitions. Defaults to `true`.
  ///   - retry: How failures are retried; `nil` uses the machine's policy.
  ///   - isolation: The actor that owns the machine, and that the operation runs on.
  ///   - operation: The work, given the adopter and the load's context.
  /// - Returns: How the load ended.
  @discardableResult
  public func load<Value: Sendable>(
    into keyPath: ReferenceWritableKeyPath<Self, Value>,
    animated: Bool = true,
    retry: RetryPolicy? = nil,
    isolation: isolated any Actor = #isolation,
    operation: nonisolated(nonsending) @escaping (Self, LoadContext) async throws -> Value
  ) async -> LoadOutcome {
    await load(
      animated: animated, retry: retry, isolation: isolation, operation: operation,
      apply: { host, value in host[keyPath: keyPath] = value })
  }
}
