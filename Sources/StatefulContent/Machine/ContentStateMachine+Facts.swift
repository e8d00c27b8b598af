// The driver's own facts, grouped by the concern that writes them: each group is one stored
// property of the machine, and the names below read and write its fields where they are used.
extension ContentStateMachine {
  /// What was requested (see ContentStateMachine+Requests.swift).
  struct RequestFacts {
    var requestedState: ContentState = .idle
    var isRefreshing = false
    /// The presentation built for the requested state, kept to restore it after a cancelled
    /// load.
    var presentation = Presentation.idle
    var completions: [UInt64: TransitionCompletion] = [:]
    var nextID: UInt64 = 1
    var latestID: UInt64 = 0
    /// The last loading, empty and content presentations, reused when identical.
    var cache = PresentationCache()
    init() {}
  }

  /// What is being presented (see ContentStateMachine+Presenting.swift).
  struct PresentingFacts {
    /// The presenter, held weakly: the machine never owns it.
    weak var presenter: (any Presenter)?
    /// The presenter when it is a ``SynchronousPresenter``, which is called without a
    /// `finished` closure; weak as well.
    weak var synchronousPresenter: (any SynchronousPresenter)?
    var presentedState: ContentState = .idle
    var lastState: ContentState = .idle
    var events: [Event] = []
    var isDraining = false
    /// A reported `finished` token, reused for the next presentation when no presenter
    /// holds it.
    var spareFinishToken: FinishToken?
    /// Whether the machine handles a `finished` closure released uncalled: it then calls no
    /// presenter.
    var isHandlingAbandonment = false
    /// The presentation to hand to the presenter with the next event, after an abandonment.
    var presentationAfterAbandonment: (token: UInt64, animated: Bool)?
    /// The token of the presentation being handed to the presenter, while `present` runs.
    var synchronousToken: UInt64 = 0
    /// Whether the presenter finished `synchronousToken` before `present` returned.
    var finishedSynchronously = false
    /// Whether a presenter was given and has not presented yet: finding it gone then is an
    /// adoption mistake (nothing kept it).
    var presenterAwaitsFirstPresentation = false
  }

  /// The API's calls (see ContentStateMachine+Calls.swift).
  @usableFromInline
  struct CallFacts {
    /// Whether the machine is calling an adopter's hook: requests made now are queued.
    @usableFromInline var isCallingHook = false
    /// How many calls of the machine's API are running, nested.
    @usableFromInline var depth = 0
    /// Whether the calls queued from hooks are being run.
    var isRunningPending = false
    /// The calls made from hooks, waiting for the outermost call to end.
    @usableFromInline var pending: [() -> Void] = []
    init() {}
  }

  /// The loads (see ContentStateMachine+Loading.swift).
  @usableFromInline
  struct LoadingFacts {
    /// The running load and what its cancellation restores.
    var loads = LoadRegistry()
    /// Which key the content belongs to and which key is loading (keyed loads); boxed, and
    /// allocated by the first keyed load: most machines never load by key.
    var keys: Box<LoadKeys>?
    /// The page append that runs, where appending stands, and the one a Retry repeats;
    /// boxed, and allocated by the first append.
    var appends: Box<PageAppends>?
    /// The loads asked of the adopter's ``StatefulContent/loadContent()`` by a reload or an
    /// unlock, until they end.
    var requestedLoads = RequestedLoads()
    /// The pacing of category-API loads under a loading policy with delays.
    @usableFromInline var pacing = CategoryPacing()
    init() {}
  }

  /// The category API's paced loads (see ContentStateMachine+CategoryLoads.swift).
  @usableFromInline
  struct CategoryPacing {
    /// The driver of the load run through the category API under a loading policy with
    /// delays, until it ends; it is registered in the machine's loads while it runs.
    @usableFromInline var load: LoadDriver<Void>?
    /// Until when a category load's end is held for the minimum display time: every decided
    /// state waits with it (the facts say "not loading" already, but loading stays on screen).
    @usableFromInline var heldDecisionsUntil: Duration?
    init() {}
  }

  /// Who is told (see ContentStateMachine+Observation.swift and +Announcing.swift).
  @usableFromInline
  struct ObservationFacts {
    /// The announcer and the announcement rules, once an announcer is set: most machines
    /// announce nothing.
    @usableFromInline var announcing: Announcing?
    /// Created by the first ``ContentStateMachine/stateChanges()`` call: most machines never
    /// have a consumer.
    var broadcaster: StateChangeBroadcaster?
    /// Created by the first read from outside (see `observe(_:)`): a registrar allocates,
    /// and most machines are never observed.
    var observation: ObservationBox?
    var isObserved = false
    init() {}
  }

