import StatefulContentTesting
import XCTest

@testable import StatefulContent

/// The machine reuses the presentation it built last for loading, empty or content when a
/// request would build the very same one. These tests make sure reuse never shows anything
/// stale: every change of placeholder, message, insets, progress or refresh is presented.
final class PresentationReuseTests: XCTestCase {
  /// A placeholder small enough to live inside an existential's inline buffer.
  private struct Tiny: Placeholder, Equatable {
    var number: Int
  }

  /// A placeholder that is a class: the same instance is the same placeholder.
  private final class Shared: Placeholder, @unchecked Sendable {
    var title = "first"
  }

  /// An adopter whose hooks build a new placeholder for every presentation.
  private final class Counting: StatefulContent {
    let stateMachine: ContentStateMachine
    var hasContent: Bool { false }
    var emptyCount = 0
    var loadingNumber = 0
    var emptyInsets = EdgeInsets.zero

    init(presenter: RecordingPresenter) {
      stateMachine = ContentStateMachine(presenter: presenter)
    }

    func configureEmptyPlaceholder(_ placeholder: any Placeholder) -> any Placeholder {
      emptyCount += 1
      var standard = placeholder as? StandardPlaceholder ?? .empty
      standard.message = "empty #\(emptyCount)"
      return standard
    }

    func configureLoadingPlaceholder(_ placeholder: any Placeholder) -> any Placeholder {
      loadingNumber += 1
      return Tiny(number: loadingNumber)
    }

    func insets(for state: ContentState) -> EdgeInsets {
      state.kind == .empty ? emptyInsets : .zero
    }
  }

  func test_hooksBuildingNewPlaceholders_everyPresentationShowsTheNewOne() {
    let presenter = RecordingPresenter()
    let model = Counting(presenter: presenter)
    for _ in 0..<3 {
      model.startLoading()
      model.endLoading(animated: false)
    }
    let loadingNumbers = presenter.records.compactMap {
      ($0.presentation.placeholder as? Tiny)?.number
    }
    XCTAssertEqual(loadingNumbers, [1, 2, 3], "an inline placeholder with new bits is new")
    let messages = presenter.records.compactMap {
      ($0.presentation.placeholder as? StandardPlaceholder)?.message
    }
    XCTAssertEqual(messages, ["empty #1", "empty #2", "empty #3"])
  }

  func test_changedInsets_arePresented() {
    let presenter = RecordingPresenter()
    let model = Counting(presenter: presenter)
    model.startLoading()
    model.endLoading(animated: false)
    model.emptyInsets = EdgeInsets(top: 4, leading: 0, bottom: 0, trailing: 0)
    model.startLoading()
    model.endLoading(animated: false)
    XCTAssertEqual(presenter.records.last?.presentation.insets.top, 4)
  }

  func test_replacedPlaceholder_isPresentedAfterwards() throws {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    model.startLoading()
    model.endLoading(animated: false)
    model.startLoading()
    try model.setPlaceholder(StandardPlaceholder(title: "Nothing here"), for: .empty)
    model.endLoading(animated: false)
    let title = (presenter.records.last?.presentation.placeholder as? StandardPlaceholder)?.title
    XCTAssertEqual(title, "Nothing here")
  }

  func test_sameClassInstance_isTheSamePlaceholder_andShowsItsCurrentValues() throws {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    let shared = Shared()
    try model.setPlaceholder(shared, for: .empty)
    model.startLoading()
    model.endLoading(animated: false)
    shared.title = "second"
    model.startLoading()
    model.endLoading(animated: false)
    let last = presenter.records.last?.presentation.placeholder as? Shared
    XCTAssertTrue(last === shared)
    XCTAssertEqual(last?.title, "second")
  }

  func test_replacedPlaceholder_isNotKeptForReuse() throws {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    weak var weakShared: Shared?
    do {
      let shared = Shared()
      weakShared = shared
      try model.setPlaceholder(shared, for: .empty)
      model.endLoading(animated: false)
      model.startLoading()
    }
    try model.setPlaceholder(nil, for: .empty)
    presenter.clearRecords()
    XCTAssertNil(weakShared, "nothing keeps a placeholder the machine no longer uses")
  }

