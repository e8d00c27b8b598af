import StatefulContent

/// A one-shot gate an async operation waits at until the test opens it, with a value or an
/// error; it orders a test's events without sleeping.
///
/// ```swift
/// let gate = Gate<[String]>()
/// let load = Task { await model.load(into: \.content) { _ in try await gate.wait() } }
/// gate.open(with: ["a"])
/// ```
public final class Gate<Value: Sendable>: Sendable {
  private enum State {
    case closed([CheckedContinuation<Value, any Error>])
    case opened(Result<Value, any Error>)
  }

  private let state = LockedState(State.closed([]))

  /// Creates a closed gate.
  public init() {}

  /// How many tasks wait at the gate.
  public var waiterCount: Int {
    state.withLock { if case .closed(let waiters) = $0 { waiters.count } else { 0 } }
  }

  /// Waits until the gate opens, then returns its value or throws its error.
  ///
  /// Cancellation does not end the wait: like an operation that ignores cancellation, the
  /// waiter goes on until the gate opens. Use it to test late results of cancelled loads.
  ///
  /// - Returns: The value the gate was opened with.
  /// - Throws: The error the gate was failed with.
  public func wait() async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
      let result: Result<Value, any Error>? = state.withLock { state in
        switch state {
        case .closed(var waiters):
          waiters.append(continuation)
          state = .closed(waiters)
          return nil
        case .opened(let result): return result
        }
      }
      if let result { continuation.resume(with: result) }
    }
  }

  /// Opens the gate with a value; waiters now and later receive it. Only the first opening
  /// counts.
  ///
  /// - Parameter value: The value to hand out.
  public func open(with value: Value) { resolve(.success(value)) }

  /// Opens the gate with an error; waiters now and later throw it. Only the first opening
  /// counts.
  ///
  /// - Parameter error: The error to throw.
  public func fail(with error: any Error) { resolve(.failure(error)) }

  private func resolve(_ result: Result<Value, any Error>) {
    let waiters = state.withLock { state -> [CheckedContinuation<Value, any Error>] in
      guard case .closed(let waiters) = state else { return [] }
      state = .opened(result)
      return waiters
    }
    for waiter in waiters { waiter.resume(with: result) }
  }
}

extension Gate where Value == Void {
  /// Opens the gate.
  public func open() { open(with: ()) }
}
