/// A type-erased `Clock<Duration>` that measures time from the moment it was created.
///
/// Storing instants of an unknown clock type is impossible, so the machine stores elapsed
/// durations instead and sleeps until an elapsed duration through this adapter.
struct LoadClock: Sendable {
  /// The time elapsed since the adapter was created.
  let now: @Sendable () -> Duration
  /// Sleeps until the given elapsed time; throws `CancellationError` when cancelled.
  let sleep: @Sendable (_ until: Duration) async throws -> Void

  init<C: Clock>(_ clock: C) where C.Duration == Duration {
    let start = clock.now
    now = { start.duration(to: clock.now) }
    sleep = { deadline in try await clock.sleep(until: start.advanced(by: deadline), tolerance: nil)
    }
  }
}
