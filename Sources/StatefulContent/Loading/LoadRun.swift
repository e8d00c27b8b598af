/// One run of `load`: its event loop, on the caller's isolation.
///
/// Everything that happens to a load — the operation's result and progress, timers for the
/// show delay, the minimum display time, retry backoff and progress coalescing, supersession
/// and cancellation — arrives as an event in one stream and is handled here in order, on the
/// isolation that owns the machine. Tasks it starts capture only `Sendable` values (the
/// stream's continuation, the operation, the clock), never the machine or the adopter.
struct LoadRun<Value: Sendable> {
  enum Event: Sendable {
    case signal(LoadSignal)
    case progress(attempt: Int, Double?)
    case finished(attempt: Int, Result<Value, any Error>)
    case showLoading
    case retry
    case minimumDisplayElapsed
    case flushProgress
  }

  let machine: ContentStateMachine
  /// The adopter, for its `hasContent`, its hooks and its placeholder configuration; held only
  /// while the load's call runs.
  let host: any StatefulContent
  let mode: LoadMode
  let credential: Credential?
  let animated: Bool
  let retryPolicy: RetryPolicy
  let policy: LoadingPolicy
  let operation: @Sendable (LoadContext) async throws -> Value
  let events: AsyncStream<Event>
  let continuation: AsyncStream<Event>.Continuation
  let id: UInt64
  /// How the machine ended the load, readable even when the stream delivered no signal.
  private let ending = LoadEnding()

  private var attempt = 1
  private var attemptProgress: Double?
  private var presentedProgress: Double?
  private var presentedProgressAt: Duration?
  private var pendingProgress: Double??
  private var flushScheduled = false
  private var heldResult: Result<Value, any Error>?

  init(
    host: some StatefulContent, mode: LoadMode, credential: Credential?, animated: Bool,
    retry: RetryPolicy?, operation: @escaping @Sendable (LoadContext) async throws -> Value
  ) {
    let machine = host.stateMachine
    self.machine = machine
    self.host = host
    self.mode = mode
    self.credential = credential
    self.animated = animated
    self.retryPolicy = retry ?? machine.retryPolicy
    self.policy = machine.loadingPolicy
    self.operation = operation
    (events, continuation) = AsyncStream<Event>.makeStream()
    let continuation = continuation
    let ending = ending
    id = machine.beginLoad { signal in
      ending.record(signal)
      continuation.yield(.signal(signal))
    }
  }

  /// Runs the load to its end.
  mutating func run(
    isolation: isolated (any Actor)?,
    apply: (Value) -> Void
  ) async -> LoadOutcome {
    defer { continuation.finish() }
    enterLoading()
    startAttempt()
    let continuation = continuation
    return await withTaskCancellationHandler {
      // The operation closure of withTaskCancellationHandler is not isolated itself: hop back
      // to the machine's isolation explicitly before touching the machine.
      await loop(
        isolation: isolation, apply: apply)
    } onCancel: {
      continuation.yield(.signal(.taskCancelled))
    }
  }

