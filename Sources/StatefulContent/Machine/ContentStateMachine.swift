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
/// The machine is `Observable` — SwiftUI and `withObservationTracking` see ``requestedState``,
/// ``presentedState``, ``isRefreshing``, ``progress``, ``loadAttempt``, ``isLoading`` and
/// ``lock`` change, as with the `@Observable` macro, except that nothing is notified until one
/// of them is first read from outside the library — and offers ``stateChanges()``. It is not
/// `Sendable`: it belongs to its owner's isolation domain (typically the main actor), so
/// using it from two isolation domains is a compile error.
///
/// Its stored properties opt out of dynamic exclusivity checking (`@exclusivity(unchecked)`),
/// which otherwise costs a thread-local lookup on every access of the hot path. That is safe
/// because the machine is not `Sendable` (one isolation domain touches it), and no access to
/// these properties is held open across a call out to a presenter, a hook or a completion:
/// every such call is made after the access that produced its arguments has ended.
public final class ContentStateMachine: Observable {
  /// The presenter that shows each presentation, or `nil` to present nothing (transitions then
  /// complete at once).
  ///
  /// Replacing the presenter while a presentation is in flight counts that presentation as
  /// finished: the old presenter can no longer report it, and the machine must not wait for it.
  @exclusivity(unchecked) public var presenter: (any Presenter)? {
    didSet {
      guard oldValue !== presenter else { return }
      synchronousPresenter = presenter as? any SynchronousPresenter
      guard let inFlight = queue.inFlight else { return }
      send(.finished(token: inFlight.id))
    }
  }

  /// The state most recently requested, readable the moment the request returns.
  public private(set) var requestedState: ContentState {
    get {
      observe(\.requestedState)
      return _requestedState
    }
    set { change(\.requestedState) { _requestedState = newValue } }
  }
  /// Whether the most recent request keeps content visible while a load runs.
  public private(set) var isRefreshing: Bool {
    get {
      observe(\.isRefreshing)
      return _isRefreshing
    }
    set { change(\.isRefreshing) { _isRefreshing = newValue } }
  }
  /// The state the presenter shows (the last presentation it finished).
  public private(set) var presentedState: ContentState {
    get {
      observe(\.presentedState)
      return _presentedState
    }
    set { change(\.presentedState) { _presentedState = newValue } }
  }
  /// The state presented before ``presentedState``.
  @exclusivity(unchecked) public private(set) var lastState: ContentState = .idle
  /// The presentation the presenter shows (the last one it finished).
  public var presentedPresentation: Presentation { queue.presented }
  /// Whether a presentation is in flight (an animation has not finished yet).
  public var isPresenting: Bool { queue.isBusy }

  /// Whether a load is running, as last set by `startLoading`, `endLoading` or `load`.
  public internal(set) var isLoading: Bool {
    get {
      observe(\.isLoading)
      return _isLoading
    }
    set { change(\.isLoading) { _isLoading = newValue } }
  }
  /// The error the last load ended with, or `nil`.
  @exclusivity(unchecked) public internal(set) var lastError: (any Error)?
  /// Why the content is locked, or `nil` when it is not.
  public internal(set) var lock: LockReason? {
    get {
      observe(\.lock)
      return _lock
    }
    set { change(\.lock) { _lock = newValue } }
  }
  /// The fraction (0…1) of the running load done, or `nil` when unknown.
  public internal(set) var progress: Double? {
    get {
      observe(\.progress)
      return _progress
    }
    set { change(\.progress) { _progress = newValue } }
  }
  /// The attempt of the running load, counting from 1; above 1 while retrying.
  public internal(set) var loadAttempt: Int {
    get {
      observe(\.loadAttempt)
      return _loadAttempt
    }
    set { change(\.loadAttempt) { _loadAttempt = newValue } }
  }
  /// Whether loading has been started or ended at least once (before that the state is idle).
  @exclusivity(unchecked) public internal(set) var hasDecided = false

