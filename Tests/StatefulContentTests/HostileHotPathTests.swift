import Observation
import StatefulContentTesting
import XCTest

@testable import StatefulContent

// MARK: - Placeholders of many shapes

private struct Padded: Placeholder { var a: UInt8; var b: Int32 }
private struct Zero: Placeholder {}
private struct TwentyFour: Placeholder { var a: Int; var b: Int; var c: Int }
private struct TwentyFive: Placeholder { var a: Int; var b: Int; var c: Int; var d: UInt8 }
private struct Big: Placeholder { var a: Int; var b: Int; var c: Int; var d: Int; var e: Int }
private enum Payload: Placeholder { case a(Int), b(Int), c(String), d }
private final class Ref: Placeholder, @unchecked Sendable {
  var title: String
  init(_ title: String) { self.title = title }
}
private struct HoldsRef: Placeholder { var ref: Ref }
private struct HoldsRefAndByte: Placeholder { var ref: Ref; var n: UInt8 }
nonisolated(unsafe) private var globalCounter = 0
private struct Computed: Placeholder {
  var insets: EdgeInsets { EdgeInsets(top: Double(globalCounter)) }
  var accessibilityAnnouncement: String? { "n=\(globalCounter)" }
}
private struct Aligned16: Placeholder { var v: SIMD4<Float> }

/// Describes a placeholder so that two presentations can be compared by what they show.
private func describe(_ p: (any Placeholder)?) -> String {
  guard let p else { return "nil" }
  switch p {
  case let r as Ref: return "Ref(\(r.title))"
  case let h as HoldsRef: return "HoldsRef(\(h.ref.title))"
  case let h as HoldsRefAndByte: return "HoldsRefAndByte(\(h.ref.title),\(h.n))"
  default: return "\(p)|insets=\(p.insets)|ann=\(p.accessibilityAnnouncement ?? "-")"
  }
}

/// An adopter whose loading and empty hooks return whatever the test's closures return.
private final class HookModel: StatefulContent {
  let stateMachine: ContentStateMachine
  var content: [String] = []
  var loading: (() -> any Placeholder)?
  var empty: (() -> any Placeholder)?
  var hostInsets: () -> EdgeInsets = { .zero }
  init(presenter: (any Presenter)?) { stateMachine = ContentStateMachine(presenter: presenter) }
  func configureLoadingPlaceholder(_ placeholder: any Placeholder) -> any Placeholder {
    loading?() ?? placeholder
  }
  func configureEmptyPlaceholder(_ placeholder: any Placeholder) -> any Placeholder {
    empty?() ?? placeholder
  }
  func insets(for state: ContentState) -> EdgeInsets { hostInsets() }
}

/// A synchronous presenter recording what it shows.
private final class SyncRecorder: SynchronousPresenter {
  var presentations: [Presentation] = []
  var described: [String] = []
  var onPresent: ((Presentation) -> Void)?
  func present(_ presentation: Presentation, animated: Bool) {
    presentations.append(presentation)
    described.append(describe(presentation.placeholder))
    onPresent?(presentation)
  }
}

/// A presenter that keeps every finished closure and lets the test call them at will.
private final class Holder: Presenter {
  var presentations: [Presentation] = []
  var finishers: [() -> Void] = []
  var onPresent: ((Presentation, @escaping () -> Void) -> Void)?
  func present(_ presentation: Presentation, animated: Bool, finished: @escaping () -> Void) {
    presentations.append(presentation)
    finishers.append(finished)
    onPresent?(presentation, finished)
  }
}

final class HostileHotPathTests: XCTestCase {

  // MARK: 1. Presentation cache

  /// Cycles loading → empty with hooks returning a new value of the given shape each time and
  /// checks that every presentation carries the value the hook returned for it.
  private func assertFresh(
    _ make: @escaping (Int) -> any Placeholder, file: StaticString = #filePath, line: UInt = #line
  ) {
    for sync in [false, true] {
      let recorder = RecordingPresenter()
      let syncRecorder = SyncRecorder()
      var recorded: [String] = []
      recorder.onPresent = { recorded.append(describe($0.placeholder)) }
      let model = HookModel(presenter: sync ? syncRecorder : recorder)
      var n = 0
      var expected: [String] = []
      model.loading = {
        n += 1
        let p = make(n % 3)  // values repeat: A B C A B C …
        expected.append(describe(p))
        return p
      }
      model.empty = {
        n += 1
        let p = make(n % 3)
        expected.append(describe(p))
        return p
      }
      for _ in 0..<9 {
        model.startLoading()
        model.endLoading(animated: false)
      }
      let got = sync ? syncRecorder.described : recorded
      XCTAssertEqual(got, expected, "sync=\(sync)", file: file, line: line)
    }
  }

