import StatefulContent
import StatefulContentTesting
import XCTest

// MARK: Change 1: the same state with another placeholder or insets

private struct BigNonEquatable: Placeholder {
  var text: String
  var more: String = "padding-to-be-boxed"
  var insets: EdgeInsets = .zero
}

private struct BigEquatable: Placeholder, Equatable {
  var text: String
  var value: Double
  var more: String = "padding-to-be-boxed"
}

private struct NeverEqual: Placeholder, Equatable {
  var text: String
  var more: String = "padding-to-be-boxed"
  var extra: String = "x"
  static func == (lhs: Self, rhs: Self) -> Bool { false }
}

private class BasePH: Placeholder, Equatable, @unchecked Sendable {
  var title: String
  init(title: String) { self.title = title }
  static func == (lhs: BasePH, rhs: BasePH) -> Bool { lhs.title == rhs.title }
}
private final class SubPH: BasePH, @unchecked Sendable {
  var badge = "NEW"
}

private final class HookModel: StatefulContent {
  let stateMachine: ContentStateMachine
  var empty: () -> any Placeholder = { StandardPlaceholder.empty }
  var loading: ((any Placeholder) -> any Placeholder)?
  var hostInsets: (ContentState) -> EdgeInsets = { _ in .zero }
  var hookCalls = 0

  init(presenter: (any Presenter)?) {
    stateMachine = ContentStateMachine(presenter: presenter)
  }

  func configureEmptyPlaceholder(_ placeholder: any Placeholder) -> any Placeholder {
    hookCalls += 1
    return empty()
  }

  func configureLoadingPlaceholder(_ placeholder: any Placeholder) -> any Placeholder {
    loading?(placeholder) ?? placeholder
  }

  func insets(for state: ContentState) -> EdgeInsets { hostInsets(state) }
}

final class HostileLastPlaceholderTests: XCTestCase {
  func test_nanHostInsets_sameStateIsUnchanged() async {
    let presenter = RecordingPresenter()
    let model = HookModel(presenter: presenter)
    model.hostInsets = { _ in EdgeInsets(top: .nan, leading: .infinity, bottom: -.nan, trailing: 3)
    }
    let outcomes = OutcomeRecorder()
    model.endLoading(animated: false, completion: outcomes.completion("a"))
    for index in 0..<5 {
      model.transitionToDecidedState(animated: false, completion: outcomes.completion("r\(index)"))
    }
    XCTAssertEqual(presenter.records.count, 1)
    XCTAssertEqual(outcomes.outcomes, [.presented] + Array(repeating: .unchanged, count: 5))
    XCTAssertEqual(presenter.lastPresentation?.insets, EdgeInsets(trailing: 3))
  }

  func test_placeholderInsetsNaN_sameStateIsUnchanged() async {
    let presenter = RecordingPresenter()
    let model = HookModel(presenter: presenter)
    model.empty = { BigNonEquatable(text: "a", insets: EdgeInsets(all: .nan)) }
    model.endLoading(animated: false)
    model.transitionToDecidedState(animated: false)
    // BigNonEquatable built anew is not identical: presented again, finitely.
    XCTAssertEqual(presenter.records.count, 2)
    XCTAssertEqual(presenter.lastPresentation?.insets, .zero)
  }

  func test_equatableWithNaN_builtAnew_representsEachRequest_butFinitely() async {
    let presenter = RecordingPresenter()
    let model = HookModel(presenter: presenter)
    model.empty = { BigEquatable(text: "a", value: .nan) }
    let outcomes = OutcomeRecorder()
    model.endLoading(animated: false, completion: outcomes.completion("x"))
    model.transitionToDecidedState(animated: false, completion: outcomes.completion("x"))
    model.transitionToDecidedState(animated: false, completion: outcomes.completion("x"))
    XCTAssertEqual(outcomes.outcomes.count, 3)
    XCTAssertEqual(presenter.records.count, outcomes.outcomes.filter { $0 == .presented }.count)
  }

  func test_registeredNeverEqual_isIdentical_unchanged() async throws {
    let presenter = RecordingPresenter()
    let model = HookModel(presenter: presenter)
    model.empty = { fatalError("replaced") }
    let registered = NeverEqual(text: "a")
    let machine = ContentStateMachine(presenter: presenter)
    try machine.setPlaceholder(registered, for: .empty)
    let outcomes = OutcomeRecorder()
    try machine.transition(to: .empty, completion: outcomes.completion("a"))
    try machine.transition(to: .empty, completion: outcomes.completion("b"))
    XCTAssertEqual(outcomes.outcomes, [.presented, .unchanged])
    _ = model
  }