  /// How many wrong credentials were given since the content was locked.
  @exclusivity(unchecked) public internal(set) var unlockAttempts = 0
  /// Whether the wrong credentials reached ``maximumUnlockAttempts``; unlocking is refused
  /// until a new load (or reload) starts.
  @exclusivity(unchecked) public internal(set) var isLockedOut = false
  /// How many wrong credentials are allowed before the state becomes error with
  /// ``UnlockError/attemptLimitReached(attempts:)``; `nil` (the default) allows any number.
  /// Values below 1 count as 1.
  public var maximumUnlockAttempts: Int?
  /// Verifies a credential before the content is loaded with it: `true` when it is right.
  ///
  /// When `nil` (the default), the load's operation verifies the credential it receives in
  /// ``LoadContext/credential`` and throws ``ContentLockedError`` when it is wrong.
  public var credentialVerifier: (@Sendable (Credential) async throws -> Bool)?
  /// The credential that unlocked the content, kept for reloads; cleared by a new load.
  @exclusivity(unchecked) var credential: Credential?

  /// When the loading placeholder appears, how long it stays, and how progress is coalesced.
  @exclusivity(unchecked) public var loadingPolicy: LoadingPolicy = .immediate
  /// How loads that do not pass a policy of their own retry. Defaults to ``RetryPolicy/never``.
  @exclusivity(unchecked) public var retryPolicy: RetryPolicy = .never

  @exclusivity(unchecked) var lastErrorWasReported = false
  /// The presentation built for ``requestedState``, kept to restore it after a cancelled load.
  @exclusivity(unchecked) var requestedPresentation = Presentation.idle
  let clock: LoadClock
  @exclusivity(unchecked) var activeLoad: ActiveLoad?
  @exclusivity(unchecked) var lastLoadRecipe: (any AnyLoadRecipe)?
  @exclusivity(unchecked) var nextLoadID: UInt64 = 1
  /// When (on ``clock``) the loading placeholder was sent to the presenter, while it shows.
  @exclusivity(unchecked) var loadingShownAt: Duration?
  /// Counts placeholder registrations, so that a cancelled load knows whether the state it
  /// restores must be presented anew.
  @exclusivity(unchecked) var placeholderGeneration: UInt64 = 0
  /// A request whose presentation waits for the loading policy's show delay.
  @exclusivity(unchecked) var deferredRequest: TransitionQueue.Request?

  @exclusivity(unchecked) private var placeholders: [ContentState.Kind: any Placeholder] = [:]
  @exclusivity(unchecked) private var queue = TransitionQueue()
  @exclusivity(unchecked) private var presentationCache = PresentationCache()
  @exclusivity(unchecked) private var completions: [UInt64: TransitionCompletion] = [:]
  @exclusivity(unchecked) private var nextRequestID: UInt64 = 1
  @exclusivity(unchecked) private var latestRequestID: UInt64 = 0
  @exclusivity(unchecked) private var events: [Event] = []
  @exclusivity(unchecked) private var isDraining = false
  /// Created by the first ``stateChanges()`` call: most machines never have a consumer.
  @exclusivity(unchecked) private var broadcaster: StateChangeBroadcaster?
  private let finishRelay = FinishRelay()
  /// ``presenter`` when it is a ``SynchronousPresenter``, which is called without a
  /// `finished` closure.
  @exclusivity(unchecked) private var synchronousPresenter: (any SynchronousPresenter)?
  @exclusivity(unchecked) private var reusableFinishToken: FinishToken
  /// The token of the presentation being handed to the presenter, while `present` runs.
  @exclusivity(unchecked) private var synchronousToken: UInt64 = 0
  /// Whether the presenter finished `synchronousToken` before `present` returned.
  @exclusivity(unchecked) private var finishedSynchronously = false

