import StatefulContent
import StatefulContentTesting
import XCTest

// The Swift block of the Migrating article, copied exactly and run (`DocExampleCoverageTests`
// checks the copy): `.signedOut` and `Wines`.

extension CustomStateKey {
  static let signedOut = CustomStateKey("signed out")
}

final class Wines: StatefulContent {
  let stateMachine: ContentStateMachine
  var content: [String] = []  // hasContent() becomes !content.isEmpty
  var banners: [String] = []

  init(presenter: some Presenter) {
    stateMachine = ContentStateMachine(presenter: presenter)
    try? stateMachine.setPlaceholder(StandardPlaceholder(title: "No Wines"), for: .empty)
    try? stateMachine.setPlaceholder(
      StandardPlaceholder(title: "Sign in to see your cellar"), for: .custom(.signedOut))
  }

  func loaded(_ result: Result<[String], any Error>) {
    switch result {
    case .success(let wines):
      content = wines
      endLoading()
    case .failure(let error):
      endLoading(error: error)
    }
  }

  func handleErrorWhenContentsAvailable(_ error: any Error) {
    banners.append("\(error)")
  }

  func insets(for state: ContentState) -> EdgeInsets {
    EdgeInsets(top: 44)  // positive moves the placeholder inwards, below a 44-point bar
  }

  func configureErrorPlaceholder(_ placeholder: any Placeholder, error: any Error)
    -> any Placeholder
  {
    var placeholder = placeholder as? StandardPlaceholder ?? .error
    placeholder.message = "The cellar could not be read: \(error)"
    return placeholder
  }
}

final class MigratingExampleTests: XCTestCase {
  func test_wines_startAndEndLoadingShowContentOrEmpty() {
    let presenter = RecordingPresenter()
    let wines = Wines(presenter: presenter)
    wines.setupInitialState()
    XCTAssertEqual(wines.currentState, .idle)  // no empty flash before loading
    wines.startLoading()
    wines.loaded(.success([]))
    XCTAssertEqual(wines.currentState, .empty)
    XCTAssertEqual(
      (presenter.lastPresentation?.placeholder as? StandardPlaceholder)?.title, "No Wines")
    wines.startLoading()
    wines.loaded(.success(["Riesling"]))
    XCTAssertEqual(wines.currentState, .content)
    XCTAssertEqual(
      presenter.presentedKinds.drop { $0 == .idle }, [.loading, .empty, .loading, .content])
  }

  func test_wines_errorWithContentIsABannerAndWithoutIsTheConfiguredPlaceholder() {
    let presenter = RecordingPresenter()
    let wines = Wines(presenter: presenter)
    wines.startLoading()
    wines.loaded(.failure(TestError("offline")))
    XCTAssertEqual(wines.currentState.kind, .error)
    let placeholder = presenter.lastPresentation?.placeholder as? StandardPlaceholder
    XCTAssertEqual(placeholder?.message, "The cellar could not be read: offline")
    XCTAssertEqual(presenter.lastPresentation?.insets, EdgeInsets(top: 44))
    wines.content = ["Riesling"]
    wines.startLoading()
    wines.loaded(.failure(TestError("timeout")))
    XCTAssertEqual(wines.currentState, .content)
    XCTAssertEqual(wines.banners, ["timeout"])
  }

  func test_wines_sameStateRequest_completesOnceAsUnchanged() {
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let wines = Wines(presenter: keptPresenter)
    let outcomes = OutcomeRecorder()
    wines.startLoading(completion: outcomes.completion("first"))
    wines.startLoading(completion: outcomes.completion("again"))
    XCTAssertEqual(outcomes["first"], [.presented])
    XCTAssertEqual(outcomes["again"], [.unchanged])
  }

  func test_wines_customState_isTyped() throws {
    let presenter = RecordingPresenter()
    let wines = Wines(presenter: presenter)
    try wines.showCustomState(.signedOut)
    XCTAssertEqual(wines.currentState, .custom(.signedOut))
    let placeholder = presenter.lastPresentation?.placeholder as? StandardPlaceholder
    XCTAssertEqual(placeholder?.title, "Sign in to see your cellar")
  }

  func test_wines_releasedWithTheMachine() {
    weak var machine: ContentStateMachine?
    do {
      let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
      let wines = Wines(presenter: keptPresenter)
      machine = wines.stateMachine
      wines.startLoading()
    }
    XCTAssertNil(machine)
  }
}
