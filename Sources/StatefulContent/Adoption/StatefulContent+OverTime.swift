#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Content over time, as the adopter asks for it: a connectivity source to follow, and a load
// that shows what the last launch saved before the network answers (see <doc:ContentOverTime>).
extension StatefulContent {
  /// Follows a connectivity source: the machine decides from its reports from now on.
  ///
  /// While the source reports the network unreachable — or after a load failed with an error
  /// the machine's ``ContentStateMachine/connectivityPolicy`` calls a connection error — a
  /// failing load spends no retry attempt and starts no backoff timer: it waits for the
  /// network. With no content the state is ``ContentState/waiting`` ("Waiting for the
  /// network…", never the error); content stays, marked offline
  /// (``Presentation/isOffline``). When the source reports the network reachable again and
  /// it stays so for the policy's reconnection delay, the latest load — only it — runs its
  /// attempt once more. The error state comes only from a load that failed while the
  /// network was there.
  ///
  /// The source is iterated in a task of the machine's, which holds the adopter and the
  /// machine weakly and ends with the machine (or when the source ends); a later call
  /// replaces the source. The reports come back to the caller's actor. When the source ends,
  /// the machine decides as without one: the network counts as reachable, and a load that
  /// waits for it runs its attempt once more at once (a failure is then its error).
  ///
  /// ```swift
  /// let connectivity = ManualConnectivity()   // StatefulContentTesting; NWPathMonitor in an app
  /// model.followConnectivity(connectivity)
  /// connectivity.send(.unreachable)
  /// ```
  ///
  /// - Parameters:
  ///   - source: Reports of reachability, such as an adapter of `NWPathMonitor`; repeated
  ///     reports are fine.
  ///   - isolation: The actor that owns the machine; inferred from the caller. Called from no
  ///     actor, the source is not followed and
  ///     ``AdoptionMistake/connectivityFollowedOffAnActor`` is reported.
  public func followConnectivity<Source: AsyncSequence<Reachability, Never> & Sendable>(
    _ source: Source, isolation: isolated (any Actor)? = #isolation
  ) {
    guard let isolation else {
      stateMachine.reportAdoptionMistake(.connectivityFollowedOffAnActor)
      return
    }
    stateMachine.follow(source, host: self, isolation: isolation)
  }

  /// Runs an async operation as this content's load, showing first what a cache saved for
  /// it at the last launch: saved content at once — never loading — then the operation as a
  /// refresh over it.
  ///
  /// Before anything was decided (the first load of the model), a hit of `cache` is applied
  /// with `apply` and presented: content, marked stale when it is older than the machine's
  /// ``ContentStateMachine/stalenessPolicy`` allows (its age is the time since it was saved),
  /// or a saved empty result, shown empty while the load refreshes it. The load then runs as
  /// ``load(animated:retry:isolation:operation:apply:)-1z75a`` does; the value of a load that
  /// completed is saved for `cacheKey` — never an error, never what a superseded or cancelled
  /// load left. A miss (nothing saved, too old, corrupt, unreadable) loads as on a first
  /// launch. Later calls (a reload, Retry) only load and save.
  ///
  /// ```swift
  /// await inbox.load(cachedIn: cache, as: "inbox") { _ in
  ///   try await server.messages()
  /// } apply: { inbox, messages in
  ///   inbox.messages = messages
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - cache: Where the content is saved between launches, such as a ``FileContentCache``.
  ///   - cacheKey: The content's key in the cache, such as a feed's address.
  ///   - animated: Whether to animate the transitions. Defaults to `true`.
  ///   - retry: How failures are retried; `nil` uses the machine's policy.
  ///   - isolation: The actor that owns the machine; inferred from the caller.
  ///   - operation: The work; it runs in a task of its own.
  ///   - apply: Stores a value — the saved one or the operation's — in the adopter.
  /// - Returns: How the load ended; ``LoadOutcome/superseded`` when another load began, or
  ///   ``reset(completion:)`` started over, while the cache was read (nothing of it shows).
  @discardableResult
  public func load<Value: Sendable>(
    cachedIn cache: some ContentCache<Value>,
    as cacheKey: String,
    animated: Bool = true,
    retry: RetryPolicy? = nil,
    isolation: isolated (any Actor)? = #isolation,
    operation: @escaping @Sendable (LoadContext) async throws -> Value,
    apply: @escaping (Self, Value) -> Void
  ) async -> LoadOutcome {
    let machine = stateMachine
    if !machine.hasDecided, !machine.hasActiveLoad {
      let loadsBegun = machine.overTime.loadsBegun
      let saved = await cache.content(for: cacheKey)
      // Reading the cache took a while: a newer load, or a reset, supersedes this call; a
      // load may also have ended meanwhile, and what it shows is newer than anything saved.
      guard machine.overTime.loadsBegun == loadsBegun else { return .superseded }
      if let saved, !machine.hasDecided, !machine.hasActiveLoad, !Task.isCancelled {
        machine.callingHook { apply(self, saved.value) }
        machine.recordSavedContentShown(age: saved.age(at: Date()), host: self)
      }
    }
    var loaded: Value?
    let outcome = await load(animated: animated, retry: retry, isolation: isolation) {
      context in
      try await operation(context)
    } apply: { host, value in
      loaded = value
      apply(host, value)
    }
    if case .completed = outcome, let loaded { try? await cache.save(loaded, for: cacheKey) }
    return outcome
  }
}
