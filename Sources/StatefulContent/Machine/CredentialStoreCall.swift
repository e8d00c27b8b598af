/// A call of the adopter's ``CredentialStore`` within a time limit on the machine's clock: the
/// machine never waits longer for a store than its ``CredentialMemory`` allows — not even for
/// one that ignores cancellation, which is left behind, cancelled.
enum CredentialStoreCall {
  /// What came of the call.
  enum Outcome<Value: Sendable>: Sendable {
    case answered(Value)
    case failed(any Error)
    case timedOut
    /// The task waiting for the call was cancelled.
    case cancelled
  }

  /// Runs `call`, and gives up on it after `timeLimit`.
  ///
  /// - Parameters:
  ///   - timeLimit: How long the call may take; negative counts as zero.
  ///   - clock: The machine's clock.
  ///   - call: The store's call.
  /// - Returns: What the call returned or threw, or that it took too long, or that the
  ///   waiting task was cancelled — whichever came first.
  static func run<Value: Sendable>(
    timeLimit: Duration, clock: ContentStateMachine.ElapsedClock,
    _ call: @escaping @Sendable () async throws -> Value
  ) async -> Outcome<Value> {
    let race = Race<Value>()
    let deadline = clock.now() + max(timeLimit, .zero)
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        race.start(continuation)
        race.add(
          Task {
            do {
              race.finish(.answered(try await call()))
            } catch {
              race.finish(.failed(error))
            }
          })
        race.add(
          Task {
            // A clock that fails to sleep ends the wait, as a timer of the load does.
            try? await clock.sleep(deadline)
            race.finish(.timedOut)
          })
      }
    } onCancel: {
      race.finish(.cancelled)
    }
  }

  /// Remembers the credential that unlocked a document when the memory's policy says so,
  /// within the memory's time limit; a store that fails or takes too long leaves the content
  /// unlocked and the credential unremembered.
  ///
  /// - Parameter requested: Whether the user asked for it (the unlock's `remember`), which
  ///   decides under ``CredentialMemory/Policy/ask``.
  static func remember(
    _ credential: Credential, for fingerprint: CredentialFingerprint, in memory: CredentialMemory,
    requested: Bool, clock: ContentStateMachine.ElapsedClock
  ) async {
    switch memory.policy {
    case .never: return
    case .ask where !requested: return
    case .ask, .always: break
    }
    let store = memory.store
    _ = await run(timeLimit: memory.timeLimit, clock: clock) {
      try await store.remember(credential, for: fingerprint)
    }
  }

  /// The first outcome of the call, its time limit and cancellation: it resumes the waiting
  /// task once and cancels the tasks that lost.
  private final class Race<Value: Sendable>: Sendable {
    private struct State {
      var continuation: CheckedContinuation<Outcome<Value>, Never>?
      var outcome: Outcome<Value>?
      var tasks: [Task<Void, Never>] = []
    }

    private let state = LockedState(State())

    /// The waiting task is ready to be resumed — at once, when cancellation came first.
    func start(_ continuation: CheckedContinuation<Outcome<Value>, Never>) {
      let outcome: Outcome<Value>? = state.withLock { state in
        guard let outcome = state.outcome else {
          state.continuation = continuation
          return nil
        }
        return outcome
      }
      if let outcome { continuation.resume(returning: outcome) }
    }

    /// Keeps a task to cancel once an outcome is known — at once, when it is.
    func add(_ task: Task<Void, Never>) {
      let isOver = state.withLock { state in
        guard case .none = state.outcome else { return true }
        state.tasks.append(task)
        return false
      }
      if isOver { task.cancel() }
    }

    /// The first outcome wins; later ones are dropped.
    func finish(_ outcome: Outcome<Value>) {
      let won: (CheckedContinuation<Outcome<Value>, Never>?, [Task<Void, Never>])? =
        state.withLock { state in
          guard case .none = state.outcome else { return nil }
          state.outcome = outcome
          defer { state.tasks = [] }
          return (state.continuation.take(), state.tasks)
        }
      guard let (continuation, tasks) = won else { return }
      for task in tasks { task.cancel() }
      continuation?.resume(returning: outcome)
    }
  }
}
