// The machine's presenting: the event loop that feeds the transition queue, and the calls to
// the presenter and to completions that perform the queue's actions.
extension ContentStateMachine {
  /// An input of the transition queue.
  enum Event {
    case request(TransitionQueue.Request)
    case finished(token: UInt64)
    case cancelWaiting
    case supersedeWaiting
    case showDelayElapsed
  }

  /// The capacity the event queue keeps between bursts; a burst that grew it further gives
  /// the memory back once it is drained.
  static var keptEventCapacity: Int { 256 }

  /// Hands the presentation in flight to the presenter.
  private func presentInFlight(token: UInt64, animated: Bool) {
    guard let presentation = queue.inFlight?.presentation, queue.inFlight?.id == token else {
      return
    }
    loads.presented(loading: presentation.isLoading, now: clock.now())
    if announcing != nil { announcePresentation(presentation, token: token) }
    present(presentation, animated: animated, token: token)
  }

  /// A presenter released the `finished` closure of presentation `token` without calling it
  /// (a view torn down in the middle of an animation): the presentation counts as finished,
  /// and its completion runs, at once. The presentation that waited behind it is handed to
  /// the presenter only with the machine's next event — the presenter may be releasing the
  /// closure in the middle of changing its own storage, and must not be called from there.
  fileprivate func abandonedByClosure(token: UInt64) {
    if events.isEmpty && token == synchronousToken {
      finishedSynchronously = true  // Inside `present`: handled when it returns.
      return
    }
    isHandlingAbandonment = true
    send(.finished(token: token))
    isHandlingAbandonment = false
  }

  /// Handles an event now, or queues it behind the one being handled (I5).
  func send(_ event: consuming Event) {
    if presentationAfterAbandonment != nil, !isDraining,
      let (token, animated) = presentationAfterAbandonment.take()
    {
      presentInFlight(token: token, animated: animated)
    }
    guard !isDraining else {
      // Re-entrant: a presenter, a completion or a hook asked from inside this loop. Queue
      // the event; the loop below handles it after the current one (I5).
      events.append(consume event)
      return
    }
    isDraining = true
    handle(consume event)
    var index = 0
    while index < events.count {
      let next = events[index]
      index += 1
      handle(next)
    }
    if events.capacity > Self.keptEventCapacity {
      events = []
    } else if !events.isEmpty {
      events.removeAll(keepingCapacity: true)
    }
    isDraining = false
  }

  /// Performs the actions the transition queue returns for the completions held back by the
  /// show delay (outside the event loop: they call no presenter).
  func perform(_ actions: TransitionQueue.Actions) {
    for action in actions { perform(action) }
  }

  private func handle(_ event: consuming Event) {
    let actions: TransitionQueue.Actions
    switch consume event {
    case .request(let request): actions = queue.request(consume request)
    case .cancelWaiting:
      actions = queue.cancelWaiting()
      if !actions.isEmpty {
        // The cancelled request is no longer what the machine heads for: the presentation
        // in flight is, so nothing stale is left requested but never presented (I3).
        revertRequestedToPresentation()
      }
    case .supersedeWaiting:
      actions = queue.supersedeWaiting()
    case .showDelayElapsed:
      actions = queue.showDelayElapsed()
    case .finished(let token):
      guard queue.inFlight?.id == token else { return }
      actions = queue.presenterFinished(token: token)
      didPresent()
    }
    for action in actions { perform(action) }
  }

  /// Makes the presentation in flight (or on screen) the requested one again, after the
  /// requests that would have followed it were cancelled.
  func revertRequestedToPresentation() {
    let target = queue.inFlight?.presentation ?? queue.presented
    requestedPresentation = target
    setRequested(target.state, isRefreshing: target.isRefreshing)
  }

  /// Records that the presenter finished the presentation now in `queue.presented`.
  ///
  /// The presented state still holds the state presented before (the same payload as the
  /// previous presentation's), so it becomes ``lastState`` when the kind changes.
  private func didPresent() {
    let state = queue.presented.state
    let broadcaster = broadcaster.flatMap { $0.hasConsumers ? $0 : nil }
    let previous: ContentState? = broadcaster == nil ? nil : storedPresentedState
    if !storedPresentedState.hasSameKind(as: state) {
      // The last state is set first, so that observers of presentedState see both in step.
      storedLastState = storedPresentedState
      change(\.presentedState) { storedPresentedState = state }
    } else if !storedPresentedState.hasSamePayload(as: state) {
      change(\.presentedState) { storedPresentedState = state }
    }
    // A new presentation, also when only its placeholder, key or marks changed (the queue
    // presents nothing the same as what is shown, unless forced): told after it is stored.
    if isObserved { notifyChange(\.presentedPresentation) }
    guard let broadcaster, let previous else { return }
    broadcaster.yield(
      changeKeepingSecrets(
        ContentStateChange(
          from: previous, to: storedPresentedState, isRefreshing: queue.presented.isRefreshing,
          elapsed: clock.now(), decision: queue.presented.decision)))
  }

  private func perform(_ action: TransitionQueue.Action) {
    switch action {
    case .present(let token, let animated):
      guard queue.inFlight != nil else { return }
      if isHandlingAbandonment {
        // Not now: the presenter may be in the middle of releasing the closure.
        presentationAfterAbandonment = (token, animated)
        return
      }
      presentInFlight(token: token, animated: animated)
    case .complete(let id, let outcome):
      complete(id, outcome)
    }
  }