  private mutating func loop(
    isolation: isolated (any Actor)?,
    apply: (Value) -> Void
  ) async -> LoadOutcome {
    for await event in events {
      if let outcome = handle(event, apply: apply) { return outcome }
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

  private func enterLoading() {
    machine.isLoading = true
    machine.lastError = nil
    machine.progress = nil
    machine.loadAttempt = 1
    if mode != .unlock {
      machine.lock = nil
      machine.unlockAttempts = 0
      machine.isLockedOut = false
      if mode == .load { machine.credential = nil }
    }
    let delay = policy.effectiveShowDelay
    let deferShow = delay > .zero && machine._presentedState.kind != .loading
    if machine.lock != nil {
      // Verifying a credential: loading replaces the locked placeholder, and content can
      // never appear because the lock stays until the credential is accepted.
      machine.hasDecided = true
      machine.submit(
        .loading, isRefreshing: false, animated: animated, deferred: deferShow, host: host)
    } else {
      machine.submitDecidedState(host: host, animated: animated, deferLoading: deferShow)
    }
    if machine.deferredRequest != nil {
      schedule(.showLoading, at: machine.clock.now() + delay)
    }
  }

  private mutating func handle(
    _ event: Event,
    apply: (Value) -> Void
  ) -> LoadOutcome? {
    switch event {
    case .signal(.superseded):
      return .superseded
    case .signal(.cancelledByMachine):
      return .cancelled
    case .signal(.taskCancelled):
      machine.cancelLoadAfterTaskCancellation(id, host: host)
      return .cancelled
    case _ where !machine.isActiveLoad(id):
      // The load was superseded or cancelled and its signal is still behind this event in the
      // stream: nothing may change, and the signal will say how the load ended.
      return nil
    case .showLoading:
      machine.presentDeferredRequest()
    case .progress(let eventAttempt, let fraction):
      guard eventAttempt == attempt else { return nil }
      receiveProgress(StateDecision.sanitizedProgress(fraction))
    case .flushProgress:
      flushScheduled = false
      if let pending = pendingProgress { presentProgress(pending) }
    case .retry:
      attempt += 1
      attemptProgress = nil
      presentedProgress = nil
      pendingProgress = nil
      machine.loadAttempt = attempt
      machine.progress = nil
      machine.submitDecidedState(host: host, animated: false)
      startAttempt()
    case .finished(let eventAttempt, let result):
      guard eventAttempt == attempt else { return nil }
      if case .failure(let error) = result {
        if error is CancellationError {
          machine.cancelLoadAfterTaskCancellation(id, host: host)
          return .cancelled
        }
        if retryPolicy.allowsRetry(afterAttempt: attempt, error: error) {
          let delay = retryPolicy.delay(
            beforeRetry: attempt, unitRandom: Double.random(in: 0..<1))
          schedule(.retry, at: machine.clock.now() + delay)
          return nil
        }
      }
      if let shownAt = machine.loadingShownAt, machine._requestedState.kind == .loading {
        let until = shownAt + policy.effectiveMinimumDisplayTime
        if machine.clock.now() < until {
          heldResult = result
          schedule(.minimumDisplayElapsed, at: until)
          return nil
        }
      }
      return conclude(result, apply: apply)
    case .minimumDisplayElapsed:
      guard let result = heldResult else { return nil }
      return conclude(result, apply: apply)
    }
    return nil
  }

  private func conclude(
    _ result: Result<Value, any Error>,
    apply: (Value) -> Void
  ) -> LoadOutcome {
    machine.endLoad(id)
    machine.isLoading = false
    machine.progress = nil
    machine.loadAttempt = 1
    switch result {
    case .success(let value):
      machine.lock = nil
      machine.unlockAttempts = 0
      machine.credential = credential
      apply(value)
      machine.lastError = nil
      machine.submitDecidedState(host: host, animated: animated)
      return .completed
    case .failure(let error as ContentLockedError):
      return lock(error.reason)
    case .failure(let error):
      machine.lastError = error
      machine.lastErrorWasReported = false
      if machine.lock != nil {
        // The credential was accepted by a verifier, but the content failed to load: show the
        // error, while the lock keeps content away.
        machine.submit(.error(error), isRefreshing: false, animated: animated, host: host)
        return .failed(error)
      }
      if let unreported = machine.submitDecidedState(host: host, animated: animated) {
        host.handleErrorWhenContentsAvailable(unreported)
      }
      return .failed(error)
    }
  }

  /// Locks the content after the operation said it needs a credential.
  private func lock(_ reason: LockReason) -> LoadOutcome {
    machine.lastError = nil
    var reason = reason
    if mode == .unlock || credential != nil {
      // A credential was tried and refused: count the attempt.
      machine.unlockAttempts += 1
      let attempts = machine.unlockAttempts
      if let limit = machine.maximumUnlockAttempts, attempts >= max(limit, 1) {
        machine.isLockedOut = true
        machine.lock = .incorrectCredential(attempts: attempts)
        let error = UnlockError.attemptLimitReached(attempts: attempts)
        machine.lastError = error
        machine.submit(.error(error), isRefreshing: false, animated: animated, host: host)
        return .failed(error)
      }
      reason = .incorrectCredential(attempts: attempts)
    }
    machine.lock = reason
    machine.submitDecidedState(host: host, animated: animated)
    return .locked(reason)
  }

  private mutating func receiveProgress(_ fraction: Double?) {
    if let fraction, let previous = attemptProgress, fraction < previous { return }
    if let fraction { attemptProgress = fraction }
    let now = machine.clock.now()
    let step = policy.effectiveProgressStep
    if let fraction, fraction < 1, fraction - (presentedProgress ?? 0) < step { return }
    if let last = presentedProgressAt, now - last < policy.effectiveProgressInterval {
      pendingProgress = .some(fraction)
      if !flushScheduled {
        flushScheduled = true
        schedule(.flushProgress, at: last + policy.effectiveProgressInterval)
      }
      return
    }
    presentProgress(fraction)
  }

  private mutating func presentProgress(_ fraction: Double?) {
    pendingProgress = nil
    guard fraction != machine._progress else { return }
    presentedProgress = fraction
    presentedProgressAt = machine.clock.now()
    machine.progress = fraction
    guard machine._requestedState.kind == .loading else { return }
    let deferred = machine.deferredRequest != nil
    machine.submit(
      .loading(progress: fraction), isRefreshing: false, animated: false, deferred: deferred,
      host: host)
  }

  private func startAttempt() {
    let attempt = attempt
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
