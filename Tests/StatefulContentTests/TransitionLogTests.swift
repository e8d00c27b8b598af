import StatefulContent
import StatefulContentTesting
import XCTest

final class TransitionLogTests: XCTestCase {
  private struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private func change(
    _ from: ContentState, _ to: ContentState, at milliseconds: Int64,
    refreshing: Bool = false
  ) -> ContentStateChange {
    ContentStateChange(
      from: from, to: to, isRefreshing: refreshing, elapsed: .milliseconds(milliseconds))
  }

  func test_emptyLog_isADiagramWithNoStates_andNoTimeline() {
    let log = TransitionLog()
    XCTAssertEqual(log.mermaidStateDiagram, "stateDiagram-v2\n")
    XCTAssertEqual(log.timeline, "")
  }

  func test_diagram_countsEachEdge_inTheOrderItFirstHappened_withoutSameKindChanges() {
    var log = TransitionLog()
    log.record(change(.idle, .loading(progress: nil), at: 0))
    log.record(change(.loading(progress: nil), .loading(progress: 0.5), at: 100))
    log.record(change(.loading(progress: 0.5), .empty, at: 400))
    log.record(change(.empty, .loading(progress: nil), at: 900))
    log.record(change(.loading(progress: nil), .empty, at: 1_000))
    XCTAssertEqual(
      log.mermaidStateDiagram,
      """
      stateDiagram-v2
        [*] --> idle
        idle --> loading : 1×
        loading --> empty : 2×
        empty --> loading : 1×

      """)
  }

  func test_timeline_printsPayloadsRefreshAndMilliseconds_onOneLineEach() {
    var log = TransitionLog()
    log.record(change(.idle, .loading(progress: 0.4), at: 12))
    log.record(
      change(.loading(progress: 0.4), .error(Failure(description: "no\nnetwork")), at: 1_500))
    log.record(change(.content, .content, at: 2_000, refreshing: true))
    XCTAssertEqual(
      log.timeline,
      """
      12 idle -> loading(40%)
      1500 loading(40%) -> error(no network)
      2000 content -> content (refreshing)

      """)
  }

  func test_customStates_getTheirOwnIdentifiers_evenWhenNamedLikeABuiltInState() {
    var log = TransitionLog()
    let loadingKey = CustomStateKey("loading")
    let quoted = CustomStateKey("say \"hi\"")
    log.record(change(.loading(progress: nil), .custom(loadingKey), at: 0))
    log.record(change(.custom(loadingKey), .custom(quoted), at: 1))
    XCTAssertEqual(
      log.mermaidStateDiagram,
      """
      stateDiagram-v2
        [*] --> loading
        state "loading" as custom1
        state "say 'hi'" as custom2
        loading --> custom1 : 1×
        custom1 --> custom2 : 1×

      """)
  }

  func test_hugeAndNegativeTimes_doNotTrap() {
    let log = TransitionLog([
      ContentStateChange(from: .idle, to: .empty, isRefreshing: false, elapsed: .seconds(-3)),
      ContentStateChange(
        from: .empty, to: .idle, isRefreshing: false, elapsed: .seconds(Int64.max)),
    ])
    XCTAssertEqual(log.timeline, "0 idle -> empty\n\(Int64.max) empty -> idle\n")
  }

  func test_recordingAMachinesStateChanges_exportsWhatThePresenterShowed() async {
    let model = TestModel(presenter: RecordingPresenter())
    let stream = model.stateMachine.stateChanges()
    model.startLoading()
    model.content = ["x"]
    model.endLoading(animated: false)
    model.startLoading()
    model.endLoading(animated: false)
    var log = TransitionLog()
    for await change in stream {
      log.record(change)
      if log.changes.count == 4 { break }
    }
    XCTAssertEqual(
      log.mermaidStateDiagram,
      """
      stateDiagram-v2
        [*] --> idle
        idle --> loading : 1×
        loading --> content : 1×

      """)
    XCTAssertEqual(log.changes.map(\.isRefreshing), [false, false, true, false])
  }
}