  /// Hands a presentation to the presenter; the last action of any event.
  ///
  /// A presenter that finishes before `present` returns (or no presenter at all) has its
  /// report handled right after the call instead of being queued, which is the same order:
  /// presenting is always an event's last action, and a report made while other events wait
  /// is queued behind them as usual.
  private func present(_ presentation: Presentation, animated: Bool, token: UInt64) {
    if let synchronousPresenter {
      presenterAwaitsFirstPresentation = false
      synchronousPresenter.present(presentation, animated: animated)
      finishedWhenPresentReturned(token: token)
      return
    }
    guard let presenter = storedPresenter else {
      if presenterAwaitsFirstPresentation {
        presenterAwaitsFirstPresentation = false
        reportAdoptionMistake(.presenterReleasedBeforePresenting)
      }
      finishedWhenPresentReturned(token: token)
      return
    }
    presenterAwaitsFirstPresentation = false
    synchronousToken = token
    let finish = makeFinishToken(token)
    presenter.present(presentation, animated: animated) { finish.report() }
    synchronousToken = 0
    if finishedSynchronously {
      finishedSynchronously = false
      handle(.finished(token: token))
    }
  }

  /// The presentation `token` is on screen because `present` returned (a synchronous
  /// presenter, or none): handled now, unless other events wait before it.
  private func finishedWhenPresentReturned(token: UInt64) {
    if events.isEmpty {
      handle(.finished(token: token))
    } else {
      send(.finished(token: token))
    }
  }

  /// A presenter called the `finished` closure of the presentation `token`: during `present`
  /// with nothing else waiting, it is handled when `present` returns; otherwise it is an event
  /// like any other.
  fileprivate func finishedByClosure(token: UInt64) {
    if events.isEmpty && token == synchronousToken {
      finishedSynchronously = true
    } else {
      send(.finished(token: token))
    }
  }

  /// The object a presenter's `finished` closure captures for `token`: the spare one when
  /// nothing else holds it (the presenter let go of the closure it called), so presenting
  /// allocates nothing; a closure a presenter keeps holds its own token, and calling it late
  /// or twice reports that old token, which the queue ignores.
  private func makeFinishToken(_ token: UInt64) -> FinishToken {
    if var spare = spareFinishToken.take(), isKnownUniquelyReferenced(&spare) {
      spare.arm(token)
      return spare
    }
    return FinishToken(relay: finishRelay, token: token)
  }

  /// Calls the completion of request `id` with its outcome, once.
  func complete(_ id: UInt64, _ outcome: TransitionOutcome) {
    guard !completions.isEmpty else { return }
    completions.removeValue(forKey: id)?(outcome)
  }

  /// Carries a presenter's `finished` call back to its machine, weakly: a presenter that
  /// finishes after the machine is gone reaches nothing. (An `unowned(unsafe)` reference saved
  /// 1.6 % of row a's instructions: not worth an unsafe reference.)
  final class FinishRelay {
    weak var machine: ContentStateMachine?
  }

  /// What a presenter's `finished` closure captures: the relay to the machine and the token of
  /// the presentation it reports. One object, so that the closure needs no context allocation;
  /// once reported, it goes back to the machine to be reused.
  ///
  /// A presenter that releases the closure without calling it — a view torn down in the middle
  /// of an animation — reports the presentation finished all the same, when the token is
  /// released: nothing then waits for it forever, and the completions waiting behind it (which
  /// may capture the adopter) run and are released.
  final class FinishToken {
    let relay: FinishRelay
    private(set) var token: UInt64
    /// Whether the token was handed to a presenter and not reported yet.
    private var isArmed = true

    init(relay: FinishRelay, token: UInt64) {
      self.relay = relay
      self.token = token
    }

    /// Hands the token to a presenter again, for the presentation `token`.
    func arm(_ token: UInt64) {
      self.token = token
      isArmed = true
    }

    /// The presenter called its `finished` closure (again, perhaps: a late or second call
    /// reports the same token, which the queue ignores).
    func report() {
      guard let machine = relay.machine else { return }
      if isArmed {
        isArmed = false
        machine.spareFinishToken = self
      }
      machine.finishedByClosure(token: token)
    }

    deinit {
      if isArmed { relay.machine?.abandonedByClosure(token: token) }
    }
  }
}

// Presenting again what was requested or built before: for a newly attached presenter, and
// for the state a cancelled load brings back.
extension ContentStateMachine {
  /// Shows a newly attached presenter the requested state: its presentation is requested
  /// again, even though it is the one presented (idle aside, which shows nothing). While
  /// loading is held back by the show delay, the new presenter is shown what was on screen
  /// instead: loading appears when the delay elapses, or never, as for any presenter.
  func presentRequestedPresentationAgain() {
    let presentation = queue.hasDeferred ? queue.presented : requestedPresentation
    guard presentation.state.kind != .idle, !isWaitingToHandle(latestRequestID) else { return }
    let id = nextRequestID
    nextRequestID &+= 1
    if !queue.hasDeferred { latestRequestID = id }
    send(.request(.init(id: id, presentation: presentation, animated: false, forced: true)))
  }

  /// Whether request `id` waits in the event queue — made from a completion or a hook, it is
  /// presented to whichever presenter is attached when its turn comes.
  private func isWaitingToHandle(_ id: UInt64) -> Bool {
    events.contains {
      if case .request(let request) = $0 { request.id == id } else { false }
    }
  }

  /// Requests a presentation built before, such as the one a cancelled load replaced.
  func resubmit(_ presentation: Presentation, animated: Bool) {
    let id = nextRequestID
    nextRequestID &+= 1
    latestRequestID = id
    if announcing != nil { requestMade(id) }
    setRequested(presentation.state, isRefreshing: presentation.isRefreshing)
    supersedeDeferredRequest()
    requestedPresentation = presentation
    send(.request(.init(id: id, presentation: presentation, animated: animated, forced: false)))
  }
}
