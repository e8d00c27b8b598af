/// A timer of the machine's that sleeps on its clock, then comes back to an actor and fires
/// there: a category load's (`CategoryLoadTimer`) and the announcement timer.
///
/// A synchronous call has no task to wait in, so such a timer needs an actor to come back to.
/// A conforming timer holds the machine (and what else it touches) weakly, so that a
/// component released while a timer is pending is released at once; it is `Sendable` only
/// because it touches them in ``fire(isolation:)``, on the actor they are used from.
protocol ActorTimer: Sendable {
  /// Runs on the actor the timer came back to, once the deadline has passed.
  func fire(isolation: isolated any Actor)
}

extension ActorTimer {
  /// Starts the timer.
  ///
  /// - Parameters:
  ///   - deadline: When it fires, as time elapsed on the machine's clock.
  ///   - sleep: The machine's clock's sleep. A sleep that fails while the task is not
  ///     cancelled counts as elapsed, so that a failing clock never wedges what waits.
  ///   - isolation: The actor to come back to; held weakly, as an actor may own the adopter
  ///     (I6).
  /// - Returns: The timer's task, to be cancelled when nobody waits for it any more.
  func start(
    at deadline: Duration, sleep: @escaping @Sendable (Duration) async throws -> Void,
    isolation: any Actor
  ) -> Task<Void, Never> {
    Task { [weak isolation] in
      do {
        try await sleep(deadline)
      } catch {
        // Cancelled: nobody waits for this timer any more. Any other failure — a clock that
        // throws, even `CancellationError`, without the task being cancelled — must not wedge
        // what waits: the wait counts as elapsed.
        if Task.isCancelled { return }
      }
      guard let isolation else { return }
      await fire(isolation: isolation)
    }
  }
}