  func test_progressAndRefresh_changesArePresented() {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    model.startLoading()
    model.updateLoadingProgress(0.5)
    model.endLoading(animated: false)
    model.startLoading()
    model.updateLoadingProgress(0.25)
    let progress = presenter.records.compactMap {
      ($0.presentation.placeholder as? StandardPlaceholder)?.progress
    }
    XCTAssertEqual(progress, [0.5, 0.25])
    model.content = ["x"]
    model.endLoading(animated: false)
    model.startLoading()
    XCTAssertEqual(presenter.records.last?.presentation.state, .content)
    XCTAssertEqual(presenter.records.last?.presentation.isRefreshing, true)
    model.endLoading(animated: false)
    XCTAssertEqual(presenter.records.last?.presentation.isRefreshing, false)
  }

  // MARK: The same state again

  /// An adopter whose empty placeholder says what it was asked for.
  private final class Searching: StatefulContent {
    let stateMachine: ContentStateMachine
    var hasContent: Bool { false }
    var query = "a"
    var emptyInsets = EdgeInsets.zero

    init(presenter: RecordingPresenter) {
      stateMachine = ContentStateMachine(presenter: presenter)
    }

    func configureEmptyPlaceholder(_ placeholder: any Placeholder) -> any Placeholder {
      StandardPlaceholder(title: "No results", message: "Nothing matches \(query).")
    }

    func insets(for state: ContentState) -> EdgeInsets { emptyInsets }
  }

  func test_sameStateWithTheSamePlaceholder_completesUnchanged() {
    let presenter = RecordingPresenter()
    let model = Searching(presenter: presenter)
    let outcomes = OutcomeRecorder()
    model.endLoading(animated: false)
    model.transitionToDecidedState(animated: false, completion: outcomes.completion("again"))
    XCTAssertEqual(outcomes["again"], [.unchanged], "an equal placeholder built anew is the same")
    XCTAssertEqual(presenter.records.count, 1)
  }

  func test_sameStateWithANewMessage_isPresentedAgain() {
    let presenter = RecordingPresenter()
    let model = Searching(presenter: presenter)
    let outcomes = OutcomeRecorder()
    model.endLoading(animated: false)
    model.query = "b"
    model.transitionToDecidedState(animated: false, completion: outcomes.completion("again"))
    XCTAssertEqual(outcomes["again"], [.presented])
    let messages = presenter.records.compactMap {
      ($0.presentation.placeholder as? StandardPlaceholder)?.message
    }
    XCTAssertEqual(messages, ["Nothing matches a.", "Nothing matches b."])
  }

  func test_sameStateWithNewInsets_isPresentedAgain() {
    let presenter = RecordingPresenter()
    let model = Searching(presenter: presenter)
    let outcomes = OutcomeRecorder()
    model.endLoading(animated: false)
    model.emptyInsets = EdgeInsets(top: 8, leading: 0, bottom: 0, trailing: 0)
    model.transitionToDecidedState(animated: false, completion: outcomes.completion("again"))
    XCTAssertEqual(outcomes["again"], [.presented])
    XCTAssertEqual(presenter.records.last?.presentation.insets.top, 8)
  }

  func test_sameStateWithADistinctNonEquatablePlaceholder_isPresentedAgain() throws {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    model.endLoading(animated: false)
    try model.setPlaceholder(Shared(), for: .empty)
    let outcomes = OutcomeRecorder()
    model.transitionToDecidedState(animated: false, completion: outcomes.completion("again"))
    XCTAssertEqual(outcomes["again"], [.unchanged], "the very same instance")
    XCTAssertEqual(presenter.records.count, 2, "the replaced placeholder was presented once")
  }

  /// A placeholder too big for an existential's inline buffer, not `Equatable`.
  private struct BoxedNonEquatable: Placeholder {
    var text: String
    var more: String = "padding-to-be-boxed"
    var insets: EdgeInsets = .zero
  }

