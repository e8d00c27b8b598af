/// The loads the library asks of the adopter's ``StatefulContent/loadContent()``: a reload,
/// which keeps the credential that unlocked the content, and an unlock, which tries one.
///
/// The machine keeps no operation of the adopter's. To run a load again, it asks the adopter
/// for its load and marks the request waiting, in the task that calls
/// ``StatefulContent/loadContent()`` (``Scope/current``, a task-local value); the first load
/// that starts in that task — or in a task it creates — takes the request, its mode and
/// credential, and reports how it ended. A load started by another task never takes it, so a
/// credential to try never reaches a load the unlock did not ask for. A pure value with one
/// mutating method per event; ``ContentStateMachine`` stores it and is its only writer.
struct RequestedLoads {
  /// How a load runs: as a request's, or as a new load (`id` is `nil`).
  struct Start {
    var mode: LoadLifecycle.Mode
    /// The credential the load's operation receives in ``LoadContext/credential``.
    var credential: Credential?
    /// The request the load runs for, or `nil` for a new load.
    var id: UInt64?
    /// Whether a newer request superseded the request before its load started: the load
    /// does not start (latest wins).
    var isSuperseded = false
  }

  /// The request a task waits on: which machine's, which of its requests, and the actor
  /// that asked for it (the machine's).
  struct Scope: Sendable {
    var machine: ObjectIdentifier
    var id: UInt64
    /// The actor ``StatefulContent/reload(isolation:)`` or
    /// ``StatefulContent/unlock(with:remember:animated:isolation:)`` was called on: the load that takes
    /// the request runs there.
    var isolation: (any Actor)?

    /// The request the current task waits on, while ``StatefulContent/loadContent()`` runs
    /// for a reload or an unlock.
    @TaskLocal static var current: Scope?
  }

  /// The requests no load has taken yet.
  private var waiting: [UInt64: Start] = [:]
  /// How the loads of requests that have not ended yet ended.
  private var outcomes: [UInt64: LoadOutcome] = [:]
  private var nextID: UInt64 = 1

  /// Whether request `id` waits for an unlock's load.
  func isUnlock(_ id: UInt64) -> Bool { waiting[id]?.mode == .unlock }

  /// A request begins. An unlock supersedes the reloads whose load has not started yet: the
  /// credential to try is newer than the refresh, and a refresh starting after it would
  /// supersede the unlock's load and leave the content locked.
  ///
  /// - Returns: Its identifier, for the task's ``Scope``.
  mutating func begin(_ mode: LoadLifecycle.Mode, credential: Credential?) -> UInt64 {
    if mode == .unlock {
      for (waitingID, start) in waiting where start.mode == .reload {
        waiting[waitingID]?.isSuperseded = true
      }
    }
    let id = nextID
    nextID &+= 1
    waiting[id] = Start(mode: mode, credential: credential, id: id)
    return id
  }

  /// A load starts in a task that waits on request `id`: it takes the request if no load did.
  mutating func take(_ id: UInt64) -> Start? {
    waiting.removeValue(forKey: id)
  }

  /// The load of request `id` ended.
  mutating func ended(_ id: UInt64, outcome: LoadOutcome) {
    outcomes[id] = outcome
  }

  /// Request `id` ends: its load's outcome, or `nil` when no load took it.
  mutating func end(_ id: UInt64) -> LoadOutcome? {
    waiting.removeValue(forKey: id)
    return outcomes.removeValue(forKey: id)
  }
}