  func test_cache_padded() {
    assertFresh { Padded(a: UInt8($0), b: Int32($0 * 7)) }
  }
  func test_cache_zeroSized_computed() {
    assertFresh { _ in
      globalCounter += 1; return Computed()
    }
  }
  func test_cache_zeroSized() { assertFresh { _ in Zero() } }
  func test_cache_24() { assertFresh { TwentyFour(a: $0, b: -$0, c: $0 * 3) } }
  func test_cache_25() { assertFresh { TwentyFive(a: 1, b: 2, c: 3, d: UInt8($0)) } }
  func test_cache_big() { assertFresh { Big(a: $0, b: 0, c: 0, d: 0, e: $0) } }
  func test_cache_enum() {
    assertFresh { i in [Payload.a(i), .b(i), .c("s\(i)"), .d][i % 4] }
  }
  func test_cache_classNewEachTime() { assertFresh { Ref("r\($0)") } }
  func test_cache_structHoldingClass() { assertFresh { HoldsRef(ref: Ref("h\($0)")) } }
  func test_cache_structHoldingClassAndByte() {
    assertFresh { HoldsRefAndByte(ref: Ref("h\($0)"), n: UInt8($0)) }
  }
  func test_cache_aligned16() { assertFresh { Aligned16(v: SIMD4(Float($0), 0, 0, 0)) } }
  func test_cache_standard() {
    assertFresh { StandardPlaceholder(title: "t\($0)") }
  }

  /// A shared class instance mutated between presentations: the same instance, current title.
  func test_cache_sharedMutatedClass_andStructHoldingIt() {
    let shared = Ref("one")
    let presenter = RecordingPresenter()
    let model = HookModel(presenter: presenter)
    model.loading = { HoldsRef(ref: shared) }
    model.startLoading()
    model.endLoading(animated: false)
    shared.title = "two"
    model.startLoading()
    XCTAssertEqual(describe(presenter.lastPresentation?.placeholder), "HoldsRef(two)")
  }

  /// Computed insets change between calls: the presentation's insets must follow.
  func test_cache_computedInsets_followEachRequest() {
    let presenter = RecordingPresenter()
    let model = HookModel(presenter: presenter)
    model.loading = { Computed() }
    var expected: [Double] = []
    for i in 0..<4 {
      globalCounter = i % 2
      expected.append(Double(i % 2))
      model.startLoading()
      model.endLoading(animated: false)
    }
    let got = presenter.records.filter { $0.presentation.state.kind == .loading }
      .map(\.presentation.insets.top)
    XCTAssertEqual(got, expected)
  }

  /// Host insets returning a different value every call.
  func test_cache_hostInsetsChangeEveryCall() {
    let presenter = RecordingPresenter()
    let model = HookModel(presenter: presenter)
    var i = 0.0
    model.hostInsets = {
      i += 1
      return EdgeInsets(leading: i)
    }
    for _ in 0..<3 {
      model.startLoading()
      model.endLoading(animated: false)
    }
    XCTAssertEqual(presenter.records.map(\.presentation.insets.leading), [1, 2, 3, 4, 5, 6])
  }

  /// setPlaceholder while the state is requested, with values of the same shape and the very
  /// same bits as an earlier placeholder.
  func test_cache_setPlaceholder_replacements_ABA() throws {
    for sync in [false, true] {
      let recorder = RecordingPresenter()
      let syncRecorder = SyncRecorder()
      let model = TestModel(presenter: sync ? syncRecorder : recorder)
      let values: [any Placeholder] = [
        Padded(a: 1, b: 1), Padded(a: 2, b: 1), Padded(a: 1, b: 1), Zero(), Zero(),
        TwentyFive(a: 0, b: 0, c: 0, d: 1), TwentyFive(a: 0, b: 0, c: 0, d: 2),
        Big(a: 1, b: 2, c: 3, d: 4, e: 5), Big(a: 1, b: 2, c: 3, d: 4, e: 6),
      ]
      model.startLoading()
      for value in values { try model.setPlaceholder(value, for: .loading) }
      try model.setPlaceholder(nil, for: .loading)
      let got =
        (sync ? syncRecorder.presentations : recorder.records.map(\.presentation))
        .map { describe($0.placeholder) }
      let expected =
        [describe(StandardPlaceholder.loading)] + values.map(describe)
        + [describe(StandardPlaceholder.loading)]
      XCTAssertEqual(got, expected, "sync=\(sync)")
    }
  }

  /// The same placeholder value registered for loading and for empty, with progress and retries.
  func test_cache_progressAndAttempts_customPlaceholder() throws {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    try model.setPlaceholder(Padded(a: 9, b: 9), for: .loading)
    model.startLoading()
    model.updateLoadingProgress(0.5)
    model.updateLoadingProgress(0.25)
    model.updateLoadingProgress(0.5)
    model.stateMachine.recordLoadAttempt(2)
    model.transitionToDecidedState(animated: false)
    model.stateMachine.recordLoadAttempt(3)
    model.transitionToDecidedState(animated: false)
    model.stateMachine.recordLoadAttempt(1)
    model.transitionToDecidedState(animated: false)
    let got = presenter.records.map { "\($0.presentation.state)#\($0.presentation.attempt)" }
    XCTAssertEqual(got.count, 7, "\(got)")
    XCTAssertEqual(presenter.records.map(\.presentation.attempt), [1, 1, 1, 1, 2, 3, 1])
    XCTAssertEqual(
      presenter.records.map { $0.presentation.state.progressValue },
      [nil, 0.5, 0.25, 0.5, 0.5, 0.5, 0.5])
  }