  // Storage of the observable properties; the library reads these, so that observation costs
  // nothing until someone outside reads a property (see `observe(_:)`).
  @exclusivity(unchecked) var _requestedState: ContentState = .idle
  @exclusivity(unchecked) var _isRefreshing: Bool = false
  @exclusivity(unchecked) var _presentedState: ContentState = .idle
  @exclusivity(unchecked) var _isLoading: Bool = false
  @exclusivity(unchecked) var _lock: LockReason? = nil
  @exclusivity(unchecked) var _progress: Double? = nil
  @exclusivity(unchecked) var _loadAttempt: Int = 1
  /// Created by the first read from outside (see `observe(_:)`): a registrar allocates, and
  /// most machines are never observed. It is boxed in a class of this module because the
  /// registrar's size is only known at run time, which would cost every function that holds
  /// one, observed or not, a run-time layout lookup.
  @exclusivity(unchecked) private var observation: ObservationBox?
  @exclusivity(unchecked) private var isObserved = false

  fileprivate enum Event {
    case request(TransitionQueue.Request)
    case finished(token: UInt64)
    case cancelWaiting
    case supersedeWaiting
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
    synchronousPresenter = presenter as? any SynchronousPresenter
    self.clock = LoadClock(clock)
    reusableFinishToken = FinishToken(relay: finishRelay, token: 0)
    finishRelay.machine = self
  }

  deinit {
    finishRelay.machine = nil
    // A released machine cancels what is pending, so that every completion still runs once.
    for case .complete(let id, let outcome) in queue.cancelAll() {
      completions.removeValue(forKey: id)?(outcome)
    }
    if let deferredRequest { completions.removeValue(forKey: deferredRequest.id)?(.cancelled) }
    activeLoad?.cancelTasks()
    activeLoad?.signal(.superseded)
    broadcaster?.finish()
  }

  // MARK: Observation

  /// Registers a read for observation tracking. The first read from outside the library turns
  /// change notifications on; until then mutations skip the registrar, which keeps a machine
  /// that nobody observes as cheap as possible.
  /// The registrar, created on first use.
  private var registrar: ObservationRegistrar {
    if let observation { return observation.registrar }
    let observation = ObservationBox()
    self.observation = observation
    return observation.registrar
  }

  private func observe<Member>(_ keyPath: KeyPath<ContentStateMachine, Member>) {
    if !isObserved { isObserved = true }
    registrar.access(self, keyPath: keyPath)
  }

  /// Runs a mutation of an observable property, notifying observers once observation is on.
  ///
  /// The key path is an autoclosure, so an unobserved machine never builds one.
  @inline(__always)
  private func change<Member>(
    _ keyPath: @autoclosure () -> KeyPath<ContentStateMachine, Member>, _ mutation: () -> Void
  ) {
    if isObserved {
      registrar.withMutation(of: self, keyPath: keyPath(), mutation)
    } else {
      mutation()
    }
  }

  // MARK: Placeholders

  /// Registers the placeholder shown for a kind of state, replacing any previous one.
  ///
  /// If that state is the one requested, it is presented again with the new placeholder, so
  /// nothing of the old one is left on screen. Called on the machine, the adopter's
  /// `configure…Placeholder` and `insets(for:)` hooks do not run for that presentation; call
  /// ``StatefulContent/setPlaceholder(_:for:)`` on the adopter to have them run.
  ///
  /// - Parameters:
  ///   - placeholder: The placeholder, or `nil` to go back to the built-in one.
  ///   - kind: The kind of state it is for.
  /// - Throws: ``StateMachineError/stateHasNoPlaceholder(_:)`` for idle and content.
  public func setPlaceholder(
    _ placeholder: (any Placeholder)?, for kind: ContentState.Kind
  ) throws(StateMachineError) {
    try setPlaceholder(placeholder, for: kind, host: nil)
  }

  func setPlaceholder(
    _ placeholder: (any Placeholder)?, for kind: ContentState.Kind,
    host: (any StatefulContent)?
  ) throws(StateMachineError) {
    guard kind != .idle && kind != .content else { throw .stateHasNoPlaceholder(kind) }
    placeholders[kind] = placeholder
    placeholderGeneration &+= 1
    presentationCache.forget(kind)
    guard _requestedState.kind == kind else { return }
    if case .custom = kind, placeholder == nil {
      // The custom state on screen lost its placeholder: it stays, unchanged, until the next
      // request; re-presenting it would need a placeholder it no longer has.
      return
    }
    submit(_requestedState, isRefreshing: _isRefreshing, animated: false, forced: true, host: host)
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
    try transition(
      to: state, isRefreshing: isRefreshing, animated: animated, host: nil, completion: completion)
  }

