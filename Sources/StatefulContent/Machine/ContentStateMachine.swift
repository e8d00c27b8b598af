import Observation

/// Holds a placeholder per state and serializes what a presenter shows.
///
/// This is the counterpart of `StatefulViewController`'s `ViewStateMachine`, without views:
/// it keeps the requested and the presented state, queues transitions behind an animated one
/// in flight (the newest waiting request supersedes older ones), and calls every completion
/// exactly once with a ``TransitionOutcome``. It also runs the loads of
/// ``StatefulContent/load(animated:retry:isolation:operation:apply:)``.
///
/// Most apps never call the machine directly: they adopt ``StatefulContent`` and call
/// `startLoading`, `endLoading` or `load`, which decide the state and request it here.
///
/// The machine is `@Observable` (``requestedState``, ``presentedState``, ``isRefreshing``,
/// ``progress``, ``loadAttempt``, ``isLoading``) and offers ``stateChanges()``. It is not
/// `Sendable`: it belongs to its owner's isolation domain (typically the main actor), so
/// using it from two isolation domains is a compile error.
@Observable
public final class ContentStateMachine {
  /// The presenter that shows each presentation, or `nil` to present nothing (transitions then
  /// complete at once).
  @ObservationIgnored public var presenter: (any Presenter)?

  /// The state most recently requested, readable the moment the request returns.
  public private(set) var requestedState: ContentState = .idle
  /// Whether the most recent request keeps content visible while a load runs.
  public private(set) var isRefreshing = false
  /// The state the presenter shows (the last presentation it finished).
  public private(set) var presentedState: ContentState = .idle
  /// The state presented before ``presentedState``.
  public private(set) var lastState: ContentState = .idle
  /// The presentation the presenter shows (the last one it finished).
  public var presentedPresentation: Presentation { queue.presented }
  /// Whether a presentation is in flight (an animation has not finished yet).
  public var isPresenting: Bool { queue.isBusy }

  /// Whether a load is running, as last set by `startLoading`, `endLoading` or `load`.
  public internal(set) var isLoading = false
  /// The error the last load ended with, or `nil`.
  @ObservationIgnored public internal(set) var lastError: (any Error)?
  /// Why the content is locked, or `nil` when it is not.
  public internal(set) var lock: LockReason?
  /// The fraction (0…1) of the running load done, or `nil` when unknown.
  public internal(set) var progress: Double?
  /// The attempt of the running load, counting from 1; above 1 while retrying.
  public internal(set) var loadAttempt = 1
  /// Whether loading has been started or ended at least once (before that the state is idle).
  @ObservationIgnored public internal(set) var hasDecided = false

  /// How many wrong credentials were given since the content was locked.
  public internal(set) var unlockAttempts = 0
  /// Whether the wrong credentials reached ``maximumUnlockAttempts``; unlocking is refused
  /// until a new load (or reload) starts.
  public internal(set) var isLockedOut = false
  /// How many wrong credentials are allowed before the state becomes error with
  /// ``UnlockError/attemptLimitReached(attempts:)``; `nil` (the default) allows any number.
  /// Values below 1 count as 1.
  @ObservationIgnored public var maximumUnlockAttempts: Int?
  /// Verifies a credential before the content is loaded with it: `true` when it is right.
  ///
  /// When `nil` (the default), the load's operation verifies the credential it receives in
  /// ``LoadContext/credential`` and throws ``ContentLockedError`` when it is wrong.
  @ObservationIgnored public var credentialVerifier: (@Sendable (Credential) async throws -> Bool)?
  /// The credential that unlocked the content, kept for reloads; cleared by a new load.
  @ObservationIgnored var credential: Credential?

  /// When the loading placeholder appears, how long it stays, and how progress is coalesced.
  @ObservationIgnored public var loadingPolicy: LoadingPolicy = .immediate
  /// How loads that do not pass a policy of their own retry. Defaults to ``RetryPolicy/never``.
  @ObservationIgnored public var retryPolicy: RetryPolicy = .never

