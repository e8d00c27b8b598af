import StatefulContent
import StatefulContentTesting
import XCTest

/// A test case with a fresh model, a recording presenter and a manual clock for every test.
@MainActor
class LoadTestCase: XCTestCase {
  var presenter = RecordingPresenter()
  var clock = ManualClock()
  var model = TestModel()
  /// A connectivity source for the tests that follow one (``report(_:)``).
  var connectivity = ManualConnectivity()
  /// Whether the source reported anything yet in this test.
  private var hasReported = false

  /// The loading policy each test starts with.
  var loadingPolicy: LoadingPolicy { .immediate }

  override func setUp() async throws {
    presenter = RecordingPresenter()
    clock = ManualClock()
    let machine = ContentStateMachine(presenter: presenter, clock: clock)
    machine.loadingPolicy = loadingPolicy
    model = TestModel(machine: machine)
    connectivity = ManualConnectivity()
    hasReported = false
  }

  /// The explanation of the decision presented last.
  var explanation: String {
    presenter.lastPresentation?.decision.explanation ?? ""
  }

  /// Sends ``connectivity`` a report and waits until the machine took it. A first report of a
  /// reachable network would change nothing the test can see — the machine assumes one — and
  /// could be taken late, after a load's connection error, where it means "back": it follows
  /// an unreachable one, so that the machine is seen to take it.
  func report(_ reachability: Reachability) async throws {
    if !hasReported, reachability == .reachable {
      hasReported = true
      try await report(.unreachable)
    }
    hasReported = true
    connectivity.send(reachability)
    try await settle("the machine takes the report") {
      model.stateMachine.reachability == reachability
    }
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

  /// Waits until the machine's one timer is the one due `delay` from now — the reconnection
  /// delay's, after a report of a reachable network — and any timer it replaced (the
  /// confirmation delay's, after a connection error) is gone: only then may a test advance
  /// the clock past it.
  func settleOnTheOnlyTimer(dueIn delay: Duration) async throws {
    let due = clock.now.offset + delay
    try await settle("one timer, due in \(delay)") {
      clock.sleeperCount == 1 && clock.nextDeadline?.offset == due
    }
  }
}
