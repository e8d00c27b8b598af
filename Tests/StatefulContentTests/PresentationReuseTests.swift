import StatefulContent
import StatefulContentTesting
import XCTest

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
}
