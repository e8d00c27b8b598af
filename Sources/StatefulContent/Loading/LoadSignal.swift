/// Why a running load's event loop must stop.
enum LoadSignal: Sendable {
  /// A newer load replaced it; the state belongs to the newer load.
  case superseded
  /// ``ContentStateMachine/cancelLoading()`` cancelled it and already restored the state.
  case cancelledByMachine
  /// The task awaiting the load was cancelled; the loop restores the state.
  case taskCancelled
}
