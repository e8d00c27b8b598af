import StatefulContent

/// A value guarded by a POSIX mutex, shared between a signal's queue, a reader's thread and the
/// caller's actor.
///
/// Signals are handled on a queue of their own, so that they are handled while the main thread
/// is blocked; what they share with the rest of a tool — the clean-ups to run, the work to
/// cancel — sits behind one of these. A POSIX mutex rather than `Synchronization.Mutex`, which
/// needs macOS 15 (the package supports macOS 14) and whose futex the thread sanitizer does not
/// see on Linux.
///
/// ```swift
/// let stopped = Locked(false)
/// stopped.withLock { $0 = true }          // on a signal's queue
/// if stopped.withLock({ $0 }) { return }  // on a reader's thread
/// ```
public final class Locked<Value> {
  private let state: LockedState<Value>

  /// Creates the lock around an initial value.
  ///
  /// - Parameter value: The value guarded from now on.
  public init(_ value: Value) {
    state = LockedState(value)
  }

  /// Runs `body` with exclusive access to the value.
  ///
  /// Do not call `withLock` of the same lock from `body`: the mutex is not recursive.
  ///
  /// - Parameter body: Reads or changes the value.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try state.withLock(body)
  }
}

extension Locked: Sendable where Value: Sendable {}
