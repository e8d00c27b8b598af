import StatefulContent
import StatefulContentTesting
import XCTest

final class StatefulContentTests: XCTestCase {
  /// The default `hasContent` is deprecated (the compiler warns an adopter that gets it), so
  /// this test, which checks it, is deprecated too: that silences the warning here.
  @available(*, deprecated)
  func test_hasContent_defaultsToFalse_andFollowsACollectionContent() {
    @available(*, deprecated)
    final class Plain: StatefulContent {
      let stateMachine = ContentStateMachine()
    }
    XCTAssertFalse(Plain().hasContent)
    let model = TestModel()
    XCTAssertFalse(model.hasContent)
    model.content = ["x"]
    XCTAssertTrue(model.hasContent)
  }

  func test_setupInitialState_beforeAnyLoad_staysIdle_noEmptyFlash() {  // rule 6
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    model.setupInitialState(completion: outcomes.completion("setup"))
    XCTAssertEqual(model.currentState, .idle)
    XCTAssertEqual(outcomes["setup"], [.unchanged])
    XCTAssertTrue(presenter.records.isEmpty)
    model.startLoading()
    XCTAssertEqual(presenter.presentedKinds, [.loading], "loading is the first thing shown")
  }

  func test_setupInitialState_withContent_showsContent() {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    model.content = ["x"]
    model.setupInitialState()
    XCTAssertEqual(presenter.presentedKinds, [.content])
  }

  func test_setupInitialState_onReappearance_keepsTheRealError_andReportsNothingTwice() {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    model.startLoading()
    model.endLoading(error: TestError("offline"))
    model.setupInitialState()
    XCTAssertEqual(model.currentState.error as? TestError, TestError("offline"))
    model.content = ["cached"]
    model.endLoading(error: TestError("stale"))
    model.setupInitialState()
    XCTAssertEqual(model.reportedErrors, ["stale"])
  }

  func test_endLoading_withContentAndError_keepsContentAndCallsHookOnce() {  // rule 2
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    model.content = ["a"]
    model.startLoading()
    XCTAssertEqual(model.currentState, .content)
    XCTAssertTrue(model.stateMachine.isRefreshing)
    model.endLoading(error: TestError("timeout"))
    XCTAssertEqual(model.currentState, .content)
    XCTAssertFalse(model.stateMachine.isRefreshing)
    XCTAssertEqual(model.reportedErrors, ["timeout"])
    XCTAssertTrue(model.configuredErrors.isEmpty, "no error placeholder over content")
  }

  func test_endLoading_withErrorAndNoContent_showsTheRealErrorInThePlaceholder() throws {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    model.startLoading()
    model.endLoading(error: TestError("disk full"))
    XCTAssertEqual(model.currentState.error as? TestError, TestError("disk full"))
    let placeholder = try XCTUnwrap(
      presenter.lastPresentation?.placeholder as? StandardPlaceholder)
    XCTAssertEqual(placeholder.message, "Configured: disk full")
    XCTAssertEqual(placeholder.actions, [.retry])
    XCTAssertEqual(model.configuredErrors, ["disk full"])
  }

  func test_builtInErrorPlaceholder_describesTheError() throws {
    final class Plain: StatefulContent {
      let stateMachine: ContentStateMachine
      var hasContent: Bool { false }
      init(_ presenter: RecordingPresenter) {
        stateMachine = ContentStateMachine(presenter: presenter)
      }
    }
    let presenter = RecordingPresenter()
    Plain(presenter).endLoading(error: TestError("no route"))
    let placeholder = try XCTUnwrap(
      presenter.lastPresentation?.placeholder as? StandardPlaceholder)
    XCTAssertEqual(placeholder.message, "no route")
  }

  func test_loadingProgress_reachesThePlaceholder_clamped() throws {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    model.startLoading()
    model.updateLoadingProgress(0.5)
    model.updateLoadingProgress(0.5)  // no change, no presentation
    model.updateLoadingProgress(3)
    model.updateLoadingProgress(.nan)  // no information: ignored
    model.updateLoadingProgress(-.infinity)  // no information: ignored
    XCTAssertEqual(model.stateMachine.progress, 1, "reports without information are ignored")
    model.updateLoadingProgress(nil)  // unknown again
    let progresses = presenter.records.map {
      ($0.presentation.placeholder as? StandardPlaceholder)?.progress
    }
    XCTAssertEqual(progresses, [nil, 0.5, 1, nil])
    XCTAssertEqual(presenter.records.map(\.presentation.state.progress), [nil, 0.5, 1, nil])
    model.endLoading()
    model.updateLoadingProgress(0.2)  // outside a load: ignored
    XCTAssertEqual(presenter.presentedKinds.last, .empty)
  }

