// Content over time: the staleness policy's timer, the connectivity source and the load that
// waits for the network. The rules are the pure values' (`ContentFreshness`,
// `ConnectivityTracker`, `StateDecision`); this file performs them: it gathers their facts
// into the decision's inputs, starts and cancels the timers, and follows the source.
extension ContentStateMachine {
  /// The facts of content over time, boxed: a machine allocates them once it has a staleness
  /// policy, follows a connectivity source or shows saved content — most never do.
  @usableFromInline
  final class OverTime {
    var freshness = ContentFreshness()
    var connectivity = ConnectivityTracker()
    var stalenessPolicy = StalenessPolicy.never
    var connectivityPolicy = ConnectivityPolicy.standard
    /// The timer that presents the content again when it turns stale, and its deadline.
    var staleTimer: (deadline: Duration, task: Task<Void, Never>)?
    /// The timer of the reconnection delay.
    var reconnectionTimer: Task<Void, Never>?
    /// The timer of the confirmation delay after a connection error (see
    /// ``ConnectivityPolicy/confirmationDelay``).
    var confirmationTimer: Task<Void, Never>?
    /// The task that follows the connectivity source.
    var follower: Task<Void, Never>?
    /// How many sources were followed: the number of the one followed now.
    var sourcesFollowed: UInt64 = 0
    /// How many loads began, or resets started over, since the box was made: a load that
    /// read a cache first knows from it whether a newer one began meanwhile.
    var loadsBegun: UInt64 = 0
    /// The count of ``loadsBegun`` when ``ContentStateMachine/cancelLoading()`` was last
    /// called: a cache read of that count is cancelled with the load it would start.
    var cancelledAt: UInt64?

    /// A load starts reading a cache: it counts as a load begun, so that a read that a newer
    /// one overtook is superseded (latest wins, also while the cache is read).
    ///
    /// - Returns: The count to compare with ``isLatest(_:)``.
    func startCacheRead() -> UInt64 {
      loadsBegun &+= 1
      return loadsBegun
    }

    /// Whether no load began, no reset started over and no other cache read started since
    /// `mark`.
    func isLatest(_ mark: UInt64) -> Bool { mark == loadsBegun }

    /// Whether the load of the cache read `mark` was cancelled while it read.
    func wasCancelled(_ mark: UInt64) -> Bool { cancelledAt == mark }
    /// The actor the timers come back to: the one the machine's loads ran on. Weak, as an
    /// actor may own the adopter (I6).
    weak var actor: (any Actor)?
    /// The adopter the timers decide for, held weakly as the timers are.
    weak var host: (any StatefulContent)?

    deinit {
      staleTimer?.task.cancel()
      reconnectionTimer?.cancel()
      confirmationTimer?.cancel()
      follower?.cancel()
    }
  }

  /// The facts of content over time, made on first use.
  var overTime: OverTime {
    if let box = overTimeBox { return box }
    let box = OverTime()
    overTimeBox = box
    return box
  }

  // MARK: Settings

  /// When content turns stale; defaults to ``StalenessPolicy/never``.
  ///
  /// Stale content stays on screen, marked (``Presentation/isStale``). The machine presents
  /// content once when it turns stale by age — a timer on its clock, on the actor its loads
  /// ran on — and once when the refresh that reaches the policy's failed refreshes fails.
  /// See <doc:ContentOverTime>.
  public var stalenessPolicy: StalenessPolicy {
    get { overTimeBox?.stalenessPolicy ?? .never }
    set {
      overTime.stalenessPolicy = newValue
      // The content on screen may be stale by the new policy, or turn so at another moment.
      presentTimeFacts()
    }
  }

  /// Which errors mean "no connection", and how long reachability settles before the waiting
  /// load is tried again; defaults to ``ConnectivityPolicy/standard``. It applies once the
  /// adopter follows a source (``StatefulContent/followConnectivity(_:isolation:)``).
  public var connectivityPolicy: ConnectivityPolicy {
    get { overTimeBox?.connectivityPolicy ?? .standard }
    set { overTime.connectivityPolicy = newValue }
  }

  /// Whether the network can be reached, as the connectivity source last reported it or a
  /// connection error showed since; ``Reachability/reachable`` without a source.
  public var reachability: Reachability {
    observe(\.reachability)
    return overTimeBox?.connectivity.reachability ?? .reachable
  }

  /// Whether a load waits for the network to come back (``ContentState/waiting``, or content
  /// marked offline).
  public var waitsForNetwork: Bool { decider.waitsForNetwork }

  // MARK: Gathering

  /// Adds what the machine knows of the network and the content's age to the inputs.
  func gatherTimeFacts(into rare: inout StateInputs.RareValues, box: OverTime) {
    let freshness = box.freshness
    rare.reachability = box.connectivity.reachability
    rare.networkError = decider.networkError
    rare.contentAge = freshness.age(now: clock.now())
    rare.staleness = box.stalenessPolicy
    rare.failedRefreshes = freshness.failedRefreshes
    rare.lastRefreshError = freshness.lastRefreshError
    rare.showsSavedResult = freshness.showsSavedResult
  }

