// The machine's announcements: what each presentation handed to the presenter has to say,
// given to the `AnnouncementQueue`, and the timer and announcer calls it decides on.
extension ContentStateMachine {
  /// The announcer, its policy and the announcement rules; allocated by
  /// ``setAnnouncer(_:policy:isolation:)``.
  @usableFromInline
  final class Announcing {
    let announcer: any Announcer
    var queue: AnnouncementQueue
    /// The actor the timer comes back to; weak, as an actor may own the adopter (I6).
    weak var actor: (any Actor)?
    /// Whether timers can come back at all (an actor was given).
    let hasActor: Bool
    /// The request that restores the state of a cancelled load: its presentation announces
    /// nothing.
    var restorationID: UInt64 = 0
    /// Whether the state of a cancelled load is being restored: the first request made
    /// meanwhile is the restoration (a completion may make others, which are news).
    var isRestoring = false
    /// The restored state's announcement, when it was never heard (see
    /// ``LoadRegistry/Snapshot/unheardAnnouncement``).
    var restorationUnheard: Announcement?
    /// The request that presents a load's or an append's outcome.
    var outcomeID: UInt64 = 0
    /// Whether a load or an append is concluding: the first request made meanwhile presents
    /// its outcome.
    var isConcluding = false
    /// The timer running for the waiting announcement.
    var timer: Task<Void, Never>?

    init(announcer: any Announcer, policy: AnnouncementPolicy, actor: (any Actor)?) {
      self.announcer = announcer
      self.actor = actor
      hasActor = actor != nil
      queue = AnnouncementQueue(policy: actor == nil ? .immediate : policy)
    }

    deinit { timer?.cancel() }
  }

  /// The announcer that speaks the machine's changes, or `nil` (the default) to announce
  /// nothing. Set it with ``setAnnouncer(_:policy:isolation:)``.
  public var announcer: (any Announcer)? { announcing?.announcer }

  /// Announces what a person using assistive technology needs to hear, through `announcer`.
  ///
  /// The machine announces the outcome of a load — content (with the adopter's
  /// ``StatefulContent/contentCount``: "12 results"), empty, the error — loading only once the
  /// loading placeholder is presented (the show delay applies to speech too), locked and a
  /// refused credential ("Incorrect password (2 attempts).", never the credential), and
  /// nothing for superseded or cancelled loads. A placeholder says what it announces in
  /// ``Placeholder/accessibilityAnnouncement``. Changes that come faster than `policy`
  /// allows are coalesced: the last one wins. See <doc:AccessibilityAndLocalization>.
  ///
  /// - Parameters:
  ///   - announcer: The announcer, or `nil` to stop announcing. The machine keeps it.
  ///   - policy: How announcements are paced. Defaults to ``AnnouncementPolicy/standard``.
  ///   - isolation: The actor the coalescing timer comes back to (the caller's, by default).
  ///     Called from code isolated to no actor — a synchronous initializer of an `actor` is
  ///     such code — there is none: every change is then announced at once, as with
  ///     ``AnnouncementPolicy/immediate``.
  public func setAnnouncer(
    _ announcer: (any Announcer)?, policy: AnnouncementPolicy = .standard,
    isolation: isolated (any Actor)? = #isolation
  ) {
    announcing = announcer.map { Announcing(announcer: $0, policy: policy, actor: isolation) }
  }

  /// Marks the request made last as the restoration of a cancelled load, which announces
  /// nothing unless its state was never heard, if `restoring` made a request.
  ///
  /// - Parameters:
  ///   - unheard: The restored state's announcement, when it was waiting, never heard, as the
  ///     load started.
  ///   - restore: Brings the state back.
  @usableFromInline
  func restoring(unheard: Announcement? = nil, _ restore: () -> Void) {
    guard let announcing else { return restore() }
    announcing.isRestoring = true
    announcing.restorationUnheard = unheard
    restore()
    announcing.isRestoring = false
  }

  /// Marks the first request `conclude` makes as the outcome of a load or an append, news even
  /// when it repeats the last announcement.
  @discardableResult
  func concluding<Result>(_ conclude: () -> Result) -> Result {
    guard let announcing else { return conclude() }
    announcing.isConcluding = true
    defer { announcing.isConcluding = false }
    return conclude()
  }

  /// Records that request `id` was made: the first one made while a cancelled load's state is
  /// restored is the restoration, which announces nothing (unless never heard); the first one
  /// made while a load or an append concludes presents its outcome.
  func requestMade(_ id: UInt64) {
    guard let announcing else { return }
    if announcing.isRestoring {
      announcing.isRestoring = false
      announcing.restorationID = id
    } else if announcing.isConcluding {
      announcing.isConcluding = false
      announcing.outcomeID = id
    }
  }

  /// Tells the announcement rules of a presentation handed to the presenter.
  ///
  /// - Parameters:
  ///   - presentation: The presentation.
  ///   - token: Its request's identifier.
  func announcePresentation(_ presentation: Presentation, token: UInt64) {
    guard let announcing else { return }
    let announcement = Announcement.of(
      presentation, builtIns: builtIns, redaction: secretRedaction)
    let change: AnnouncementQueue.Change
    if token == announcing.restorationID, let announcement,
      announcement == announcing.restorationUnheard
    {
      change = .announcement(announcement)
    } else if token == announcing.restorationID || presentation.state.kind == .idle {
      change = .silence(announcement)
    } else if let announcement {
      // Content that repeats its count is the same state shown again; an error, empty,
      // locked or a failed page again is what a Retry must say.
      let isNews =
        token == announcing.outcomeID
        && (presentation.state.kind != .content || presentation.append.error != nil)
      change = isNews ? .outcome(announcement) : .announcement(announcement)
    } else {
      change = .nothing
    }
    perform(announcing.queue.presented(change, now: clock.now()), announcing)
  }

  private func perform(_ action: AnnouncementQueue.Action?, _ announcing: Announcing) {
    switch action {
    case nil: return
    case .announce(let announcement): announcing.announcer.announce(announcement)
    case .startTimer(let deadline):
      guard let actor = announcing.actor else { return }
      announcing.timer = AnnouncementTimer(machine: self, announcing: announcing)
        .start(at: deadline, sleep: clock.sleep, isolation: actor)
    }
  }

  /// The coalescing timer elapsed.
  fileprivate func announcementTimerElapsed(_ announcing: Announcing) {
    guard announcing === self.announcing else { return }
    announcing.timer = nil
    perform(announcing.queue.timerElapsed(now: clock.now()), announcing)
  }

  /// The coalescing timer: sleeps on the machine's clock, then comes back to the actor the
  /// announcer was set on. It holds the machine and its announcing state weakly, so that a
  /// component released while an announcement waits is released at once.
  private struct AnnouncementTimer: ActorTimer, @unchecked Sendable {
    // Unchecked: the machine is only touched in `fire(isolation:)`, which runs on the actor
    // the announcer was set on — the one isolation the machine is used from.
    weak var machine: ContentStateMachine?
    weak var announcing: Announcing?

    func fire(isolation: isolated any Actor) {
      guard let machine, let announcing else { return }
      machine.announcementTimerElapsed(announcing)
    }
  }
}
