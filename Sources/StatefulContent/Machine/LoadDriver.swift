#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Drives one load — a run of `load`, or one of the category API's between `startLoading` and
/// `endLoading` — on the caller's isolation: its tasks, its timers and its events. It is the
/// machine's one load engine.
///
/// Everything that happens to a load — the operation's result and progress, the timers of the
/// show delay, the minimum display time, retry backoff and progress coalescing, supersession
/// and cancellation — is an event handled here, in order. What an event means is the load's
/// `LoadLifecycle`'s to decide and the machine's to perform; this type only starts tasks and
/// sleeps. A run of `load` awaits its events in one mailbox (``run(host:isolation:apply:reset:)``);
/// a category load, which no task awaits, gets them from the adopter's calls and from timers
/// that come back to its actor (LoadDriver+Category.swift). Tasks it starts capture only
/// `Sendable` values (the mailbox, the operation, the clock), never the machine or the adopter.
@usableFromInline
final class LoadDriver<Value: Sendable> {
  /// What happens to the load, in the order it happened (see LoadDriver+Work.swift for what
  /// it runs).
  enum Event: Sendable {
    case signal(LoadRegistry.Signal)
    case progress(attempt: Int, Double?)
    case part(attempt: Int, Value)
    /// An attempt's operation reported that the credential opened the locked source.
    case credentialAccepted(attempt: Int)
    /// An attempt's operation ended: with its value, with `nil` for a streaming load, or with
    /// an error.
    case finished(attempt: Int, Result<Value?, any Error>)
    /// A deadline the load's lifecycle asked for passed.
    case timer(LoadLifecycle.Timer)
    /// The credential store answered what it remembers for the locked document.
    case credentialRecalled(CredentialTrials.Answer)
    /// The credential store forgot a refused credential (or failed to, or took too long).
    case credentialForgotten
  }

