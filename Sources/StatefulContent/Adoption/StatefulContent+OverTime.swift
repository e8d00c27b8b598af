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
  /// with `apply` as the load starts, and the load refreshes it: the first presentation is
  /// the saved content, marked stale when it is older than the machine's
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
  ///   ``reset(completion:)`` started over, while the cache was read, and
  ///   ``LoadOutcome/cancelled`` when ``cancelLoading()`` was called or the task was cancelled
  ///   meanwhile (nothing of it shows). A cache that hangs holds the call until it answers:
  ///   make a cache's read honour cancellation.
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
    let reads = !machine.hasDecided && !machine.hasActiveLoad
    return await loadSaving(
      in: cache, as: cacheKey, readingFirst: reads, isolation: isolation
    ) { saved, record in
      await runLoad(
        animated: animated, retry: retry, isolation: isolation, work: .value(operation),
        apply: { host, value in
          record(value)
          apply(host, value)
        }, saved: saved)
    }
  }

  /// Runs a keyed load that shows first what a cache saved for its key: the saved content of
  /// `key` at once — never loading, never the previous key's content — then the operation as
  /// a refresh over it.
  ///
  /// The rules of keys are those of
  /// ``load(into:key:keyChange:debounce:animated:retry:isolation:operation:)``; the cache is
  /// read when the content shown is not `key`'s already (a reload of the same key only loads),
  /// under the key's description (`String(describing: key)`), and what loaded is saved there.
  /// Each keystroke's read is latest-wins, as its load is: a read that a newer keyed load
  /// overtook applies nothing and returns ``LoadOutcome/superseded``.
  ///
  /// ```swift
  /// func search(_ query: String) async {
  ///   await load(into: \.content, key: query, cachedIn: savedResults) { [index] _ in
  ///     try await index.matches(for: query)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: Where the value is stored, such as `\.content`.
  ///   - key: What the load loads; its description is its key in the cache.
  ///   - cache: Where each key's content is saved between launches.
  ///   - keyChange: What shows while another key than the content's loads.
  ///   - debounce: How long the operation waits before it starts (the saved content shows at
  ///     once); negative means zero.
  ///   - animated: Whether to animate the transitions. Defaults to `true`.
  ///   - retry: How failures are retried; `nil` uses the machine's policy.
  ///   - isolation: The actor that owns the machine; inferred from the caller.
  ///   - operation: The work; it runs in a task of its own.
  /// - Returns: How the load ended.
  @discardableResult
  public func load<Value: Sendable>(
    into keyPath: ReferenceWritableKeyPath<Self, Value>,
    key: some Hashable & Sendable,
    cachedIn cache: some ContentCache<Value>,
    keyChange: KeyChangePolicy = .keepPrevious,
    debounce: Duration = .zero,
    animated: Bool = true,
    retry: RetryPolicy? = nil,
    isolation: isolated (any Actor)? = #isolation,
    operation: @escaping @Sendable (LoadContext) async throws -> Value
  ) async -> LoadOutcome {
    let loadKey = LoadKey(key)
    let reads = stateMachine.currentContentKey != loadKey
    return await loadSaving(
      in: cache, as: loadKey.description, readingFirst: reads, isolation: isolation
    ) { saved, record in
      await runLoad(
        animated: animated, retry: retry, isolation: isolation, work: .value(operation),
        apply: { host, value in
          record(value)
          host[keyPath: keyPath] = value
        },
        key: LoadKeys.Keying(key: loadKey, change: keyChange, debounce: debounce),
        saved: saved)
    }
  }

  /// Reads the cache first when `readingFirst` says so, runs the load with what it saved,
  /// and saves the value the load applied last if it completed.
  ///
  /// - Parameter load: Runs the load with the saved content, recording each value it applies.
  private func loadSaving<Value: Sendable>(
    in cache: some ContentCache<Value>, as cacheKey: String, readingFirst: Bool,
    isolation: isolated (any Actor)?,
    load: (CachedContent<Value>?, _ record: @escaping (Value) -> Void) async
      -> LoadOutcome
  ) async -> LoadOutcome {
    var saved: CachedContent<Value>?
    if readingFirst {
      let machine = stateMachine
      let read = machine.overTime.startCacheRead()
      let content = await cache.content(for: cacheKey)
      // Reading took a while: a newer load (one that read a cache too, or not) or a reset
      // supersedes this call.
      if machine.overTime.wasCancelled(read) || Task.isCancelled { return .cancelled }
      guard machine.overTime.isLatest(read) else { return .superseded }
      saved = content
    }
    let applied = Box<Value?>(nil)
    let outcome = await load(saved) { applied.value = $0 }
    // Only what a load that completed applied last — its own value, never the saved one it
    // replaced, never an error — is saved.
    if case .completed = outcome, let value = applied.value {
      try? await cache.save(value, for: cacheKey)
    }
    return outcome
  }
}
