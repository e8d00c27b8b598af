/// Lets other tasks run until a condition holds, by yielding — never by sleeping — and throws
/// when it never does.
///
/// Loads run their operation and timers in tasks of their own; after a test opens a gate or
/// advances a ``ManualClock``, those tasks need turns to deliver their events. This function
/// gives them turns until `condition` is true.
///
/// It cannot be ignored: when the condition is still false after `maximumYields` turns, it
/// throws ``ConditionNeverHeld``, which fails the test that called it and says where (a test
/// method that `throws` reports a thrown error as its failure; this module does not depend on
/// XCTest).
///
/// ```swift
/// func test_load_showsLoading() async throws {
///   let load = Task { await feed.load(into: \.content) { _ in try await gate.wait() } }
///   try await settle { presenter.presentedKinds == [.loading] }
///   …
/// }
/// ```
///
/// - Parameters:
///   - message: What the error says besides where the test waited, as for an `XCTAssert`:
///     what was expected, or what happened instead; evaluated only when the condition never
///     held.
///   - isolation: The caller's actor; inferred.
///   - maximumYields: How many turns to give at the most before giving up; a negative number
///     counts as 0 (the condition is checked once).
///   - file: The file of the call, for the error; defaults to the caller's.
///   - line: The line of the call, for the error; defaults to the caller's.
///   - condition: The state the test waits for.
/// - Throws: ``ConditionNeverHeld`` when the condition is still false after the last turn.
public func settle(
  _ message: @autoclosure () -> String = String(),
  isolation: isolated (any Actor)? = #isolation,
  maximumYields: Int = 100_000,
  file: StaticString = #filePath,
  line: UInt = #line,
  until condition: () -> Bool
) async throws(ConditionNeverHeld) {
  let yields = max(maximumYields, 0)
  for _ in 0..<yields {
    if condition() { return }
    await Task.yield()
  }
  if condition() { return }
  throw ConditionNeverHeld(yields: yields, message: message(), file: file, line: line)
}

/// The error ``settle(_:isolation:maximumYields:file:line:until:)`` throws when its condition
/// never held: the test failed where it waited.
public struct ConditionNeverHeld: Error, CustomStringConvertible {
  /// How many turns were given before giving up.
  public let yields: Int
  /// The caller's message, or an empty string.
  public let message: String
  /// The file of the `settle` call.
  public let file: StaticString
  /// The line of the `settle` call.
  public let line: UInt

  /// Where `settle` was called and that its condition never held.
  public var description: String {
    let description =
      "settle(until:) at \(file):\(line) gave up after \(yields) yields: its condition never held"
    return message.isEmpty ? description : "\(description) — \(message)"
  }
}

/// Gives other tasks a number of turns, for tests that check that nothing happens.
///
/// - Parameters:
///   - isolation: The caller's actor; inferred.
///   - turns: How many times to yield; a negative number counts as 0.
public func settle(isolation: isolated (any Actor)? = #isolation, turns: Int = 1_000) async {
  for _ in 0..<max(turns, 0) { await Task.yield() }
}
