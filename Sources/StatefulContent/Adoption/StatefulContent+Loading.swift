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
  ///     It is released when the load ends — the machine keeps no operation, so capturing
  ///     the adopter (`self.api`) is no retain cycle; ``reload(isolation:)`` and Retry ask
  ///     the adopter's ``loadContent()`` for the load again.
  ///   - apply: Stores the operation's value in the adopter, which it receives as its first
  ///     argument. It runs only for the winning load, and is released with the load.
  /// - Returns: How the load ended.
  @discardableResult
  public func load<Value: Sendable>(
    animated: Bool = true,
    retry: RetryPolicy? = nil,
    isolation: isolated (any Actor)? = #isolation,
    operation: @escaping @Sendable (LoadContext) async throws -> Value,
    apply: @escaping (Self, Value) -> Void
  ) async -> LoadOutcome {
    await runLoad(
      animated: animated, retry: retry, isolation: isolation, work: .value(operation),
      apply: apply)
  }

  /// Runs one load; every form of `load` comes here.
  ///
  /// A load started in a task where ``reload(isolation:)`` or ``unlock(with:remember:animated:isolation:)``
  /// waits for the adopter's load runs as theirs (`ContentStateMachine.loadStart(for:in:)`): with the
  /// credential that unlocked the content and no debounce, or with the credential to try.
  func runLoad<Value: Sendable>(
    animated: Bool,
    retry: RetryPolicy?,
    isolation: isolated (any Actor)?,
    work: LoadDriver<Value>.Work,
    apply: @escaping (Self, Value) -> Void,
    reset: ((Self) -> Void)? = nil,
    key: LoadKeys.Keying? = nil,
    saved: CachedContent<Value>? = nil
  ) async -> LoadOutcome {
    // A task cancelled before the load starts gets no load at all: nothing is superseded and
    // nothing is shown.
    if Task.isCancelled { return .cancelled }
    let machine = stateMachine
    let scope = machine.requestScope
    if let scope, scope.isolation !== isolation {
      // Swift 6 lets a plain `func loadContent() async` declared in an extension that does
      // not name the conformance satisfy the `nonisolated(nonsending)` requirement; it runs on
      // the global executor, and this load with it. The adopter and the load's closures
      // belong to the scope's actor, which waits for `loadContent()`: the load runs there.
      nonisolated(unsafe) let host = self
      nonisolated(unsafe) let load = (work: work, apply: apply, reset: reset)
      let hop: (isolated (any Actor)?) async -> LoadOutcome = { requester in
        host.stateMachine.reportAdoptionMistake(.loadContentRanOffItsActor)
        return await host.runLoad(
          animated: animated, retry: retry, isolation: requester, work: load.work,
          apply: load.apply, reset: load.reset, key: key,
          saved: saved)
      }
      return await hop(scope.isolation)
    }
    let start = machine.loadStart(for: key?.key, in: scope)
    if start.isSuperseded, let id = start.id {
      machine.requestedLoadEnded(id, outcome: .superseded)
      return .superseded
    }
    var work = work
    if start.mode == .unlock, let verifier = machine.credentialVerifier,
      let credential = start.credential
    {
      work = work.verifying(credential, with: verifier)
    }
    if machine.overTimeBox != nil { machine.noteTimerHome(actor: isolation, host: self) }
    let driver = LoadDriver(
      machine: machine, mode: start.mode, credential: start.credential, animated: animated,
      retry: retry, work: work, key: key?.key, keyChange: key?.change ?? .keepPrevious,
      debounce: start.id == nil ? key?.debounce ?? .zero : .zero)
    let outcome = await driver.run(
      host: self, isolation: isolation, apply: { apply(self, $0) }, reset: { reset?(self) },
      saved: saved)
    if let id = start.id { machine.requestedLoadEnded(id, outcome: outcome) }
    return outcome
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

  /// Loads the content again, as the error placeholder's Retry action and pull to refresh do:
  /// asks the adopter's ``loadContent()`` for its load and runs it as a reload.
  ///
  /// The machine keeps no operation; it calls ``loadContent()``, and the first load that starts
  /// there — in this task, or a task it creates — is the reload: content unlocked with ``unlock(with:remember:animated:isolation:)`` stays
  /// unlocked (the operation receives the credential that unlocked it in
  /// ``LoadContext/credential``), and a keyed load waits for no debounce. Later loads started
  /// in the same call — a page append — are loads of their own.
  ///
  /// - Parameter isolation: The actor that owns the machine; inferred from the caller.
  /// - Returns: How the reload ended, or `nil` when ``loadContent()`` started no load (the
  ///   default one, or a load that did not start because its task was cancelled).
  @discardableResult
  public func reload(isolation: isolated (any Actor)? = #isolation) async -> LoadOutcome? {
    let machine = stateMachine
    return await machine.requestLoad(.reload, credential: machine.credential) {
      await loadContent()
    }
  }

  /// Cancels the running load and brings back the state it replaced.
  ///
  /// See ``ContentStateMachine/cancelLoading()``.
  public func cancelLoading() {
    stateMachine.cancelLoading(host: self)
  }
}