  func transition(
    to state: ContentState, isRefreshing: Bool, animated: Bool, host: (any StatefulContent)?,
    completion: TransitionCompletion?
  ) throws(StateMachineError) {
    switch state.kind {
    case .content, .empty, .custom: if _lock != nil { throw .contentIsLocked }
    case .idle, .loading, .error, .locked: break
    }
    if case .custom(let key) = state, placeholders[.custom(key)] == nil {
      throw .missingPlaceholder(key)
    }
    submit(
      state, isRefreshing: isRefreshing, animated: animated, host: host, completion: completion)
  }

  /// Cancels the request waiting behind the presentation in flight; it completes `cancelled`.
  ///
  /// The presentation in flight goes on and completes as usual, and ``requestedState`` becomes
  /// its state again, so the machine never keeps requesting a state it will not present.
  public func cancelPendingTransitions() {
    if let request = deferredRequest {
      deferredRequest = nil
      complete(request.id, .cancelled)
      revertRequestedToPresentation()
    }
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
    if let broadcaster { return broadcaster.stream() }
    let broadcaster = StateChangeBroadcaster()
    self.broadcaster = broadcaster
    return broadcaster.stream()
  }

  /// How many ``stateChanges()`` streams are being consumed.
  var stateChangeConsumerCount: Int { broadcaster?.consumerCount ?? 0 }

  /// Applies the state rules to the machine's inputs and requests the decided state.
  ///
  /// It is inlinable, so that an adopter's `hasContent` and hooks are called directly (and
  /// the defaults inlined) in the adopter's module rather than through a witness table.
  ///
  /// - Parameters:
  ///   - host: The adopter: its `hasContent` and its hooks.
  ///   - animated: Whether to animate the change.
  ///   - deferLoading: Whether a loading state waits for the loading policy's show delay.
  ///   - completion: Called exactly once with how the transition ended.
  /// - Returns: The error to report through `handleErrorWhenContentsAvailable`, once.
  @inlinable
  @discardableResult
  func submitDecidedState<Host: StatefulContent>(
    host: Host, animated: Bool, deferLoading: Bool = false,
    completion: TransitionCompletion? = nil
  ) -> (any Error)? {
    let hasContent = !isContentLocked && host.hasContent
    let (decision, error) = decide(hasContent: hasContent)
    submit(
      decision.state, isRefreshing: decision.isRefreshing, animated: animated,
      deferred: deferLoading && decision.state.kind == .loading, host: host,
      completion: completion)
    guard decision.reportsErrorWithContent, let error else { return nil }
    return takeUnreportedError(error)
  }

  /// Records that a load started (``StatefulContent/startLoading(animated:completion:)``).
  @usableFromInline
  func recordLoadingStarted() {
    if isObserved {
      isLoading = true
      progress = nil
    } else {
      // Unobserved: the storage directly, without going through the observable setters.
      _isLoading = true
      _progress = nil
    }
    lastError = nil
  }

  /// Records that a load ended, with an error or not
  /// (``StatefulContent/endLoading(animated:error:completion:)``).
  @usableFromInline
  func recordLoadingEnded(error: (any Error)?) {
    if isObserved {
      isLoading = false
      progress = nil
    } else {
      // Unobserved: the storage directly, without going through the observable setters.
      _isLoading = false
      _progress = nil
    }
    lastError = error
    lastErrorWasReported = false
  }

  /// Whether a lock hides the content.
  @usableFromInline var isContentLocked: Bool {
    // A pattern match, not `!= nil`: comparing copies the optional through the runtime.
    if case .none = _lock { false } else { true }
  }

