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
/// ``loadAttempt``, ``isLoading``, ``key``, ``appendState`` and ``lock`` change, as with the
/// `@Observable` macro, except that nothing is notified until one of them is first read from
/// outside the library, observers are told only of real changes, and observers of every
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
/// Its stored properties opt out of dynamic exclusivity checking (`@exclusivity(unchecked)`),
/// which otherwise costs a thread-local lookup on every access of the hot path. That is safe
/// because the machine is not `Sendable` (one isolation domain touches it), and no access to
/// these properties is held open across a call out to a presenter, a hook or a completion:
/// every such call is made after the access that produced its arguments has ended.
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
  /// The presenter, held weakly: the machine never owns it.
  @exclusivity(unchecked) weak var storedPresenter: (any Presenter)?
  /// ``presenter`` when it is a ``SynchronousPresenter``, which is called without a
  /// `finished` closure; weak as well.
  @exclusivity(unchecked) weak var synchronousPresenter: (any SynchronousPresenter)?
  /// Whether a presenter was given and has not presented yet: finding it gone then is an
  /// adoption mistake (nothing kept it).
  @exclusivity(unchecked) var presenterAwaitsFirstPresentation = false

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
  @exclusivity(unchecked) public var loadingPolicy: LoadingPolicy = .smooth {
    didSet { policyHasDelays = loadingPolicy.hasDelays }
  }
  /// Whether ``loadingPolicy`` needs timers, kept so that the category API asks one field
  /// (the default policy, ``LoadingPolicy/smooth``, does).
  @exclusivity(unchecked) @usableFromInline var policyHasDelays = LoadingPolicy.smooth.hasDelays
  /// How loads that do not pass a policy of their own retry. Defaults to ``RetryPolicy/never``.
  @exclusivity(unchecked) public var retryPolicy: RetryPolicy = .never
  /// Which errors mean "cancelled" — for a load's operation and for
  /// ``StatefulContent/endLoading(animated:error:completion:)`` — rather than "failed".
  /// Defaults to ``CancellationPolicy/standard``.
  @exclusivity(unchecked) public var cancellationPolicy: CancellationPolicy = .standard

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
  /// Which key the content belongs to and which key is loading (keyed loads); boxed, and
  /// allocated by the first keyed load: most machines never load by key.
  @exclusivity(unchecked) var keysBox: Box<LoadKeys>?
  /// The keys, read (a copy).
  var keys: LoadKeys { keysBox?.value ?? LoadKeys() }
  /// The key the state is about, read without copying the keys.
  var currentKey: LoadKey? { keysBox?.value.key }
  /// The key the adopter's content belongs to, read without copying the keys.
  var currentContentKey: LoadKey? { keysBox?.value.contentKey }
  /// The page append that runs, where appending stands, and the one a Retry repeats; boxed,
  /// and allocated by the first append.
  @exclusivity(unchecked) var appendsBox: Box<PageAppends>?
  /// Where appending stands, read without copying the appends.
  var currentAppendState: AppendState { appendsBox?.value.state ?? .idle }
  /// The running load and what its cancellation restores.
  @exclusivity(unchecked) var loads = LoadRegistry()
  /// The load run through the category API under a loading policy with delays, while it is
  /// registered in ``loads`` (see ContentStateMachine+CategoryLoads.swift).
  @exclusivity(unchecked) @usableFromInline var categoryLoadID: UInt64?
  /// The actor the paced category load was started on, which its timers come back to — also
  /// for an `endLoading` called from code isolated to no actor. Weak: an actor that owns the
  /// adopter is not kept alive through its machine.
  @exclusivity(unchecked) weak var categoryActor: (any Actor)?
  /// Until when a category load's end is held for the minimum display time: every decided
  /// state waits with it (the facts say "not loading" already, but loading stays on screen).
  @exclusivity(unchecked) @usableFromInline var heldDecisionsUntil: Duration?
  /// When loading held back by the show delay is presented, unless the load ends first.
  @exclusivity(unchecked) var pendingShowDeadline: Duration?
  /// The announcer and the announcement rules, once an announcer is set (see
  /// ContentStateMachine+Announcing.swift): most machines announce nothing.
  @exclusivity(unchecked) @usableFromInline var announcing: Announcing?
  /// The built-in texts and placeholders when the app set its own (``strings``); `nil` for
  /// the process's (`BuiltInPlaceholders.current`), so that a machine carries one
  /// reference, not the texts.
  @exclusivity(unchecked) var stringsBox: BuiltInPlaceholders?
  /// The built-in placeholders and texts this machine uses.
  var builtIns: BuiltInPlaceholders { stringsBox ?? .current }
  /// The secret of the credential given to the last unlock, which no placeholder text and no
  /// announcement may show (an operation's error may describe it); see
  /// ContentStateMachine+Redaction.swift.
  @exclusivity(unchecked) var triedSecret: String?
  /// The loads asked of the adopter's ``StatefulContent/loadContent()`` by a reload or an
  /// unlock, until they end.
  @exclusivity(unchecked) var requestedLoads = RequestedLoads()
  /// The last loading, empty and content presentations, reused when identical.
  @exclusivity(unchecked) var presentationCache = PresentationCache()

  // MARK: Requests (see ContentStateMachine+Requests.swift)

  @exclusivity(unchecked) var storedRequestedState: ContentState = .idle
  @exclusivity(unchecked) var storedIsRefreshing = false
  /// The presentation built for ``requestedState``, kept to restore it after a cancelled load.
  @exclusivity(unchecked) var requestedPresentation = Presentation.idle
  @exclusivity(unchecked) var completions: [UInt64: TransitionCompletion] = [:]
  @exclusivity(unchecked) var nextRequestID: UInt64 = 1
  @exclusivity(unchecked) var latestRequestID: UInt64 = 0

  // MARK: Adoption mistakes (see ContentStateMachine+Adoption.swift)

  /// The mistakes reported already.
  @exclusivity(unchecked) var reportedMistakes: Set<AdoptionMistake> = []

  // MARK: Calls (see ContentStateMachine+Calls.swift)

  /// Whether the machine is calling an adopter's hook: requests made now are queued.
  @exclusivity(unchecked) @usableFromInline var isCallingHook = false
  /// How many calls of the machine's API are running, nested.
  @exclusivity(unchecked) @usableFromInline var callDepth = 0
  /// Whether the calls queued from hooks are being run.
  @exclusivity(unchecked) var isRunningPendingCalls = false
  /// The calls made from hooks, waiting for the outermost call to end.
  @exclusivity(unchecked) @usableFromInline var pendingCalls: [() -> Void] = []

  // MARK: Presenting (see ContentStateMachine+Presenting.swift)

  @exclusivity(unchecked) var storedPresentedState: ContentState = .idle
  @exclusivity(unchecked) var storedLastState: ContentState = .idle
  @exclusivity(unchecked) var events: [Event] = []
  @exclusivity(unchecked) var isDraining = false
  let finishRelay = FinishRelay()
  /// A reported `finished` token, reused for the next presentation when no presenter holds it.
  @exclusivity(unchecked) var spareFinishToken: FinishToken?
  /// Whether the machine handles a `finished` closure released uncalled: it then calls no
  /// presenter.
  @exclusivity(unchecked) var isHandlingAbandonment = false
  /// The presentation to hand to the presenter with the next event, after an abandonment.
  @exclusivity(unchecked) var presentationAfterAbandonment: (token: UInt64, animated: Bool)?
  /// The token of the presentation being handed to the presenter, while `present` runs.
  @exclusivity(unchecked) var synchronousToken: UInt64 = 0
  /// Whether the presenter finished `synchronousToken` before `present` returned.
  @exclusivity(unchecked) var finishedSynchronously = false
  /// The clock that times the loads, as time elapsed since the machine was created.
  let clock: ElapsedClock

  // MARK: Observation (see ContentStateMachine+Observation.swift)

  /// Created by the first ``stateChanges()`` call: most machines never have a consumer.
  @exclusivity(unchecked) var broadcaster: StateChangeBroadcaster?
  /// Created by the first read from outside (see `observe(_:)`): a registrar allocates, and
  /// most machines are never observed.
  @exclusivity(unchecked) var observation: ObservationBox?
  @exclusivity(unchecked) var isObserved = false

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
  /// until a new load starts — opening the document again, not a reload or Retry.
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
    set { stringsBox = BuiltInPlaceholders(newValue) }
  }

  /// The placeholder registered for a kind of state, or `nil` when none is.
  ///
  /// - Parameter kind: The kind of state.
  /// - Returns: The registered placeholder, before any configuration hook runs.
  public func placeholder(for kind: ContentState.Kind) -> (any Placeholder)? {
    placeholders.registeredPlaceholder(for: kind)
  }
}
