import Foundation

/// A value guarded by an `NSLock`, shared between a scan's thread, a signal queue and the main
/// actor.
///
/// `NSLock` rather than `Synchronization.Mutex`, which needs macOS 15: the library supports
/// macOS 14, and so does this example.
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
