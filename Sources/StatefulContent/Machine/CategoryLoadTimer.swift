/// A timer of a category load (`startLoading` … `endLoading`): it sleeps on the machine's
/// clock, then comes back to the actor the load was started on and hands the load's driver
/// its event.
///
/// No task awaits a category load, so its timers need an actor to come back to; a timer holds
/// the machine and the adopter weakly, so that a component released while a timer is pending
/// is released at once (the timer then does nothing; if only the adopter was released, the
/// machine still ends what waited for the timer).
struct CategoryLoadTimer: ActorTimer, @unchecked Sendable {
  // Unchecked: the machine and the adopter are only touched in `fire(isolation:)`, which runs
  // on the actor the category call was made on — the one isolation they are used from.

  let timer: LoadLifecycle.Timer
  let load: UInt64
  weak var machine: ContentStateMachine?
  weak var host: (any StatefulContent)?

  func fire(isolation: isolated any Actor) {
    // An adopter released while its machine lives on (a machine shared, or kept by a test)
    // must not leave the machine waiting for this timer: the machine goes on without it.
    guard let machine else { return }
    machine.categoryLoadTimerElapsed(timer, load: load, host: host)
  }
}
