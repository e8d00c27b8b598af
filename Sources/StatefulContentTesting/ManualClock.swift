import StatefulContent

/// A clock that only moves when a test advances it, so that time-based behaviour is tested
/// without sleeping.
///
/// Sleepers resume, in deadline order, when ``advance(by:)`` or ``advance(to:)`` moves the
/// clock past their deadline; a cancelled sleeper throws `CancellationError` at once.
///
/// ```swift
/// let clock = ManualClock()
/// let machine = ContentStateMachine(presenter: presenter, clock: clock)
/// machine.loadingPolicy = .smooth
/// clock.advance(by: .milliseconds(150))   // the show delay elapses
/// ```
public final class ManualClock: Clock, Sendable {
  /// A point in the manual clock's time.
  public struct Instant: InstantProtocol, CustomStringConvertible {
    /// The time since the clock's start.
    public var offset: Duration

    /// Creates an instant at an offset from the clock's start.
    ///
    /// - Parameter offset: The time since the start.
    public init(offset: Duration) { self.offset = offset }

    /// The instant moved by a duration.
    ///
    /// Beyond `Int64.max` seconds and just under one more (about 292 billion years) either
    /// way, the result saturates at that limit instead of trapping; an offset beyond it counts
    /// as the limit.
    ///
    /// - Parameter duration: How far to move.
    /// - Returns: The moved instant.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset.addingSaturated(duration))
    }

    /// The duration from this instant to another.
    ///
    /// Beyond `Int64.max` seconds and just under one more either way, the result saturates
    /// at that limit instead of trapping, as in ``advanced(by:)``.
    ///
    /// - Parameter other: The later instant.
    /// - Returns: `other − self`.
    public func duration(to other: Instant) -> Duration {
      other.offset.subtractingSaturated(offset)
    }

    /// Whether one instant comes before another.
    ///
    /// - Parameters:
    ///   - lhs: An instant.
    ///   - rhs: Another instant.
    /// - Returns: `true` when `lhs` is earlier.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }

    /// The offset, such as `0.15 seconds`.
    public var description: String { "\(offset)" }
  }

  private struct Sleeper {
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [UInt64: Sleeper] = [:]
    var nextID: UInt64 = 0
    /// The error every sleep fails with, once ``failSleeps(with:)`` was called.
    var sleepFailure: (any Error)?
  }

  private let state = LockedState(State())

  /// Creates a clock at offset zero.
  public init() {}

  /// The current instant.
  public var now: Instant { state.withLock { $0.now } }

  /// The smallest step the clock can take: one nanosecond.
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// How many tasks are sleeping on the clock.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// The earliest deadline a task sleeps until, or `nil` when none sleeps.
  public var nextDeadline: Instant? { state.withLock { $0.sleepers.values.map(\.deadline).min() } }

  /// Suspends until the clock reaches `deadline`.
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at; one already reached returns at once.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` when the sleeping task is cancelled; the error given to
  ///   ``failSleeps(with:)`` once the clock fails.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let resumeNow: Result<Void, any Error>? = state.withLock { state in
          if Task.isCancelled { return .failure(CancellationError()) }
          if let failure = state.sleepFailure { return .failure(failure) }
          if deadline <= state.now { return .success(()) }
          state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
          return nil
        }
        if let resumeNow { continuation.resume(with: resumeNow) }
      }
    } onCancel: {
      let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Makes every sleep fail — those waiting now and every later one — with `error`, as a
  /// clock that breaks would, to test what the code under test does when its timers fail.
  ///
  /// - Parameter error: The error the sleeps throw (anything but `CancellationError` stands
  ///   for a broken clock).
  public func failSleeps(with error: any Error & Sendable) {
    let waiting = state.withLock { state -> [Sleeper] in
      state.sleepFailure = error
      defer { state.sleepers = [:] }
      return Array(state.sleepers.values)
    }
    for sleeper in waiting { sleeper.continuation.resume(throwing: error) }
  }

  /// Moves the clock forward and wakes every sleeper whose deadline has come.
  ///
  /// - Parameter duration: How far to move; negative durations are ignored, and a move past
  ///   `Int64.max` seconds and just under one more stops there.
  public func advance(by duration: Duration) {
    advance(to: now.advanced(by: max(duration, .zero)))
  }

  /// Moves the clock to an instant (never backwards) and wakes the sleepers due by then.
  ///
  /// - Parameter instant: The new current instant.
  public func advance(to instant: Instant) {
    let due = state.withLock { state -> [Sleeper] in
      if instant > state.now { state.now = instant }
      let now = state.now
      let dueIDs = state.sleepers.filter { $0.value.deadline <= now }
        .sorted { $0.value.deadline < $1.value.deadline }.map(\.key)
      return dueIDs.compactMap { state.sleepers.removeValue(forKey: $0) }
    }
    for sleeper in due { sleeper.continuation.resume() }
  }
}
