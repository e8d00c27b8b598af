/// Whether the network can be reached, as the connectivity source and the loads' errors say,
/// and when the load that waits for it is tried again.
///
/// A pure value with one mutating method per event; times are elapsed on the machine's clock
/// and given as arguments, and the deadline it returns is the driver's to schedule.
/// ``ContentStateMachine`` stores it once the adopter follows a source and is its only
/// writer. Whether a load waits is the decision inputs' (`StateDecider`): a cancelled load
/// takes its waiting with it.
struct ConnectivityTracker {
  /// What the source last reported, or what a connection error showed since.
  private(set) var reachability = Reachability.reachable
  /// Whether a source is followed: only then do loads wait for the network.
  private(set) var isFollowed = false
  /// When the waiting load is tried again, while the network is back and settling.
  private(set) var reconnectionDeadline: Duration?
  /// Whether ``reachability`` is unreachable only because a connection error said so, while
  /// the source last reported the network reachable: the source has yet to confirm it.
  private(set) var isInferred = false

  /// What the driver does with the reconnection timer.
  enum TimerStep: Equatable {
    /// Nothing changes.
    case none
    /// Start (or move) the timer to the deadline.
    case schedule(at: Duration)
    /// Cancel the timer.
    case cancel
  }

  // MARK: Events

  /// The adopter gave a source: loads wait for the network from now on.
  mutating func followed() {
    isFollowed = true
  }

  /// The source reported reachability.
  ///
  /// A report of a reachable network while a load waits starts the reconnection delay — a
  /// report that repeats the last one leaves a delay that runs as it is — so that
  /// reachability that flaps gives one retry, `delay` after it settles; an unreachable one
  /// stops it.
  ///
  /// - Parameters:
  ///   - reported: What the source reported.
  ///   - loadWaits: Whether a load waits for the network.
  ///   - now: The time elapsed on the machine's clock.
  ///   - delay: The policy's reconnection delay.
  /// - Returns: Whether reachability changed, and what to do with the timer.
  mutating func reported(
    _ reported: Reachability, loadWaits: Bool, now: Duration, delay: Duration
  ) -> (changed: Bool, timer: TimerStep) {
    let changed = reachability != reported
    reachability = reported
    isInferred = false
    switch reported {
    case .reachable where loadWaits:
      // The same report again leaves the delay running: a source that repeats itself faster
      // than the delay (a probe on an interval) would otherwise put the retry off for ever.
      if !changed, reconnectionDeadline != nil { return (changed, .none) }
      let deadline = now.addingSaturated(Duration.clampedDelay(delay))
      reconnectionDeadline = deadline
      return (changed, .schedule(at: deadline))
    case .reachable:
      return (changed, .none)
    case .unreachable:
      guard reconnectionDeadline != nil else { return (changed, .none) }
      reconnectionDeadline = nil
      return (changed, .cancel)
    }
  }

  /// A load failed with a connection error: whatever the source said last, the network was
  /// not there, and the source's next report of a reachable one is news.
  ///
  /// - Returns: Whether reachability changed.
  mutating func connectionFailed() -> Bool {
    defer { reachability = .unreachable }
    guard reachability != .unreachable else { return false }
    isInferred = true
    return true
  }

  /// The confirmation delay after a connection error elapsed.
  ///
  /// - Returns: Whether the source never confirmed that the network is gone: the network is
  ///   then reachable again, and the failure is one while reachable.
  mutating func confirmationDue() -> Bool {
    guard isInferred else { return false }
    isInferred = false
    reachability = .reachable
    return true
  }

  /// The source ended: loads wait for the network no more, and it counts as reachable, as
  /// without a source.
  ///
  /// - Returns: Whether reachability changed.
  mutating func unfollowed() -> Bool {
    defer { self = ConnectivityTracker() }
    return reachability != .reachable
  }

  /// The reconnection delay elapsed.
  ///
  /// - Parameters:
  ///   - now: The time elapsed on the machine's clock.
  ///   - loadWaits: Whether a load still waits for the network.
  /// - Returns: Whether the waiting load is to be tried again now.
  mutating func reconnectionDue(now: Duration, loadWaits: Bool) -> Bool {
    guard let deadline = reconnectionDeadline, now >= deadline else { return false }
    reconnectionDeadline = nil
    return loadWaits && reachability == .reachable
  }

  /// No load waits any more (it was tried again, superseded or cancelled).
  ///
  /// - Returns: What to do with the timer.
  mutating func waitEnded() -> TimerStep {
    guard reconnectionDeadline != nil else { return .none }
    reconnectionDeadline = nil
    return .cancel
  }
}
