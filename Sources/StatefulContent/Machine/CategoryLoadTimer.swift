/// A timer of a load run through the category API: it sleeps on the machine's clock, then
/// comes back to the actor the load was started on and tells the machine.
///
/// A synchronous call has no task to wait in, so the timer needs an actor to come back to;
/// it holds the machine and the adopter weakly, so that a component released while a timer
/// is pending is released at once (the timer then does nothing).
struct CategoryLoadTimer: ActorTimer, @unchecked Sendable {
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

  func fire(isolation: isolated any Actor) {
    guard let machine, let host else { return }
    machine.categoryTimerFired(event, load: load, host: host)
  }
}