  /// Unowned: the machine keeps a category load's driver, and the caller of `load` holds the
  /// adopter — and so the machine — while its driver runs (I6).
  unowned let machine: ContentStateMachine
  let mode: LoadLifecycle.Mode
  /// The credential the attempts run with: the unlock's, the one a reload keeps, or one the
  /// load tries on its own before it presents a lock (LoadDriver+Credentials.swift).
  var credential: Credential?
  let animated: Bool
  let work: Work
  /// The work of a credential's trial, verified by the machine's verifier when it has one;
  /// `nil` when the attempts run ``work``.
  var trialWork: Work?
  /// Which credentials the load tries on its own when it finds its content locked.
  var trials = CredentialTrials()
  let mailbox: Mailbox
  let id: UInt64
  /// A result that waits for the minimum display time.
  var heldResult: Result<Value?, any Error>?
  /// Whether a part of a streaming load has been applied (parts a credential's trial cleared
  /// no longer count).
  var hasParts = false
  /// The parts of a locked source that arrived before its credential was accepted: never
  /// applied until it is (``LoadLifecycle/PartStep/withheld``).
  var withheldParts: [Value] = []
  /// When the first attempt starts, after the debounce; `nil` for at once.
  private let debounceDeadline: Duration?
  /// The actor a category load's timers come back to (no task awaits such a load). Weak: an
  /// actor that owns the adopter is not kept alive through its machine (I6).
  weak var actor: (any Actor)?
  /// The adopter a category load's timers tell, held weakly as its timers are.
  weak var host: (any StatefulContent)?

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
      key: key, keyChange: keyChange, debounce: debounce,
      readsLockedSource: machine.contentLock.hidesContent)
    debounceDeadline = lifecycle.debounceDeadline(now: machine.clock.now())
    // Only a reload with a kept credential may continue a trial of the load before it.
    if mode == .reload, credential != nil {
      trials = CredentialTrials(
        mode: mode, credential: credential, after: machine.contentLock.recall,
        fingerprint: machine.contentLock.fingerprint)
    }
    let mailbox = Mailbox()
    self.mailbox = mailbox
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
  ///   - saved: Content a cache saved for what the load loads, and when: applied as the
  ///     load starts, so that the load refreshes it (`load(cachedIn:…)`); `nil` for none.
  func run<Host: StatefulContent>(
    host: Host, isolation: isolated (any Actor)?, apply: (Value) -> Void,
    reset: () -> Void = {}, saved: CachedContent<Value>? = nil
  ) async -> LoadOutcome {
    defer { mailbox.close() }
    let showDeadline: Duration?
    if let saved {
      showDeadline = machine.asCall { [machine, id, animated] in
        machine.enterLoad(
          id, host: host, animated: animated, savedAge: saved.age(at: Date()),
          applySaved: { apply(saved.value) })
      }
    } else {
      showDeadline = machine.asCall { [machine, id, animated] in
        machine.enterLoad(id, host: host, animated: animated)
      }
    }
    if let showDeadline {
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

  private func loop<Host: StatefulContent>(
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

  /// Handles one event of the load, inside a running call of the machine.
  ///
  /// - Returns: How the load ended, or `nil` while it goes on.
  func handle<Host: StatefulContent>(
    _ event: Event, host: Host, apply: (Value) -> Void, reset: () -> Void
  ) -> LoadOutcome? {
    switch event {
    case .signal(.superseded):
      return .superseded
    case .signal(.cancelledByMachine):
      return .cancelled
    case .signal(.networkPresent):
      guard let (attempt, error) = machine.resumeLoadAsFailed(id) else { return nil }
      return attemptFinished(
        attempt, .failure(error), mayWait: false, host: host, apply: apply, reset: reset)
    case .signal(.networkReturned):
      if let (attempt, showDeadline) = machine.resumeLoadAfterReconnection(id, host: host) {
        if let showDeadline { schedule(.showLoading, at: showDeadline) }
        startAttempt(attempt)
      }
    case .signal(.taskCancelled):
      // Superseded or cancelled by the machine meanwhile: that is how the load ended.
      switch mailbox.machineSignal {
      case .superseded: return .superseded
      case .cancelledByMachine: return .cancelled
      case .taskCancelled, .networkReturned, .networkPresent, nil:
        machine.cancelLoadAfterTaskCancellation(id, host: host)
        return .cancelled
      }
    case .progress(let attempt, let fraction):
      if let deadline = machine.loadProgress(id, attempt: attempt, .some(fraction), host: host) {
        schedule(.flushProgress, at: deadline)
      }
    case .part(let attempt, let part):
      deliver([part], attempt: attempt, host: host, apply: apply, reset: reset)
    case .credentialAccepted(let attempt):
      guard machine.loadCredentialAccepted(id, attempt: attempt), !withheldParts.isEmpty else {
        return nil
      }
      let parts = withheldParts
      withheldParts = []
      deliver(parts, attempt: attempt, host: host, apply: apply, reset: reset)
    case .finished(let attempt, let result):
      return attemptFinished(attempt, result, host: host, apply: apply, reset: reset)
    case .timer(let timer):
      return timerElapsed(timer, host: host, apply: apply, reset: reset)
    case .credentialRecalled(let answer):
      return perform(trials.storeAnswered(answer), host: host, apply: apply, reset: reset)
    case .credentialForgotten:
      return perform(trials.forgotten(), host: host, apply: apply, reset: reset)
    }
    return nil
  }

  /// An attempt's operation ended with `result`: the lifecycle decides what follows.
  ///
  /// - Parameter mayWait: Whether a failure may wait for the network; not for the failure of
  ///   a waiting load whose network turned out to be there.
  /// - Returns: How the load ended, or `nil` while it goes on.
  func attemptFinished<Host: StatefulContent>(
    _ attempt: Int, _ result: Result<Value?, any Error>, mayWait: Bool = true, host: Host,
    apply: (Value) -> Void, reset: () -> Void
  ) -> LoadOutcome? {
    if case .failure(let lock as ContentLockedError) = result,
      machine.isCurrentAttempt(attempt, ofLoad: id),
      let step = trials.lockFound(
        lock, credential: credential, hasStore: machine.credentialMemory != nil)
    {
      return perform(step, host: host, apply: apply, reset: reset)
    }
    let error: (any Error)? =
      switch result {
      case .success: nil
      case .failure(let error): error
      }
    switch machine.loadAttemptFinished(id, attempt: attempt, error: error, mayWait: mayWait) {
    case nil: return nil
    case .cancelled:
      machine.cancelLoadAfterTaskCancellation(id, host: host)
      return .cancelled
    case .retry(let deadline):
      schedule(.retry, at: deadline)
    case .waitForNetwork(let heldUntil):
      guard case .failure(let error) = result else { return nil }
      machine.loadWaitsForNetwork(id, error: error, heldUntil: heldUntil, host: host)
      if let heldUntil { schedule(.waitingHoldElapsed, at: heldUntil) }
    case .hold(let deadline):
      heldResult = result
      schedule(.minimumDisplayElapsed, at: deadline)
    case .conclude:
      return conclude(result, host: host, apply: apply, reset: reset)
    }
    return nil
  }

  /// A deadline the lifecycle asked for passed.
  ///
  /// - Parameter host: The adopter; `nil` when a category load's adopter was released while
  ///   its machine lives on: progress, which needs it, is skipped.
  func timerElapsed(
    _ timer: LoadLifecycle.Timer, host: (any StatefulContent)?, apply: (Value) -> Void,
    reset: () -> Void
  ) -> LoadOutcome? {
    switch timer {
    case .showLoading, .partsHoldElapsed, .waitingHoldElapsed:
      guard machine.loads.isActive(id) else { return nil }
      machine.presentDeferredRequest()
    case .flushProgress:
      if let host, let deadline = machine.loadProgress(id, host: host) {
        schedule(.flushProgress, at: deadline)
      }
    case .debounceElapsed:
      guard machine.loads.isActive(id) else { return nil }
      startAttempt(1)
    case .retry:
      if let host, let attempt = machine.retryLoad(id, host: host) { startAttempt(attempt) }
    case .minimumDisplayElapsed:
      guard machine.loadMinimumDisplayElapsed(id), let result = heldResult.take() else {
        return nil
      }
      // A category load's held ending was requested when `endLoading` was called: it is
      // presented now.
      if case .category = work { return concludeHeldCategoryWork() }
      // A run of `load` holds its adopter while it runs.
      guard let host else { return nil }
      return conclude(result, host: host, apply: apply, reset: reset)
    }
    return nil
  }

  /// Applies parts of attempt `attempt` that arrived together — or withholds them while the
  /// credential of a locked source is not accepted.
  private func deliver<Host: StatefulContent>(
    _ parts: [Value], attempt: Int, host: Host, apply: (Value) -> Void, reset: () -> Void
  ) {
    // The awaiting task was cancelled: its signal waits behind these parts, and a cancelled
    // stream applies nothing more.
    if Task.isCancelled { return }
    let isFirst = !hasParts
    let step = machine.loadPartArrived(
      id, attempt: attempt, credential: credential, host: host, animated: animated
    ) {
      if isFirst { reset() }
      for part in parts { apply(part) }
    }
    switch step {
    case nil: return
    case .withheld: withheldParts += parts
    case .hold(let deadline):
      hasParts = true
      schedule(.partsHoldElapsed, at: deadline)
    case .present, .held: hasParts = true
    }
  }

  private func conclude<Host: StatefulContent>(
    _ result: Result<Value?, any Error>, host: Host, apply: (Value) -> Void,
    reset: () -> Void
  ) -> LoadOutcome {
    machine.concluding { concludeNow(result, host: host, apply: apply, reset: reset) }
  }

  private func concludeNow<Host: StatefulContent>(
    _ result: Result<Value?, any Error>, host: Host, apply: (Value) -> Void,
    reset: () -> Void
  ) -> LoadOutcome {
    switch result {
    case .success(let value):
      if trials.isTrying {
        trials.loadSucceeded()
        machine.noteRecall(trials.recall)
      } else if mode == .unlock {
        machine.noteRecall(nil)  // The user's credential opened it.
      }
      let (hasParts, withheldParts) = (hasParts, withheldParts)
      machine.concludeLoad(id, succeededWith: credential, host: host, animated: animated) {
        if let value {
          apply(value)
        } else if !hasParts {
          // A stream that ended without a part has no content; one of a locked source that
          // ended well had its credential accepted: its parts are content now.
          reset()
          for part in withheldParts { apply(part) }
        }
      }
      return .completed
    case .failure(let error as ContentLockedError):
      // Parts that arrived before the source turned out locked were its content: they go.
      let hasParts = hasParts
      return machine.concludeLoad(
        id, foundLock: error, mode: mode, credential: credential, host: host,
        animated: animated, clearParts: { if hasParts { reset() } })
    case .failure(let error):
      if trials.isTrying {
        trials.loadFailed()
        machine.noteRecall(trials.recall)
      }
      machine.concludeLoad(id, failedWith: error, host: host, animated: animated)
      return .failed(error)
    }
  }
}
