// The loads a reload or an unlock asks of the adopter's `loadContent()`: the machine keeps no
// operation; it marks a request in the asking task's scope, and the first load started there
// takes it (see `RequestedLoads`).
extension ContentStateMachine {
  /// Asks the adopter's ``StatefulContent/loadContent()`` for its load, for
  /// ``StatefulContent/reload(isolation:)`` (with the credential that unlocked the content) or
  /// ``StatefulContent/unlock(with:animated:isolation:)`` (with a credential to try): the first
  /// load that starts in this task while `loadContent` runs takes the request.
  ///
  /// - Parameters:
  ///   - mode: ``LoadLifecycle/Mode/reload`` or ``LoadLifecycle/Mode/unlock``.
  ///   - credential: The credential the load receives.
  ///   - loadContent: Calls the adopter's ``StatefulContent/loadContent()``.
  /// - Returns: How the load that took the request ended, or `nil` when none did.
  func requestLoad(
    _ mode: LoadLifecycle.Mode, credential: Credential?,
    isolation: isolated (any Actor)? = #isolation,
    _ loadContent: nonisolated(nonsending) () async -> Void
  ) async -> LoadOutcome? {
    let id = requestedLoads.begin(mode, credential: credential)
    let scope = RequestedLoads.Scope(
      machine: ObjectIdentifier(self), id: id, isolation: isolation)
    // `withValue` runs a plain async closure, which runs on the global executor: handed
    // `loadContent` itself, it would run the adopter's load there. A closure that uses
    // `isolation` is isolated to it, and calls `loadContent` on the caller's actor.
    await RequestedLoads.Scope.$current.withValue(
      scope,
      operation: {
        _ = isolation
        await loadContent()
      }, isolation: isolation)
    return requestedLoads.end(id)
  }

  /// How a load of `key` starting now runs: as the request its task waits on, if no load took
  /// it yet (a reload or an unlock, with its credential), else as a new load. A reload that
  /// loads another key than the content's is a new load of that key: a credential belongs to
  /// the key it unlocked.
  func loadStart(for key: LoadKey?) -> RequestedLoads.Start {
    guard let scope = RequestedLoads.Scope.current, scope.machine == ObjectIdentifier(self),
      var start = requestedLoads.take(scope.id)
    else {
      return RequestedLoads.Start(mode: .load, credential: nil, id: nil)
    }
    if start.mode == .reload, key != currentContentKey {
      start.mode = .load
      start.credential = nil
    }
    return start
  }

  /// The actor a load of this machine must run on instead of `isolation`, when it starts
  /// where a reload or an unlock waits for the adopter's load but runs elsewhere (see
  /// ``RequestedLoads/Hop``); `nil` when it runs where it should. Reads no state of the
  /// machine: it may run off the machine's actor.
  func requesterIsolation(
    insteadOf isolation: (any Actor)?
  ) -> (any Actor)?? {
    guard let scope = RequestedLoads.Scope.current, scope.machine == ObjectIdentifier(self),
      scope.isolation !== isolation
    else { return nil }
    return .some(scope.isolation)
  }

  /// The load that took request `id` ended.
  func requestedLoadEnded(_ id: UInt64, outcome: LoadOutcome) {
    requestedLoads.ended(id, outcome: outcome)
  }

  /// The default ``StatefulContent/loadContent()`` ran: an unlock falls back to the verifier;
  /// otherwise the adopter is told that reload and Retry load nothing.
  func loadContentIsNotImplemented() {
    if let scope = RequestedLoads.Scope.current, scope.machine == ObjectIdentifier(self),
      requestedLoads.isUnlock(scope.id)
    {
      return
    }
    reportAdoptionMistake(.loadContentNotImplemented)
  }
}
