import StatefulContent
import StatefulContentTesting
import XCTest

/// An error can become a custom state, with no error placeholder presented first.
@MainActor
final class ErrorStateTests: XCTestCase {
  private struct Offline: Error {}

  /// A feed that shows its "offline" state for `Offline`.
  private final class Feed: StatefulContent {
    let stateMachine: ContentStateMachine
    var content: [String] = []

    init(presenter: RecordingPresenter) {
      stateMachine = ContentStateMachine(presenter: presenter, clock: ManualClock())
      stateMachine.loadingPolicy = .immediate
      try? stateMachine.setPlaceholder(
        StandardPlaceholder(title: "You're offline"), for: .custom(.noNetwork))
    }

    func customState(for error: any Error) -> CustomStateKey? {
      error is Offline ? .noNetwork : nil
    }
  }

  func test_aHookMappingAnError_showsTheCustomState_withoutTheErrorFirst() async {
    let presenter = RecordingPresenter()
    let feed = Feed(presenter: presenter)
    let outcome = await feed.load(into: \.content) { _ in throw Offline() }
    XCTAssertEqual(outcome.error is Offline, true, "the load still failed")
    XCTAssertEqual(feed.currentState, .custom(.noNetwork))
    XCTAssertEqual(presenter.presentedKinds, [.loading, .custom(.noNetwork)], "no error flash")
    feed.startLoading()
    feed.endLoading(animated: false, error: Offline())
    XCTAssertEqual(feed.currentState, .custom(.noNetwork), "the category API too")
    feed.startLoading()
    feed.endLoading(animated: false, error: TestError("other"))
    XCTAssertEqual(feed.currentState.kind, .error, "other errors stay errors")
  }

  func test_anOperationThrowingCustomStateError_showsThatState() async {
    let presenter = RecordingPresenter()
    let model = TestModel(machine: ContentStateMachine(presenter: presenter, clock: ManualClock()))
    model.stateMachine.loadingPolicy = .immediate
    try? model.setPlaceholder(StandardPlaceholder(title: "Maintenance"), for: .custom(.down))
    await model.load(into: \.content) { _ in throw CustomStateError(.down) }
    XCTAssertEqual(model.currentState, .custom(.down))
    XCTAssertEqual(presenter.presentedKinds, [.loading, .custom(.down)])
  }

  func test_aMappedErrorWithContent_keepsTheContent_andIsReportedOnce() async {
    let presenter = RecordingPresenter()
    let feed = Feed(presenter: presenter)
    feed.content = ["cached"]
    await feed.load(into: \.content) { _ in throw Offline() }
    XCTAssertEqual(feed.currentState, .content, "content wins (rule 2)")
  }

  func test_aStateWithoutAPlaceholder_fallsBackToTheErrorPlaceholder() async {
    let presenter = RecordingPresenter()
    let model = TestModel(machine: ContentStateMachine(presenter: presenter, clock: ManualClock()))
    await model.load(into: \.content) { _ in throw CustomStateError(.down) }
    XCTAssertEqual(model.currentState.kind, .error, "documented fallback: no placeholder for it")
  }
}

extension CustomStateKey {
  fileprivate static let noNetwork = CustomStateKey("no network")
  fileprivate static let down = CustomStateKey("down")
}