  /// Applies the state rules to the machine's inputs.
  ///
  /// - Parameter hasContent: Whether the adopter has content (`false` while locked).
  /// - Returns: The decision, and the error it was made with.
  @usableFromInline
  func decide(hasContent: Bool) -> (StateDecision, (any Error)?) {
    hasDecided = true
    if isLockedOut {
      // Too many wrong credentials: the error stays, content stays hidden, until a new load
      // (or `lock()`) starts over.
      let error = UnlockError.attemptLimitReached(attempts: unlockAttempts)
      return (StateDecision.decide(StateInputs(error: error)), error)
    }
    let error = lastError
    if case .some(let lock) = _lock {
      let inputs = StateInputs(
        isLoading: _isLoading, error: error, hasContent: hasContent, lock: lock,
        progress: _progress)
      return (StateDecision.decide(inputs), error)
    }
    // Not locked (the common case): the rules after the lock rule, without copying a lock.
    let decision = StateDecision.decideUnlocked(
      isLoading: _isLoading, error: error, hasContent: hasContent, progress: _progress)
    return (decision, error)
  }

  /// Returns the error, unless the error of the last load was reported already.
  ///
  /// Once per error: deciding again later (on re-appearance) must not report it twice.
  @usableFromInline
  func takeUnreportedError(_ error: any Error) -> (any Error)? {
    guard !lastErrorWasReported else { return nil }
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
    host: (any StatefulContent)? = nil,
    completion: TransitionCompletion? = nil
  ) {
    if let host {
      submit(
        state, isRefreshing: isRefreshing, animated: animated, forced: forced,
        deferred: deferred, host: host, completion: completion)
    } else {
      submit(
        state, isRefreshing: isRefreshing, animated: animated, forced: forced,
        deferred: deferred, completion: completion
      ) { placeholder, _ in (placeholder, .zero) }
    }
  }

  /// Builds the presentation for a state through the host's hooks and hands it to the queue.
  @inlinable
  func submit<Host: StatefulContent>(
    _ state: ContentState,
    isRefreshing: Bool,
    animated: Bool,
    forced: Bool = false,
    deferred: Bool = false,
    host: Host,
    completion: TransitionCompletion? = nil
  ) {
    submit(
      state, isRefreshing: isRefreshing, animated: animated, forced: forced,
      deferred: deferred, completion: completion
    ) { placeholder, state in
      (Self.configure(placeholder, for: state, by: host), host.insets(for: state))
    }
  }

  /// Makes a state the requested one, builds its presentation and hands it to the queue.
  ///
  /// - Parameter configure: Returns the placeholder to show for the state, given the
  ///   registered or built-in one, and the host's insets for it.
  @inlinable
  func submit(
    _ state: ContentState,
    isRefreshing: Bool,
    animated: Bool,
    forced: Bool,
    deferred: Bool,
    completion: TransitionCompletion?,
    configure: (any Placeholder, ContentState) -> (any Placeholder, EdgeInsets)
  ) {
    guard
      let request = beginRequest(
        state, isRefreshing: isRefreshing, deferred: deferred, completion: completion)
    else { return }
    guard request.state.showsPlaceholder else {
      finishRequest(
        request, isRefreshing: isRefreshing, animated: animated, forced: forced,
        completion: completion)
      return
    }
    let (placeholder, insets, attempt) = configuredPlaceholder(for: request.state) {
      configure($0, request.state)
    }
    finishRequest(
      request, placeholder: placeholder, hostInsets: insets, isRefreshing: isRefreshing,
      attempt: attempt, animated: animated, forced: forced, completion: completion)
  }

  /// A request that became the requested state and waits for its presentation to be built.
  @usableFromInline
  struct PendingRequest {
    /// The request's identifier; its completion is stored under it.
    @usableFromInline let id: UInt64
    /// The requested state, with its progress sanitized.
    @usableFromInline let state: ContentState
    /// Whether the request waits for the loading policy's show delay.
    let deferred: Bool
  }

