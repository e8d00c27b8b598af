/// The pure core of ``ContentStateMachine``: serializes presentations and decides every
/// completion's outcome.
///
/// It is a value with one mutating method per event that returns the actions the driver must
/// perform, in order. It never calls out, so every rule can be tested without a presenter.
///
/// Rules:
/// - With nothing in flight, a request for what is already presented (the same state, flags,
///   insets and placeholder) completes `unchanged`;
///   any other request starts presenting at once.
/// - While a presentation is in flight, requests wait; a newer one supersedes the one waiting.
/// - When the presenter finishes, the in-flight request completes `presented` and the waiting
///   one (if any) is handled as if it had just been requested.
/// - A request held back by the loading policy's show delay waits in a slot of its own,
///   ``deferred``: it supersedes the request waiting behind the presentation in flight, and is
///   handled as a new request when the delay elapses, unless a newer request superseded it.
struct TransitionQueue {
  /// A request waiting for, or undergoing, presentation.
  struct Request {
    var id: UInt64
    var presentation: Presentation
    var animated: Bool
    /// Present even when the same state is on screen (a replaced placeholder).
    var forced: Bool

    /// Exchanges this request's presentation with `other`.
    mutating func exchangePresentation(with other: inout Presentation) {
      swap(&presentation, &other)
    }
  }

  /// The actions of one event: at most two, kept inline so that handling an event allocates
  /// nothing.
  struct Actions: Sequence, IteratorProtocol {
    private var first: Action?
    private var second: Action?

    init() {}

    init(_ action: Action) { first = action }

    var isEmpty: Bool { first == nil }

    mutating func append(_ action: Action) {
      if first == nil {
        first = action
      } else {
        precondition(second == nil, "an event yields at most two actions")
        second = action
      }
    }

    mutating func append(contentsOf other: Actions) {
      for action in other { append(action) }
    }

    mutating func next() -> Action? {
      defer {
        first = second
        second = nil
      }
      return first
    }
  }

  /// What the driver must do.
  enum Action {
    /// Ask the presenter to show the in-flight presentation; `token` (its request's id)
    /// identifies its `finished` call. The presentation stays in ``inFlight``, so actions
    /// carry no references and cost nothing to pass around.
    case present(token: UInt64, animated: Bool)
    /// Call the completion of request `id` with an outcome.
    case complete(id: UInt64, TransitionOutcome)
  }

  /// What the presenter shows (the last presentation it finished).
  private(set) var presented = Presentation.idle
  /// The request the presenter is showing now.
  private(set) var inFlight: Request?
  /// The newest request waiting for the in-flight one to finish.
  private(set) var waiting: Request?
  /// The request held back by the show delay.
  private(set) var deferred: Request?

  /// Whether a request is held back by the show delay.
  @inline(__always)
  var hasDeferred: Bool {
    if case .none = deferred { false } else { true }
  }

  /// Whether a presentation is under way or waiting.
  var isBusy: Bool { inFlight != nil }

  /// Handles a new request.
  mutating func request(_ request: consuming Request) -> Actions {
    if inFlight != nil {
      let superseded = waiting.map { Action.complete(id: $0.id, .superseded) }
      waiting = consume request
      return superseded.map { Actions($0) } ?? Actions()
    }
    if !request.forced && presented.showsSameState(as: request.presentation) {
      return Actions(.complete(id: request.id, .unchanged))
    }
    let action = Action.present(token: request.id, animated: request.animated)
    inFlight = consume request
    return Actions(action)
  }

  /// Handles the presenter's report that the presentation `token` is on screen.
  ///
  /// A stale or repeated report is ignored and returns no action.
  mutating func presenterFinished(token: UInt64) -> Actions {
    guard inFlight?.id == token else { return Actions() }
    var actions = Actions(.complete(id: token, .presented))
    // Swapped, then dropped: the presentation moves without being retained again.
    inFlight?.exchangePresentation(with: &presented)
    inFlight = nil
    if let next = waiting.take() {
      actions.append(contentsOf: request(next))
    }
    return actions
  }

  /// Cancels the waiting request and forgets the in-flight one; both complete `cancelled`.
  ///
  /// The presenter may still finish the in-flight presentation; its report is then ignored.
  mutating func cancelAll() -> Actions {
    var actions = Actions()
    if let request = inFlight { actions.append(.complete(id: request.id, .cancelled)) }
    if let request = waiting { actions.append(.complete(id: request.id, .cancelled)) }
    inFlight = nil
    waiting = nil
    return actions
  }

  /// Supersedes the waiting request, because a newer request was made that does not wait in
  /// this queue (one held back by the show delay).
  mutating func supersedeWaiting() -> Actions {
    guard let request = waiting else { return Actions() }
    waiting = nil
    return Actions(.complete(id: request.id, .superseded))
  }

  /// Whether a request waits for the show delay: when asked to, and for any loading request
  /// while loading is held back — a retry, a replaced placeholder or a re-appearance must not
  /// show loading early.
  func defers(loading: Bool, asked: Bool) -> Bool {
    asked || (loading && hasDeferred)
  }

  /// Holds a request back for the show delay; one held back before it is superseded.
  ///
  /// It is the newest request, so the driver then supersedes the request waiting behind the
  /// presentation in flight too (``supersedeWaiting()``), in the order of its events.
  mutating func requestDeferred(_ request: consuming Request) -> Actions {
    let actions = supersedeDeferred()
    deferred = consume request
    return actions
  }

  /// The show delay elapsed: the request held back is handled as a new request.
  mutating func showDelayElapsed() -> Actions {
    guard let request = deferred.take() else { return Actions() }
    return self.request(request)
  }

  /// Supersedes the request held back by the show delay, because a newer one was made.
  mutating func supersedeDeferred() -> Actions {
    guard let request = deferred.take() else { return Actions() }
    return Actions(.complete(id: request.id, .superseded))
  }

  /// Cancels the request held back by the show delay.
  mutating func cancelDeferred() -> Actions {
    guard let request = deferred.take() else { return Actions() }
    return Actions(.complete(id: request.id, .cancelled))
  }

  /// Cancels only the waiting request; the in-flight presentation goes on.
  mutating func cancelWaiting() -> Actions {
    guard let request = waiting else { return Actions() }
    waiting = nil
    return Actions(.complete(id: request.id, .cancelled))
  }
}
