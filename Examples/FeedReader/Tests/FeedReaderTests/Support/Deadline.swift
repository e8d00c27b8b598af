import Foundation

/// Waits for a condition that real input and output bring about — a server, a process, a
/// probe on an interval — checking it every 10 ms until a deadline; it never waits for a time
/// of its own.
///
/// - Parameters:
///   - message: What was expected, for the failure.
///   - timeout: How long to wait at most. Defaults to 20 seconds.
///   - condition: The state the test waits for.
/// - Throws: ``ConditionTimedOut`` when the condition still does not hold at the deadline.
@MainActor
func waitUntil(
  _ message: @autoclosure () -> String, timeout: Duration = .seconds(20),
  condition: () -> Bool
) async throws {
  let deadline = ContinuousClock.now + timeout
  while !condition() {
    guard ContinuousClock.now < deadline else { throw ConditionTimedOut(message: message()) }
    try await Task.sleep(for: .milliseconds(10))
  }
}

/// A condition a test waited for did not hold in time.
struct ConditionTimedOut: Error, CustomStringConvertible {
  var message: String
  var description: String { "timed out waiting: \(message)" }
}
