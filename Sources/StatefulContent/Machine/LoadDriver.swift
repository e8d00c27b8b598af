/// Drives one run of `load`: its tasks, its timers and its event loop, on the caller's
/// isolation.
///
/// Everything that happens to a load — the operation's result and progress, the timers of the
/// show delay, the minimum display time, retry backoff and progress coalescing, supersession
/// and cancellation — arrives as an event in one mailbox and is handled here in order. What an
/// event means is the load's `LoadLifecycle`'s to decide and the machine's to perform; this
/// type only starts tasks and sleeps. Tasks it starts capture only `Sendable` values (the
/// mailbox, the operation, the clock), never the machine or the adopter.
struct LoadDriver<Value: Sendable> {
  /// What the load runs: an operation that returns its value, or one that delivers it in
  /// parts (a streaming load).
  enum Work: Sendable {
    case value(@Sendable (LoadContext) async throws -> Value)
    case parts(
      @Sendable (LoadContext, _ deliver: @escaping @Sendable (Value) -> Void) async throws -> Void)

    /// The work of a streaming load whose parts are the elements of a sequence.
    ///
    /// - Parameter makeParts: Makes the sequence for an attempt; it is iterated in the
    ///   attempt's task.
    static func iterating<Parts: AsyncSequence & SendableMetatype>(
      _ makeParts: @escaping @Sendable (LoadContext) -> Parts
    ) -> Work where Parts.Element == Value {
      .parts { context, deliver in
        for try await part in makeParts(context) { deliver(part) }
      }
    }

    /// The same work, after `verifier` accepted `credential`; a refused one throws
    /// ``ContentLockedError/incorrectCredential`` without running it.
    func verifying(
      _ credential: Credential, with verifier: @escaping @Sendable (Credential) async throws -> Bool
    ) -> Work {
      switch self {
      case .value(let operation):
        .value { context in
          try await ContentLock.verify(credential, with: verifier)
          return try await operation(context)
        }
      case .parts(let operation):
        .parts { context, deliver in
          try await ContentLock.verify(credential, with: verifier)
          try await operation(context, deliver)
        }
      }
    }
  }

  enum Event: Sendable {
    case signal(LoadRegistry.Signal)
    case progress(attempt: Int, Double?)
    case part(attempt: Int, Value)
    /// An attempt's operation ended: with its value, with `nil` for a streaming load, or with
    /// an error.
    case finished(attempt: Int, Result<Value?, any Error>)
    case showLoading
    case retry
    case minimumDisplayElapsed
    case partsHoldElapsed
    case debounceElapsed
    case flushProgress
  }

  /// The load's events, posted from any task or thread and taken one at a time by the driver
  /// on its isolation, in the order they arrived.
  ///
  /// It is lighter than an `AsyncStream` (one lock, one continuation at a time), which keeps
  /// `load` close to a bare task in cost.
  final class Mailbox: Sendable {
    private struct State {
      var events: [Event] = []
      /// The index of the oldest event not taken yet.
      var head = 0
      /// The first signal the machine sent (superseded, cancelled), if any.
      var machineSignal: LoadRegistry.Signal?
      var waiter: CheckedContinuation<Event, Never>?
      var isClosed = false

      /// Takes the oldest event, if there is one.
      mutating func take() -> Event? {
        guard head < events.count else { return nil }
        let event = events[head]
        head += 1
        if head == events.count {
          events.removeAll(keepingCapacity: true)
          head = 0
        }
        return event
      }
    }

    private let state = LockedState(State())

    /// How many events wait to be taken.
    var pendingCount: Int { state.withLock { $0.events.count - $0.head } }

    /// How many events may wait before progress reports are merged.
    static var coalescingThreshold: Int { 64 }

    /// Posts an event; after ``close()`` it is dropped.
    ///
    /// Under a flood of progress reports — ``coalescingThreshold`` events already waiting —
    /// a report replaces the newest waiting report of its attempt (keeping the larger
    /// fraction, as progress never goes backwards) instead of queuing behind it. However fast
    /// an operation reports, the memory the waiting events take and the delay they add to the
    /// load's end stay bounded; at an ordinary rate every report is handled, and the loading
    /// policy coalesces them.
    func post(_ event: Event) {
      let waiter: CheckedContinuation<Event, Never>? = state.withLock { state in
        guard !state.isClosed else { return nil }
        if let waiter = state.waiter.take() { return waiter }
        if case .progress(let attempt, let fraction) = event,
          state.events.count - state.head >= Self.coalescingThreshold,
          case .progress(attempt, let waiting) = state.events[state.events.count - 1]
        {
          state.events[state.events.count - 1] = .progress(
            attempt: attempt, Self.later(waiting, fraction))
          return nil
        }
        state.events.append(event)
        return nil
      }
      waiter?.resume(returning: event)
    }

