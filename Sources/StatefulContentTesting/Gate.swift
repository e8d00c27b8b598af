import StatefulContent

/// A one-shot gate an async operation waits at until the test opens it, with a value or an
/// error; it orders a test's events without sleeping.
///
/// ```swift
/// let gate = Gate<[String]>()
/// let load = Task { await model.load(into: \.content) { _ in try await gate.wait() } }
/// gate.open(with: ["a"])
/// ```
///
/// A waiter honours cancellation, as a real operation should: a cancelled load's operation
/// ends at once with `CancellationError`, and the gate forgets it. To test what a late result
/// of an operation that ignores cancellation does, wait with
/// ``waitIgnoringCancellation()`` instead.
public final class Gate<Value: Sendable>: Sendable {
  private typealias Waiter = CheckedContinuation<Value, any Error>

  private struct State {
    /// The waiters by their number, while the gate is closed.
    var waiters: [UInt64: Waiter] = [:]
    /// The number of the next waiter.
    var next: UInt64 = 0
    /// The value or error the gate was opened with.
    var result: Result<Value, any Error>?
  }

  private let state = LockedState(State())

  /// Creates a closed gate.
  public init() {}

  /// How many tasks wait at the gate (a cancelled waiter is no longer counted).
  public var waiterCount: Int { state.withLock { $0.waiters.count } }

  /// Waits until the gate opens, then returns its value or throws its error; a cancelled
  /// wait throws `CancellationError`.
  ///
  /// Cancellation ends the wait, as it ends a well-behaved operation: the waiter throws
  /// `CancellationError` at once — also when its task was cancelled before it came to the
  /// gate — and the gate forgets it (``waiterCount`` no longer counts it, and opening the gate
  /// later does not resume it).
  ///
  /// - Returns: The value the gate was opened with.
  /// - Throws: The error the gate was failed with, or `CancellationError`.
  public func wait() async throws -> Value {
    let number = takeNumber()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { enter($0, as: number, unlessCancelled: true) }
    } onCancel: {
      let waiter = state.withLock { $0.waiters.removeValue(forKey: number) }
      waiter?.resume(throwing: CancellationError())
    }
  }

  /// Waits until the gate opens, whether or not the task is cancelled meanwhile, then returns
  /// its value or throws its error.
  ///
  /// Use it for an operation that ignores cancellation, to test what its late result does
  /// (nothing, for a cancelled or superseded load).
  ///
  /// - Returns: The value the gate was opened with.
  /// - Throws: The error the gate was failed with.
  public func waitIgnoringCancellation() async throws -> Value {
    let number = takeNumber()
    return try await withCheckedThrowingContinuation {
      enter($0, as: number, unlessCancelled: false)
    }
  }

  private func takeNumber() -> UInt64 {
    state.withLock { state in
      defer { state.next += 1 }
      return state.next
    }
  }

  /// Registers `waiter`, or resumes it at once: with the gate's result when it is open, or
  /// with `CancellationError` when `unlessCancelled` and its task is cancelled. Checked under
  /// the lock that the cancellation handler takes too, a cancellation either comes before
  /// (and is seen here) or finds the waiter registered.
  private func enter(_ waiter: Waiter, as number: UInt64, unlessCancelled: Bool) {
    let result = state.withLock { state -> Result<Value, any Error>? in
      if let result = state.result { return result }
      if unlessCancelled && Task.isCancelled { return .failure(CancellationError()) }
      state.waiters[number] = waiter
      return nil
    }
    if let result { waiter.resume(with: result) }
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
    let waiters = state.withLock { state -> [Waiter] in
      guard state.result == nil else { return [] }
      state.result = result
      defer { state.waiters = [:] }
      return state.waiters.sorted { $0.key < $1.key }.map(\.value)
    }
    for waiter in waiters { waiter.resume(with: result) }
  }
}

extension Gate where Value == Void {
  /// Opens the gate.
  public func open() { open(with: ()) }
}
