extension ContentStateMachine {
  /// Whether a load started with `load` is running.
  public var hasActiveLoad: Bool { activeLoad != nil }

  /// Cancels the running load and brings back the state it replaced.
  ///
  /// Cancellation is not an error: the state, the last error and the progress are restored to
  /// what they were before the load (or before the first of a chain of loads that superseded
  /// each other), at once. The load's operation task is cancelled and its `load` call returns
  /// ``LoadOutcome/cancelled``. Without a running load it does nothing.
  public func cancelLoading() {
    cancelLoading(host: nil)
  }

  /// Cancels the running load; `host` configures the restored placeholder if it was replaced
  /// during the load.
  func cancelLoading(host: (any StatefulContent)?) {
    guard let load = activeLoad else { return }
    activeLoad = nil
    load.cancelTasks()
    restore(load.restore, host: host)
    load.signal(.cancelledByMachine)
  }

  /// Registers a new load, superseding the running one, and returns its identifier.
  func beginLoad(signal: @escaping @Sendable (LoadSignal) -> Void) -> UInt64 {
    let id = nextLoadID
    nextLoadID &+= 1
    let snapshot: ActiveLoad.Snapshot
    if let previous = activeLoad {
      previous.cancelTasks()
      previous.signal(.superseded)
      snapshot = previous.restore
    } else {
      snapshot = ActiveLoad.Snapshot(
        presentation: requestedPresentation, isLoading: _isLoading,
        lastError: lastError, progress: _progress, lock: _lock,
        placeholderGeneration: placeholderGeneration)
    }
    activeLoad = ActiveLoad(id: id, signal: signal, restore: snapshot)
    return id
  }

  /// Whether the load `id` is still the running one.
  func isActiveLoad(_ id: UInt64) -> Bool { activeLoad?.id == id }

  /// Keeps a task of the load `id` so that it is cancelled with the load.
  func retain(_ task: Task<Void, Never>, forLoad id: UInt64) {
    guard activeLoad?.id == id else {
      task.cancel()
      return
    }
    activeLoad?.tasks.append(task)
    // At most one operation and four timers of a load are alive at once; older tasks have
    // finished, so keeping the newest few bounds the list for endless retries and progress.
    if let count = activeLoad?.tasks.count, count > 16 {
      activeLoad?.tasks.removeFirst(count - 8)
    }
  }

  /// Forgets the load `id` when it ends, cancelling its remaining timers.
  func endLoad(_ id: UInt64) {
    guard let load = activeLoad, load.id == id else { return }
    activeLoad = nil
    load.cancelTasks()
  }

  /// Brings back the state a load replaced: the same presentation, unless a placeholder was
  /// registered or removed during the load, in which case the state is presented anew with the
  /// current placeholder (configured by `host`, when given), so nothing stale comes back.
  private func restore(_ snapshot: ActiveLoad.Snapshot, host: (any StatefulContent)?) {
    isLoading = snapshot.isLoading
    lastError = snapshot.lastError
    progress = snapshot.progress
    lock = snapshot.lock
    loadAttempt = 1
    let state = snapshot.presentation.state
    let customWithoutPlaceholder =
      if case .custom = state { placeholder(for: state.kind) == nil } else { false }
    guard snapshot.placeholderGeneration != placeholderGeneration, !customWithoutPlaceholder
    else {
      resubmit(snapshot.presentation, animated: false)
      return
    }
    supersedeDeferredRequest()
    submit(
      state, isRefreshing: snapshot.presentation.isRefreshing, animated: false, host: host)
  }

  /// Restores the state after the task awaiting load `id` was cancelled.
  func cancelLoadAfterTaskCancellation(_ id: UInt64, host: (any StatefulContent)?) {
    guard let load = activeLoad, load.id == id else { return }
    activeLoad = nil
    load.cancelTasks()
    restore(load.restore, host: host)
  }
}
