import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

/// The trace: every presentation carries the decision that produced it, the machine explains
/// its state, the transition log records decisions as JSON lines with no secret in them, and
/// deciding a recorded decision's inputs again gives the recorded decision.
final class DecisionTraceTests: LoadTestCase {
  func test_machineExplainsItsState_contentOverAFailedRefresh() async {
    _ = await model.load(into: \.content) { _ in ["a", "b", "c"] }
    _ = await model.load(into: \.content) { _ in throw TestError("timed out") }
    XCTAssertEqual(
      model.stateMachine.explanation,
      "content — rule 2: has content (3 items); overrode rule 4: error \"timed out\", "
        + "reported to handleErrorWhenContentsAvailable")
    XCTAssertEqual(presenter.lastPresentation?.decision.rule, .content)
    model.setupInitialState()
    XCTAssertEqual(
      model.stateMachine.explanation,
      "content — rule 2: has content (3 items); overrode rule 4: error \"timed out\", "
        + "reported before",
      "asked again, the error is not reported twice")
  }

  func test_everyPresentationCarriesItsDecision_requestedOnesSayso() async throws {
    model.startLoading()
    XCTAssertEqual(presenter.lastPresentation?.decision.rule, .loading)
    model.endLoading()
    XCTAssertEqual(presenter.lastPresentation?.decision.rule, .empty)
    try model.stateMachine.transition(to: .loading)
    XCTAssertEqual(presenter.lastPresentation?.decision.rule, .requested)
    XCTAssertEqual(model.stateMachine.explanation, "loading — requested directly")
  }

  func test_aCancelledLoad_bringsBackThePresentationWithItsDecision() async throws {
    _ = await model.load(into: \.content) { _ in ["a"] }
    let gate = Gate<[String]>()
    let refresh = startLoad(gate)
    try await settle { gate.waiterCount == 1 }
    XCTAssertTrue(model.stateMachine.decision.isRefreshing)
    model.cancelLoading()
    _ = await refresh.value
    XCTAssertEqual(model.stateMachine.decision.rule, .content)
    XCTAssertFalse(model.stateMachine.decision.isRefreshing)
  }

  func test_stateChanges_carryDecisions_andTheExplainedTimelineSaysBecause() async {
    let stream = model.stateMachine.stateChanges()
    model.startLoading()
    model.content = ["x"]
    model.endLoading()
    var log = TransitionLog()
    for await change in stream {
      log.record(change)
      if log.changes.count == 2 { break }
    }
    XCTAssertEqual(
      log.timeline(explained: true),
      """
      0 idle -> loading because rule 3: a load runs, no content yet
      0 loading -> content because rule 2: has content (1 item)

      """)
    XCTAssertEqual(log.timeline, "0 idle -> loading\n0 loading -> content\n")
    XCTAssertEqual(
      log.mermaidStateDiagram(explained: true),
      """
      stateDiagram-v2
        [*] --> idle
        idle --> loading : 1× (rule 3)
        loading --> content : 1× (rule 2)

      """)
    XCTAssertEqual(
      log.mermaidStateDiagram, log.mermaidStateDiagram(explained: false),
      "unexplained as before")
  }

  func test_theTrace_neverHoldsTheSecret() async throws {
    let secret = "hunter2-open"
    model.stateMachine.credentialVerifier = { _ in true }
    model.lock()
    let stream = model.stateMachine.stateChanges()
    model.contentLoad = { model in
      await model.load(into: \.content) { context in
        throw TestError("could not decrypt with \(context.credential?.secret ?? "")")
      }
    }
    _ = await model.unlock(with: Credential(password: secret))
    XCTAssertEqual(model.currentState.kind, .error)
    XCTAssertFalse(model.stateMachine.explanation.contains(secret), model.stateMachine.explanation)
    var log = TransitionLog()
    for await change in stream {
      log.record(change)
      if change.to.kind == .error { break }
    }
    let json = try log.jsonLines()
    XCTAssertFalse(json.contains(secret), json)
    XCTAssertFalse(log.timeline(explained: true).contains(secret))
    XCTAssertTrue(log.timeline(explained: true).contains("rule 1"), log.timeline(explained: true))
  }

