import StatefulContent
import StatefulContentTesting
import XCTest

// The Swift blocks of the Getting Started article, copied exactly and run
// (`DocExampleCoverageTests` checks the copies). The names a block uses without declaring them
// are declared here.

enum GettingStartedExample {
  struct Message: Sendable, Equatable {
    var subject: String
  }

  actor MailService {
    static let shared = MailService()

    func messages(progress: @Sendable (Double) -> Void) async throws -> [Message] {
      progress(1)
      return [Message(subject: "Welcome")]
    }
  }

  final class Inbox: StatefulContent {
    let stateMachine: ContentStateMachine
    var content: [Message] = []

    init(presenter: some Presenter) {
      stateMachine = ContentStateMachine(presenter: presenter)
    }

    nonisolated(nonsending) func loadContent() async {
      await load(into: \.content) { context in
        try await MailService.shared.messages(progress: context.reportProgress)
      }
    }
  }

  final class LogPresenter: SynchronousPresenter {
    func present(_ presentation: Presentation, animated: Bool) {
      print(presentation.state)
    }
  }
}

final class GettingStartedExampleTests: XCTestCase {
  func test_inbox_loadContentLoadsTheMessages_andReloadLoadsAgain() async {
    let presenter = RecordingPresenter()
    let inbox = GettingStartedExample.Inbox(presenter: presenter)
    inbox.stateMachine.loadingPolicy = .immediate  // What shows at once is checked.
    XCTAssertEqual(inbox.currentState, .idle)
    await inbox.loadContent()
    XCTAssertEqual(inbox.content, [GettingStartedExample.Message(subject: "Welcome")])
    XCTAssertTrue(inbox.hasContent)
    XCTAssertEqual(inbox.currentState, .content)
    XCTAssertEqual(presenter.presentedKinds.first, .loading)
    XCTAssertEqual(presenter.presentedKinds.last, .content)
    let reloaded = await inbox.reload()  // Retry, pull to refresh
    XCTAssertEqual(reloaded, .completed)
  }

  func test_logPresenter_hasShownTheStateWhenPresentReturns() {
    // The machine holds its presenter weakly.
    let keptPresenter = GettingStartedExample.LogPresenter()
    let model = TestModel(presenter: keptPresenter)
    model.startLoading()
    XCTAssertEqual(model.stateMachine.presentedState, .loading(progress: nil))
    model.endLoading()
    XCTAssertEqual(model.stateMachine.presentedState, .empty)
  }
}