  @ObservationIgnored var lastErrorWasReported = false
  @ObservationIgnored var configurator: PlaceholderConfigurator?
  @ObservationIgnored let clock: LoadClock
  @ObservationIgnored var activeLoad: ActiveLoad?
  @ObservationIgnored var lastLoadRecipe: (any AnyLoadRecipe)?
  @ObservationIgnored var nextLoadID: UInt64 = 1
  /// When (on ``clock``) the loading placeholder was sent to the presenter, while it shows.
  @ObservationIgnored var loadingShownAt: Duration?
  /// A request whose presentation waits for the loading policy's show delay.
  @ObservationIgnored var deferredRequest: TransitionQueue.Request?

  @ObservationIgnored private var placeholders: [ContentState.Kind: any Placeholder] = [:]
  @ObservationIgnored private var queue = TransitionQueue()
  @ObservationIgnored private var completions: [UInt64: TransitionCompletion] = [:]
  @ObservationIgnored private var nextRequestID: UInt64 = 1
  @ObservationIgnored private var latestRequestID: UInt64 = 0
  @ObservationIgnored private var events: [Event] = []
  @ObservationIgnored private var isDraining = false
  @ObservationIgnored private let broadcaster = StateChangeBroadcaster()

  private enum Event {
    case request(TransitionQueue.Request)
    case finished(token: UInt64)
    case cancelWaiting
  }

  /// Creates a machine.
  ///
  /// - Parameters:
  ///   - presenter: The presenter that shows each presentation, or `nil`.
  ///   - clock: The clock that times show delays, minimum display times, retry backoff and
  ///     progress coalescing. Tests pass a `ManualClock` from `StatefulContentTesting`.
  public init(
    presenter: (any Presenter)? = nil,
    clock: some Clock<Duration> = ContinuousClock()
  ) {
    self.presenter = presenter
    self.clock = LoadClock(clock)
  }

  deinit {
    // A released machine cancels what is pending, so that every completion still runs once.
    for case .complete(let id, let outcome) in queue.cancelAll() {
      completions.removeValue(forKey: id)?(outcome)
    }
    if let deferredRequest { completions.removeValue(forKey: deferredRequest.id)?(.cancelled) }
    activeLoad?.cancelTasks()
    activeLoad?.signal(.superseded)
    broadcaster.finish()
  }

  // MARK: Placeholders

  /// Registers the placeholder shown for a kind of state, replacing any previous one.
  ///
  /// If that state is the one requested, it is presented again with the new placeholder, so
  /// nothing of the old one is left on screen.
  ///
  /// - Parameters:
  ///   - placeholder: The placeholder, or `nil` to go back to the built-in one.
  ///   - kind: The kind of state it is for.
  /// - Throws: ``StateMachineError/stateHasNoPlaceholder(_:)`` for idle and content.
  public func setPlaceholder(
    _ placeholder: (any Placeholder)?, for kind: ContentState.Kind
  ) throws(StateMachineError) {
    guard kind != .idle && kind != .content else { throw .stateHasNoPlaceholder(kind) }
    placeholders[kind] = placeholder
    guard requestedState.kind == kind else { return }
    if case .custom = kind, placeholder == nil {
      // The custom state on screen lost its placeholder: it stays, unchanged, until the next
      // request; re-presenting it would need a placeholder it no longer has.
      return
    }
    submit(requestedState, isRefreshing: isRefreshing, animated: false, forced: true)
  }

  /// The placeholder registered for a kind of state, or `nil` when none is.
  ///
  /// - Parameter kind: The kind of state.
  /// - Returns: The registered placeholder, before any configuration hook runs.
  public func placeholder(for kind: ContentState.Kind) -> (any Placeholder)? {
    placeholders[kind]
  }

  // MARK: Transitions