  /// Makes a state the requested one: the first step of every request.
  ///
  /// - Returns: The request, or `nil` when an observer of ``requestedState`` made a newer
  ///   request while being notified of this one (the completion then ran `superseded`).
  @usableFromInline
  func beginRequest(
    _ state: consuming ContentState, isRefreshing: Bool, deferred: Bool,
    completion: TransitionCompletion?
  ) -> PendingRequest? {
    var isLoading = false
    if case .loading(let progress) = state {
      isLoading = true
      if let progress { state = .loading(progress: StateDecision.sanitizedProgress(progress)) }
    }
    // While the show delay holds loading back, any loading request waits with it: a retry, a
    // replaced placeholder or a re-appearance must not show loading early.
    let deferred = deferred || (isLoading && deferredRequest != nil)
    let id = nextRequestID
    nextRequestID &+= 1
    latestRequestID = id
    setRequested(state, isRefreshing: isRefreshing)
    guard latestRequestID == id else {
      // An observer of requestedState made a request while being notified of this one: that
      // request took effect after this one, so it wins.
      completion?(.superseded)
      return nil
    }
    supersedeDeferredRequest()
    return PendingRequest(id: id, state: consume state, deferred: deferred)
  }

  /// Builds the presentation of a request from its configured placeholder and hands it to the
  /// queue: the last step of every request that shows a placeholder.
  @usableFromInline
  func finishRequest(
    _ request: PendingRequest, placeholder: any Placeholder, hostInsets: EdgeInsets,
    isRefreshing: Bool, attempt: Int, animated: Bool, forced: Bool,
    completion: TransitionCompletion?
  ) {
    let ownInsets = placeholder.insets
    let insets =
      hostInsets == .zero && ownInsets == .zero
      ? EdgeInsets.zero : (hostInsets.sanitized + ownInsets.sanitized).saturated
    let presentation = presentationCache.presentation(
      state: request.state, placeholder: placeholder, insets: insets,
      isRefreshing: isRefreshing, attempt: attempt)
    enqueue(
      request, presentation: consume presentation, animated: animated, forced: forced,
      completion: completion)
  }

  /// Builds the presentation of a request for a state without a placeholder (idle or content)
  /// and hands it to the queue: the last step of those requests.
  @usableFromInline
  func finishRequest(
    _ request: PendingRequest, isRefreshing: Bool, animated: Bool, forced: Bool,
    completion: TransitionCompletion?
  ) {
    let presentation = presentationCache.presentation(
      state: request.state, isRefreshing: isRefreshing)
    enqueue(
      request, presentation: consume presentation, animated: animated, forced: forced,
      completion: completion)
  }

  /// Hands a request's presentation to the queue, or holds it back for the show delay.
  private func enqueue(
    _ request: PendingRequest, presentation: consuming Presentation, animated: Bool,
    forced: Bool,
    completion: TransitionCompletion?
  ) {
    let id = request.id
    if let completion { completions[id] = completion }
    guard latestRequestID == id else {
      // A configuration hook requested another state while this one was being built: that
      // newer request took effect after this one, so it wins.
      complete(id, .superseded)
      return
    }
    requestedPresentation = presentation
    if request.deferred {
      // The newest request: whatever waits behind the presentation in flight is superseded.
      deferredRequest = TransitionQueue.Request(
        id: id, presentation: consume presentation, animated: animated, forced: forced)
      send(.supersedeWaiting)
    } else {
      send(
        .request(
          TransitionQueue.Request(
            id: id, presentation: consume presentation, animated: animated, forced: forced)))
    }
  }

  /// Completes the request held back by the show delay as superseded, if there is one.
  func supersedeDeferredRequest() {
    guard let replaced = deferredRequest else { return }
    deferredRequest = nil
    complete(replaced.id, .superseded)
  }

  /// Sends the request held back by the show delay to the presenter.
  func presentDeferredRequest() {
    guard let request = deferredRequest else { return }
    deferredRequest = nil
    send(.request(request))
  }

  /// Requests a presentation built before, such as the one a cancelled load replaced.
  func resubmit(_ presentation: Presentation, animated: Bool) {
    let id = nextRequestID
    nextRequestID &+= 1
    latestRequestID = id
    setRequested(presentation.state, isRefreshing: presentation.isRefreshing)
    supersedeDeferredRequest()
    requestedPresentation = presentation
    send(.request(.init(id: id, presentation: presentation, animated: animated, forced: false)))
  }

