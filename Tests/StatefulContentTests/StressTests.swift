import StatefulContent
import StatefulContentTesting
import XCTest

/// Many adopters owned by several actors, driven concurrently with mixed operations; run it
/// under the thread sanitizer (`swift test --sanitize=thread`) to check for data races.
final class StressTests: XCTestCase {
  /// An actor that owns its models: every machine is used from this actor only.
  actor Owner {
    struct Report: Sendable {
      var requests = 0
      var completions = 0
      var duplicateCompletions = 0
      var loads = 0
      var loadOutcomes = 0
    }

    private var models: [TestModel] = []
    /// The models' presenters, which the machines hold weakly.
    private var presenters: [RecordingPresenter] = []
    private var report = Report()
    private var generator: SplitMix64
    nonisolated let released = Counter()

    init(seed: UInt64, modelCount: Int) {
      generator = SplitMix64(seed: seed)
      for _ in 0..<modelCount {
        let presenter = RecordingPresenter(
          finishing: Bool.random(using: &generator) ? .immediately : .manually)
        presenters.append(presenter)
        models.append(TestModel(presenter: presenter))
      }
    }

    func run(steps: Int) async -> Report {
      for _ in 0..<steps {
        let model = models[Int.random(in: 0..<models.count, using: &generator)]
        switch Int.random(in: 0..<10, using: &generator) {
        case 0...2:
          model.startLoading(animated: Bool.random(using: &generator), completion: track())
        case 3...5:
          let error: TestError? = Bool.random(using: &generator) ? TestError() : nil
          model.endLoading(
            animated: Bool.random(using: &generator), error: error, completion: track())
        case 6: model.content = Bool.random(using: &generator) ? ["x"] : []
        case 7: (model.stateMachine.presenter as? RecordingPresenter)?.finishAll()
        default:
          report.loads += 1
          let fails = Bool.random(using: &generator)
          let outcome = await model.load(into: \.content) { _ in
            await Task.yield()
            if fails { throw TestError("load") }
            return ["loaded"]
          }
          if outcome == .completed || outcome == .failed(TestError()) { report.loadOutcomes += 1 }
        }
      }
      for model in models { (model.stateMachine.presenter as? RecordingPresenter)?.finishAll() }
      return report
    }

    /// Releases every model and reports, through `released`, how many deallocated.
    func releaseModels() {
      final class Watcher {
        weak var model: TestModel?
      }
      let watchers = models.map { model -> Watcher in
        let watcher = Watcher()
        watcher.model = model
        return watcher
      }
      models.removeAll()
      for watcher in watchers where watcher.model == nil { released.increment() }
    }

    private func track() -> TransitionCompletion {
      report.requests += 1
      var called = false
      return { [weak self] _ in
        guard let self else { return }
        // Completions run on the owner's isolation; hop through an isolated method.
        self.assumeIsolated { owner in
          if called { owner.report.duplicateCompletions += 1 }
          called = true
          owner.report.completions += 1
        }
      }
    }
  }

  func test_manyAdoptersOnSeveralActors_loseAndDoubleNoCompletion() async {
    let seed = testSeed()
    let owners = (0..<4).map { Owner(seed: seed &+ UInt64($0), modelCount: 50) }
    let reports = await withTaskGroup(of: Owner.Report.self) { group in
      for owner in owners { group.addTask { await owner.run(steps: 3_000) } }
      var reports: [Owner.Report] = []
      for await report in group { reports.append(report) }
      return reports
    }
    for report in reports {
      XCTAssertEqual(report.completions, report.requests, "seed \(seed)")
      XCTAssertEqual(report.duplicateCompletions, 0, "seed \(seed)")
      XCTAssertEqual(report.loadOutcomes, report.loads, "every load completes or fails alone")
    }
    for owner in owners { await owner.releaseModels() }
    XCTAssertEqual(owners.map(\.released.value), [50, 50, 50, 50], "every adopter is released")
  }
}