  /// Requests a state directly, bypassing the state rules.
  ///
  /// Use it for custom states and for hosts that decide states themselves; adopters of
  /// ``StatefulContent`` normally call `startLoading` and `endLoading` instead.
  ///
  /// - Parameters:
  ///   - state: The state to show.
  ///   - isRefreshing: Whether a load runs while content stays visible.
  ///   - animated: Whether to animate the change.
  ///   - completion: Called exactly once with how the transition ended.
  /// - Throws: ``StateMachineError/missingPlaceholder(_:)`` for a custom state with no
  ///   registered placeholder; ``StateMachineError/contentIsLocked`` for content, empty or a
  ///   custom state while ``lock`` is set. A request that throws changes nothing and calls no
  ///   completion.
  public func transition(
    to state: ContentState,
    isRefreshing: Bool = false,
    animated: Bool = false,
    completion: TransitionCompletion? = nil
  ) throws(StateMachineError) {
    switch state.kind {
    case .content, .empty, .custom: if lock != nil { throw .contentIsLocked }
    case .idle, .loading, .error, .locked: break
    }
    if case .custom(let key) = state, placeholders[.custom(key)] == nil {
      throw .missingPlaceholder(key)
    }
    submit(state, isRefreshing: isRefreshing, animated: animated, completion: completion)
  }

  /// Cancels the request waiting behind the presentation in flight; it completes `cancelled`.
  ///
  /// The presentation in flight goes on and completes as usual, and ``requestedState`` becomes
  /// its state again, so the machine never keeps requesting a state it will not present.
  public func cancelPendingTransitions() {
    send(.cancelWaiting)
  }

  /// A stream of every change of the presented state from now on.
  ///
  /// Any number of consumers may iterate their own stream; one that stops iterating, or whose
  /// task is cancelled, is detached and released at once. Streams end when the machine is
  /// released. Changes are buffered without limit for a consumer that falls behind.
  ///
  /// - Returns: A stream of ``ContentStateChange`` values.
  public func stateChanges() -> AsyncStream<ContentStateChange> {
    broadcaster.stream()
  }

  /// How many ``stateChanges()`` streams are being consumed.
  var stateChangeConsumerCount: Int { broadcaster.consumerCount }

  /// Applies the state rules to the machine's inputs and requests the decided state.
  ///
  /// - Parameters:
  ///   - hasContent: Whether the adopter has content now.
  ///   - animated: Whether to animate the change.
  ///   - deferLoading: Whether a loading state waits for the loading policy's show delay.
  ///   - completion: Called exactly once with how the transition ended.
  /// - Returns: The error to report through `handleErrorWhenContentsAvailable`, once.
  @discardableResult
  func submitDecidedState(
    hasContent: Bool, animated: Bool, deferLoading: Bool = false,
    completion: TransitionCompletion? = nil
  ) -> (any Error)? {
    hasDecided = true
    let inputs = StateInputs(
      isLoading: isLoading, error: lastError, hasContent: hasContent, lock: lock,
      progress: progress)
    let decision = StateDecision.decide(inputs)
    submit(
      decision.state, isRefreshing: decision.isRefreshing, animated: animated,
      deferred: deferLoading && decision.state.kind == .loading, completion: completion)
    guard decision.reportsErrorWithContent, !lastErrorWasReported, let error = inputs.error
    else { return nil }
    // Once per error: deciding again later (on re-appearance) must not report it twice.
    lastErrorWasReported = true
    return error
  }

  /// Builds the presentation for a state and hands it to the queue.
  ///
  /// A `deferred` request only becomes the requested state; ``presentDeferredRequest()``
  /// sends it to the presenter later, unless a newer request replaced it first.
  func submit(
    _ state: ContentState,
    isRefreshing: Bool,
    animated: Bool,
    forced: Bool = false,
    deferred: Bool = false,
    completion: TransitionCompletion? = nil
  ) {
    let id = nextRequestID
    nextRequestID &+= 1
    latestRequestID = id
    requestedState = state
    self.isRefreshing = isRefreshing
    if let replaced = deferredRequest {
      deferredRequest = nil
      complete(replaced.id, .superseded)
    }
    let presentation = makePresentation(for: state, isRefreshing: isRefreshing)
    if let completion { completions[id] = completion }
    guard latestRequestID == id else {
      // A configuration hook requested another state while this one was being built: that
      // newer request took effect after this one, so it wins.
      complete(id, .superseded)
      return
    }
    let request = TransitionQueue.Request(
      id: id, presentation: presentation, animated: animated, forced: forced)
    if deferred {
      deferredRequest = request
    } else {
      send(.request(request))
    }
  }

