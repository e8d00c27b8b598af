/// The signal that ended a load, kept beside its event stream.
final class LoadEnding: Sendable {
  private let stored = LockedState<LoadSignal?>(nil)

  /// The first signal recorded, or `nil`.
  var signal: LoadSignal? { stored.withLock { $0 } }

  /// Records a signal unless one was recorded before.
  func record(_ signal: LoadSignal) {
    stored.withLock { if $0 == nil { $0 = signal } }
  }
}
