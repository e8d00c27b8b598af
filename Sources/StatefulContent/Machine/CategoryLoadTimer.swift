/// A timer of a load run through the category API: it sleeps on the machine's clock, then
/// comes back to the actor the load was started on and tells the machine.
///
/// A synchronous call has no task to wait in, so the timer needs an actor to come back to;
/// it holds the machine and the adopter weakly, so that a component released while a timer
/// is pending is released at once (the timer then does nothing).
struct CategoryLoadTimer: @unchecked Sendable {
  // Unchecked: the machine and the adopter are only touched in `fire(isolation:)`, which runs
  // on the actor the category call was made on — the one isolation they are used from.

  /// What elapsed.
  enum Event: Sendable {
    case showDelayElapsed
    case progressIntervalElapsed
    case minimumDisplayElapsed
  }

  let event: Event
  let load: UInt64
  weak var machine: ContentStateMachine?
  weak var host: (any StatefulContent)?

  /// Starts the timer.
  ///
  /// - Parameters:
  ///   - deadline: When it fires, as time elapsed on the machine's clock.
  ///   - sleep: The machine's clock's sleep. A sleep that fails with anything but
  ///     cancellation counts as elapsed, so that a failing clock never wedges the load.
  ///   - isolation: The actor the load was started on; held weakly, as the machine and the
  ///     adopter are, since an actor may own the adopter (I6).
  /// - Returns: The timer's task, to be cancelled with the load.
  func start(
    at deadline: Duration, sleep: @escaping @Sendable (Duration) async throws -> Void,
    isolation: any Actor
  ) -> Task<Void, Never> {
    Task { [weak isolation] in
      do {
        try await sleep(deadline)
      } catch is CancellationError {
        return  // The load ended or moved on: nobody waits for this timer.
      } catch {
        // A clock that fails to sleep must not wedge the load: the wait counts as elapsed.
      }
      guard let isolation else { return }
      await fire(isolation: isolation)
    }
  }

  private func fire(isolation: isolated any Actor) {
    guard let machine, let host else { return }
    machine.categoryTimerFired(event, load: load, host: host)
  }
}