  /// Sends the request held back by the show delay to the presenter.
  func presentDeferredRequest() {
    guard let request = deferredRequest else { return }
    deferredRequest = nil
    send(.request(request))
  }

  private func makePresentation(for state: ContentState, isRefreshing: Bool) -> Presentation {
    guard state.showsPlaceholder else {
      return Presentation(state: state, isRefreshing: isRefreshing)
    }
    var placeholder = placeholders[state.kind] ?? Self.builtInPlaceholder(for: state)
    let attempt = state.kind == .loading ? loadAttempt : 1
    if case .loading(let progress) = state, var standard = placeholder as? StandardPlaceholder {
      standard.progress = progress
      if attempt > 1, standard.message == nil {
        standard.message = "Retrying (attempt \(attempt))…"
      }
      placeholder = standard
    }
    var hostInsets = EdgeInsets.zero
    if let configurator {
      placeholder = configurator.configure(state, placeholder)
      hostInsets = configurator.insets(state)
    }
    return Presentation(
      state: state, placeholder: placeholder,
      insets: hostInsets.sanitized + placeholder.insets.sanitized, isRefreshing: isRefreshing,
      attempt: attempt)
  }

  private static func builtInPlaceholder(for state: ContentState) -> any Placeholder {
    switch state {
    case .error(let error):
      var placeholder = StandardPlaceholder.error
      placeholder.message = String(describing: error)
      return placeholder
    case .locked(.incorrectCredential(let attempts)):
      var placeholder = StandardPlaceholder.locked
      placeholder.message = "Incorrect password (attempt \(attempts))."
      return placeholder
    case .locked: return StandardPlaceholder.locked
    case .empty: return StandardPlaceholder.empty
    default: return StandardPlaceholder.loading
    }
  }

  // MARK: Driver

  private func send(_ event: Event) {
    events.append(event)
    guard !isDraining else { return }
    isDraining = true
    var index = 0
    while index < events.count {
      let actions: [TransitionQueue.Action]
      switch events[index] {
      case .request(let request): actions = queue.request(request)
      case .cancelWaiting:
        actions = queue.cancelWaiting()
        if !actions.isEmpty {
          // The cancelled request is no longer what the machine heads for: the presentation
          // in flight is, so nothing stale is left requested but never presented (I3).
          let target = queue.inFlight?.presentation ?? queue.presented
          requestedState = target.state
          isRefreshing = target.isRefreshing
        }
      case .finished(let token):
        let before = queue.presented
        actions = queue.presenterFinished(token: token)
        if !actions.isEmpty { didPresent(queue.presented, after: before) }
      }
      index += 1
      for action in actions { perform(action) }
    }
    events.removeAll(keepingCapacity: true)
    isDraining = false
  }

  private func didPresent(_ presentation: Presentation, after previous: Presentation) {
    lastState = previous.state
    presentedState = presentation.state
    broadcaster.yield(
      ContentStateChange(
        from: previous.state, to: presentation.state, isRefreshing: presentation.isRefreshing,
        elapsed: clock.now()))
  }

  private func perform(_ action: TransitionQueue.Action) {
    switch action {
    case .present(let presentation, let animated, let token):
      if presentation.state.kind == .loading {
        if loadingShownAt == nil { loadingShownAt = clock.now() }
      } else {
        loadingShownAt = nil
      }
      guard let presenter else {
        send(.finished(token: token))
        return
      }
      presenter.present(presentation, animated: animated) { [weak self] in
        self?.send(.finished(token: token))
      }
    case .complete(let id, let outcome):
      complete(id, outcome)
    }
  }

  private func complete(_ id: UInt64, _ outcome: TransitionOutcome) {
    completions.removeValue(forKey: id)?(outcome)
  }
}