    /// The progress that replaces a waiting report: the larger known fraction.
    private static func later(_ waiting: Double?, _ new: Double?) -> Double? {
      guard let waiting, let new else { return new ?? waiting }
      return max(waiting, new)
    }

    /// Posts a signal that ends the load. The first signal the machine sends is also kept:
    /// it says how the load ended even when the task's cancellation arrived first.
    func signal(_ signal: LoadRegistry.Signal) {
      let isFromMachine = signal != .taskCancelled
      state.withLock { state in
        if isFromMachine, state.machineSignal == nil { state.machineSignal = signal }
      }
      post(.signal(signal))
    }

    /// The first signal the machine sent, if any.
    var machineSignal: LoadRegistry.Signal? { state.withLock { $0.machineSignal } }

    /// The next event, waiting on the caller's isolation until one is posted.
    func next(isolation: isolated (any Actor)?) async -> Event {
      if let ready = state.withLock({ $0.take() }) { return ready }
      return await withCheckedContinuation(isolation: isolation) { continuation in
        let ready: Event? = state.withLock { state in
          guard let event = state.take() else {
            state.waiter = continuation
            return nil
          }
          return event
        }
        if let ready { continuation.resume(returning: ready) }
      }
    }

    /// Drops the waiting events and every later one: the load has ended.
    func close() {
      state.withLock { state in
        state.isClosed = true
        state.events = []
      }
    }
  }

  let machine: ContentStateMachine
  let mode: LoadLifecycle.Mode
  let credential: Credential?
  let animated: Bool
  let work: Work
  let mailbox = Mailbox()
  let id: UInt64
  /// A result that waits for the minimum display time.
  private var heldResult: Result<Value?, any Error>?
  /// Whether a part of a streaming load has been applied.
  private var hasParts = false
  /// When the first attempt starts, after the debounce; `nil` for at once.
  private let debounceDeadline: Duration?

  /// Registers the load with the adopter's machine, superseding the running one.
  init(
    machine: ContentStateMachine, mode: LoadLifecycle.Mode, credential: Credential?,
    animated: Bool, retry: RetryPolicy?, work: Work, key: LoadKey? = nil,
    keyChange: KeyChangePolicy = .keepPrevious, debounce: Duration = .zero
  ) {
    self.machine = machine
    self.mode = mode
    self.credential = credential
    self.animated = animated
    self.work = work
    let lifecycle = LoadLifecycle(
      mode: mode, retryPolicy: retry ?? machine.retryPolicy,
      loadingPolicy: machine.loadingPolicy, cancellationPolicy: machine.cancellationPolicy,
      key: key, keyChange: keyChange, debounce: debounce)
    debounceDeadline = lifecycle.debounceDeadline(now: machine.clock.now())
    let mailbox = mailbox
    id = machine.beginLoad(lifecycle, credential: credential) { signal in mailbox.signal(signal) }
  }

  /// Runs the load to its end.
  ///
  /// - Parameters:
  ///   - host: The adopter, for its `hasContent`, its hooks and its placeholder
  ///     configuration; held only while this call runs.
  ///   - isolation: The actor that owns the machine.
  ///   - apply: Stores the value of a successful load — or a part of a streaming one — in the
  ///     adopter.
  ///   - reset: Clears the adopter's content before the first part of a streaming load is
  ///     applied, or when the stream ends without one.
  mutating func run<Host: StatefulContent>(
    host: Host, isolation: isolated (any Actor)?, apply: (Value) -> Void,
    reset: () -> Void = {}
  ) async -> LoadOutcome {
    defer { mailbox.close() }
    let enter = { [machine, id, animated] in machine.enterLoad(id, host: host, animated: animated) }
    if let showDeadline = machine.asCall(enter) {
      schedule(.showLoading, at: showDeadline)
    }
    if let debounceDeadline {
      schedule(.debounceElapsed, at: debounceDeadline)
    } else {
      startAttempt(1)
    }
    let mailbox = mailbox
    return await withTaskCancellationHandler {
      // The operation closure of withTaskCancellationHandler is not isolated itself: hop back
      // to the machine's isolation explicitly before touching the machine.
      await loop(host: host, isolation: isolation, apply: apply, reset: reset)
    } onCancel: {
      mailbox.signal(.taskCancelled)
    }
  }

