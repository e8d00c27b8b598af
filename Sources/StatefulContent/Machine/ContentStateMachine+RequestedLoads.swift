// The loads a reload or an unlock asks of the adopter's `loadContent()`: the machine keeps no
// operation; it marks a request in the asking task's scope, and the first load started there
// takes it (see `RequestedLoads`).
extension ContentStateMachine {
  /// Asks the adopter's ``StatefulContent/loadContent()`` for its load, for
  /// ``StatefulContent/reload(isolation:)`` (with the credential that unlocked the content) or
  /// ``StatefulContent/unlock(with:remember:animated:isolation:)`` (with a credential to try): the first
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

  /// The request of this machine that the current task waits on, if any: read once per load.
  /// Reads no state of the machine, so it may run off the machine's actor — a load that
  /// starts where its scope's ``RequestedLoads/Scope/isolation`` is not hops there first
  /// (`StatefulContent.runLoad`).
  var requestScope: RequestedLoads.Scope? {
    guard let scope = RequestedLoads.Scope.current, scope.machine == ObjectIdentifier(self)
    else { return nil }
    return scope
  }

  /// How a load of `key` starting now in `scope` runs: as the request its task waits on, if no
  /// load took it yet (a reload or an unlock, with its credential), else as a new load. A
  /// reload that loads another key than the content's is a new load of that key: a credential
  /// belongs to the key it unlocked.
  func loadStart(for key: LoadKey?, in scope: RequestedLoads.Scope?) -> RequestedLoads.Start {
    guard let scope, var start = requestedLoads.take(scope.id) else {
      return RequestedLoads.Start(mode: .load, credential: nil, id: nil)
    }
    if start.mode == .reload, key != currentContentKey {
      start.mode = .load
      start.credential = nil
    }
    return start
  }

  /// The load that took request `id` ended.
  func requestedLoadEnded(_ id: UInt64, outcome: LoadOutcome) {
    requestedLoads.ended(id, outcome: outcome)
  }

  /// The default ``StatefulContent/loadContent()`` ran: an unlock falls back to the verifier;
  /// otherwise the adopter is told that reload and Retry load nothing.
  func loadContentIsNotImplemented() {
    if let scope = requestScope, requestedLoads.isUnlock(scope.id) { return }
    reportAdoptionMistake(.loadContentNotImplemented)
  }
}