  // MARK: Requests

  var storedRequestedState: ContentState {
    get { requesting.requestedState }
    set { requesting.requestedState = newValue }
  }
  var storedIsRefreshing: Bool {
    get { requesting.isRefreshing }
    set { requesting.isRefreshing = newValue }
  }
  var requestedPresentation: Presentation {
    get { requesting.presentation }
    set { requesting.presentation = newValue }
  }
  var completions: [UInt64: TransitionCompletion] {
    get { requesting.completions }
    _modify { yield &requesting.completions }
  }
  var nextRequestID: UInt64 {
    get { requesting.nextID }
    set { requesting.nextID = newValue }
  }
  var latestRequestID: UInt64 {
    get { requesting.latestID }
    set { requesting.latestID = newValue }
  }
  var presentationCache: PresentationCache {
    get { requesting.cache }
    _modify { yield &requesting.cache }
  }

  // MARK: Presenting

  var storedPresenter: (any Presenter)? {
    get { presenting.presenter }
    set { presenting.presenter = newValue }
  }
  var synchronousPresenter: (any SynchronousPresenter)? {
    get { presenting.synchronousPresenter }
    set { presenting.synchronousPresenter = newValue }
  }
  var storedPresentedState: ContentState {
    get { presenting.presentedState }
    set { presenting.presentedState = newValue }
  }
  var storedLastState: ContentState {
    get { presenting.lastState }
    set { presenting.lastState = newValue }
  }
  var events: [Event] {
    get { presenting.events }
    _modify { yield &presenting.events }
  }
  var isDraining: Bool {
    get { presenting.isDraining }
    set { presenting.isDraining = newValue }
  }
  var spareFinishToken: FinishToken? {
    get { presenting.spareFinishToken }
    set { presenting.spareFinishToken = newValue }
  }
  var isHandlingAbandonment: Bool {
    get { presenting.isHandlingAbandonment }
    set { presenting.isHandlingAbandonment = newValue }
  }
  var presentationAfterAbandonment: (token: UInt64, animated: Bool)? {
    get { presenting.presentationAfterAbandonment }
    set { presenting.presentationAfterAbandonment = newValue }
  }
  var synchronousToken: UInt64 {
    get { presenting.synchronousToken }
    set { presenting.synchronousToken = newValue }
  }
  var finishedSynchronously: Bool {
    get { presenting.finishedSynchronously }
    set { presenting.finishedSynchronously = newValue }
  }
  var presenterAwaitsFirstPresentation: Bool {
    get { presenting.presenterAwaitsFirstPresentation }
    set { presenting.presenterAwaitsFirstPresentation = newValue }
  }

  // MARK: Calls

  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  var isCallingHook: Bool {
    get { calls.isCallingHook }
    set { calls.isCallingHook = newValue }
  }
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  var callDepth: Int {
    get { calls.depth }
    set { calls.depth = newValue }
  }
  var isRunningPendingCalls: Bool {
    get { calls.isRunningPending }
    set { calls.isRunningPending = newValue }
  }
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  var pendingCalls: [() -> Void] {
    get { calls.pending }
    _modify { yield &calls.pending }
  }

  // MARK: Loading

  var loads: LoadRegistry {
    get { loading.loads }
    _modify { yield &loading.loads }
  }
  var keysBox: Box<LoadKeys>? {
    get { loading.keys }
    set { loading.keys = newValue }
  }
  var appendsBox: Box<PageAppends>? {
    get { loading.appends }
    set { loading.appends = newValue }
  }
  var requestedLoads: RequestedLoads {
    get { loading.requestedLoads }
    _modify { yield &loading.requestedLoads }
  }

  // MARK: Pacing

  /// Whether the loading policy needs timers: the category API then paces its loads.
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  var policyHasDelays: Bool { loadingPolicy.hasDelays }
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  var categoryLoad: LoadDriver<Void>? {
    get { loading.pacing.load }
    set { loading.pacing.load = newValue }
  }
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  var heldDecisionsUntil: Duration? {
    get { loading.pacing.heldDecisionsUntil }
    set { loading.pacing.heldDecisionsUntil = newValue }
  }

  // MARK: Observation

  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  var announcing: Announcing? {
    get { observing.announcing }
    set { observing.announcing = newValue }
  }
  var broadcaster: StateChangeBroadcaster? {
    get { observing.broadcaster }
    set { observing.broadcaster = newValue }
  }
  var observation: ObservationBox? {
    get { observing.observation }
    set { observing.observation = newValue }
  }
  var isObserved: Bool {
    get { observing.isObserved }
    set { observing.isObserved = newValue }
  }
}
