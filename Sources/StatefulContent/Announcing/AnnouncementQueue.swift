/// Decides what the machine announces, and when: the announcement policy as a pure value.
///
/// ``ContentStateMachine`` stores it (boxed: most machines announce nothing), tells it of
/// every presentation handed to the presenter and of its timer, and performs what it returns.
///
/// Rules:
/// - Only what is presented is announced: a loading placeholder held back by the show delay,
///   a superseded load's state and a presentation that never reached the presenter are not.
/// - A presentation announces what changed for the person listening: a presentation whose
///   announcement equals the last one presented (a progress update, the same state presented
///   again) announces nothing.
/// - A restoration — the state a cancelled load brings back — and idle announce nothing and
///   drop the announcement waiting to be made: the load they end is no news. After idle (a
///   reset), the next announcement is made even if it repeats the last one. A restored state
///   whose announcement was still waiting when the load started was never heard: the machine
///   gives it as an ``Change/announcement(_:)``, so what the screen shows is heard once.
/// - A load's outcome that repeats the last announcement — a Retry that failed again — is new
///   news (``Change/outcome(_:)``), unlike the same state presented again.
/// - The first announcement after a quiet ``AnnouncementPolicy/coalescingInterval`` is made at
///   once; later ones wait until the interval has passed since the last, and only the newest
///   of those is made (the last one wins), unless it is what was last announced.
struct AnnouncementQueue {
  /// What the driver must do.
  enum Action: Equatable {
    /// Give the announcement to the announcer.
    case announce(Announcement)
    /// Call ``timerElapsed(now:)`` once the machine's clock reaches `deadline`.
    case startTimer(deadline: Duration)
  }

  /// What a presentation has to say.
  enum Change {
    /// An announcement, such as "Loading…" or "12 results".
    case announcement(Announcement)
    /// The outcome of a load or an append that is news even when it repeats the last
    /// announcement: an error, empty or locked again after a Retry.
    case outcome(Announcement)
    /// Nothing to say (content shown while a load runs, a placeholder without an
    /// announcement): the announcement waiting, if any, still stands.
    case nothing
    /// Nothing to say, and the announcement waiting is no longer true: idle, or a state a
    /// cancelled load restored, with what it would have announced (so that presenting it again
    /// announces nothing either).
    case silence(Announcement?)
  }

  /// The policy, fixed for the queue's life.
  let policy: AnnouncementPolicy
  /// The announcement of the last presentation that had one.
  private(set) var lastPresented: Announcement?
  /// The last announcement made.
  private(set) var lastAnnounced: Announcement?
  /// When the last announcement was made, as time elapsed on the machine's clock.
  private(set) var lastAnnouncedAt: Duration?
  /// The newest announcement waiting for the coalescing interval to pass.
  private(set) var waiting: Announcement?
  /// Whether ``waiting`` is an outcome, made even when it repeats the last announcement.
  private var waitingIsOutcome = false
  /// When the timer started for ``waiting`` elapses, while one runs.
  private(set) var timerDeadline: Duration?

  init(policy: AnnouncementPolicy) {
    self.policy = policy
  }

  // MARK: Events

  /// A presentation was handed to the presenter.
  ///
  /// - Parameters:
  ///   - change: What the presentation has to say.
  ///   - now: The time elapsed on the machine's clock.
  /// - Returns: What to do: announce now, start the timer, or nothing.
  mutating func presented(_ change: Change, now: Duration) -> Action? {
    switch change {
    case .nothing:
      return nil
    case .silence(let announcement):
      waiting = nil
      lastPresented = announcement
      // Idle (a reset): what comes next is a new start, worth hearing even if it repeats.
      if announcement == nil { lastAnnounced = nil }
      return nil
    case .announcement(let announcement):
      guard announcement != lastPresented else { return nil }
      return made(announcement, isOutcome: false, now: now)
    case .outcome(let announcement):
      return made(announcement, isOutcome: true, now: now)
    }
  }

  /// The timer started by ``presented(_:now:)`` elapsed.
  ///
  /// - Parameter now: The time elapsed on the machine's clock.
  /// - Returns: The newest waiting announcement to make, unless it is the last one made.
  mutating func timerElapsed(now: Duration) -> Action? {
    timerDeadline = nil
    guard let announcement = waiting.take(), announcement != lastAnnounced || waitingIsOutcome
    else { return nil }
    return announce(announcement, now: now)
  }

  // MARK: Decisions

  /// The policy's interval in `0…365 days`, so that a deadline never overflows a clock.
  private var interval: Duration { .clampedDelay(policy.coalescingInterval) }

  /// Whether the coalescing interval has passed since the last announcement.
  private func isQuiet(at now: Duration) -> Bool {
    guard let lastAnnouncedAt else { return true }
    return now.subtractingSaturated(lastAnnouncedAt) >= interval
  }

  /// A presentation's announcement is to be made: now, after a quiet interval, or when the
  /// timer elapses, replacing the one waiting.
  private mutating func made(
    _ announcement: Announcement, isOutcome: Bool, now: Duration
  ) -> Action? {
    lastPresented = announcement
    if timerDeadline == nil, isQuiet(at: now) {
      waiting = nil
      return announce(announcement, now: now)
    }
    waiting = announcement
    waitingIsOutcome = isOutcome
    guard timerDeadline == nil else { return nil }
    let deadline = (lastAnnouncedAt ?? now).addingSaturated(interval)
    timerDeadline = deadline
    return .startTimer(deadline: deadline)
  }

  private mutating func announce(_ announcement: Announcement, now: Duration) -> Action {
    lastAnnounced = announcement
    lastAnnouncedAt = now
    return .announce(announcement)
  }
}