  private mutating func loop<Host: StatefulContent>(
    host: Host, isolation: isolated (any Actor)?, apply: (Value) -> Void, reset: () -> Void
  ) async -> LoadOutcome {
    while true {
      let event = await mailbox.next(isolation: isolation)
      // Each event is one call: requests that hooks and observers make while it is handled
      // run after it.
      let outcome = machine.asCall { handle(event, host: host, apply: apply, reset: reset) }
      if let outcome { return outcome }
    }
  }

  private mutating func handle<Host: StatefulContent>(
    _ event: Event, host: Host, apply: (Value) -> Void, reset: () -> Void
  ) -> LoadOutcome? {
    switch event {
    case .signal(.superseded):
      return .superseded
    case .signal(.cancelledByMachine):
      return .cancelled
    case .signal(.taskCancelled):
      // Superseded or cancelled by the machine meanwhile: that is how the load ended.
      switch mailbox.machineSignal {
      case .superseded: return .superseded
      case .cancelledByMachine: return .cancelled
      case .taskCancelled, nil:
        machine.cancelLoadAfterTaskCancellation(id, host: host)
        return .cancelled
      }
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
    case .part(let attempt, let part):
      let isFirst = !hasParts
      let step = machine.loadPartArrived(
        id, attempt: attempt, credential: credential, host: host, animated: animated
      ) {
        if isFirst { reset() }
        apply(part)
      }
      guard let step else { return nil }
      hasParts = true
      if case .hold(let deadline) = step { schedule(.partsHoldElapsed, at: deadline) }
    case .debounceElapsed:
      guard machine.loads.isActive(id) else { return nil }
      startAttempt(1)
    case .partsHoldElapsed:
      guard machine.loads.isActive(id) else { return nil }
      machine.presentDeferredRequest()
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
        return conclude(result, host: host, apply: apply, reset: reset)
      }
    case .minimumDisplayElapsed:
      guard machine.loadMinimumDisplayElapsed(id), let result = heldResult.take() else {
        return nil
      }
      return conclude(result, host: host, apply: apply, reset: reset)
    }
    return nil
  }

  private func conclude<Host: StatefulContent>(
    _ result: Result<Value?, any Error>, host: Host, apply: (Value) -> Void,
    reset: () -> Void
  ) -> LoadOutcome {
    switch result {
    case .success(let value):
      let hasParts = hasParts
      machine.concludeLoad(id, succeededWith: credential, host: host, animated: animated) {
        if let value {
          apply(value)
        } else if !hasParts {
          reset()  // A stream that ended without a part: there is no content.
        }
      }
      return .completed
    case .failure(let error as ContentLockedError):
      return machine.concludeLoad(
        id, foundLock: error.reason, mode: mode, credential: credential, host: host,
        animated: animated)
    case .failure(let error):
      machine.concludeLoad(id, failedWith: error, host: host, animated: animated)
      return .failed(error)
    }
  }

  private func startAttempt(_ attempt: Int) {
    let mailbox = mailbox
    let work = work
    let context = LoadContext(attempt: attempt, credential: credential) { fraction in
      mailbox.post(.progress(attempt: attempt, fraction))
    }
    let task = Task {
      let result: Result<Value?, any Error>
      do {
        switch work {
        case .value(let operation):
          result = .success(try await operation(context))
        case .parts(let operation):
          try await operation(context) { part in mailbox.post(.part(attempt: attempt, part)) }
          result = .success(nil)
        }
      } catch {
        result = .failure(error)
      }
      mailbox.post(.finished(attempt: attempt, result))
    }
    machine.retain(task, forLoad: id)
  }

  private func schedule(_ event: Event, at deadline: Duration) {
    let mailbox = mailbox
    let sleep = machine.clock.sleep
    let task = Task {
      do {
        try await sleep(deadline)
      } catch is CancellationError {
        return  // The load ended (or moved on): nobody waits for this timer.
      } catch {
        // A clock that fails to sleep must not wedge the load: the wait counts as elapsed.
      }
      mailbox.post(event)
    }
    machine.retain(task, forLoad: id)
  }
}