  /// Configures the placeholder a state shows: the registered one, or else the built-in one,
  /// with the load's progress and attempt when it is a ``StandardPlaceholder``.
  ///
  /// - Parameter configure: Returns the placeholder to show, given that one, and the host's
  ///   insets. A built-in placeholder kept by the machine is lent to it, not copied.
  /// - Returns: The configured placeholder, the insets, and the load's attempt.
  @usableFromInline
  func configuredPlaceholder(
    for state: ContentState, _ configure: (any Placeholder) -> (any Placeholder, EdgeInsets)
  ) -> (any Placeholder, EdgeInsets, attempt: Int) {
    let attempt = state.kind == .loading ? _loadAttempt : 1
    func configured(_ base: any Placeholder) -> (any Placeholder, EdgeInsets, attempt: Int) {
      guard case .loading(let progress) = state, progress != nil || attempt > 1,
        var standard = base as? StandardPlaceholder
      else {
        let (placeholder, insets) = configure(base)
        return (placeholder, insets, attempt)
      }
      standard.progress = progress
      if attempt > 1, standard.message == nil {
        standard.message = "Retrying (attempt \(attempt))…"
      }
      let (placeholder, insets) = configure(standard)
      return (placeholder, insets, attempt)
    }
    if !placeholders.isEmpty, let registered = placeholders[state.kind] {
      return configured(registered)
    }
    switch state {
    case .error(let error):
      var placeholder = StandardPlaceholder.error
      placeholder.message = String(describing: error)
      return configured(placeholder)
    case .locked(.incorrectCredential(let attempts)):
      var placeholder = StandardPlaceholder.locked
      placeholder.message = "Incorrect password (attempt \(attempts))."
      return configured(placeholder)
    case .locked: return configured(Self.builtInLocked)
    case .empty: return configured(Self.builtInEmpty)
    default: return configured(Self.builtInLoading)
    }
  }

  /// Runs the host's configuration hook for a state's placeholder.
  @inlinable
  static func configure<Host: StatefulContent>(
    _ placeholder: any Placeholder, for state: ContentState, by host: Host
  ) -> any Placeholder {
    switch state {
    case .loading: host.configureLoadingPlaceholder(placeholder)
    case .empty: host.configureEmptyPlaceholder(placeholder)
    case .error(let error): host.configureErrorPlaceholder(placeholder, error: error)
    case .locked(let reason): host.configureLockedPlaceholder(placeholder, reason: reason)
    case .custom(let key): host.configureCustomPlaceholder(placeholder, key: key)
    case .idle, .content: placeholder
    }
  }

  // Boxed once: turning a large struct into an existential allocates, so the built-in
  // placeholders are kept as existentials.
  private static let builtInLoading: any Placeholder = StandardPlaceholder.loading
  private static let builtInEmpty: any Placeholder = StandardPlaceholder.empty
  private static let builtInLocked: any Placeholder = StandardPlaceholder.locked

  // MARK: Driver

