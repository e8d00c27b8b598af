/// The pure core of ``ContentStateMachine``: serializes presentations and decides every
/// completion's outcome.
///
/// It is a value with one mutating method per event that returns the actions the driver must
/// perform, in order. It never calls out, so every rule can be tested without a presenter.
///
/// Rules:
/// - With nothing in flight, a request for what is already presented completes `unchanged`;
///   any other request starts presenting at once.
/// - While a presentation is in flight, requests wait; a newer one supersedes the one waiting.
/// - When the presenter finishes, the in-flight request completes `presented` and the waiting
///   one (if any) is handled as if it had just been requested.
struct TransitionQueue {
  /// A request waiting for, or undergoing, presentation.
  struct Request {
    var id: UInt64
    var presentation: Presentation
    var animated: Bool
    /// Present even when the same state is on screen (a replaced placeholder).
    var forced: Bool
  }

  /// What the driver must do.
  enum Action {
    /// Ask the presenter to show a presentation; `token` identifies its `finished` call.
    case present(Presentation, animated: Bool, token: UInt64)
    /// Call the completion of request `id` with an outcome.
    case complete(id: UInt64, TransitionOutcome)
  }

  /// What the presenter shows (the last presentation it finished).
  private(set) var presented = Presentation.idle
  /// The request the presenter is showing now.
  private(set) var inFlight: Request?
  /// The newest request waiting for the in-flight one to finish.
  private(set) var waiting: Request?

  /// Whether a presentation is under way or waiting.
  var isBusy: Bool { inFlight != nil }

  /// Handles a new request.
  mutating func request(_ request: Request) -> [Action] {
    if inFlight != nil {
      let superseded = waiting.map { Action.complete(id: $0.id, .superseded) }
      waiting = request
      return superseded.map { [$0] } ?? []
    }
    if !request.forced && presented.showsSameState(as: request.presentation) {
      return [.complete(id: request.id, .unchanged)]
    }
    inFlight = request
    return [.present(request.presentation, animated: request.animated, token: request.id)]
  }

  /// Handles the presenter's report that the presentation `token` is on screen.
  ///
  /// A stale or repeated report is ignored and returns no action.
  mutating func presenterFinished(token: UInt64) -> [Action] {
    guard let finished = inFlight, finished.id == token else { return [] }
    presented = finished.presentation
    inFlight = nil
    var actions: [Action] = [.complete(id: finished.id, .presented)]
    if let next = waiting {
      waiting = nil
      actions += request(next)
    }
    return actions
  }

  /// Cancels the waiting request and forgets the in-flight one; both complete `cancelled`.
  ///
  /// The presenter may still finish the in-flight presentation; its report is then ignored.
  mutating func cancelAll() -> [Action] {
    let pending = [inFlight, waiting].compactMap { $0 }
    inFlight = nil
    waiting = nil
    return pending.map { .complete(id: $0.id, .cancelled) }
  }

  /// Cancels only the waiting request; the in-flight presentation goes on.
  mutating func cancelWaiting() -> [Action] {
    guard let request = waiting else { return [] }
    waiting = nil
    return [.complete(id: request.id, .cancelled)]
  }
}
