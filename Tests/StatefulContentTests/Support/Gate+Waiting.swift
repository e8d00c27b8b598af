import StatefulContentTesting

extension Gate {
  /// Waits as a well-behaved operation (`wait()`), or as one that ignores cancellation, so
  /// that its value arrives late (`waitIgnoringCancellation()`): for helpers that start both.
  func wait(ignoringCancellation: Bool) async throws -> Value {
    ignoringCancellation ? try await waitIgnoringCancellation() : try await wait()
  }
}
