import StatefulContent

/// One step of a randomized run against the machine.
indirect enum ModelOperation: CustomStringConvertible {
  case startLoading(animated: Bool, then: ModelOperation?)
  case endLoading(animated: Bool, error: Int?, then: ModelOperation?)
  case setContent(Bool)
  case lock(animated: Bool)
  case setupInitialState
  case progress(Double)
  case replacePlaceholder(ContentState.Kind)
  case showCustom(animated: Bool)
  case finishPresentation
  case cancelPendingTransitions

  var description: String {
    switch self {
    case .startLoading(let animated, let then):
      "startLoading(animated: \(animated))" + (then.map { " then { \($0) }" } ?? "")
    case .endLoading(let animated, let error, let then):
      "endLoading(animated: \(animated), error: \(error.map { "e\($0)" } ?? "nil"))"
        + (then.map { " then { \($0) }" } ?? "")
    case .setContent(let has): "content = \(has ? "[x]" : "[]")"
    case .lock(let animated): "lock(animated: \(animated))"
    case .setupInitialState: "setupInitialState()"
    case .progress(let fraction): "updateLoadingProgress(\(fraction))"
    case .replacePlaceholder(let kind): "setPlaceholder(for: .\(kind))"
    case .showCustom(let animated): "showCustomState(.offline, animated: \(animated))"
    case .finishPresentation: "presenter.finishNext()"
    case .cancelPendingTransitions: "cancelPendingTransitions()"
    }
  }

  /// A random operation; with `reentrant`, request operations may carry one to run from their
  /// completion.
  static func random(using generator: inout SplitMix64, reentrant: Bool, depth: Int = 0)
    -> ModelOperation
  {
    func nested(_ generator: inout SplitMix64) -> ModelOperation? {
      guard reentrant, depth == 0, Int.random(in: 0..<4, using: &generator) == 0 else {
        return nil
      }
      return random(using: &generator, reentrant: true, depth: 1)
    }
    let animated = Bool.random(using: &generator)
    switch Int.random(in: 0..<100, using: &generator) {
    case 0..<22: return .startLoading(animated: animated, then: nested(&generator))
    case 22..<44:
      let error = Bool.random(using: &generator) ? Int.random(in: 0..<3, using: &generator) : nil
      return .endLoading(animated: animated, error: error, then: nested(&generator))
    case 44..<56: return .setContent(Bool.random(using: &generator))
    case 56..<57: return .lock(animated: animated)
    case 57..<62: return .setupInitialState
    case 62..<70:
      let values: [Double] = [-0.5, 0, 0.25, 0.5, 1, 1.5, .nan]
      return .progress(values[Int.random(in: 0..<values.count, using: &generator)])
    case 70..<75:
      let kinds: [ContentState.Kind] = [.loading, .empty, .error, .locked, .custom(.offline)]
      return .replacePlaceholder(kinds[Int.random(in: 0..<kinds.count, using: &generator)])
    case 75..<79: return .showCustom(animated: animated)
    case 79..<96: return .finishPresentation
    default: return .cancelPendingTransitions
    }
  }
}
