extension StatefulContent {
  /// Runs a keyed load: an async operation that loads what `key` names — a search's query,
  /// a record's identifier — and stores its value at a key path.
  ///
  /// Content belongs to its key. Loading the key of the content again is a refresh (content
  /// stays, ``ContentStateMachine/isRefreshing``). Loading another key follows `keyChange`:
  /// with ``KeyChangePolicy/keepPrevious``, the previous key's content stays visible, marked
  /// (``Presentation/showsPreviousKey``), until the new value arrives; with
  /// ``KeyChangePolicy/showLoading``, it gives way to loading. A failed load for another key
  /// never leaves the previous key's content looking current: the state is the error. Every
  /// presentation carries the key (``Presentation/key``), and a ``StandardPlaceholder`` for
  /// empty without a message of its own says "No results for “swi”."; without an empty
  /// placeholder of the app's own, its title is ``PlaceholderStrings/noResultsTitle`` ("No
  /// Results") rather than "No Content".
  ///
  /// Each keystroke of a search field is a new keyed load, which supersedes the last (latest
  /// wins): its task is cancelled and its result never applied. A `debounce` lets the
  /// operation wait on the machine's clock before it starts, so that fast typing runs only
  /// the last query; the state changes at once all the same (the previous results are
  /// marked, or loading is requested).
  ///
  /// ```swift
  /// func search(_ query: String) async {
  ///   await load(into: \.results, key: query, debounce: .milliseconds(150)) { _ in
  ///     try await index.matches(for: query)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: Where the value is stored, such as `\.results`.
  ///   - key: What the load loads.
  ///   - keyChange: What shows while another key than the content's loads. Defaults to
  ///     ``KeyChangePolicy/keepPrevious``.
  ///   - debounce: How long the operation waits before it starts; negative means zero.
  ///     Defaults to zero. ``reload(isolation:)`` does not wait.
  ///   - animated: Whether to animate the transitions. Defaults to `true`.
  ///   - retry: How failures are retried; `nil` uses the machine's policy.
  ///   - isolation: The actor that owns the machine; inferred from the caller.
  ///   - operation: The work; it runs in a task of its own, and is released when the load
  ///     ends.
  /// - Returns: How the load ended; ``LoadOutcome/superseded`` when a newer load (the next
  ///   keystroke) replaced it, also during the debounce.
  @discardableResult
  public func load<Value: Sendable>(
    into keyPath: ReferenceWritableKeyPath<Self, Value>,
    key: some Hashable & Sendable,
    keyChange: KeyChangePolicy = .keepPrevious,
    debounce: Duration = .zero,
    animated: Bool = true,
    retry: RetryPolicy? = nil,
    isolation: isolated (any Actor)? = #isolation,
    operation: @escaping @Sendable (LoadContext) async throws -> Value
  ) async -> LoadOutcome {
    await runLoad(
      animated: animated, retry: retry, isolation: isolation, work: .value(operation),
      apply: { host, value in host[keyPath: keyPath] = value },
      key: LoadKeys.Keying(key: LoadKey(key), change: keyChange, debounce: debounce))
  }

  /// Runs a keyed streaming load: the parts of what `key` names, applied as they arrive —
  /// search results as files are scanned.
  ///
  /// The rules of keys are those of
  /// ``load(into:key:keyChange:debounce:animated:retry:isolation:operation:)``, and the rules
  /// of parts those of ``load(animated:retry:isolation:parts:reset:apply:)``: the first part
  /// of the new key replaces the previous key's content (`reset`, then `apply`), and from then
  /// on the content is the new key's.
  ///
  /// - Parameters:
  ///   - key: What the load loads.
  ///   - keyChange: What shows while another key than the content's loads.
  ///   - debounce: How long the stream waits before it starts; negative means zero.
  ///   - animated: Whether to animate the transitions. Defaults to `true`.
  ///   - retry: How failures before the first part are retried; `nil` uses the machine's
  ///     policy.
  ///   - isolation: The actor that owns the machine; inferred from the caller.
  ///   - parts: Makes the sequence of parts for an attempt.
  ///   - reset: Clears the adopter's content before the first part is applied.
  ///   - apply: Adds a part to the adopter's content.
  /// - Returns: How the load ended.
  @discardableResult
  public func load<Parts: AsyncSequence & SendableMetatype>(
    key: some Hashable & Sendable,
    keyChange: KeyChangePolicy = .keepPrevious,
    debounce: Duration = .zero,
    animated: Bool = true,
    retry: RetryPolicy? = nil,
    isolation: isolated (any Actor)? = #isolation,
    parts: @escaping @Sendable (LoadContext) -> Parts,
    reset: @escaping (Self) -> Void,
    apply: @escaping (Self, Parts.Element) -> Void
  ) async -> LoadOutcome where Parts.Element: Sendable {
    await runLoad(
      animated: animated, retry: retry, isolation: isolation, work: .iterating(parts),
      apply: apply, reset: reset,
      key: LoadKeys.Keying(key: LoadKey(key), change: keyChange, debounce: debounce))
  }
}