  /// Base's `==` says a Sub is equal: the presenter keeps a Base although a Sub was asked for.
  func test_subclassPlaceholder_afterEqualBase_isPresented() async {
    let presenter = RecordingPresenter()
    let model = HookModel(presenter: presenter)
    var next: BasePH = BasePH(title: "t")
    model.empty = { next }
    let outcomes = OutcomeRecorder()
    model.endLoading(animated: false, completion: outcomes.completion("base"))
    next = SubPH(title: "t")
    model.transitionToDecidedState(animated: false, completion: outcomes.completion("sub"))
    XCTAssertEqual(outcomes["sub"], [.presented], "placeholders of two types are not the same")
    XCTAssertTrue(presenter.lastPresentation?.placeholder is SubPH)
  }

  /// How often a presenter that requests the shown state from inside `present` (at most
  /// `cap` times) is called, with the empty placeholder built anew by `makePlaceholder`.
  private func presentations(
    cap: Int, makePlaceholder: @escaping () -> any Placeholder
  ) -> Int {
    let presenter = RecordingPresenter()
    let model = HookModel(presenter: presenter)
    model.empty = makePlaceholder
    var count = 0
    presenter.onPresent = { _ in
      count += 1
      if count < cap { model.transitionToDecidedState(animated: false) }
    }
    model.endLoading(animated: false)
    return count
  }

  /// With an `Equatable` placeholder built anew, the request completes unchanged and the
  /// feedback ends at once.
  func test_presenterRequestingFromPresent_withFreshEquatable_endsAtOnce() async {
    XCTAssertEqual(presentations(cap: 50) { BigEquatable(text: "same", value: 1) }, 1)
  }

  /// The documented limit: a placeholder that is not `Equatable` and is built anew cannot be
  /// recognized as the one on screen, so every request presents it again (here bounded only by
  /// the presenter's own cap).
  func test_presenterRequestingFromPresent_withFreshNonEquatable_presentsEachRequest() async {
    XCTAssertEqual(presentations(cap: 5) { BigNonEquatable(text: "same") }, 5)
  }

  func test_reentrantRequestFromEqualityCheck() async throws {
    let presenter = RecordingPresenter()
    let model = HookModel(presenter: presenter)
    final class Box: @unchecked Sendable { var body: (() -> Void)? }
    let box = Box()
    struct Reentrant: Placeholder, Equatable {
      var text: String
      var more = "padding-to-be-boxed"
      let box: Box
      static func == (lhs: Self, rhs: Self) -> Bool {
        let body = lhs.box.body
        lhs.box.body = nil
        body?()
        return lhs.text == rhs.text
      }
    }
    model.empty = { Reentrant(text: "a", box: box) }
    let outcomes = OutcomeRecorder()
    model.endLoading(animated: false, completion: outcomes.completion("first"))
    box.body = {
      model.startLoading(completion: outcomes.completion("fromEq"))
    }
    model.transitionToDecidedState(animated: false, completion: outcomes.completion("second"))
    XCTAssertEqual(outcomes["first"], [.presented])
    XCTAssertEqual(outcomes["second"].count, 1)
    XCTAssertEqual(outcomes["fromEq"], [.presented])
    XCTAssertEqual(model.stateMachine.presentedState.kind, .loading)
    XCTAssertEqual(presenter.lastPresentation?.state.kind, .loading)
    XCTAssertEqual(model.currentState.kind, .loading)
  }

  func test_animated_waitingReplacementAndSameStateSupersede() async throws {
    let presenter = RecordingPresenter(finishing: .manuallyAlways)
    let model = HookModel(presenter: presenter)
    var text = "one"
    model.empty = { StandardPlaceholder(title: text) }
    let outcomes = OutcomeRecorder()
    model.endLoading(animated: true, completion: outcomes.completion("a"))
    text = "two"
    model.transitionToDecidedState(animated: true, completion: outcomes.completion("b"))
    text = "one"
    model.transitionToDecidedState(animated: true, completion: outcomes.completion("c"))
    text = "two"
    model.transitionToDecidedState(animated: true, completion: outcomes.completion("d"))
    presenter.finishAll()
    presenter.finishAll()
    XCTAssertEqual(outcomes["a"], [.presented])
    XCTAssertEqual(outcomes["b"], [.superseded])
    XCTAssertEqual(outcomes["c"], [.superseded])
    XCTAssertEqual(outcomes["d"], [.presented])
    XCTAssertEqual((presenter.lastPresentation?.placeholder as? StandardPlaceholder)?.title, "two")
    XCTAssertEqual(
      (model.stateMachine.presentedPresentation.placeholder as? StandardPlaceholder)?.title, "two")
  }

  func test_setupInitialStateRepeated_unchanged() async {
    let presenter = RecordingPresenter()
    let model = HookModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    for index in 0..<3 { model.setupInitialState(completion: outcomes.completion("\(index)")) }
    XCTAssertEqual(
      outcomes.outcomes, [.unchanged, .unchanged, .unchanged], "idle is presented already")
    model.endLoading(animated: false)
    for index in 0..<3 { model.setupInitialState(completion: outcomes.completion("e\(index)")) }
    XCTAssertEqual(
      outcomes["e0"] + outcomes["e1"] + outcomes["e2"], [.unchanged, .unchanged, .unchanged])
  }

