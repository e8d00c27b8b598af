/// Drives one run of `load`: its tasks, its timers and its event loop, on the caller's
/// isolation.
///
/// Everything that happens to a load — the operation's result and progress, the timers of the
/// show delay, the minimum display time, retry backoff and progress coalescing, supersession
/// and cancellation — arrives as an event in one stream and is handled here in order. What an
/// event means is the load's `LoadLifecycle`'s to decide and the machine's to perform; this
/// type only starts tasks and sleeps. Tasks it starts capture only `Sendable` values (the
/// stream's continuation, the operation, the clock), never the machine or the adopter.
struct LoadDriver<Value: Sendable> {
  enum Event: Sendable {
    case signal(LoadRegistry.Signal)
    case progress(attempt: Int, Double?)
    case finished(attempt: Int, Result<Value, any Error>)
    case showLoading
    case retry
    case minimumDisplayElapsed
    case flushProgress
  }

  /// The signal that ended a load, kept beside its event stream: readable even when the
  /// stream delivered no signal because the awaiting task was cancelled.
  final class Ending: Sendable {
    private let stored = LockedState<LoadRegistry.Signal?>(nil)

    /// The first signal recorded, or `nil`.
    var signal: LoadRegistry.Signal? { stored.withLock { $0 } }

    /// Records a signal unless one was recorded before.
    func record(_ signal: LoadRegistry.Signal) {
      stored.withLock { if $0 == nil { $0 = signal } }
    }
  }

  let machine: ContentStateMachine
  let mode: LoadLifecycle.Mode
  let credential: Credential?
  let animated: Bool
  let operation: @Sendable (LoadContext) async throws -> Value
  let events: AsyncStream<Event>
  let continuation: AsyncStream<Event>.Continuation
  let id: UInt64
  private let ending = Ending()
  /// A result that waits for the minimum display time.
  private var heldResult: Result<Value, any Error>?

  /// Registers the load with the adopter's machine, superseding the running one.
  init(
    machine: ContentStateMachine, mode: LoadLifecycle.Mode, credential: Credential?,
    animated: Bool, retry: RetryPolicy?,
    operation: @escaping @Sendable (LoadContext) async throws -> Value
  ) {
    self.machine = machine
    self.mode = mode
    self.credential = credential
    self.animated = animated
    self.operation = operation
    (events, continuation) = AsyncStream<Event>.makeStream()
    let lifecycle = LoadLifecycle(
      mode: mode, retryPolicy: retry ?? machine.retryPolicy,
      loadingPolicy: machine.loadingPolicy)
    let continuation = continuation
    let ending = ending
    id = machine.beginLoad(lifecycle) { signal in
      ending.record(signal)
      continuation.yield(.signal(signal))
    }
  }

  /// Runs the load to its end.
  ///
  /// - Parameters:
  ///   - host: The adopter, for its `hasContent`, its hooks and its placeholder
  ///     configuration; held only while this call runs.
  ///   - isolation: The actor that owns the machine.
  ///   - apply: Stores the value of a successful load in the adopter.
  mutating func run<Host: StatefulContent>(
    host: Host, isolation: isolated (any Actor)?, apply: (Value) -> Void
  ) async -> LoadOutcome {
    defer { continuation.finish() }
    if let showDeadline = machine.enterLoad(id, host: host, animated: animated) {
      schedule(.showLoading, at: showDeadline)
    }
    startAttempt(1)
    let continuation = continuation
    return await withTaskCancellationHandler {
      // The operation closure of withTaskCancellationHandler is not isolated itself: hop back
      // to the machine's isolation explicitly before touching the machine.
      await loop(host: host, isolation: isolation, apply: apply)
    } onCancel: {
      continuation.yield(.signal(.taskCancelled))
    }
  }

  private mutating func loop<Host: StatefulContent>(
    host: Host, isolation: isolated (any Actor)?, apply: (Value) -> Void
  ) async -> LoadOutcome {
    for await event in events {
      if let outcome = handle(event, host: host, apply: apply) { return outcome }
    }
    // The stream ends early when the awaiting task is cancelled (AsyncStream's iterator returns
    // nil then), possibly before the signal that says how the load ended was delivered.
    switch ending.signal {
    case .superseded: return .superseded
    case .cancelledByMachine: return .cancelled
    case .taskCancelled, nil:
      machine.cancelLoadAfterTaskCancellation(id, host: host)
      return .cancelled
    }
  }

  private mutating func handle<Host: StatefulContent>(
    _ event: Event, host: Host, apply: (Value) -> Void
  ) -> LoadOutcome? {
    switch event {
    case .signal(.superseded):
      return .superseded
    case .signal(.cancelledByMachine):
      return .cancelled
    case .signal(.taskCancelled):
      machine.cancelLoadAfterTaskCancellation(id, host: host)
      return .cancelled
    case .showLoading:
      guard machine.loads.isActive(id) else { return nil }
      machine.presentDeferredRequest()
    case .progress(let attempt, let fraction):
      if let deadline = machine.loadProgress(id, attempt: attempt, .some(fraction), host: host) {
        schedule(.flushProgress, at: deadline)
      }
    case .flushProgress:
      if let deadline = machine.loadProgress(id, host: host) {
        schedule(.flushProgress, at: deadline)
      }
    case .retry:
      if let attempt = machine.retryLoad(id, host: host) { startAttempt(attempt) }
    case .finished(let attempt, let result):
      let error: (any Error)? =
        switch result {
        case .success: nil
        case .failure(let error): error
        }
      switch machine.loadAttemptFinished(id, attempt: attempt, error: error) {
      case nil: return nil
      case .cancelled:
        machine.cancelLoadAfterTaskCancellation(id, host: host)
        return .cancelled
      case .retry(let deadline):
        schedule(.retry, at: deadline)
      case .hold(let deadline):
        heldResult = result
        schedule(.minimumDisplayElapsed, at: deadline)
      case .conclude:
        return conclude(result, host: host, apply: apply)
      }
    case .minimumDisplayElapsed:
      guard machine.loadMinimumDisplayElapsed(id), let result = heldResult.take() else {
        return nil
      }
      return conclude(result, host: host, apply: apply)
    }
    return nil
  }

  private func conclude<Host: StatefulContent>(
    _ result: Result<Value, any Error>, host: Host, apply: (Value) -> Void
  ) -> LoadOutcome {
    switch result {
    case .success(let value):
      machine.concludeLoad(
        id, succeededWith: credential, host: host, animated: animated, apply: { apply(value) })
      return .completed
    case .failure(let error as ContentLockedError):
      // A credential was tried and refused when the load ran with one.
      return machine.concludeLoad(
        id, foundLock: error.reason, credentialTried: mode == .unlock || credential != nil,
        host: host, animated: animated)
    case .failure(let error):
      machine.concludeLoad(id, failedWith: error, host: host, animated: animated)
      return .failed(error)
    }
  }

  private func startAttempt(_ attempt: Int) {
    let continuation = continuation
    let operation = operation
    let context = LoadContext(attempt: attempt, credential: credential) { fraction in
      continuation.yield(.progress(attempt: attempt, fraction))
    }
    let task = Task {
      let result: Result<Value, any Error>
      do { result = .success(try await operation(context)) } catch { result = .failure(error) }
      continuation.yield(.finished(attempt: attempt, result))
    }
    machine.retain(task, forLoad: id)
  }

  private func schedule(_ event: Event, at deadline: Duration) {
    let continuation = continuation
    let sleep = machine.clock.sleep
    let task = Task {
      do { try await sleep(deadline) } catch { return }
      continuation.yield(event)
    }
    machine.retain(task, forLoad: id)
  }
}