  /// A placeholder too big for an existential's inline buffer, `Equatable`.
  private struct BoxedEquatable: Placeholder, Equatable {
    var text: String
    var value: Double
    var more: String = "padding-to-be-boxed"
  }

  /// A placeholder whose `==` says no even to itself.
  private struct NeverEqual: Placeholder, Equatable {
    var text: String
    var more: String = "padding-to-be-boxed"
    var extra: String = "x"
    static func == (lhs: Self, rhs: Self) -> Bool { false }
  }

  /// A class placeholder equal to any other with the same title, subclasses included.
  private class TitledPlaceholder: Placeholder, Equatable, @unchecked Sendable {
    var title: String
    init(title: String) { self.title = title }
    static func == (lhs: TitledPlaceholder, rhs: TitledPlaceholder) -> Bool {
      lhs.title == rhs.title
    }
  }

  /// A subclass that `TitledPlaceholder`'s `==` finds equal to its base.
  private final class BadgedPlaceholder: TitledPlaceholder, @unchecked Sendable {
    var badge = "NEW"
  }

  func test_sameStateWithNaNHostInsets_completesUnchanged_withFiniteInsets() {
    let presenter = RecordingPresenter()
    let model = HookModel(presenter: presenter)
    model.empty = { StandardPlaceholder.empty }  // an equal value built anew
    model.hostInsets = { EdgeInsets(top: .nan, leading: .infinity, bottom: -.nan, trailing: 3) }
    let outcomes = OutcomeRecorder()
    model.endLoading(animated: false, completion: outcomes.completion("a"))
    for index in 0..<5 {
      model.transitionToDecidedState(animated: false, completion: outcomes.completion("r\(index)"))
    }
    XCTAssertEqual(presenter.records.count, 1)
    XCTAssertEqual(outcomes.outcomes, [.presented] + Array(repeating: .unchanged, count: 5))
    XCTAssertEqual(presenter.lastPresentation?.insets, EdgeInsets(trailing: 3))
  }

  func test_sameStateWithANewNonEquatablePlaceholderWithNaNInsets_isPresentedAgainWithZeroInsets() {
    let presenter = RecordingPresenter()
    let model = HookModel(presenter: presenter)
    model.empty = { BoxedNonEquatable(text: "a", insets: EdgeInsets(all: .nan)) }
    model.endLoading(animated: false)
    model.transitionToDecidedState(animated: false)
    // BoxedNonEquatable built anew is not identical: presented again, finitely.
    XCTAssertEqual(presenter.records.count, 2)
    XCTAssertEqual(presenter.lastPresentation?.insets, .zero)
  }

  func test_sameStateWithANewEquatablePlaceholderHoldingNaN_eachRequestCompletesOnce() {
    let presenter = RecordingPresenter()
    let model = HookModel(presenter: presenter)
    model.empty = { BoxedEquatable(text: "a", value: .nan) }
    let outcomes = OutcomeRecorder()
    model.endLoading(animated: false, completion: outcomes.completion("x"))
    model.transitionToDecidedState(animated: false, completion: outcomes.completion("x"))
    model.transitionToDecidedState(animated: false, completion: outcomes.completion("x"))
    XCTAssertEqual(outcomes.outcomes.count, 3)
    XCTAssertEqual(presenter.records.count, outcomes.outcomes.filter { $0 == .presented }.count)
  }

