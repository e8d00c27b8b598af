import StatefulContent
import StatefulContentTesting
import XCTest

/// Random sequences of async loads — out of order, cancelled, superseded, locked and unlocked
/// with right and wrong passwords — against a reference of DESIGN.md's rules. Reproduce with
/// `STATEFUL_SEED=<seed> swift test --filter LoadModelTests`.
@MainActor
final class LoadModelTests: XCTestCase {
  private enum Step: CustomStringConvertible {
    case start
    case succeed(Int)
    case fail(Int)
    case lockOut(Int)
    case cancel
    case unlock(right: Bool)

    var description: String {
      switch self {
      case .start: "start a load"
      case .succeed(let index): "load #\(index) succeeds"
      case .fail(let index): "load #\(index) fails"
      case .lockOut(let index): "load #\(index) finds the document locked"
      case .cancel: "cancelLoading()"
      case .unlock(let right): "unlock(\(right ? "right" : "wrong") password)"
      }
    }
  }

  /// The reference: what the rules say the model shows.
  private struct Reference {
    var shown = "idle"
    var content: [String] = []
    var locked = false
    var attempts = 0
    var active: Int?
    var restore: (shown: String, locked: Bool, attempts: Int)?
  }

  func test_randomLoadSequences_matchTheReference() async throws {
    let seed = testSeed()
    var generator = SplitMix64(seed: seed)
    for episode in 0..<150 {
      let steps = (0..<24).map { _ -> Step in
        let index = Int.random(in: 0..<6, using: &generator)
        switch Int.random(in: 0..<12, using: &generator) {
        case 0...2: return .start
        case 3...4: return .succeed(index)
        case 5: return .fail(index)
        case 6: return .lockOut(index)
        case 7: return .cancel
        default: return .unlock(right: Bool.random(using: &generator))
        }
      }
      if let failure = try await run(steps) {
        XCTFail("STATEFUL_SEED=\(seed), episode \(episode): \(failure)")
        return
      }
    }
  }

  private func run(_ steps: [Step]) async throws -> String? {
    let model = TestModel(machine: ContentStateMachine(clock: ManualClock()))
    var reference = Reference()
    var gates: [Gate<[String]>] = []
    var loads: [Task<LoadOutcome, Never>] = []
    var resolved: Set<Int> = []
    for (number, step) in steps.enumerated() {
      var expected: (task: Task<LoadOutcome, Never>, outcome: LoadOutcome)?
      var unlockExpectation: UnlockOutcome?
      switch step {
      case .start:
        let index = gates.count
        let gate = Gate<[String]>()
        gates.append(gate)
        let task = Task {
          await model.loadReloadable { context in
            if let credential = context.credential {
              guard credential.secret == "pw" else {
                throw ContentLockedError(.incorrectCredential(attempts: 0))
              }
              return ["unlocked"]
            }
            return try await gate.wait()
          }
        }
        loads.append(task)
        try await settle { gate.waiterCount == 1 }
        if let active = reference.active { expected = (loads[active], .superseded) }
        if reference.active == nil {
          reference.restore = (reference.shown, reference.locked, reference.attempts)
        }
        reference.active = index
        // The lock stays until a load succeeds: locked content shows loading, never itself.
        reference.attempts = 0
        reference.shown = reference.content.isEmpty || reference.locked ? "loading" : "content"
      case .succeed(let index), .fail(let index), .lockOut(let index):
        guard index < gates.count, !resolved.contains(index) else { continue }
        resolved.insert(index)
        let isActive = reference.active == index
        switch step {
        case .succeed:
          gates[index].open(with: ["v\(index)"])
          if isActive {
            reference.content = ["v\(index)"]
            reference.locked = false
            reference.shown = "content"
            expected = (loads[index], .completed)
          }
        case .fail:
          gates[index].fail(with: TestError("e\(index)"))
          if isActive {
            reference.shown = reference.content.isEmpty || reference.locked ? "error" : "content"
            expected = (loads[index], .failed(TestError()))
          }
        default:
          gates[index].fail(with: ContentLockedError(.credentialRequired))
          if isActive {
            reference.locked = true
            reference.shown = "locked"
            expected = (loads[index], .locked(.credentialRequired))
          }
        }
        if isActive { reference.active = nil }
      case .cancel:
        if let active = reference.active, let restore = reference.restore {
          expected = (loads[active], .cancelled)
          reference.shown = restore.shown
          reference.locked = restore.locked
          reference.attempts = restore.attempts  // a cancel brings the whole lock back
          reference.active = nil
        }
        model.cancelLoading()
      case .unlock(let right):
        guard reference.active == nil else { continue }
        let outcome = await model.unlock(with: Credential(password: right ? "pw" : "no"))
        if !reference.locked {
          unlockExpectation = .notLocked
        } else if right {
          unlockExpectation = .unlocked
          reference.locked = false
          reference.attempts = 0
          reference.content = ["unlocked"]
          reference.shown = "content"
        } else {
          reference.attempts += 1
          unlockExpectation = .incorrectCredential(attempts: reference.attempts)
          reference.shown = "locked"
        }
        if outcome != unlockExpectation {
          return
            "step \(number) (\(step)): unlock returned \(outcome), expected \(unlockExpectation!)"
            + trace(steps, upTo: number)
        }
      }
      if let (task, outcome) = expected {
        let actual = await task.value
        if actual != outcome {
          return "step \(number) (\(step)): load returned \(actual), expected \(outcome)"
            + trace(steps, upTo: number)
        }
      }
      await settle(turns: 50)
      let shown = model.currentState.kind.description
      if shown != reference.shown || model.content != reference.content {
        return "step \(number) (\(step)): shows \(shown) \(model.content), expected "
          + "\(reference.shown) \(reference.content)" + trace(steps, upTo: number)
      }
      if model.currentState.kind == .content && model.stateMachine.lock != nil {
        return "step \(number): content presented while locked (rule 1)"
      }
    }
    // Release the gates so that no task is left waiting.
    for gate in gates { gate.open(with: []) }
    for load in loads { _ = await load.value }
    return nil
  }

  private func trace(_ steps: [Step], upTo last: Int) -> String {
    "\n"
      + steps[...last].enumerated().map { "  \($0.offset): \($0.element)" }.joined(separator: "\n")
  }
}
