import StatefulContent
import StatefulContentTesting
import XCTest

/// `reset()`: starting over from idle.
@MainActor
final class ResetTests: XCTestCase {
  func test_reset_forgetsTheErrorTheLockAndTheCredential_andReturnsToIdle() async {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    model.startLoading()
    model.endLoading(animated: false, error: TestError("offline"))
    model.content = []
    model.setupInitialState()
    XCTAssertEqual(model.currentState, .error(TestError()), "without a reset the error stays")

    let outcomes = OutcomeRecorder()
    model.reset(completion: outcomes.completion("reset"))
    XCTAssertEqual(model.currentState, .idle)
    XCTAssertEqual(outcomes["reset"], [.presented])
    XCTAssertNil(model.stateMachine.lastError)
    XCTAssertFalse(model.stateMachine.hasDecided)
    model.setupInitialState()
    XCTAssertEqual(model.currentState, .idle, "after a reset nothing flashes (rule 6)")

    model.lock()
    XCTAssertEqual(model.currentState, .locked(.credentialRequired))
    model.reset()
    XCTAssertNil(model.stateMachine.lock)
    XCTAssertEqual(model.currentState, .idle)
    let unlocked = await model.unlock(with: Credential(password: "x"))
    XCTAssertEqual(unlocked, .notLocked, "the lock is forgotten")
  }

  func test_reset_afterAKeyedLoad_forgetsTheKey_andAnnouncesNothing() async {
    let model = TestModel(machine: ContentStateMachine(clock: ManualClock()))
    model.stateMachine.loadingPolicy = .immediate
    let announcer = RecordingAnnouncer()
    model.stateMachine.setAnnouncer(announcer, policy: .immediate)
    _ = await model.load(into: \.content, key: "swz") { _ in [] }
    let spoken = announcer.texts
    model.content = []
    model.reset()  // The search field was emptied.
    XCTAssertEqual(model.currentState, .idle)
    XCTAssertNil(model.stateMachine.key)
    XCTAssertEqual(announcer.texts, spoken, "idle says nothing")
  }

  func test_reset_cancelsTheRunningLoad() async throws {
    let model = TestModel(machine: ContentStateMachine(clock: ManualClock()))
    let gate = Gate<[String]>()
    let load = Task {
      await model.load(into: \.content) { _ in try await gate.waitIgnoringCancellation() }
    }
    try await settle { model.stateMachine.hasActiveLoad }
    model.reset()
    let outcome = await load.value
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertEqual(model.currentState, .idle)
    XCTAssertFalse(model.stateMachine.isLoading)
    gate.open(with: ["late"])
    await settle()
    XCTAssertEqual(model.content, [], "nothing of the cancelled load is applied")
  }
}
