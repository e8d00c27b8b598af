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

  private func change(_ from: ContentState, _ to: ContentState, after elapsed: Duration = .zero)
    -> ContentStateChange
  {
    ContentStateChange(from: from, to: to, isRefreshing: false, elapsed: elapsed)
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
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let model = TestModel(presenter: keptPresenter)
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

  func test_timeline_elapsedJustBelowInt64MaxMilliseconds_printsWithoutTrapping() {
    var log = TransitionLog()
    log.record(
      change(
        .idle, .content,
        after: Duration(
          secondsComponent: 9_223_372_036_854_775, attosecondsComponent: 999_999_999_999_999_999)))
    XCTAssertEqual(log.timeline, "\(Int64.max) idle -> content\n")
  }

  func test_timeline_negativeElapsedTimes_printZero() {
    var log = TransitionLog()
    log.record(change(.idle, .content, after: .milliseconds(-1500)))
    log.record(change(.idle, .content, after: .milliseconds(-500)))
    log.record(change(.idle, .content, after: .nanoseconds(-1)))
    XCTAssertEqual(log.timeline, "0 idle -> content\n0 idle -> content\n0 idle -> content\n")
  }

  func test_timeline_unicodeLineSeparatorsInDescriptions_stayOnOneLine() {
    var log = TransitionLog()
    log.record(
      change(
        .loading(progress: nil), .error(Failure(description: "a\u{2028}b\u{2029}c\u{85}d\r\ne"))))
    log.record(change(.idle, .custom(CustomStateKey("x\u{2028}y"))))
    let lines = log.timeline.split(whereSeparator: \.isNewline)
    XCTAssertEqual(lines.count, 2, "\(lines)")
  }

  func test_diagram_customLabelWithAUnicodeLineSeparator_staysOnOneLine() {
    var log = TransitionLog()
    log.record(change(.idle, .custom(CustomStateKey("a\u{2028}b"))))
    let lines = log.mermaidStateDiagram.split(whereSeparator: \.isNewline)
    XCTAssertEqual(lines.count, 4, "\(lines)")
  }

  func test_diagram_customNamesWithMermaidSyntax_giveOnlyWellFormedLines() {
    var log = TransitionLog()
    let names = [
      "say \"hi\"", "a\nb", "x --> y", "[*]", "a : b", "ünï😀", "", "loading", "custom1", "custom2",
      "#quot;", "end", "state", "}", "{",
    ]
    var previous: ContentState = .idle
    for name in names {
      let next = ContentState.custom(CustomStateKey(name))
      log.record(change(previous, next))
      previous = next
    }
    log.record(change(previous, .loading(progress: nil)))
    let diagram = log.mermaidStateDiagram
    print(diagram)
    for line in diagram.split(separator: "\n").dropFirst() {
      let text = String(line)
      // state "label" as customN  |  a --> b : n×
      let declaration = #/^  state "[^"\n]*" as custom[0-9]+$/#
      let edge = #/^  (\[\*\]|[a-z]+[0-9]*) --> ([a-z]+[0-9]*) : [0-9]+×$/#
      let start = #/^  \[\*\] --> ([a-z]+[0-9]*)$/#
      XCTAssertTrue(
        text.wholeMatch(of: declaration) != nil || text.wholeMatch(of: edge) != nil
          || text.wholeMatch(of: start) != nil, "bad line: \(text)")
    }
    XCTAssertEqual(diagram.components(separatedBy: " as custom").count - 1, names.count)
  }

  /// Mermaid's stateDiagram lexer: `state "" as x` yields no STATE_DESCR token (parse error at
  /// AS); `<STATE>.*"<<fork>>"` (and join/choice, [[fork]]…) is tried before the quote rule and
  /// eats the label; `.*direction\s+(TB|BT|RL|LR)[^\n]*` in INITIAL eats the whole line.
  func test_diagram_labelsMermaidsLexerWouldMisread_areNeitherEmptyNorKeywords() {
    for name in ["", "a <<fork>> b", "x [[choice]]", "sort direction LR"] {
      var log = TransitionLog()
      log.record(change(.idle, .custom(CustomStateKey(name))))
      let declaration =
        log.mermaidStateDiagram.split(separator: "\n")
        .first { $0.contains(" as custom1") }.map(String.init) ?? ""
      let label = declaration.firstMatch(of: #/"([^"]*)"/#).map { String($0.1) } ?? ""
      XCTAssertFalse(label.isEmpty, "empty label: \(declaration)")
      XCTAssertNil(
        declaration.firstMatch(of: #/(?i)<<(fork|join|choice)>>|\[\[(fork|join|choice)\]\]/#),
        declaration)
      XCTAssertNil(declaration.firstMatch(of: #/(?i)direction\s+(TB|BT|RL|LR)/#), declaration)
    }
  }

  func test_diagram_sameKindChangeOnlyStarts_andErrorToLockedIsAnEdge() {
    var log = TransitionLog()
    log.record(change(.content, .content))
    XCTAssertEqual(log.mermaidStateDiagram, "stateDiagram-v2\n  [*] --> content\n")
    log.record(change(.error(Failure(description: "x")), .locked(.credentialRequired)))
    XCTAssertTrue(log.mermaidStateDiagram.contains("error --> locked : 1×"))
  }

  func test_export_timeGrowsLinearlyWithTheNumberOfChanges() {
    func measure(_ count: Int) -> Duration {
      var log = TransitionLog()
      for index in 0..<count {
        log.record(
          change(
            .custom(CustomStateKey("s\(index % 1000)")),
            .custom(CustomStateKey("s\((index + 1) % 1000)")),
            after: .milliseconds(Int64(index))))
      }
      let clock = ContinuousClock()
      return clock.measure {
        _ = log.mermaidStateDiagram
        _ = log.timeline
      }
    }
    let small = measure(20_000)
    let large = measure(200_000)
    print("small \(small) large \(large)")
    XCTAssertLessThan(large, small * 30)
  }
}
