extension StatefulContent {
  /// Runs an operation that delivers the content in parts as this content's load: the first
  /// part turns loading into content while the rest keeps loading.
  ///
  /// A large document read chunk by chunk, or a search whose matches arrive as files are
  /// scanned, shows its first part as soon as it arrives. The load is a `load` in every other
  /// way — latest wins, cancellation restores, the loading policy applies — with these rules
  /// for parts:
  ///
  /// - Each part is applied to the adopter as it arrives, on the adopter's isolation: `reset`
  ///   first, before the first part (so a refresh replaces the previous content instead of
  ///   adding to it), then `apply` for each part. A stream that ends without a part calls
  ///   `reset` at its end: there is no content.
  /// - The show delay applies until the first part: parts that arrive within it show content
  ///   with no loading at all. Once loading is on screen, parts are applied but presented only
  ///   when loading was shown its minimum display time.
  /// - While the rest loads, the state is content with ``ContentStateMachine/isRefreshing``,
  ///   and the presentation carries the load's progress (``Presentation/progress``).
  /// - An error after some parts keeps what arrived: the state stays content and
  ///   ``handleErrorWhenContentsAvailable(_:)`` is called once. Before the first part, a
  ///   failed attempt is retried as any load's; after it, never (the parts would come again).
  /// - A superseded or cancelled load applies nothing more; the parts it applied stay in the
  ///   adopter, and the state is decided again from them.
  /// - While the content is locked — during ``unlock(with:remember:animated:isolation:)``, which runs
  ///   the stream again with the credential — a part proves nothing: the parts are kept from
  ///   the adopter until the credential is accepted (``LoadContext/reportCredentialAccepted()``,
  ///   the ``ContentStateMachine/credentialVerifier``, or the stream's successful end); then
  ///   the lock is lifted and they are content. Wrong attempts count until the load succeeds.
  ///   At most 16 parts wait to be applied: the sequence is read on demand.
  ///
  /// ```swift
  /// await viewer.load {
  ///   context in file.lines(batch: 40, progress: context.reportProgress)
  /// } reset: { viewer in
  ///   viewer.lines = []
  /// } apply: { viewer, lines in
  ///   viewer.lines += lines
  /// }
  /// ```
  ///
  /// ``reload(isolation:)`` runs the stream again, through the adopter's ``loadContent()``.
  ///
  /// - Parameters:
  ///   - animated: Whether to animate the transitions. Defaults to `true`.
  ///   - retry: How failures before the first part are retried; `nil` uses the machine's
  ///     ``ContentStateMachine/retryPolicy``.
  ///   - isolation: The actor that owns the machine; inferred from the caller.
  ///   - parts: Makes the sequence of parts for an attempt; it is iterated in a task of its
  ///     own, which is cancelled when the load is. It is released when the load ends.
  ///   - reset: Clears the adopter's content before the first part is applied.
  ///   - apply: Adds a part to the adopter's content.
  /// - Returns: How the load ended: ``LoadOutcome/completed`` when the sequence finished.
  @discardableResult
  public func load<Parts: AsyncSequence & SendableMetatype>(
    animated: Bool = true,
    retry: RetryPolicy? = nil,
    isolation: isolated (any Actor)? = #isolation,
    parts: @escaping @Sendable (LoadContext) -> Parts,
    reset: @escaping (Self) -> Void,
    apply: @escaping (Self, Parts.Element) -> Void
  ) async -> LoadOutcome where Parts.Element: Sendable {
    await runLoad(
      animated: animated, retry: retry, isolation: isolation, work: .iterating(parts),
      apply: apply, reset: reset)
  }
}