  func test_updateLoadingProgress_customLoadingHook() async {
    let presenter = RecordingPresenter()
    let model = HookModel(presenter: presenter)
    model.loading = { _ in BigNonEquatable(text: "loading") }
    model.startLoading()
    model.updateLoadingProgress(0.5)
    model.updateLoadingProgress(0.5)
    model.updateLoadingProgress(.nan)
    model.updateLoadingProgress(.nan)
    XCTAssertEqual(presenter.records.count, 3)
    XCTAssertEqual(presenter.lastPresentation?.state, model.stateMachine.presentedState)
  }

}

final class HostileLastLoadTests: LoadTestCase {
  /// A load replaced the empty state; the empty placeholder was replaced during the load; the
  /// load was cancelled: the restored empty state should show the replacement, not the old one.
  func test_cancelledLoad_restoresWithTheReplacedPlaceholder() async throws {
    let presenter = self.presenter
    model.endLoading(animated: false)
    XCTAssertEqual(presenter.lastPresentation?.state.kind, .empty)
    let gate = Gate<[String]>()
    let load = startLoad(gate)
    await settle { presenter.lastPresentation?.state.kind == .loading }
    try model.setPlaceholder(StandardPlaceholder(title: "Replaced"), for: .empty)
    model.cancelLoading()
    _ = await load.value
    XCTAssertEqual(presenter.lastPresentation?.state.kind, .empty)
    XCTAssertEqual(
      (presenter.lastPresentation?.placeholder as? StandardPlaceholder)?.title, "Replaced",
      "the restored state shows the placeholder registered for it now")
  }
}

// MARK: Change 2: TransitionLog

final class HostileLastTransitionLogTests: XCTestCase {
  private struct Failure: Error, CustomStringConvertible { var description: String }

  private func change(_ from: ContentState, _ to: ContentState, _ elapsed: Duration = .zero)
    -> ContentStateChange
  {
    ContentStateChange(from: from, to: to, isRefreshing: false, elapsed: elapsed)
  }

  func test_timeline_nearInt64MaxMilliseconds_doesNotTrap() {
    var log = TransitionLog()
    log.record(
      change(
        .idle, .content,
        Duration(
          secondsComponent: 9_223_372_036_854_775, attosecondsComponent: 999_999_999_999_999_999)))
    XCTAssertEqual(log.timeline, "\(Int64.max) idle -> content\n")
  }

  func test_timeline_negativeFraction_printsZero() {
    var log = TransitionLog()
    log.record(change(.idle, .content, .milliseconds(-1500)))
    log.record(change(.idle, .content, .milliseconds(-500)))
    log.record(change(.idle, .content, .nanoseconds(-1)))
    XCTAssertEqual(log.timeline, "0 idle -> content\n0 idle -> content\n0 idle -> content\n")
  }

  func test_timeline_unicodeLineSeparators_stayOnOneLine() {
    var log = TransitionLog()
    log.record(
      change(
        .loading(progress: nil), .error(Failure(description: "a\u{2028}b\u{2029}c\u{85}d\r\ne"))))
    log.record(change(.idle, .custom(CustomStateKey("x\u{2028}y"))))
    let lines = log.timeline.split(whereSeparator: \.isNewline)
    XCTAssertEqual(lines.count, 2, "\(lines)")
  }

  func test_diagram_customLabels_unicodeLineSeparator_staysOnOneLine() {
    var log = TransitionLog()
    log.record(change(.idle, .custom(CustomStateKey("a\u{2028}b"))))
    let lines = log.mermaidStateDiagram.split(whereSeparator: \.isNewline)
    XCTAssertEqual(lines.count, 4, "\(lines)")
  }

  func test_diagram_hostileNames() {
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
  func test_diagram_labelsMermaidsLexerMisreads() {
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

  func test_diagram_skippedKinds_andSameKind() {
    var log = TransitionLog()
    log.record(change(.content, .content))
    XCTAssertEqual(log.mermaidStateDiagram, "stateDiagram-v2\n  [*] --> content\n")
    log.record(change(.error(Failure(description: "x")), .locked(.credentialRequired)))
    XCTAssertTrue(log.mermaidStateDiagram.contains("error --> locked : 1×"))
  }

  func test_performance_isLinear() {
    func measure(_ count: Int) -> Duration {
      var log = TransitionLog()
      for index in 0..<count {
        log.record(
          change(
            .custom(CustomStateKey("s\(index % 1000)")),
            .custom(CustomStateKey("s\((index + 1) % 1000)")),
            .milliseconds(Int64(index))))
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
