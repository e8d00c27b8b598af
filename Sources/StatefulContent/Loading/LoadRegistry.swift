/// Decides which load is the running one: each new load supersedes the one before (latest
/// wins), a cancelled load brings back what it replaced, and the presented loading placeholder
/// is timed for the minimum display time.
///
/// A pure value with one mutating method per event; ``ContentStateMachine`` stores it and is
/// its only writer. The tasks and the signal a load carries are the driver's: the registry
/// hands back a load that ended so that the driver cancels them.
struct LoadRegistry {
  /// Why a running load's event loop must stop.
  enum Signal: Sendable {
    /// A newer load replaced it; the state belongs to the newer load.
    case superseded
    /// ``ContentStateMachine/cancelLoading()`` cancelled it and already restored the state.
    case cancelledByMachine
    /// The task awaiting the load was cancelled; the loop restores the state.
    case taskCancelled
    /// The network came back while the load waited for it: its attempt runs again. The one
    /// signal that does not end the load.
    case networkReturned
    /// The network was there after all while the load waited for it: its failure is decided
    /// as one while reachable. It does not end the load either.
    case networkPresent
  }

  /// The state and inputs to bring back when a load is cancelled.
  struct Snapshot {
    var presentation: Presentation
    var inputs: StateDecider.Snapshot
    var lock: ContentLock.Snapshot
    var keys: LoadKeys.Snapshot
    /// The placeholder registry's generation when the snapshot was taken.
    var placeholderGeneration: UInt64
    /// The announcement of the state on screen that was still waiting to be made when the
    /// load started: never heard, so bringing the state back announces it.
    var unheardAnnouncement: Announcement? = nil

    /// Whether the state from before the load comes back as it was, or the rules decide it
    /// again from the restored inputs and the content the adopter has now — content that
    /// arrived (or left) during the load wins (rule 2), and so does content a keyed stream
    /// replaced, which belongs to another key than the presentation's. An app's custom state
    /// comes back as it was.
    ///
    /// - Parameters:
    ///   - hasContent: Whether the adopter has content now (and no lock hides it).
    ///   - key: The key the restored state is about.
    func comesBackAsBefore(hasContent: Bool, key: LoadKey?) -> Bool {
      if case .custom = presentation.state { return true }
      return (presentation.state.kind == .content) == hasContent && presentation.key == key
    }
  }

  /// The load that runs now.
  struct Load {
    let id: UInt64
    /// Stops the load's event loop.
    let signal: @Sendable (Signal) -> Void
    /// The operation and timer tasks, cancelled when the load ends.
    var tasks: [Task<Void, Never>] = []
    /// The state before the first of a chain of superseding loads.
    var restore: Snapshot
    var lifecycle: LoadLifecycle
  }

  /// Where the running load is kept: boxed, so that a machine with no load running (most of
  /// them, most of the time) does not carry the size of one inline.
  private enum Slot {
    case empty
    indirect case running(Load)
  }

  private var slot = Slot.empty {
    didSet {
      // Mirrored in plain fields, which the hot path reads without copying the boxed load.
      if case .running(let load) = slot {
        activeID = load.id
        activeKeepsLoadingVisible = load.lifecycle.keepsLoadingVisible
      } else {
        activeID = nil
        activeKeepsLoadingVisible = false
      }
    }
  }
  /// The running load's identifier, or `nil`.
  private(set) var activeID: UInt64?
  /// Whether the running load's policy keeps loading visible a minimum time.
  private var activeKeepsLoadingVisible = false

  /// The running load, or `nil`.
  private(set) var active: Load? {
    get {
      if case .running(let load) = slot { load } else { nil }
    }
    set { slot = newValue.map { .running($0) } ?? .empty }
  }

  /// Whether a load is running, without copying it.
  @inline(__always)
  var isRunning: Bool { activeID != nil }
  /// When (elapsed on the machine's clock) the loading placeholder was presented during a
  /// load, while it shows.
  private(set) var loadingShownAt: Duration?
  /// When loading held back by the show delay is presented, unless the load ends first.
  private var pendingShowDeadline: Duration?
  private var nextID: UInt64 = 1

