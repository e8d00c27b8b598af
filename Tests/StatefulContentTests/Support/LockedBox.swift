import Foundation

/// A value shared with a `@Sendable` closure of a test.
final class LockedBox<Value: Sendable>: @unchecked Sendable {
  // @unchecked Sendable: `stored` is read and written only under `lock`.
  private let lock = NSLock()
  private var stored: Value
  init(_ value: Value) { stored = value }
  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
