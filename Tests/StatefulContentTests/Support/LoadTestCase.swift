import StatefulContent
import StatefulContentTesting
import XCTest

/// A test case with a fresh model, a recording presenter and a manual clock for every test.
@MainActor
class LoadTestCase: XCTestCase {
  var presenter = RecordingPresenter()
  var clock = ManualClock()
  var model = TestModel()

  /// The loading policy each test starts with.
  var loadingPolicy: LoadingPolicy { .immediate }

  override func setUp() async throws {
    presenter = RecordingPresenter()
    clock = ManualClock()
    let machine = ContentStateMachine(presenter: presenter, clock: clock)
    machine.loadingPolicy = loadingPolicy
    model = TestModel(machine: machine)
  }

  /// Starts a load of `gate`'s value into the model's content, in a task of its own.
  ///
  /// - Parameter ignoringCancellation: Whether the operation goes on waiting when its load is
  ///   cancelled or superseded, so that the gate's value arrives late; by default it ends at
  ///   once with `CancellationError`, as a well-behaved operation does.
  func startLoad(
    _ gate: Gate<[String]>, retry: RetryPolicy? = nil, ignoringCancellation: Bool = false
  ) -> Task<LoadOutcome, Never> {
    let model = model
    return Task {
      await model.load(into: \.content, retry: retry) { _ in
        try await gate.wait(ignoringCancellation: ignoringCancellation)
      }
    }
  }
}
