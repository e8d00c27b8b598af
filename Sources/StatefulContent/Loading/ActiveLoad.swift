/// Why a running load's event loop must stop.
enum LoadSignal: Sendable {
  /// A newer load replaced it; the state belongs to the newer load.
  case superseded
  /// ``ContentStateMachine/cancelLoading()`` cancelled it and already restored the state.
  case cancelledByMachine
  /// The task awaiting the load was cancelled; the loop restores the state.
  case taskCancelled
}

/// Why the load runs.
enum LoadMode {
  /// A new load: a lock, a kept credential and counted attempts of before are forgotten.
  case load
  /// The last load again, with the credential that unlocked it.
  case reload
  /// An unlock: the operation runs with a credential to try while the lock stays.
  case unlock
}

/// What the machine knows of the load that runs now.
struct ActiveLoad {
  /// The state and inputs to bring back when the load is cancelled.
  struct Snapshot {
    var presentation: Presentation
    var isLoading: Bool
    var lastError: (any Error)?
    var progress: Double?
    var lock: LockReason?
  }

  let id: UInt64
  /// Stops the load's event loop.
  let signal: @Sendable (LoadSignal) -> Void
  /// The operation and timer tasks, cancelled when the load ends.
  var tasks: [Task<Void, Never>] = []
  /// The state before the first of a chain of superseding loads.
  let restore: Snapshot

  func cancelTasks() {
    for task in tasks { task.cancel() }
  }
}

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
