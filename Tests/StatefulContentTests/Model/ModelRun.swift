import StatefulContentTesting

@testable import StatefulContent

/// Runs a sequence of operations on a fresh model and, side by side, on the reference model;
/// returns the first divergence or broken invariant, or `nil`.
@MainActor
final class ModelRun {
  private let presenter = RecordingPresenter(finishing: .manually)
  private let model: TestModel
  private var reference = ReferenceModel()
  private var log: [(id: Int, outcome: TransitionOutcome)] = []
  private var nextID = 0
  private let reentrant: Bool

  init(reentrant: Bool) {
    self.reentrant = reentrant
    model = TestModel(presenter: presenter)
    try? model.stateMachine.setPlaceholder(
      StandardPlaceholder(title: "Offline"), for: .custom(.offline))
  }

  static func shown(_ state: ContentState, refreshing: Bool, progress: Double? = nil) -> String {
    let percent = progress.map { "(\(Int($0 * 100 + 0.5))%)" } ?? ""
    return ReferenceModel.shown(kind: state.description, refreshing: refreshing) + percent
  }

  /// The requested state as the reference writes it: content that stays while a load runs
  /// carries the load's progress.
  private var requestedShown: String {
    let machine = model.stateMachine
    let progress = machine.requestedPresentation.progress
    return Self.shown(model.currentState, refreshing: machine.isRefreshing, progress: progress)
  }

  /// The presented state as the reference writes it.
  private var presentedShown: String {
    let presentation = model.stateMachine.presentedPresentation
    return Self.shown(
      presentation.state, refreshing: presentation.isRefreshing, progress: presentation.progress)
  }

  /// Runs `operations`; returns a description of the first failure.
  func run(_ operations: [ModelOperation]) -> String? {
    for (index, operation) in operations.enumerated() {
      perform(operation)
      if let failure = check() { return "after step \(index) (\(operation)): \(failure)" }
    }
    // Drain: every completion must have run exactly once.
    presenter.finishAll()
    if !reentrant { while reference.inFlight != nil { reference.finish() } }
    if let failure = check() { return "after draining: \(failure)" }
    var counts: [Int: Int] = [:]
    for entry in log { counts[entry.id, default: 0] += 1 }
    if let (id, count) = counts.first(where: { $0.value != 1 }) {
      return "completion \(id) ran \(count) times (I2)"
    }
    if counts.count != nextID { return "\(nextID - counts.count) completions never ran (I2)" }
    let requested = requestedShown
    let presented = presentedShown
    if requested != presented {
      return "idle machine presents \(presented) but \(requested) was requested (I3)"
    }
    return nil
  }

  private func completion(then operation: ModelOperation?) -> TransitionCompletion {
    let id = nextID
    nextID += 1
    return { [weak self] outcome in
      guard let self else { return }
      self.log.append((id, outcome))
      if let operation { self.perform(operation) }
    }
  }

  private func perform(_ operation: ModelOperation) {
    switch operation {
    case .startLoading(let animated, let then):
      let completion = completion(then: then)
      let id = nextID - 1
      reference.isLoading = true
      reference.error = nil
      reference.progress = nil
      reference.decideAndRequest(id: id, animated: animated)
      model.startLoading(animated: animated, completion: completion)
    case .endLoading(let animated, let error, let then):
      let completion = completion(then: then)
      let id = nextID - 1
      reference.isLoading = false
      reference.progress = nil
      reference.error = error.map { "e\($0)" }
      reference.errorReported = false
      reference.decideAndRequest(id: id, animated: animated)
      model.endLoading(
        animated: animated, error: error.map { TestError("e\($0)") }, completion: completion)
    case .setContent(let has):
      reference.hasContent = has
      model.content = has ? ["x"] : []
    case .lock(let animated):
      let completion = completion(then: nil)
      reference.locked = true
      reference.error = nil  // the screen is about the lock now
      reference.decideAndRequest(id: nextID - 1, animated: animated)
      model.lock(animated: animated, completion: completion)
    case .setupInitialState:
      let completion = completion(then: nil)
      if reference.hasDecided || reference.locked || reference.hasContent {
        reference.decideAndRequest(id: nextID - 1, animated: false)
      } else {
        reference.request("idle", refreshing: false, id: nextID - 1, animated: false, forced: false)
      }
      model.setupInitialState(completion: completion)
    case .progress(let fraction):
      // A NaN or infinite report carries no information: the progress stays. Nor does
      // progress go backwards within a load.
      let sanitized = fraction.isFinite ? StateDecision.sanitizedProgress(fraction) : nil
      let isBackwards = sanitized.map { new in reference.progress.map { new < $0 } ?? false }
      if fraction.isFinite && reference.isLoading && sanitized != reference.progress
        && isBackwards != true
      {
        reference.progress = sanitized
        reference.requestProgress()
      }
      model.updateLoadingProgress(fraction)
    case .replacePlaceholder(let kind):
      reference.replacePlaceholder(kind: kind.description)
      if model.currentState.kind == kind {
        reference.request(
          reference.requested, refreshing: reference.refreshing, id: -1, animated: false,
          forced: true)
      }
      try? model.stateMachine.setPlaceholder(StandardPlaceholder(title: "\(nextID)"), for: kind)
    case .showCustom(let animated):
      if !reference.locked {
        let completion = completion(then: nil)
        reference.customShown = true
        reference.request(
          "offline", refreshing: false, id: nextID - 1, animated: animated, forced: false)
        try? model.showCustomState(.offline, animated: animated, completion: completion)
      }
    case .finishPresentation:
      reference.finish()
      presenter.finishNext()
    case .cancelPendingTransitions:
      reference.cancelWaiting()
      model.stateMachine.cancelPendingTransitions()
    }
  }

  private func check() -> String? {
    if presenter.pendingCount > 1 {
      return "\(presenter.pendingCount) presentations in flight at once"
    }
    if let last = presenter.lastPresentation,
      last.state.showsPlaceholder != (last.placeholder != nil)
    {
      return
        "presentation of \(last.state) with placeholder \(String(describing: last.placeholder))"
    }
    if reentrant { return nil }
    let requested = requestedShown
    if requested != reference.requested {
      return "requested \(requested), reference \(reference.requested) (I1)"
    }
    let presented = presentedShown
    if presented != reference.presented {
      return "presented \(presented), reference \(reference.presented)"
    }
    if model.reportedErrors.count != reference.reportedErrors {
      return
        "error hook ran \(model.reportedErrors.count) times, reference \(reference.reportedErrors)"
    }
    let machineLog = log.map { "\($0.id):\($0.outcome)" }
    let referenceLog = reference.outcomes.map { "\($0.id):\($0.outcome)" }
    if machineLog != referenceLog {
      return "outcomes \(machineLog.suffix(4)), reference \(referenceLog.suffix(4)) (I2)"
    }
    return nil
  }
}