  /// When loading may be presented for a load starting now (`nil`: at once), remembered so
  /// that a load superseding it keeps it: loading held back by the show delay of a load this
  /// one supersedes keeps its deadline — a new keystroke every 100 ms must not hold loading
  /// back for ever. `load` and the category API's paced loads both start here.
  ///
  /// - Parameters:
  ///   - lifecycle: The starting load's lifecycle, which knows the show delay.
  ///   - now: The time on the machine's clock.
  ///   - loadingIsPresented: Whether loading is on screen already (then nothing waits).
  ///   - loadingIsHeldBack: Whether loading of the load this one supersedes is held back.
  /// - Returns: The deadline, or `nil` for at once.
  mutating func showDeadline(
    of lifecycle: LoadLifecycle, now: Duration, loadingIsPresented: Bool,
    loadingIsHeldBack: Bool
  ) -> Duration? {
    var deadline = lifecycle.showDeadline(now: now, loadingIsPresented: loadingIsPresented)
    if loadingIsHeldBack, let earlier = pendingShowDeadline, let later = deadline {
      deadline = min(earlier, later)
    }
    pendingShowDeadline = deadline
    return deadline
  }

  /// Whether the load `id` is the running one.
  @inline(__always)
  func isActive(_ id: UInt64) -> Bool { activeID == id }

  // MARK: Events

  /// A new load starts and supersedes the running one.
  ///
  /// - Parameters:
  ///   - lifecycle: The new load's lifecycle.
  ///   - signal: Stops the new load's event loop.
  ///   - snapshot: What a cancel brings back, taken only when no load runs (a chain of
  ///     superseding loads restores the state from before the first).
  /// - Returns: The new load's identifier, and the superseded load, whose tasks the driver
  ///   cancels and which it signals ``Signal/superseded``.
  mutating func begin(
    _ lifecycle: LoadLifecycle, signal: @escaping @Sendable (Signal) -> Void,
    snapshot: () -> Snapshot
  ) -> (id: UInt64, superseded: Load?) {
    let id = nextID
    nextID &+= 1
    let superseded = active.take()
    let restore = superseded?.restore ?? snapshot()
    active = Load(id: id, signal: signal, restore: restore, lifecycle: lifecycle)
    return (id, superseded)
  }

  /// Keeps a task of the load `id`, so that it is cancelled with the load.
  ///
  /// - Returns: `false` when that load no longer runs: the driver cancels the task at once.
  mutating func retain(_ task: Task<Void, Never>, forLoad id: UInt64) -> Bool {
    guard isActive(id) else { return false }
    active?.tasks.append(task)
    // At most one operation and four timers of a load are alive at once; older tasks have
    // finished, so keeping the newest few bounds the list for endless retries and progress.
    if let count = active?.tasks.count, count > 16 {
      active?.tasks.removeFirst(count - 8)
    }
    return true
  }

  /// The load `id` ended (concluded, or its task was cancelled).
  ///
  /// - Returns: The load, when it was the running one.
  mutating func end(_ id: UInt64) -> Load? {
    guard isActive(id) else { return nil }
    return active.take()
  }

  /// The running load is cancelled.
  ///
  /// - Returns: The load, if one was running.
  mutating func cancel() -> Load? {
    active.take()
  }

  /// A part of the streaming load `id` replaced the adopter's content: a cancel leaves the
  /// content to that load's key instead of bringing back the key from before the chain.
  mutating func contentReplaced(byLoad id: UInt64) {
    guard isActive(id), var load = active.take() else { return }
    load.restore.keys.contentReplaced = true
    active = load
  }

  /// Runs an event of the load `id`'s lifecycle.
  ///
  /// - Returns: The event's result, or `nil` when that load no longer runs: nothing of a
  ///   superseded or cancelled load may change anything.
  mutating func updateLifecycle<Result>(
    of id: UInt64, _ event: (inout LoadLifecycle) -> Result
  ) -> Result? {
    guard isActive(id), var load = active.take() else { return nil }
    defer { active = load }
    return event(&load.lifecycle)
  }

  /// A presentation went to the presenter: loading during a load whose policy has a minimum
  /// display time starts it (once, while loading stays); anything else ends it.
  ///
  /// - Parameters:
  ///   - loading: Whether the presentation shows loading.
  ///   - now: The time elapsed on the machine's clock, read only when needed.
  @inline(__always)
  mutating func presented(loading: Bool, now: @autoclosure () -> Duration) {
    if !loading {
      if loadingShownAt != nil { loadingShownAt = nil }
    } else if loadingShownAt == nil && activeKeepsLoadingVisible {
      loadingShownAt = now()
    }
  }
}
