import Observation

/// Holds a placeholder per state and serializes what a presenter shows.
///
/// This is the counterpart of `StatefulViewController`'s `ViewStateMachine`, without views:
/// it keeps the requested and the presented state, queues transitions behind an animated one
/// in flight (the newest waiting request supersedes older ones), and calls every completion
/// exactly once with a ``TransitionOutcome``. It also runs the loads of
/// ``StatefulContent/load(animated:retry:isolation:operation:apply:)-1z75a``.
///
/// Most apps never call the machine directly: they adopt ``StatefulContent`` and call
/// `startLoading`, `endLoading` or `load`, which decide the state and request it here.
///
/// The machine is `Observable` — SwiftUI and `withObservationTracking` see ``requestedState``,
/// ``presentedState``, ``presentedPresentation``, ``isRefreshing``, ``progress``,
/// ``loadAttempt``, ``isLoading``, ``key``, ``appendState``, ``lock`` and ``reachability``
/// change, as with the `@Observable` macro, except that nothing is notified until one of them
/// is first read from outside the library, observers are told only of real changes, and
/// observers of every
/// property but ``presentedState`` are told after the new value is stored (a request from
/// their change handler then takes effect after the change) — and offers ``stateChanges()``.
/// A SwiftUI view that shows the model without a presenter reads ``presentedPresentation``
/// (see <doc:SwiftUIAndUIKit>). It is not `Sendable`: it belongs to its owner's isolation
/// domain (typically the main actor), so using it from two isolation domains is a compile
/// error.
///
/// The rules live in pure values the machine stores and is the only writer of — the decision
/// inputs (`StateDecider`), the lock (`ContentLock`), the placeholders
/// (`PlaceholderRegistry`), the transition queue (`TransitionQueue`) and the loads
/// (`LoadRegistry`, `LoadLifecycle`); the machine performs what they decide. See
/// <doc:Architecture>.
///
/// The stored properties of its rules and of its own facts opt out of dynamic exclusivity
/// checking (`@exclusivity(unchecked)`), which otherwise costs a thread-local lookup on every
/// access: without it, benchmark row a (a start→end cycle) runs 83 % more instructions. That
/// is safe because the machine is not `Sendable` (one isolation domain touches it), and no
/// access to these properties is held open across a call out to a presenter, a hook or a
/// completion: every such call is made after the access that produced its arguments has
/// ended.
public final class ContentStateMachine: Observable {
  /// The presenter that shows each presentation, or `nil` to present nothing (transitions then
  /// complete at once).
  ///
  /// The machine does not own its presenter: it holds it weakly, as a view holds its delegate.
  /// A presenter serves the model that owns the machine — a view controller that owns its
  /// model and presents it, the model itself, a terminal renderer — so whoever made it keeps
  /// it: releasing the controller releases the model, its machine and everything they hold
  /// (I6). A presenter made only for the machine is kept by the model
  /// (`let presenter = TerminalPresenter()`); one that nothing keeps is released at once, and
  /// the machine reports ``AdoptionMistake/presenterReleasedBeforePresenting`` when it finds it
  /// gone before it showed anything.
  ///
  /// A presenter attached or replaced after a state was requested is shown that state at once
  /// (the reference library's "wrong state when the network was initially off"); before
  /// anything was requested there is nothing to show. Replacing the presenter while a
  /// presentation is in flight counts that presentation as finished: the old presenter can
  /// no longer report it, and the machine must not wait for it.
  public var presenter: (any Presenter)? {
    get { storedPresenter }
    set {
      let oldValue = storedPresenter
      guard oldValue !== newValue else { return }
      attach(newValue)
      if let inFlight = queue.inFlight { send(.finished(token: inFlight.id)) }
      if newValue != nil { presentRequestedPresentationAgain() }
    }
  }

  /// Verifies a credential before the content is loaded with it: `true` when it is right.
  ///
  /// When `nil` (the default), the load's operation verifies the credential it receives in
  /// ``LoadContext/credential`` and throws ``ContentLockedError`` when it is wrong.
  public var credentialVerifier: (@Sendable (Credential) async throws -> Bool)?
  /// When the loading placeholder appears, how long it stays, and how progress is coalesced.
  ///
  /// Defaults to ``LoadingPolicy/smooth`` (a 150 ms show delay, a 400 ms minimum display
  /// time), so that fast work shows no loading at all; ``LoadingPolicy/immediate`` presents
  /// every change at once. The policy times on the machine's clock: a test that keeps the
  /// default advances a `ManualClock` through it.
  public var loadingPolicy: LoadingPolicy = .smooth
  /// How loads that do not pass a policy of their own retry. Defaults to ``RetryPolicy/never``.
  public var retryPolicy: RetryPolicy = .never
  /// Which errors mean "cancelled" — for a load's operation and for
  /// ``StatefulContent/endLoading(animated:error:completion:)`` — rather than "failed".
  /// Defaults to ``CancellationPolicy/standard``.
  public var cancellationPolicy: CancellationPolicy = .standard

