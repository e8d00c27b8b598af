// The trace keeps no secret: a decision leaving the machine — its explanation, the log of
// decisions — has its errors' texts redacted as placeholders' texts are.
extension SecretRedaction {
  /// A decision whose errors are recorded texts with the secrets kept out of them.
  ///
  /// - Parameters:
  ///   - decision: The decision.
  ///   - replacement: What is shown instead of a text that is withheld.
  /// - Returns: The decision, each error replaced by a ``StateDecision/RecordedError`` of its
  ///   redacted description.
  func redacting(_ decision: StateDecision, withheldAs replacement: String) -> StateDecision {
    func redacted(_ error: any Error) -> any Error {
      StateDecision.RecordedError(
        redacting(String(describing: error), withheldAs: replacement))
    }
    var decision = decision
    decision.state = redacting(decision.state, withheldAs: replacement)
    decision.errorToReport = decision.errorToReport.map(redacted)
    decision.inputs.error = decision.inputs.error.map(redacted)
    if case .failed(let error) = decision.inputs.append {
      decision.inputs.append = .failed(redacted(error))
    }
    return decision
  }

  /// A state whose error is a recorded text with the secrets kept out of it.
  ///
  /// - Parameters:
  ///   - state: The state.
  ///   - replacement: What is shown instead of a text that is withheld.
  /// - Returns: The state, its error replaced by a ``StateDecision/RecordedError`` of its
  ///   redacted description.
  func redacting(_ state: ContentState, withheldAs replacement: String) -> ContentState {
    guard case .error(let error) = state else { return state }
    return .error(
      StateDecision.RecordedError(redacting(String(describing: error), withheldAs: replacement)))
  }
}