  /// Starts, moves or cancels the staleness timer after a decision: the content is presented
  /// again when it turns stale.
  func scheduleStaleness(after decision: StateDecision, box: OverTime) {
    guard let freshFor = decision.freshFor else {
      box.staleTimer?.task.cancel()
      box.staleTimer = nil
      return
    }
    let deadline = clock.now().addingSaturated(freshFor)
    if let timer = box.staleTimer, timer.deadline == deadline { return }
    box.staleTimer?.task.cancel()
    box.staleTimer = nil
    guard let actor = box.actor else { return }
    let task = OverTimeTimer(event: .turnsStale, machine: self)
      .start(at: deadline, sleep: clock.sleep, isolation: actor)
    box.staleTimer = (deadline, task)
  }

  /// Remembers the actor and the adopter the timers of content over time come back to.
  @usableFromInline
  func noteTimerHome(actor: (any Actor)?, host: any StatefulContent) {
    guard let box = overTimeBox else { return }
    if let actor { box.actor = actor }
    box.host = host
  }

  // MARK: Events of the adopter's loads

  /// The adopter starts over: the content's age is forgotten, its staleness timer stops, and
  /// a load that reads a cache meanwhile shows nothing of it.
  func forgetFreshness() {
    guard let box = overTimeBox else { return }
    box.freshness.forget()
    box.staleTimer?.task.cancel()
    box.staleTimer = nil
    box.loadsBegun &+= 1
  }

  /// A load concluded with content or an empty result: the content is new.
  func recordContentLoaded() {
    overTimeBox?.freshness.contentLoaded(now: clock.now())
  }

  /// A load failed; a refresh — content stayed on screen while it ran — counts as a failed
  /// refresh.
  func recordLoadFailed(_ error: any Error, wasRefresh: Bool) {
    guard let box = overTimeBox else { return }
    if wasRefresh { box.freshness.refreshFailed(error) } else { box.freshness.forget() }
  }

  /// The staleness timer elapsed: the content is presented again, stale.
  func stalenessDue() {
    overTimeBox?.staleTimer = nil
    presentTimeFacts()
  }

  /// Decides the requested state again with what the machine knows now of the network and
  /// the content's age, and presents it when that changed the decision: the offline mark,
  /// stale content. The adopter is not asked again — the rest of the inputs are the requested
  /// decision's — and a state the app asked for directly, or idle, stays as it is.
  func presentTimeFacts() {
    guard let box = overTimeBox else { return }
    enter(orLater: { self.presentTimeFacts() }) {
      let requested = requestedPresentation.decision
      guard requested.rule != .requested, requested.rule != .idle else { return }
      var inputs = requested.inputs
      var rare = inputs.rareValues
      gatherTimeFacts(into: &rare, box: box)
      rare.showDelayDeadline = nil
      rare.minimumDisplayDeadline = nil
      inputs.rareValues = rare
      let decision = decide(inputs)
      guard decision.isStale != requested.isStale || decision.isOffline != requested.isOffline
      else { return }
      submit(decision, animated: false, deferred: queue.hasDeferred, host: box.host)
    }
  }

  /// Tells observers that ``reachability`` changed.
  func notifyReachability() {
    if isObserved { notifyChange(\.reachability) }
  }
}

/// A timer or a delivery of content over time: it comes back to the machine's actor and
/// hands the machine its event. It holds the machine weakly, so that a component released
/// while one is pending is released at once.
struct OverTimeTimer: ActorTimer, @unchecked Sendable {
  // Unchecked: the machine is only touched in `fire(isolation:)` and `deliver`, which run on
  // the actor the machine's loads ran on — the one isolation it is used from.

  enum Event {
    case turnsStale
    case reconnectionDue
    case confirmationDue
    case reachability(Reachability)
    /// The source with this number ended.
    case sourceEnded(UInt64)
  }

  let event: Event
  weak var machine: ContentStateMachine?

  init(event: Event, machine: ContentStateMachine) {
    self.event = event
    self.machine = machine
  }

  func fire(isolation: isolated any Actor) {
    guard let machine else { return }
    switch event {
    case .turnsStale: machine.stalenessDue()
    case .reconnectionDue: machine.reconnectionDue()
    case .confirmationDue: machine.confirmationDue()
    case .reachability(let reachability): machine.reachabilityReported(reachability)
    case .sourceEnded(let source): machine.connectivitySourceEnded(source)
    }
  }

  /// Hands the machine a report of the source.
  ///
  /// - Returns: Whether the machine still lives (the source is followed on).
  func deliver(_ reachability: Reachability, isolation: isolated any Actor) -> Bool {
    guard let machine else { return false }
    machine.reachabilityReported(reachability)
    return true
  }
}
