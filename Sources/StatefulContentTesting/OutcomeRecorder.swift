import StatefulContent

/// Collects transition outcomes so that tests can check every completion ran exactly once.
///
/// ```swift
/// let outcomes = OutcomeRecorder()
/// model.startLoading(completion: outcomes.completion("start"))
/// XCTAssertEqual(outcomes["start"], [.presented])
/// ```
public final class OutcomeRecorder {
  /// Every outcome received, with the label of its completion, in order.
  public private(set) var log: [(label: String, outcome: TransitionOutcome)] = []

  /// Creates an empty recorder.
  public init() {}

  /// Returns a completion that records its outcome under `label`.
  ///
  /// - Parameter label: A name for the request.
  /// - Returns: A completion to pass to a transition.
  public func completion(_ label: String) -> TransitionCompletion {
    { [weak self] outcome in self?.log.append((label, outcome)) }
  }

  /// The outcomes recorded for a label, in order; exactly one element for a finished request.
  ///
  /// - Parameter label: The request's name.
  public subscript(label: String) -> [TransitionOutcome] {
    log.filter { $0.label == label }.map(\.outcome)
  }

  /// All outcomes, in order.
  public var outcomes: [TransitionOutcome] { log.map(\.outcome) }
}