  func test_sameStateWithTheRegisteredNeverEqualPlaceholder_completesUnchanged() throws {
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

  /// The base's `==` says a subclass instance is equal: the presenter would keep showing the
  /// base although the subclass was asked for.
  func test_sameStateWithASubclassPlaceholderEqualToTheBase_isPresentedAgain() {
    let presenter = RecordingPresenter()
    let model = HookModel(presenter: presenter)
    var next = TitledPlaceholder(title: "t")
    model.empty = { next }
    let outcomes = OutcomeRecorder()
    model.endLoading(animated: false, completion: outcomes.completion("base"))
    next = BadgedPlaceholder(title: "t")
    model.transitionToDecidedState(animated: false, completion: outcomes.completion("sub"))
    XCTAssertEqual(outcomes["sub"], [.presented], "placeholders of two types are not the same")
    XCTAssertTrue(presenter.lastPresentation?.placeholder is BadgedPlaceholder)
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
  func test_sameStateRequestedFromPresent_withANewEqualPlaceholder_endsAtOnce() {
    XCTAssertEqual(presentations(cap: 50) { BoxedEquatable(text: "same", value: 1) }, 1)
  }

  /// The documented limit: a placeholder that is not `Equatable` and is built anew cannot be
  /// recognized as the one on screen, so every request presents it again (here bounded only by
  /// the presenter's own cap).
  func test_sameStateRequestedFromPresent_withANewNonEquatablePlaceholder_presentsEachRequest() {
    XCTAssertEqual(presentations(cap: 5) { BoxedNonEquatable(text: "same") }, 5)
  }

  func test_sameStateRequestedDuringAnAnimation_eachRequestSupersedesTheWaitingOne() {
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

  func test_sameStateFromRepeatedSetupInitialState_completesUnchanged() {
    let presenter = RecordingPresenter()
    let model = HookModel(presenter: presenter)
    model.empty = { StandardPlaceholder.empty }  // an equal value built anew
    let outcomes = OutcomeRecorder()
    for index in 0..<3 { model.setupInitialState(completion: outcomes.completion("\(index)")) }
    XCTAssertEqual(
      outcomes.outcomes, [.unchanged, .unchanged, .unchanged], "idle is presented already")
    model.endLoading(animated: false)
    for index in 0..<3 { model.setupInitialState(completion: outcomes.completion("e\(index)")) }
    XCTAssertEqual(
      outcomes["e0"] + outcomes["e1"] + outcomes["e2"], [.unchanged, .unchanged, .unchanged])
  }

  func test_sameStateWithANewErrorThatPrintsLikeTheOld_isPresentedAgain() {
    final class ServerError: Error, CustomStringConvertible, @unchecked Sendable {
      // @unchecked: immutable after init.
      let code: Int
      init(code: Int) { self.code = code }
      var description: String { "server error" }
    }
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    model.endLoading(error: ServerError(code: 500))
    model.endLoading(error: ServerError(code: 404), completion: outcomes.completion("404"))
    XCTAssertEqual(outcomes["404"], [.presented])
    XCTAssertEqual((model.currentState.error as? ServerError)?.code, 404)
    XCTAssertEqual((presenter.lastPresentation?.state.error as? ServerError)?.code, 404)
    let same = model.stateMachine.lastError
    model.setupInitialState(completion: outcomes.completion("again"))
    XCTAssertEqual(outcomes["again"], [.unchanged], "the very same error object is unchanged")
    XCTAssertTrue((model.currentState.error as AnyObject) === (same as AnyObject))
  }

  func test_progressUpdates_withACustomLoadingPlaceholder_presentOnlyChangedProgress() {
    let presenter = RecordingPresenter()
    let model = HookModel(presenter: presenter)
    model.loading = { BoxedNonEquatable(text: "loading") }
    model.startLoading()
    model.updateLoadingProgress(0.5)
    model.updateLoadingProgress(0.5)
    model.updateLoadingProgress(nil)
    model.updateLoadingProgress(nil)
    XCTAssertEqual(presenter.records.count, 3)
    XCTAssertEqual(presenter.lastPresentation?.state, model.stateMachine.presentedState)
  }

  // MARK: New values of every shape

  /// Cycles loading → empty with hooks returning a new value of the given shape each time and
  /// checks that every presentation carries the value the hook returned for it, with an
  /// asynchronous and with a synchronous presenter.
  private func assertEveryNewValueIsPresented(
    _ make: @escaping (Int) -> any Placeholder, file: StaticString = #filePath, line: UInt = #line
  ) {
    for sync in [false, true] {
      let recorder = RecordingPresenter()
      let syncRecorder = SynchronousRecorder()
      var recorded: [String] = []
      recorder.onPresent = { recorded.append(describe($0.placeholder)) }
      syncRecorder.onPresent = { recorded.append(describe($0.placeholder)) }
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
      XCTAssertEqual(recorded, expected, "sync=\(sync)", file: file, line: line)
    }
  }

  func test_reuse_newValueWithPaddingBytes_isPresented() {
    assertEveryNewValueIsPresented { PaddedPlaceholder(byte: UInt8($0), word: Int32($0 * 7)) }
  }

  func test_reuse_zeroSizedPlaceholderWithComputedValues_showsTheirCurrentValues() {
    assertEveryNewValueIsPresented { _ in
      computedCounter += 1
      return Computed()
    }
  }

  func test_reuse_zeroSizedPlaceholder_isPresentedForEachRequest() {
    assertEveryNewValueIsPresented { _ in Zero() }
  }

  func test_reuse_threeWordInlinePlaceholder_newValueIsPresented() {
    assertEveryNewValueIsPresented { ThreeWords(a: $0, b: -$0, c: $0 * 3) }
  }

  func test_reuse_placeholderOneByteTooBigToBeInline_newValueIsPresented() {
    assertEveryNewValueIsPresented { ThreeWordsAndAByte(a: 1, b: 2, c: 3, d: UInt8($0)) }
  }

  func test_reuse_boxedPlaceholder_newValueIsPresented() {
    assertEveryNewValueIsPresented { FiveWords(a: $0, b: 0, c: 0, d: 0, e: $0) }
  }

  func test_reuse_enumWithPayloads_newValueIsPresented() {
    assertEveryNewValueIsPresented { i in [Payload.a(i), .b(i), .c("s\(i)"), .d][i % 4] }
  }

  func test_reuse_newClassInstance_isPresented() {
    assertEveryNewValueIsPresented { Ref("r\($0)") }
  }

  func test_reuse_structHoldingANewClassInstance_isPresented() {
    assertEveryNewValueIsPresented { HoldsRef(ref: Ref("h\($0)")) }
  }

  func test_reuse_structHoldingAClassInstanceAndAByte_newValueIsPresented() {
    assertEveryNewValueIsPresented { HoldsRefAndByte(ref: Ref("h\($0)"), n: UInt8($0)) }
  }

  func test_reuse_sixteenByteAlignedPlaceholder_newValueIsPresented() {
    assertEveryNewValueIsPresented { Aligned16(v: SIMD4(Float($0), 0, 0, 0)) }
  }

  func test_reuse_newStandardPlaceholder_isPresented() {
    assertEveryNewValueIsPresented { StandardPlaceholder(title: "t\($0)") }
  }

  /// A shared class instance mutated between presentations: the same instance, current title.
  func test_reuse_structHoldingAMutatedSharedInstance_showsItsCurrentTitle() {
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
  func test_reuse_computedPlaceholderInsets_followEachRequest() {
    let presenter = RecordingPresenter()
    let model = HookModel(presenter: presenter)
    model.loading = { Computed() }
    var expected: [Double] = []
    for i in 0..<4 {
      computedCounter = i % 2
      expected.append(Double(i % 2))
      model.startLoading()
      model.endLoading(animated: false)
    }
    let got = presenter.records.filter { $0.presentation.state.kind == .loading }
      .map(\.presentation.insets.top)
    XCTAssertEqual(got, expected)
  }

  /// Host insets returning a different value every call.
  func test_reuse_hostInsetsChangingAtEveryCall_eachPresentationCarriesItsOwn() {
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
  func
    test_reuse_placeholderReplacedWhileRequested_everyReplacementIsPresented_evenWithEarlierBits()
    throws
  {
    for sync in [false, true] {
      let recorder = RecordingPresenter()
      let syncRecorder = SynchronousRecorder()
      let model = TestModel(presenter: sync ? syncRecorder : recorder)
      let values: [any Placeholder] = [
        PaddedPlaceholder(byte: 1, word: 1), PaddedPlaceholder(byte: 2, word: 1),
        PaddedPlaceholder(byte: 1, word: 1), Zero(), Zero(),
        ThreeWordsAndAByte(a: 0, b: 0, c: 0, d: 1), ThreeWordsAndAByte(a: 0, b: 0, c: 0, d: 2),
        FiveWords(a: 1, b: 2, c: 3, d: 4, e: 5), FiveWords(a: 1, b: 2, c: 3, d: 4, e: 6),
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

  /// The same placeholder value registered for loading, with progress and retries.
  func test_reuse_customLoadingPlaceholder_everyProgressAndAttemptChangeIsPresented() throws {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    try model.setPlaceholder(PaddedPlaceholder(byte: 9, word: 9), for: .loading)
    model.startLoading()
    model.updateLoadingProgress(0.25)
    model.updateLoadingProgress(0.5)
    model.updateLoadingProgress(0.75)
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
      presenter.records.map(\.presentation.state.progress),
      [nil, 0.25, 0.5, 0.75, 0.75, 0.75, 0.75])
  }

  func test_reuse_standardLoadingPlaceholder_retryAttemptsShowTheRetryMessage() {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    model.stateMachine.strings = .english  // the messages asserted below are English
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

  func test_reuse_repeatedRefreshes_eachStartAndEndIsPresented() {
    let presenter = SynchronousRecorder()
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

  /// Random hooks of many shapes (drawn from a small pool so bit-identical values recur),
  /// registered placeholders, insets, progress and attempts: every presentation of loading or
  /// empty must carry exactly what the hook returned for it, with the matching insets.
  func test_reuse_randomHooksAndRequests_everyPresentationCarriesWhatItsHookReturned() throws {
    var rng = SystemRandomNumberGenerator()
    let pool: [() -> any Placeholder] = [
      { PaddedPlaceholder(byte: 1, word: 2) }, { PaddedPlaceholder(byte: 2, word: 2) }, { Zero() },
      { ThreeWords(a: 1, b: 2, c: 3) }, { ThreeWords(a: 1, b: 2, c: 4) },
      { ThreeWordsAndAByte(a: 1, b: 2, c: 3, d: 4) },
      { ThreeWordsAndAByte(a: 1, b: 2, c: 3, d: 5) },
      { Payload.a(1) }, { Payload.b(1) }, { Payload.d }, { Payload.c("x") },
      { StandardPlaceholder(title: "s1") }, { StandardPlaceholder(title: "s2") },
    ]
    let sharedValues: [any Placeholder] = pool.map { $0() }
    var checked = 0
    defer { XCTAssertGreaterThan(checked, 1000, "the fuzz checked too few presentations") }
    for round in 0..<300 {
      let presenter = SynchronousRecorder()
      var described: [String] = []
      presenter.onPresent = { described.append(describe($0.placeholder)) }
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
        let desc = described.last!
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
}

// MARK: - Placeholders of many shapes

/// Zero-sized.
private struct Zero: Placeholder {}
/// 24 bytes: exactly an existential's inline buffer.
private struct ThreeWords: Placeholder { var a: Int; var b: Int; var c: Int }
/// 25 bytes: one byte too big for the inline buffer.
private struct ThreeWordsAndAByte: Placeholder { var a: Int; var b: Int; var c: Int; var d: UInt8 }
/// 40 bytes: stored in a box.
private struct FiveWords: Placeholder { var a: Int; var b: Int; var c: Int; var d: Int; var e: Int }
/// An enum with payloads of several types.
private enum Payload: Placeholder { case a(Int), b(Int), c(String), d }
/// A class: a new instance is a new placeholder.
private final class Ref: Placeholder, @unchecked Sendable {
  var title: String
  init(_ title: String) { self.title = title }
}
private struct HoldsRef: Placeholder { var ref: Ref }
private struct HoldsRefAndByte: Placeholder { var ref: Ref; var n: UInt8 }
nonisolated(unsafe) private var computedCounter = 0
/// A zero-sized placeholder whose insets and announcement follow `computedCounter`.
private struct Computed: Placeholder {
  var insets: EdgeInsets { EdgeInsets(top: Double(computedCounter)) }
  var accessibilityAnnouncement: String? { "n=\(computedCounter)" }
}
/// A placeholder aligned to 16 bytes.
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