  /// Called with each ``AdoptionMistake`` the machine detects, once per kind.
  ///
  /// Defaults to ``AdoptionMistake/logToStandardError``: a line on standard error, and the
  /// app goes on. A mistake never traps by default; set
  /// ``AdoptionMistake/assertInDebugBuilds`` to stop a debug build instead, or a handler of
  /// your own (a test's, your logger).
  public var adoptionMistakeHandler: (AdoptionMistake) -> Void = AdoptionMistake
    .logToStandardError

  // MARK: The rules (pure values; this class is their only writer)

  /// The inputs of the state rules and rule 6.
  @exclusivity(unchecked) var decider = StateDecider()
  /// The lock, its attempts and the remembered credential.
  @exclusivity(unchecked) var contentLock = ContentLock()
  /// The registered placeholders and the built-in ones.
  @exclusivity(unchecked) var placeholders = PlaceholderRegistry()
  /// What is presented, in flight, waiting and held back by the show delay.
  @exclusivity(unchecked) var queue = TransitionQueue()
  /// The keys, read (a copy).
  var keys: LoadKeys { keysBox?.value ?? LoadKeys() }
  /// The key the state is about, read without copying the keys.
  var currentKey: LoadKey? { keysBox?.value.key }
  /// The key the adopter's content belongs to, read without copying the keys.
  var currentContentKey: LoadKey? { keysBox?.value.contentKey }
  /// Where appending stands, read without copying the appends.
  var currentAppendState: AppendState { appendsBox?.value.state ?? .idle }
  /// The facts of content over time — the content's age, the network — once the machine has
  /// a staleness policy, follows a connectivity source or shows saved content (see
  /// ContentStateMachine+OverTime.swift).
  @exclusivity(unchecked) @usableFromInline var overTimeBox: OverTime?
  /// The built-in placeholders and texts this machine uses.
  var builtIns: BuiltInPlaceholders { placeholders.builtIns }

  // MARK: Adoption mistakes (see ContentStateMachine+Adoption.swift)

  /// The mistakes reported already.
  var reportedMistakes: Set<AdoptionMistake> = []

  // MARK: The driver's own facts, by concern (see ContentStateMachine+Facts.swift)

  /// The requests: requested state, its presentation, completions, reusable presentations.
  @exclusivity(unchecked) var requesting = RequestFacts()
  /// The presenting: the presenter, the event loop, the presented state, `finished` tokens.
  @exclusivity(unchecked) var presenting = PresentingFacts()
  /// The API's calls in progress and the calls queued from hooks (I5).
  @exclusivity(unchecked) @usableFromInline var calls = CallFacts()
  /// The loads: the running one, keys, page appends, the loads a reload asks for, pacing.
  @exclusivity(unchecked) @usableFromInline var loading = LoadingFacts()
  /// Who is told: observers, state-change consumers and the announcer.
  @exclusivity(unchecked) @usableFromInline var observing = ObservationFacts()
  let finishRelay = FinishRelay()
  /// The clock that times the loads, as time elapsed since the machine was created.
  let clock: ElapsedClock

  /// Creates a machine.
  ///
  /// - Parameters:
  ///   - presenter: The presenter that shows each presentation, or `nil`.
  ///   - clock: The clock that times show delays, minimum display times, retry backoff and
  ///     progress coalescing. Tests pass a `ManualClock` from `StatefulContentTesting`. A
  ///     sleep that fails with anything but `CancellationError` counts as elapsed, so a
  ///     failing clock never leaves a load waiting.
  public init(
    presenter: (any Presenter)? = nil,
    clock: some Clock<Duration> = ContinuousClock()
  ) {
    self.clock = ElapsedClock(clock)
    attach(presenter)
    finishRelay.machine = self
  }

  deinit {
    finishRelay.machine = nil
    // A released machine cancels what is pending, so that every completion still runs once.
    for case .complete(let id, let outcome) in queue.cancelAll() {
      completions.removeValue(forKey: id)?(outcome)
    }
    for case .complete(let id, let outcome) in queue.cancelDeferred() {
      completions.removeValue(forKey: id)?(outcome)
    }
    if let load = loads.cancel() {
      for task in load.tasks { task.cancel() }
      load.signal(.superseded)
    }
    broadcaster?.finish()
  }

  // MARK: Reading the state