  fileprivate func send(_ event: consuming Event) {
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
    if !events.isEmpty { events.removeAll(keepingCapacity: true) }
    isDraining = false
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
    case .finished(let token):
      guard queue.inFlight?.id == token else { return }
      actions = queue.presenterFinished(token: token)
      didPresent()
    }
    for action in actions { perform(action) }
  }

  /// Makes the presentation in flight (or on screen) the requested one again, after the
  /// requests that would have followed it were cancelled.
  private func revertRequestedToPresentation() {
    let target = queue.inFlight?.presentation ?? queue.presented
    requestedPresentation = target
    setRequested(target.state, isRefreshing: target.isRefreshing)
  }

  /// Sets the requested state, notifying observers only when it really changes.
  ///
  /// The value is stored before observers are told, so that a request an observer makes from
  /// its change handler takes effect after this one instead of being overwritten by it.
  private func setRequested(_ state: ContentState, isRefreshing refreshing: Bool) {
    let stateChanged = !_requestedState.hasSamePayload(as: state)
    let refreshingChanged = _isRefreshing != refreshing
    _requestedState = state
    _isRefreshing = refreshing
    guard isObserved else { return }
    if stateChanged { registrar.withMutation(of: self, keyPath: \.requestedState) {} }
    if refreshingChanged { registrar.withMutation(of: self, keyPath: \.isRefreshing) {} }
  }

  /// Records that the presenter finished the presentation now in `queue.presented`.
  ///
  /// ``presentedState`` still holds the state presented before (the same payload as the
  /// previous presentation's), so it becomes ``lastState`` when the kind changes.
  private func didPresent() {
    let state = queue.presented.state
    let broadcaster = broadcaster.flatMap { $0.hasConsumers ? $0 : nil }
    let previous: ContentState? = broadcaster == nil ? nil : _presentedState
    if !_presentedState.hasSameKind(as: state) {
      // The last state is set first, so that observers of presentedState see both in step.
      lastState = _presentedState
      change(\.presentedState) { _presentedState = state }
    } else if !_presentedState.hasSamePayload(as: state) {
      change(\.presentedState) { _presentedState = state }
    }
    guard let broadcaster, let previous else { return }
    broadcaster.yield(
      ContentStateChange(
        from: previous, to: _presentedState, isRefreshing: queue.presented.isRefreshing,
        elapsed: clock.now()))
  }

  private func perform(_ action: TransitionQueue.Action) {
    switch action {
    case .present(let token, let animated):
      guard let presentation = queue.inFlight?.presentation else { return }
      if !presentation.isLoading {
        loadingShownAt = nil
      } else if loadingShownAt == nil && activeLoad != nil
        && loadingPolicy.effectiveMinimumDisplayTime > .zero
      {
        loadingShownAt = clock.now()
      }
      present(presentation, animated: animated, token: token)
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
      synchronousPresenter.present(presentation, animated: animated)
      finishedWhenPresentReturned(token: token)
      return
    }
    guard let presenter else {
      finishedWhenPresentReturned(token: token)
      return
    }
    prepareFinishToken(token)
    synchronousToken = token
    presenter.present(presentation, animated: animated) { [reusableFinishToken] in
      reusableFinishToken.relay.machine?.finishedByClosure(token: reusableFinishToken.token)
    }
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
  private func finishedByClosure(token: UInt64) {
    if events.isEmpty && token == synchronousToken {
      finishedSynchronously = true
    } else {
      send(.finished(token: token))
    }
  }

  /// Makes ``reusableFinishToken`` the object a presenter's `finished` closure captures for
  /// `token`.
  ///
  /// The previous one is reused when nothing else holds it (the presenter let its closure
  /// go), so presenting allocates nothing; a closure a presenter keeps holds its own token,
  /// and calling it late or twice reports that old token, which the queue ignores.
  private func prepareFinishToken(_ token: UInt64) {
    if isKnownUniquelyReferenced(&reusableFinishToken) {
      reusableFinishToken.token = token
    } else {
      reusableFinishToken = FinishToken(relay: finishRelay, token: token)
    }
  }

  private func complete(_ id: UInt64, _ outcome: TransitionOutcome) {
    guard !completions.isEmpty else { return }
    completions.removeValue(forKey: id)?(outcome)
  }
}

/// Carries a presenter's `finished` call back to its machine without a weak reference.
///
/// A weak reference would give the machine a side table and slow down every retain and release
/// of it; instead the machine clears `machine` in its `deinit`, so a presenter that finishes
/// after the machine is gone reaches nothing. `unowned(unsafe)` is safe here because the
/// relay and the machine live in one isolation domain (both are not `Sendable`) and the
/// reference is cleared before the machine's memory is freed.
private final class FinishRelay {
  unowned(unsafe) var machine: ContentStateMachine?
}

/// What a presenter's `finished` closure captures: the relay to the machine and the token of
/// the presentation it reports. One object, so that the closure needs no context allocation.
private final class FinishToken {
  let relay: FinishRelay
  var token: UInt64

  init(relay: FinishRelay, token: UInt64) {
    self.relay = relay
    self.token = token
  }
}

/// Holds a machine's observation registrar (see `ContentStateMachine.observation`).
private final class ObservationBox {
  let registrar = ObservationRegistrar()
}