  func test_refreshWithContent_progressPlaceholderAndInsetChanges_neverPresentLoading() throws {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    model.content = ["old"]
    model.startLoading()
    XCTAssertEqual(model.currentState, .content)
    XCTAssertTrue(model.stateMachine.isRefreshing)
    // The adopter clears its data before the new page arrives, and reports progress.
    model.content = []
    model.updateLoadingProgress(0.3)
    try model.setPlaceholder(StandardPlaceholder(title: "Fetching"), for: .loading)
    model.hostInsets = EdgeInsets(top: 20)
    model.updateLoadingProgress(0.6)
    XCTAssertEqual(model.currentState, .content, "progress never decides the state again")
    XCTAssertTrue(model.stateMachine.isRefreshing)
    XCTAssertEqual(presenter.presentedKinds, [.content, .content, .content])
    XCTAssertEqual(presenter.records.map(\.presentation.progress), [nil, 0.3, 0.6])
    model.content = ["new"]
    model.endLoading()
    XCTAssertEqual(presenter.presentedKinds, [.content, .content, .content, .content])
    XCTAssertEqual(presenter.lastPresentation?.isRefreshing, false)
  }

  func test_insets_hostPlusPlaceholder_invalidDistancesFallBackToZero() throws {  // I7
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    model.hostInsets = EdgeInsets(top: 10, leading: -5, bottom: .nan, trailing: .infinity)
    try model.stateMachine.setPlaceholder(
      StandardPlaceholder(title: "Empty", insets: EdgeInsets(top: 1, leading: 2, bottom: -3)),
      for: .empty)
    model.endLoading()
    XCTAssertEqual(
      presenter.lastPresentation?.insets, EdgeInsets(top: 11, leading: 2, bottom: 0, trailing: 0))
    XCTAssertThrowsError(try EdgeInsets(top: -1).validated()) { error in
      XCTAssertEqual(error as? StateMachineError, .invalidInsets(EdgeInsets(top: -1)))
    }
    XCTAssertEqual(try EdgeInsets(all: 4).validated(), EdgeInsets(all: 4))
  }

  func test_insets_hostPlusPlaceholderBeyondTheLargestFinite_saturateInsteadOfCollapsing() throws {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    model.hostInsets = EdgeInsets(top: .greatestFiniteMagnitude)
    try model.setPlaceholder(
      StandardPlaceholder(title: "x", insets: EdgeInsets(top: .greatestFiniteMagnitude)),
      for: .empty)
    model.endLoading()
    XCTAssertEqual(presenter.lastPresentation?.insets.top, .greatestFiniteMagnitude)
  }

  func test_customState_withoutPlaceholder_throwsTypedError_andChangesNothing() {  // I7
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    XCTAssertThrowsError(
      try model.showCustomState(.offline, completion: outcomes.completion("x"))
    ) { error in
      XCTAssertEqual(error as? StateMachineError, .missingPlaceholder(.offline))
    }
    XCTAssertEqual(model.currentState, .idle)
    XCTAssertTrue(presenter.records.isEmpty)
    XCTAssertTrue(outcomes.log.isEmpty)
  }

  func test_customState_withPlaceholder_isPresented_untilTheNextLoad() throws {
    let presenter = RecordingPresenter()
    let model = TestModel(presenter: presenter)
    try model.showCustomState(.offline, placeholder: StandardPlaceholder(title: "Offline"))
    XCTAssertEqual(model.currentState, .custom(.offline))
    XCTAssertEqual(presenter.presentedKinds, [.custom(.offline)])
    model.startLoading()
    XCTAssertEqual(presenter.presentedKinds, [.custom(.offline), .loading])
  }

  func test_placeholderForIdleOrContent_isATypedError() {  // I7
    let machine = ContentStateMachine()
    XCTAssertThrowsError(try machine.setPlaceholder(StandardPlaceholder.empty, for: .content)) {
      XCTAssertEqual($0 as? StateMachineError, .stateHasNoPlaceholder(.content))
    }
    XCTAssertThrowsError(try machine.setPlaceholder(StandardPlaceholder.empty, for: .idle))
  }

  func test_standardPlaceholder_clampsProgress() {
    var placeholder = StandardPlaceholder(title: "t", progress: 1.5)
    XCTAssertEqual(placeholder.progress, 1)
    placeholder.progress = -0.5
    XCTAssertEqual(placeholder.progress, 0)
    placeholder.progress = .nan
    XCTAssertNil(placeholder.progress)
    XCTAssertEqual(StandardPlaceholder(title: "A", message: "B").accessibilityAnnouncement, "A. B")
  }
}

extension CustomStateKey {
  static let offline = CustomStateKey("offline")
}