  func test_cache_standardRetries_showRetryMessage() {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    model.startLoading()
    model.stateMachine.recordLoadAttempt(2)
    model.transitionToDecidedState(animated: false)
    model.endLoading(animated: false)
    model.stateMachine.recordLoadAttempt(1)
    model.startLoading()
    model.stateMachine.recordLoadAttempt(2)
    model.transitionToDecidedState(animated: false)
    let messages = presenter.records.map {
      ($0.presentation.placeholder as? StandardPlaceholder)?.message ?? "-"
    }
    XCTAssertEqual(
      messages, ["-", "Retrying (attempt 2)…", "-", "-", "Retrying (attempt 2)…"])
  }

  func test_cache_refresh_contentAndLoading() {
    let presenter = SyncRecorder()
    let model = TestModel(presenter: presenter)
    model.content = ["x"]
    for _ in 0..<3 {
      model.startLoading()
      model.endLoading(animated: false)
    }
    XCTAssertEqual(
      presenter.presentations.map { "\($0.state.kind)/\($0.isRefreshing)" },
      [
        "content/true", "content/false", "content/true", "content/false", "content/true",
        "content/false",
      ])
    XCTAssertEqual(model.stateMachine.isRefreshing, false)
  }

  // MARK: 2. finished closures

  func test_finish_outOfOrder_twice_late() {
    let presenter = Holder()
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    model.startLoading(animated: true, completion: outcomes.completion("1"))
    model.endLoading(animated: true, completion: outcomes.completion("2"))  // waits
    model.endLoading(animated: true, error: TestError(), completion: outcomes.completion("3"))
    XCTAssertEqual(presenter.finishers.count, 1)
    presenter.finishers[0]()
    presenter.finishers[0]()
    XCTAssertEqual(presenter.finishers.count, 2)
    presenter.finishers[0]()
    XCTAssertEqual(outcomes.log.count, 2, "\(outcomes.log)")
    model.startLoading(animated: true, completion: outcomes.completion("4"))  // waits
    presenter.finishers.reversed().forEach { $0() }  // finishes 3 → 4 in flight
    presenter.finishers.reversed().forEach { $0() }  // stale, and finishes 4
    presenter.finishers.forEach { $0() }
    XCTAssertEqual(outcomes["1"], [.presented])
    XCTAssertEqual(outcomes["2"], [.superseded])
    XCTAssertEqual(outcomes["3"], [.presented])
    XCTAssertEqual(outcomes["4"], [.presented])
    XCTAssertEqual(model.stateMachine.presentedState, .loading)
    XCTAssertEqual(presenter.presentations.map(\.state.kind), [.loading, .error, .loading])
  }

  /// The presenter lets closures go and keeps others; stale ones must never finish a newer
  /// presentation, whether the token object was reused or not.
  func test_finish_reuseThenStaleCall() {
    let presenter = Holder()
    let model = TestModel(presenter: presenter)
    var kept: [() -> Void] = []
    presenter.onPresent = { _, finished in kept.append(finished) }
    let outcomes = OutcomeRecorder()
    for i in 0..<20 {
      let label = "\(i)"
      if i % 2 == 0 {
        model.startLoading(animated: true, completion: outcomes.completion(label))
      } else {
        model.endLoading(animated: true, completion: outcomes.completion(label))
      }
      // Call every kept closure except the newest: none of them may finish the newest.
      for f in kept.dropLast() { f() }
      XCTAssertTrue(model.stateMachine.isPresenting, "iteration \(i)")
      XCTAssertEqual(outcomes[label], [], "iteration \(i)")
      // Drop all kept but the newest, then finish the newest and forget it.
      let newest = kept.removeLast()
      kept.removeAll()
      presenter.finishers.removeAll()
      newest()
      XCTAssertEqual(outcomes[label], [.presented], "iteration \(i)")
    }
  }

  /// A presenter that drops the closure, finishes through it once, then a later stored copy of
  /// a *previous* closure is invoked from inside the next presentation's `present`.
  func test_finish_staleClosureCalledFromInsideNextPresent() {
    final class P: Presenter {
      var previous: (() -> Void)?
      var count = 0
      func present(_ presentation: Presentation, animated: Bool, finished: @escaping () -> Void) {
        count += 1
        previous?()  // stale: must be ignored
        previous = finished
        if count % 2 == 0 { finished() }  // even presentations finish at once
      }
    }
    let presenter = P()
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    model.startLoading(animated: true, completion: outcomes.completion("a"))  // #1 pending
    XCTAssertEqual(outcomes["a"], [])
    model.endLoading(animated: true, completion: outcomes.completion("b"))  // waits
    presenter.previous?()  // finish #1 → #2 presented at once; #2 calls #1 again (stale)
    XCTAssertEqual(outcomes["a"], [.presented])
    XCTAssertEqual(outcomes["b"], [.presented])
    XCTAssertEqual(model.stateMachine.presentedState, .empty)
    model.startLoading(animated: true, completion: outcomes.completion("c"))  // #3 pending
    XCTAssertEqual(outcomes["c"], [], "the stale #2 closure must not finish #3")
    XCTAssertTrue(model.stateMachine.isPresenting)
  }

