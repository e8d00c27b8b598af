import StatefulContent

/// An independent, deliberately simple model of DESIGN.md's rules and of the transition
/// queue, run side by side with the real machine.
struct ReferenceModel {
  /// What a presentation shows, reduced to a comparable string.
  typealias Shown = String

  struct Request {
    var id: Int
    var shown: Shown
    var animated: Bool
    var forced: Bool
    /// The version of its kind's placeholder when it was requested.
    var placeholderVersion: Int
  }

  // Inputs
  var isLoading = false
  var error: String?
  var errorReported = false
  var hasContent = false
  var locked = false
  var progress: Double?
  var hasDecided = false
  var customShown = false

  // Requested and presented
  var requested: Shown = "idle"
  var refreshing = false
  var presented: Shown = "idle"
  var presentedPlaceholderVersion = 0
  /// How often each kind's placeholder was replaced, by kind name.
  var placeholderVersions: [String: Int] = [:]
  var inFlight: Request?
  var waiting: Request?

  // Observations
  var outcomes: [(id: Int, outcome: TransitionOutcome)] = []
  var reportedErrors = 0

  /// The kind's name at the start of what a presentation shows: `loading(40%)` → `loading`.
  static func kindName(_ shown: Shown) -> String {
    String(shown.prefix { $0 != "(" && $0 != "+" })
  }

  /// A placeholder of `kind` (by name) was replaced.
  mutating func replacePlaceholder(kind: String) {
    placeholderVersions[kind, default: 0] += 1
  }

  static func shown(kind: String, refreshing: Bool = false) -> Shown {
    refreshing ? "\(kind)+refreshing" : kind
  }

  /// The load's progress as shown after a state: `(40%)`, or nothing when unknown.
  var percent: String { progress.map { "(\(Int($0 * 100 + 0.5))%)" } ?? "" }

  /// The rules, written as a table lookup rather than an `if` chain.
  func decide() -> (Shown, refreshing: Bool, report: Bool) {
    if locked {
      // A load running while locked tries a credential; its failure shows over the lock.
      if isLoading { return ("loading\(percent)", false, false) }
      if let error { return ("error(\(error))", false, false) }
      return ("locked(credential required)", false, false)
    }
    if hasContent {
      // Content that stays while a load runs carries the load's progress.
      let percent = isLoading ? percent : ""
      return (Self.shown(kind: "content", refreshing: isLoading) + percent, isLoading, error != nil)
    }
    if isLoading { return ("loading\(percent)", false, false) }
    if let error { return ("error(\(error))", false, false) }
    return ("empty", false, false)
  }

  mutating func request(_ shown: Shown, refreshing: Bool, id: Int, animated: Bool, forced: Bool) {
    requested = shown
    self.refreshing = refreshing
    let request = Request(
      id: id, shown: shown, animated: animated, forced: forced,
      placeholderVersion: placeholderVersions[Self.kindName(shown)] ?? 0)
    if inFlight != nil {
      if let old = waiting { record(old.id, .superseded) }
      waiting = request
      return
    }
    handle(request)
  }

  private mutating func handle(_ request: Request) {
    // Errors are value types here, and two error values are never the same payload.
    // The same state with another placeholder is presented again.
    if !request.forced && presented == request.shown && !request.shown.hasPrefix("error(")
      && presentedPlaceholderVersion == request.placeholderVersion
    {
      record(request.id, .unchanged)
      return
    }
    if request.animated {
      inFlight = request
    } else {
      presented = request.shown
      presentedPlaceholderVersion = request.placeholderVersion
      record(request.id, .presented)
    }
  }

  /// The presenter finished the animated presentation in flight.
  mutating func finish() {
    guard let request = inFlight else { return }
    inFlight = nil
    presented = request.shown
    presentedPlaceholderVersion = request.placeholderVersion
    record(request.id, .presented)
    if let next = waiting {
      waiting = nil
      handle(next)
    }
  }

  /// Requests without a completion (progress, replaced placeholders) have negative ids.
  private mutating func record(_ id: Int, _ outcome: TransitionOutcome) {
    if id >= 0 { outcomes.append((id, outcome)) }
  }

  mutating func cancelWaiting() {
    guard let request = waiting else { return }
    waiting = nil
    record(request.id, .cancelled)
    if let inFlight {
      requested = inFlight.shown
      refreshing = inFlight.shown.contains("+refreshing")
    }
  }

  /// Progress changed: what is requested — loading, or content that stays during a refresh —
  /// is requested again with it. The state is never decided again.
  mutating func requestProgress() {
    if Self.kindName(requested) == "loading" {
      request("loading\(percent)", refreshing: false, id: -1, animated: false, forced: false)
    } else if Self.kindName(requested) == "content" && refreshing {
      request(
        Self.shown(kind: "content", refreshing: true) + percent, refreshing: true, id: -1,
        animated: false, forced: false)
    }
  }

  /// Decides and requests, reporting an error with content once.
  mutating func decideAndRequest(id: Int, animated: Bool) {
    hasDecided = true
    customShown = false
    let (shown, refreshing, report) = decide()
    request(shown, refreshing: refreshing, id: id, animated: animated, forced: false)
    if report && !errorReported {
      errorReported = true
      reportedErrors += 1
    }
  }
}
