import Foundation

/// A value guarded by an `NSLock`, shared between a process's reader threads and its owner.
///
/// `NSLock` rather than `Synchronization.Mutex`: the thread sanitizer understands the
/// pthread mutex behind `NSLock`, while it reports false races inside `Mutex` on Linux.
final class Locked<Value>: @unchecked Sendable {
  // @unchecked Sendable: `value` is only touched inside `withLock`, under `lock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  /// Runs `body` with exclusive access to the value.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