  /// A superseded request's completion finishes the presentation in flight.
  func test_finish_fromAnotherRequestsCompletion() {
    let presenter = Holder()
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    model.startLoading(animated: true, completion: outcomes.completion("1"))
    model.endLoading(animated: true) { outcome in
      outcomes.completion("2")(outcome)
      presenter.finishers[0]()
      presenter.finishers[0]()
    }
    model.content = ["x"]
    model.endLoading(animated: true, completion: outcomes.completion("3"))
    XCTAssertEqual(outcomes.log.map(\.label), ["2", "1"])
    XCTAssertEqual(outcomes["1"], [.presented])
    XCTAssertEqual(outcomes["2"], [.superseded])
    XCTAssertEqual(presenter.presentations.map(\.state.kind), [.loading, .content])
    presenter.finishers[1]()
    XCTAssertEqual(outcomes["3"], [.presented])
    XCTAssertEqual(model.stateMachine.presentedState, .content)
    XCTAssertEqual(model.stateMachine.lastState, .loading)
  }

  /// Finishes synchronously after making a re-entrant request, and twice.
  func test_finish_synchronouslyAfterReentrantRequest() {
    let presenter = Holder()
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    var didReenter = false
    presenter.onPresent = { [unowned model] presentation, finished in
      if !didReenter {
        didReenter = true
        model.endLoading(animated: true, completion: outcomes.completion("inner"))
        XCTAssertEqual(model.currentState, .empty)
      }
      finished()
      finished()
    }
    model.startLoading(animated: true, completion: outcomes.completion("outer"))
    XCTAssertEqual(outcomes["outer"], [.presented])
    XCTAssertEqual(outcomes["inner"], [.presented])
    XCTAssertEqual(presenter.presentations.map(\.state.kind), [.loading, .empty])
    XCTAssertEqual(model.stateMachine.presentedState, .empty)
    XCTAssertFalse(model.stateMachine.isPresenting)
  }

  /// Finishes synchronously *before* making a re-entrant request, then calls finished again.
  func test_finish_synchronouslyThenRequestThenFinishAgain() {
    let presenter = Holder()
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    var n = 0
    presenter.onPresent = { [unowned model] _, finished in
      n += 1
      finished()
      if n == 1 { model.endLoading(animated: true, completion: outcomes.completion("inner")) }
      finished()
    }
    model.startLoading(animated: true, completion: outcomes.completion("outer"))
    XCTAssertEqual(outcomes.log.map(\.label), ["outer", "inner"])
    XCTAssertEqual(outcomes.outcomes, [.presented, .presented])
    XCTAssertEqual(presenter.presentations.map(\.state.kind), [.loading, .empty])
    XCTAssertEqual(model.stateMachine.presentedState, .empty)
  }

  /// Replacing the presenter from inside `present`, for each combination of kinds, then calling
  /// the old closure late.
  func test_replacePresenterInsidePresent_allCombinations() {
    enum Kind { case async, asyncFinishing, sync, none }
    for from in [Kind.async, .asyncFinishing, .sync] {
      for to in [Kind.async, .asyncFinishing, .sync, .none] {
        let label = "\(from)->\(to)"
        let outcomes = OutcomeRecorder()
        let asyncTarget = Holder()
        let syncTarget = SyncRecorder()
        let machineBox = Box<ContentStateMachine>()
        func target(_ k: Kind) -> (any Presenter)? {
          switch k {
          case .async, .asyncFinishing:
            if k == .asyncFinishing { asyncTarget.onPresent = { _, f in f() } }
            return asyncTarget
          case .sync: return syncTarget
          case .none: return nil
          }
        }
        let first: any Presenter
        var stored: [() -> Void] = []
        var replaced = false
        switch from {
        case .sync:
          let p = SyncRecorder()
          p.onPresent = { _ in
            if !replaced {
              replaced = true
              machineBox.value?.presenter = target(to)
            }
          }
          first = p
        default:
          let p = Holder()
          p.onPresent = { _, f in
            stored.append(f)
            if !replaced {
              replaced = true
              machineBox.value?.presenter = target(to)
            }
            if from == .asyncFinishing { f() }
          }
          first = p
        }
        let model = TestModel(presenter: first)
        machineBox.value = model.stateMachine
        model.startLoading(animated: true, completion: outcomes.completion("1"))
        XCTAssertEqual(outcomes["1"], [.presented], label)
        XCTAssertEqual(model.stateMachine.presentedState, .loading, label)
        model.endLoading(animated: true, completion: outcomes.completion("2"))
        stored.forEach { $0() }  // stale
        if to == .async { asyncTarget.finishers.forEach { $0() } }
        stored.forEach { $0() }
        XCTAssertEqual(outcomes["2"], [.presented], label)
        XCTAssertEqual(model.stateMachine.presentedState, .empty, label)
        switch to {
        case .async, .asyncFinishing:
          XCTAssertEqual(asyncTarget.presentations.map(\.state.kind), [.empty], label)
        case .sync:
          XCTAssertEqual(syncTarget.presentations.map(\.state.kind), [.empty], label)
        case .none: break
        }
        XCTAssertEqual(outcomes.log.count, 2, label)
      }
    }
  }