  /// The state most recently requested, readable the moment the request returns.
  public var requestedState: ContentState {
    observe(\.requestedState)
    return storedRequestedState
  }
  /// Whether the most recent request keeps content visible while a load runs.
  public var isRefreshing: Bool {
    observe(\.isRefreshing)
    return storedIsRefreshing
  }
  /// The state the presenter shows (the last presentation it finished).
  public var presentedState: ContentState {
    observe(\.presentedState)
    return storedPresentedState
  }
  /// The decision behind ``requestedState``, with its reasons: the rule that fired, the
  /// rules it overrode and the inputs that decided (see <doc:StatesAndRules>). Errors in it
  /// that could show the secret of a credential are recorded texts, redacted.
  ///
  /// ```swift
  /// print(model.stateMachine.decision.explanation)
  /// // content — rule 2: has content (12 items); overrode rule 4: error "timed out", …
  /// ```
  public var decision: StateDecision { requestedPresentation.decision }
  /// Why ``requestedState`` shows, for a person: ``decision``'s
  /// ``StateDecision/explanation``.
  public var explanation: String { decision.explanation }
  /// The state presented before ``presentedState``.
  public var lastState: ContentState { storedLastState }
  /// The presentation the presenter shows (the last one it finished).
  ///
  /// Observable: observers are told after each presentation is finished (with no presenter,
  /// as soon as it is presented), also when only its placeholder, key,
  /// ``Presentation/showsPreviousKey`` or ``Presentation/append`` changed and
  /// ``presentedState`` did not — what a view that draws the presentation itself, with no
  /// presenter, needs to draw again.
  public var presentedPresentation: Presentation {
    observe(\.presentedPresentation)
    return queue.presented
  }
  /// Whether a presentation is in flight (an animation has not finished yet).
  public var isPresenting: Bool { queue.isBusy }

  /// The key the state is about, after a keyed load: the key loading, or whose load failed,
  /// or whose content is shown; `nil` after a load without a key. Hooks that configure
  /// placeholders read it ("No results for …").
  public var key: LoadKey? {
    observe(\.key)
    return currentKey
  }
  /// Whether a load is running, as last set by `startLoading`, `endLoading` or `load`.
  public var isLoading: Bool {
    observe(\.isLoading)
    return decider.isLoading
  }
  /// The error the last load ended with, or `nil`.
  public var lastError: (any Error)? { decider.error }
  /// The fraction (0…1) of the running load done, or `nil` when unknown.
  public var progress: Double? {
    observe(\.progress)
    return decider.progress
  }
  /// The attempt of the running load, counting from 1; above 1 while retrying.
  public var loadAttempt: Int {
    observe(\.loadAttempt)
    return decider.attempt
  }
  /// Whether loading has been started or ended at least once (before that the state is idle).
  public var hasDecided: Bool { decider.hasDecided }

  /// Why the content is locked, or `nil` when it is not.
  public var lock: LockReason? {
    observe(\.lock)
    return contentLock.reason
  }
  /// How many wrong credentials were given since the content was locked.
  public var unlockAttempts: Int { contentLock.failedAttempts }
  /// Whether the wrong credentials reached ``maximumUnlockAttempts``; unlocking is refused
  /// until a new load starts — opening the document again, not a reload or Retry — or a load
  /// opens the content without the user (a reload with the remembered credential).
  public var isLockedOut: Bool { contentLock.isLockedOut }
  /// How many wrong credentials are allowed before the state becomes error with
  /// ``UnlockError/attemptLimitReached(attempts:)``; `nil` (the default) allows any number.
  /// Values below 1 count as 1.
  public var maximumUnlockAttempts: Int? {
    get { contentLock.maximumAttempts }
    set { contentLock.maximumAttempts = newValue }
  }
  /// The credential that unlocked the content, kept for reloads; cleared by a new load.
  var credential: Credential? { contentLock.credential }

  /// Holds a presenter weakly, and remembers that it has not presented yet.
  private func attach(_ presenter: (any Presenter)?) {
    storedPresenter = presenter
    synchronousPresenter = presenter as? any SynchronousPresenter
    presenterAwaitsFirstPresentation = presenter != nil
  }

  // MARK: Placeholders

  /// The built-in texts of this machine's placeholders, actions and announcements: those of
  /// the process's language (``PlaceholderStrings/current``) unless the app sets its own.
  ///
  /// Set them before the first request: they apply to the placeholders built from then on
  /// (built-in ones, and the messages the machine fills in — "Retrying (attempt 2)…", "No
  /// results for “swi”.", the incorrect-credential count, a ``UnlockError``'s texts) and to
  /// the announcements. Placeholders the app registers keep their own texts.
  ///
  /// ```swift
  /// var strings = PlaceholderStrings.german
  /// strings.retry = "Nochmal"
  /// machine.strings = strings
  /// ```
  public var strings: PlaceholderStrings {
    get { builtIns.strings }
    set { placeholders.ownBuiltIns = BuiltInPlaceholders(newValue) }
  }

  /// The placeholder registered for a kind of state, or `nil` when none is.
  ///
  /// - Parameter kind: The kind of state.
  /// - Returns: The registered placeholder, before any configuration hook runs.
  public func placeholder(for kind: ContentState.Kind) -> (any Placeholder)? {
    placeholders.registeredPlaceholder(for: kind)
  }
}
