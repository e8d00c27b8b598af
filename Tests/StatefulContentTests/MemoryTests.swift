import StatefulContent
import StatefulContentTesting
import XCTest

/// Invariant I6: releasing the adopter releases the machine, its presenter and placeholders.
final class MemoryTests: XCTestCase {
  final class Tracker: Placeholder, @unchecked Sendable {
    // @unchecked: immutable after init; only its identity is used, for a weak reference.
  }

  func test_releasingTheAdopter_releasesEverything_withAnAnimationPending() throws {
    weak var weakModel: TestModel?
    weak var weakMachine: ContentStateMachine?
    weak var weakPresenter: RecordingPresenter?
    weak var weakPlaceholder: Tracker?
    let outcomes = OutcomeRecorder()
    do {
      let presenter = RecordingPresenter(finishing: .manually)
      let model = TestModel(presenter: presenter)
      let placeholder = Tracker()
      try model.stateMachine.setPlaceholder(placeholder, for: .loading)
      model.startLoading(animated: true, completion: outcomes.completion("start"))
      model.endLoading(animated: true, completion: outcomes.completion("end"))
      XCTAssertEqual(presenter.pendingCount, 1)
      weakModel = model
      weakMachine = model.stateMachine
      weakPresenter = presenter
      weakPlaceholder = placeholder
    }
    XCTAssertNil(weakModel)
    XCTAssertNil(weakMachine)
    XCTAssertNil(weakPresenter)
    XCTAssertNil(weakPlaceholder)
    XCTAssertEqual(outcomes.outcomes, [.cancelled, .cancelled])
  }

  func test_presenterHoldingTheFinishCallback_doesNotKeepTheMachineAlive() {
    final class SlowPresenter: Presenter {
      var pending: [() -> Void] = []
      func present(_ presentation: Presentation, animated: Bool, finished: @escaping () -> Void) {
        pending.append(finished)
      }
    }
    let presenter = SlowPresenter()
    weak var weakModel: TestModel?
    let outcomes = OutcomeRecorder()
    do {
      let model = TestModel(presenter: presenter)
      model.startLoading(animated: true, completion: outcomes.completion("a"))
      weakModel = model
    }
    XCTAssertNil(weakModel)
    XCTAssertEqual(outcomes["a"], [.cancelled])
    presenter.pending.forEach { $0() }
    XCTAssertEqual(outcomes.log.count, 1)
  }
}

/// Invariant I6 with a load pending: once the awaiting task ends, nothing keeps the adopter.
@MainActor
final class LoadMemoryTests: XCTestCase {
  func test_releasingTheAdopter_afterCancellingAPendingLoad_releasesEverything() async {
    weak var weakModel: TestModel?
    weak var weakMachine: ContentStateMachine?
    let gate = Gate<[String]>()
    let clock = ManualClock()
    var load: Task<LoadOutcome, Never>?
    do {
      let model = TestModel(
        machine: ContentStateMachine(presenter: RecordingPresenter(), clock: clock))
      model.stateMachine.loadingPolicy = .smooth  // a show-delay timer is pending too
      weakModel = model
      weakMachine = model.stateMachine
      load = Task {
        await model.load(into: \.content, retry: .standard) { _ in try await gate.wait() }
      }
      await settle { gate.waiterCount == 1 && clock.sleeperCount == 1 }
    }
    load?.cancel()
    let outcome = await load?.value
    XCTAssertEqual(outcome, .cancelled)
    load = nil
    await settle { weakModel == nil }
    XCTAssertNil(weakModel)
    XCTAssertNil(weakMachine)
    await settle { clock.sleeperCount == 0 }
    XCTAssertEqual(clock.sleeperCount, 0, "the show-delay timer is cancelled")
    gate.open(with: ["late"])  // the operation's late result reaches nothing
  }
}