  /// A pending presentation, then the presenter is replaced, and the *old* presenter's closure
  /// is called while the new presenter holds its own presentation.
  func test_oldPresentersClosure_afterReplacement_doesNotFinishNewOne() {
    let a = Holder()
    let b = Holder()
    let model = TestModel(presenter: a)
    let outcomes = OutcomeRecorder()
    model.startLoading(animated: true, completion: outcomes.completion("1"))
    model.stateMachine.presenter = b  // counts #1 finished
    XCTAssertEqual(outcomes["1"], [.presented])
    model.endLoading(animated: true, completion: outcomes.completion("2"))
    XCTAssertEqual(b.presentations.count, 1)
    a.finishers.forEach { $0() }
    XCTAssertEqual(outcomes["2"], [], "a's closure must not finish b's presentation")
    b.finishers.forEach { $0() }
    XCTAssertEqual(outcomes["2"], [.presented])
  }

  /// Two machines share one presenter: one machine's closure must not finish the other's.
  func test_twoMachines_sharedPresenter_crossCalls() {
    let presenter = Holder()
    let m1 = TestModel(presenter: presenter)
    let m2 = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    m1.startLoading(animated: true, completion: outcomes.completion("m1"))
    m2.startLoading(animated: true, completion: outcomes.completion("m2"))
    presenter.finishers[0]()
    XCTAssertEqual(outcomes["m1"], [.presented])
    XCTAssertEqual(outcomes["m2"], [])
    presenter.finishers[1]()
    XCTAssertEqual(outcomes["m2"], [.presented])
  }

  /// The presenter finishes late and the completion releases the adopter: no crash, no leak.
  func test_lateFinish_completionReleasesTheAdopter() {
    let presenter = Holder()
    weak var weakModel: TestModel?
    weak var weakMachine: ContentStateMachine?
    let outcomes = OutcomeRecorder()
    do {
      var model: TestModel? = TestModel(presenter: presenter)
      weakModel = model
      weakMachine = model?.stateMachine
      model?.startLoading(animated: true) { outcome in
        outcomes.completion("1")(outcome)
        model = nil
      }
      model?.endLoading(animated: true, completion: outcomes.completion("2"))
    }
    XCTAssertNotNil(weakModel)
    presenter.finishers[0]()
    XCTAssertNil(weakModel)
    XCTAssertNil(weakMachine)
    XCTAssertEqual(outcomes["1"], [.presented])
    XCTAssertEqual(outcomes["2"], [.cancelled])
    presenter.finishers.forEach { $0() }
    XCTAssertEqual(outcomes.log.count, 2)
  }

  /// A synchronous presenter whose `present` releases the last reference to the adopter.
  func test_syncPresenter_releasesAdopterInsidePresent() {
    let presenter = SyncRecorder()
    let outcomes = OutcomeRecorder()
    weak var weakMachine: ContentStateMachine?
    var model: TestModel? = TestModel(presenter: presenter)
    weakMachine = model?.stateMachine
    presenter.onPresent = { _ in model = nil }
    model?.startLoading(completion: outcomes.completion("1"))
    XCTAssertNil(weakMachine)
    XCTAssertEqual(outcomes.log.count, 1, "\(outcomes.log)")
  }

  /// The presenter finishes late and the completion of the *waiting* request releases the model.
  func test_lateFinish_withWaitingRequest_completionReleasesAdopter() {
    let presenter = RecordingPresenter(finishing: .manuallyAlways)
    let outcomes = OutcomeRecorder()
    weak var weakMachine: ContentStateMachine?
    do {
      var model: TestModel? = TestModel(presenter: presenter)
      weakMachine = model?.stateMachine
      model?.startLoading(animated: true, completion: outcomes.completion("1"))
      model?.endLoading(animated: true) { outcome in
        outcomes.completion("2")(outcome)
        model = nil
      }
      model?.startLoading(animated: true, completion: outcomes.completion("3"))
    }
    // 2 is superseded by 3 at once → model released already.
    XCTAssertNil(weakMachine)
    presenter.finishAll()
    XCTAssertEqual(outcomes["1"], [.cancelled])
    XCTAssertEqual(outcomes["2"], [.superseded])
    XCTAssertEqual(outcomes["3"], [.cancelled])
  }

