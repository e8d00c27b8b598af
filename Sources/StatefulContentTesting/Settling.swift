/// Lets other tasks run until a condition holds, by yielding — never by sleeping.
///
/// Loads run their operation and timers in tasks of their own; after a test opens a gate or
/// advances a ``ManualClock``, those tasks need turns to deliver their events. This function
/// gives them turns until `condition` is true.
///
/// - Parameters:
///   - isolation: The caller's actor; inferred.
///   - maximumYields: How many turns to give at the most before giving up; a negative number
///     counts as 0 (the condition is checked once).
///   - condition: The state the test waits for.
/// - Returns: Whether the condition became true.
@discardableResult
public func settle(
  isolation: isolated (any Actor)? = #isolation,
  maximumYields: Int = 100_000,
  until condition: () -> Bool
) async -> Bool {
  for _ in 0..<max(maximumYields, 0) {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}

/// Gives other tasks a number of turns, for tests that check that nothing happens.
///
/// - Parameters:
///   - isolation: The caller's actor; inferred.
///   - turns: How many times to yield; a negative number counts as 0.
public func settle(isolation: isolated (any Actor)? = #isolation, turns: Int = 1_000) async {
  for _ in 0..<max(turns, 0) { await Task.yield() }
}
