/// The loads the library asks of the adopter's ``StatefulContent/loadContent()``: a reload,
/// which keeps the credential that unlocked the content, and an unlock, which tries one.
///
/// The machine keeps no operation of the adopter's. To run a load again, it asks the adopter
/// for its load and marks the request waiting; the first load that starts takes the waiting
/// request — its mode and credential — and reports how it ended. A pure value with one
/// mutating method per event; ``ContentStateMachine`` stores it and is its only writer.
struct RequestedLoads {
  /// How a load runs: as a request's, or as a new load (`id` is `nil`).
  struct Start {
    var mode: LoadLifecycle.Mode
    /// The credential the load's operation receives in ``LoadContext/credential``.
    var credential: Credential?
    /// The request the load runs for, or `nil` for a new load.
    var id: UInt64?
  }

  /// The request no load has taken yet.
  private var waiting: Start?
  /// How the loads of requests that have not ended yet ended.
  private var outcomes: [UInt64: LoadOutcome] = [:]
  private var nextID: UInt64 = 1

  /// Whether the waiting request is an unlock's.
  var waitingIsUnlock: Bool { waiting?.mode == .unlock }

  /// A request begins; it replaces a request no load took.
  mutating func begin(_ mode: LoadLifecycle.Mode, credential: Credential?) -> UInt64 {
    let id = nextID
    nextID &+= 1
    waiting = Start(mode: mode, credential: credential, id: id)
    return id
  }

  /// A load starts: it takes the waiting request, if any.
  mutating func takeWaiting() -> Start? {
    defer { waiting = nil }
    return waiting
  }

  /// The load of request `id` ended.
  mutating func ended(_ id: UInt64, outcome: LoadOutcome) {
    outcomes[id] = outcome
  }

  /// Request `id` ends: its load's outcome, or `nil` when no load took it.
  mutating func end(_ id: UInt64) -> LoadOutcome? {
    if waiting?.id == id { waiting = nil }
    return outcomes.removeValue(forKey: id)
  }
}