  /// A nil presenter: everything completes at once.
  func test_nilPresenter() {
    let model = TestModel(presenter: nil)
    let outcomes = OutcomeRecorder()
    model.startLoading(animated: true, completion: outcomes.completion("1"))
    model.endLoading(animated: true, completion: outcomes.completion("2"))
    model.endLoading(animated: true, completion: outcomes.completion("3"))
    XCTAssertEqual(outcomes.outcomes, [.presented, .presented, .unchanged])
    XCTAssertEqual(model.stateMachine.presentedState, .empty)
    XCTAssertEqual(model.stateMachine.lastState, .loading)
  }

  /// Random hooks of many shapes (drawn from a small pool so bit-identical values recur),
  /// registered placeholders, insets, progress and attempts: every presentation of loading or
  /// empty must carry exactly what the hook returned for it, with the matching insets.
  func test_fuzz_cacheNeverStale() throws {
    var rng = SystemRandomNumberGenerator()
    let pool: [() -> any Placeholder] = [
      { Padded(a: 1, b: 2) }, { Padded(a: 2, b: 2) }, { Zero() },
      { TwentyFour(a: 1, b: 2, c: 3) }, { TwentyFour(a: 1, b: 2, c: 4) },
      { TwentyFive(a: 1, b: 2, c: 3, d: 4) }, { TwentyFive(a: 1, b: 2, c: 3, d: 5) },
      { Payload.a(1) }, { Payload.b(1) }, { Payload.d }, { Payload.c("x") },
      { StandardPlaceholder(title: "s1") }, { StandardPlaceholder(title: "s2") },
    ]
    let sharedValues: [any Placeholder] = pool.map { $0() }
    var checked = 0
    defer { XCTAssertGreaterThan(checked, 1000, "the fuzz checked too few presentations") }
    for round in 0..<300 {
      let presenter = SyncRecorder()
      let model = HookModel(presenter: presenter)
      var lastHook: String? = nil
      var hostInsets = EdgeInsets.zero
      model.hostInsets = { hostInsets }
      func pick() -> any Placeholder {
        // Either a fresh value or one shared existential (same box/bits every time).
        Bool.random(using: &rng)
          ? pool.randomElement(using: &rng)!() : sharedValues.randomElement(using: &rng)!
      }
      var loadingChoice: (any Placeholder)? = nil
      var emptyChoice: (any Placeholder)? = nil
      model.loading = {
        let p = loadingChoice
        lastHook = p.map(describe)
        return p ?? StandardPlaceholder.loading
      }
      model.empty = {
        let p = emptyChoice
        lastHook = p.map(describe)
        return p ?? StandardPlaceholder.empty
      }
      var lastHookInsets = EdgeInsets.zero
      for step in 0..<60 {
        let before = presenter.presentations.count
        lastHook = nil
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: model.startLoading()
        case 1: model.endLoading(animated: false)
        case 2: model.updateLoadingProgress(Double(Int.random(in: 0...2, using: &rng)) / 2)
        case 3: loadingChoice = Bool.random(using: &rng) ? pick() : nil
        case 4: emptyChoice = Bool.random(using: &rng) ? pick() : nil
        case 5:
          hostInsets = EdgeInsets(top: Double(Int.random(in: 0...1, using: &rng)))
          model.transitionToDecidedState(animated: false)
        case 6:
          model.stateMachine.recordLoadAttempt(Int.random(in: 1...2, using: &rng))
          model.transitionToDecidedState(animated: false)
        case 7:
          let kind: ContentState.Kind = Bool.random(using: &rng) ? .loading : .empty
          try model.setPlaceholder(Bool.random(using: &rng) ? pick() : nil, for: kind)
        case 8: model.content = Bool.random(using: &rng) ? ["x"] : []
        default:
          // Force a re-presentation through another state.
          model.content = []
          model.endLoading(animated: false, error: TestError())
          model.transitionToDecidedState(animated: false)
        }
        guard presenter.presentations.count > before, let last = presenter.presentations.last,
          last.state.kind == .loading || last.state.kind == .empty,
          let hook = lastHook
        else { continue }
        lastHookInsets = hostInsets
        checked += 1
        let desc = presenter.described.last!
        XCTAssertEqual(desc, hook, "round \(round) step \(step)")
        XCTAssertEqual(last.insets.top, lastHookInsets.top, "round \(round) step \(step)")
        XCTAssertEqual(
          last.attempt, last.state.kind == .loading ? model.stateMachine.loadAttempt : 1)
        if case .loading(let p) = last.state {
          XCTAssertEqual(p, model.stateMachine.progress, "round \(round) step \(step)")
        }
        if (testRun?.failureCount ?? 0) > 0 { return }
      }
    }
  }

  /// Random operations against a shadow of what the presenter last received.
  func test_fuzz_presenterLastReceivedMatchesPresentedState() {
    var rng = SystemRandomNumberGenerator()
    for round in 0..<200 {
      let asyncP = Holder()
      let syncP = SyncRecorder()
      let model = HookModel(presenter: asyncP)
      let machine = model.stateMachine
      var lastReceived: Presentation? = nil
      var lastPresenterObject: AnyObject? = asyncP
      asyncP.onPresent = { p, _ in lastReceived = p }
      syncP.onPresent = { p in lastReceived = p }
      var completions = 0
      var expectedCompletions = 0
      var heldFinishers: [() -> Void] = []
      for _ in 0..<40 {
        let op = Int.random(in: 0..<12, using: &rng)
        switch op {
        case 0:
          expectedCompletions += 1
          model.startLoading(animated: Bool.random(using: &rng)) { _ in completions += 1 }
        case 1:
          expectedCompletions += 1
          model.endLoading(animated: Bool.random(using: &rng)) { _ in completions += 1 }
        case 2: model.updateLoadingProgress(Double.random(in: 0...1, using: &rng))
        case 3: model.content = Bool.random(using: &rng) ? ["x"] : []
        case 4:
          let f = asyncP.finishers
          heldFinishers += f
          asyncP.finishers.removeAll()
          f.forEach { $0() }
        case 5: heldFinishers.shuffled(using: &rng).prefix(2).forEach { $0() }
        case 6:
          machine.presenter = syncP
          lastPresenterObject = syncP
        case 7:
          machine.presenter = asyncP
          lastPresenterObject = asyncP
        case 8:
          let v = Int.random(in: 0..<3, using: &rng)
          model.loading = { Padded(a: UInt8(v), b: 0) }
        case 9:
          let v = UInt8.random(in: 0..<2, using: &rng)
          try? model.setPlaceholder(Padded(a: v, b: 1), for: .empty)
        case 10: machine.cancelPendingTransitions()
        default:
          let v = Double(Int.random(in: 0..<2, using: &rng))
          model.hostInsets = { EdgeInsets(top: v) }
        }
      }
      // Drain.
      machine.presenter = syncP
      _ = lastPresenterObject
      heldFinishers.forEach { $0() }
      asyncP.finishers.forEach { $0() }
      model.transitionToDecidedState(animated: false)
      XCTAssertFalse(machine.isPresenting, "round \(round)")
      XCTAssertEqual(completions, expectedCompletions, "round \(round)")
      XCTAssertEqual(machine.presentedState, machine.requestedState, "round \(round)")
      if let lastReceived {
        // What the presenter last received must be the presented presentation (unless the
        // presenter was replaced mid-flight, which counts the in-flight one as presented).
        XCTAssertEqual(
          lastReceived.state.kind, machine.presentedState.kind, "round \(round)")
      }
    }
  }

  // MARK: 3. Observation

  func test_observation_valuesReadAfterChanges() {
    let model = TestModel(presenter: RecordingPresenter())
    let machine = model.stateMachine
    model.startLoading()
    model.endLoading(animated: false)
    let seen = Cell<[String]>([])
    let m = Unchecked(machine)
    func track() {
      withObservationTracking {
        _ = m.value.presentedState
        _ = m.value.requestedState
      } onChange: {
        seen.value.append("change")
      }
    }
    track()
    model.startLoading()
    XCTAssertEqual(seen.value.count, 1)
    XCTAssertEqual(machine.presentedState, .loading)
    XCTAssertEqual(machine.lastState, .empty)
    XCTAssertEqual(machine.requestedState, .loading)
    track()
    model.endLoading(animated: false)
    XCTAssertEqual(seen.value.count, 2)
    XCTAssertEqual(machine.presentedState, .empty)
    XCTAssertEqual(machine.lastState, .loading)
  }

  /// In the willSet-time onChange of presentedState, lastState must not already be the new
  /// state: observers read presentedState (old) and lastState together.
  func test_observation_lastStateSeenInOnChange() {
    let model = TestModel(presenter: RecordingPresenter())
    let m = Unchecked(model.stateMachine)
    model.startLoading()
    let seenLast = Cell<ContentState?>(nil)
    let seenPresented = Cell<ContentState?>(nil)
    withObservationTracking {
      _ = m.value.presentedState
    } onChange: {
      seenLast.value = m.value.lastState
      seenPresented.value = m.value.presentedState
    }
    model.endLoading(animated: false)
    XCTAssertEqual(seenPresented.value, .loading)
    // Before the speed-up (00e161d) this read .loading (lastState's value after the change).
    XCTAssertEqual(
      seenLast.value, .loading, "lastState while notified: \(String(describing: seenLast.value))")
  }

  /// A model with a recording presenter and an outcome recorder, also wrapped for use in
  /// observation change handlers.
  private func observedModel() -> (
    RecordingPresenter, TestModel, OutcomeRecorder, Unchecked<TestModel>,
    Unchecked<OutcomeRecorder>
  ) {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    return (presenter, model, outcomes, Unchecked(model), Unchecked(outcomes))
  }

  /// An observer of presentedState requests a new state from its change handler.
  func test_observation_requestFromChangeHandler() {
    let (presenter, model, outcomes, mo, oc) = observedModel()
    let machine = model.stateMachine
    let fired = Cell(false)
    withObservationTracking {
      _ = mo.value.stateMachine.presentedState
    } onChange: {
      fired.value = true
      mo.value.content = ["x"]
      mo.value.endLoading(animated: false, completion: oc.value.completion("observer"))
      XCTAssertEqual(mo.value.currentState, .content)
    }
    model.startLoading(completion: outcomes.completion("start"))
    XCTAssertTrue(fired.value)
    XCTAssertEqual(outcomes.log.map(\.label), ["start", "observer"])
    XCTAssertEqual(machine.presentedState, .content)
    XCTAssertEqual(machine.requestedState, .content)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
    XCTAssertEqual(machine.lastState, .loading)
  }

  /// An observer of requestedState makes a request while notified.
  func test_observation_requestFromRequestedStateHandler() {
    let (presenter, model, outcomes, mo, oc) = observedModel()
    let machine = model.stateMachine
    let once = Cell(false)
    withObservationTracking {
      _ = mo.value.stateMachine.requestedState
    } onChange: {
      // Observation calls onChange again for a mutation made from inside it (it cancels the
      // tracking only afterwards): act once.
      guard oc.value.log.isEmpty, !once.value else { return }
      once.value = true
      mo.value.endLoading(animated: false, completion: oc.value.completion("observer"))
    }
    model.startLoading(completion: outcomes.completion("start"))
    XCTAssertEqual(outcomes["start"], [.superseded], "\(outcomes.log)")
    XCTAssertEqual(outcomes["observer"], [.presented], "\(outcomes.log)")
    XCTAssertEqual(machine.presentedState, .empty)
    XCTAssertEqual(presenter.presentedKinds, [.empty])
  }

  /// Observation turned on after many unobserved transitions, on each property.
  func test_observation_lateStart_allProperties() {
    let model = TestModel(presenter: SyncRecorder())
    let m = Unchecked(model.stateMachine)
    for _ in 0..<3 {
      model.startLoading()
      model.endLoading(animated: false)
    }
    let fired = Cell<[String]>([])
    func track(_ label: String, _ read: @escaping () -> Void) {
      withObservationTracking(read) { fired.value.append(label) }
    }
    track("isLoading") { _ = m.value.isLoading }
    track("progress") { _ = m.value.progress }
    track("attempt") { _ = m.value.loadAttempt }
    track("refresh") { _ = m.value.isRefreshing }
    track("presented") { _ = m.value.presentedState }
    track("requested") { _ = m.value.requestedState }
    model.startLoading()
    model.updateLoadingProgress(0.5)
    XCTAssertEqual(
      Set(fired.value), ["isLoading", "progress", "presented", "requested"], "\(fired.value)")
    fired.value.removeAll()
    track("progress") { _ = m.value.progress }
    model.updateLoadingProgress(0.75)
    XCTAssertEqual(fired.value, ["progress"])
  }

  func test_stateChanges_startedLate_reportRealFromState() async {
    let model = TestModel(presenter: SyncRecorder())
    model.startLoading()
    model.endLoading(animated: false)
    let stream = model.stateMachine.stateChanges()
    let task = Task {
      var got: [String] = []
      for await change in stream {
        got.append("\(change.from.kind)->\(change.to.kind)")
        if got.count == 3 { break }
      }
      return got
    }
    // Give the consumer no chance to start: changes are buffered.
    model.startLoading()
    model.updateLoadingProgress(0.5)
    model.endLoading(animated: false)
    let got = await task.value
    XCTAssertEqual(got, ["empty->loading", "loading->loading", "loading->empty"])
  }

  func test_stateChanges_secondStreamAfterFirstEnded() async {
    let model = TestModel(presenter: SyncRecorder())
    let machine = model.stateMachine
    do {
      let stream = machine.stateChanges()
      let task = Task {
        for await _ in stream { break }
      }
      model.startLoading()
      await task.value
    }
    let stream2 = machine.stateChanges()
    let task2 = Task { () -> String? in
      for await change in stream2 { return "\(change.from.kind)->\(change.to.kind)" }
      return nil
    }
    model.endLoading(animated: false)
    let got = await task2.value
    XCTAssertEqual(got, "loading->empty")
  }
}

private final class Box<T: AnyObject> { weak var value: T? }
private final class Cell<T>: @unchecked Sendable {
  var value: T
  init(_ value: T) { self.value = value }
}
private struct Unchecked<T>: @unchecked Sendable {
  let value: T
  init(_ value: T) { self.value = value }
}

extension ContentState {
  fileprivate var progressValue: Double? {
    if case .loading(let p) = self { p } else { nil }
  }
}
