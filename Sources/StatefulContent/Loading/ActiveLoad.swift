/// What the machine knows of the load that runs now.
struct ActiveLoad {
  /// The state and inputs to bring back when the load is cancelled.
  struct Snapshot {
    var presentation: Presentation
    var isLoading: Bool
    var lastError: (any Error)?
    var progress: Double?
    var lock: LockReason?
    /// The machine's ``ContentStateMachine/placeholderGeneration`` when the snapshot was taken.
    var placeholderGeneration: UInt64
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