  func test_aWrongSecret_inTheStateALaterUnlockLeaves_isRedactedToo() async throws {
    let (wrong, right) = ("hunter2-wrong", "correct-horse-battery")
    model.lock()
    let stream = model.stateMachine.stateChanges()
    model.contentLoad = { model in
      await model.load(into: \.content) { context in
        let given = context.credential?.secret ?? ""
        guard given == right else { throw TestError("wrong password \(given)") }
        return ["page"]
      }
    }
    _ = await model.unlock(with: Credential(password: wrong))
    _ = await model.unlock(with: Credential(password: right))
    XCTAssertEqual(model.currentState.kind, .content)
    var log = TransitionLog()
    for await change in stream {
      log.record(change)
      if change.to.kind == .content { break }
    }
    let texts = [try log.jsonLines(), log.timeline(explained: true), log.mermaidStateDiagram]
    for text in texts {
      XCTAssertFalse(text.contains(wrong), text)
      XCTAssertFalse(text.contains(right), text)
    }
    XCTAssertTrue(log.timeline.contains("error(wrong password ••••) -> "), log.timeline)
  }

  func test_log_isBounded_droppingTheOldest() async {
    var log = TransitionLog(capacity: 3)
    for index in 0..<5 {
      log.record(
        ContentStateChange(
          from: .idle, to: .empty, isRefreshing: false, elapsed: .milliseconds(index)))
    }
    XCTAssertEqual(log.changes.map(\.elapsed), [2, 3, 4].map { .milliseconds($0) })
    XCTAssertEqual(log.droppedCount, 2)
    XCTAssertEqual(TransitionLog(capacity: 0).capacity, 1, "at least one change")
  }

  func test_jsonLines_roundTrip_keepsEveryDecisionsExplanation() async throws {
    var log = TransitionLog()
    for presentation in try recordRandomRun(seed: 7) {
      log.record(
        ContentStateChange(
          from: .idle, to: presentation.state, isRefreshing: presentation.isRefreshing,
          elapsed: .zero, decision: presentation.decision))
    }
    let lines = try log.jsonLines()
    XCTAssertEqual(lines.split(separator: "\n").count, log.changes.count)
    let read = try TransitionLog(jsonLines: lines)
    XCTAssertEqual(read.changes.count, log.changes.count)
    XCTAssertEqual(
      read.changes.map(\.decision.explanation), log.changes.map(\.decision.explanation))
    XCTAssertEqual(read.changes.map(\.to.kind), log.changes.map(\.to.kind))
    XCTAssertThrowsError(try TransitionLog(jsonLines: "{\"from\": 1}\n"))
  }

  /// Replay: deciding each recorded decision's inputs again — after a round trip through
  /// JSON, as a trace from a bug report would come — gives the recorded decision, over random
  /// runs of plain, keyed, failing, locked and cancelled loads.
  func test_replay_randomRuns_decideAsRecorded() async throws {
    var checked = 0
    for seed in 1...40 {
      var log = TransitionLog()
      for presentation in try recordRandomRun(seed: UInt64(seed)) {
        log.record(
          ContentStateChange(
            from: .idle, to: presentation.state, isRefreshing: presentation.isRefreshing,
            elapsed: .zero, decision: presentation.decision))
      }
      let read = try TransitionLog(jsonLines: try log.jsonLines())
      XCTAssertEqual(read.changesDecidedDifferently.count, 0, "seed \(seed)")
      for change in read.changes where change.decision.rule != .requested {
        let again = StateDecision.decide(change.decision.inputs)
        XCTAssertEqual(again.rule, change.decision.rule, "seed \(seed)")
        XCTAssertEqual(again.overridden, change.decision.overridden, "seed \(seed)")
        XCTAssertEqual(again.state.kind, change.to.kind, "seed \(seed): \(change.decision)")
        checked += 1
      }
    }
    XCTAssertGreaterThan(checked, 300, "the runs decided too little")
  }

  /// Runs random operations on a fresh model and returns what its presenter was shown.
  private func recordRandomRun(seed: UInt64) throws -> [Presentation] {
    var random = SplitMix64(seed: seed)
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    model.stateMachine.credentialVerifier = { $0.secret == "pw" }
    for _ in 0..<30 {
      switch random.next() % 10 {
      case 0: model.startLoading()
      case 1:
        model.endLoading(error: random.next() % 2 == 0 ? TestError("e\(random.next() % 3)") : nil)
      case 2: model.content = random.next() % 2 == 0 ? ["x", "y"] : []
      case 3: model.lock()
      case 4: model.updateLoadingProgress(Double(random.next() % 5) / 4)
      case 5: model.setupInitialState()
      case 6: model.reset()
      case 7: model.endLoading(error: CancellationError())
      case 8: try? model.stateMachine.transition(to: .empty)
      default: model.transitionToDecidedState(animated: false)
      }
    }
    return presenter.records.map(\.presentation)
  }
}
