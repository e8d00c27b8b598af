import StatefulContent
import StatefulContentTesting
import XCTest

// The README's adoption example, compiled and run, so that the README stays true.

struct Message: Sendable, Equatable {
  var subject: String
}

actor MailService {
  static let shared = MailService()
  var inbox = [Message(subject: "Hello")]

  func messages(progress: @Sendable (Double) -> Void) async throws -> [Message] {
    progress(0.5)
    progress(1)
    return inbox
  }
}

@MainActor
final class Inbox: @MainActor StatefulContent {  // an isolated conformance (Swift 6.2)
  let stateMachine: ContentStateMachine
  var content: [Message] = []  // a Collection: hasContent is !content.isEmpty
  var banners: [String] = []

  init(presenter: some Presenter) {
    stateMachine = ContentStateMachine(presenter: presenter)
    stateMachine.loadingPolicy = .smooth  // 150 ms show delay, 400 ms minimum display
    try? stateMachine.setPlaceholder(
      StandardPlaceholder(title: "No Messages", symbolName: "tray"), for: .empty)
  }

  func refresh() async {
    // Latest wins: a newer refresh cancels this one; cancelling restores the previous state.
    // `.standard` retries 3 times, after 1, 2 and 4 seconds, before showing the error.
    await load(into: \.content, retry: .standard) { context in
      try await MailService.shared.messages(progress: context.reportProgress)
    }
  }

  // Optional hooks, with defaults:
  func handleErrorWhenContentsAvailable(_ error: any Error) { showBanner(error) }
  func configureErrorPlaceholder(_ placeholder: any Placeholder, error: any Error)
    -> any Placeholder
  {
    var placeholder = placeholder as? StandardPlaceholder ?? .error
    placeholder.message = "Could not load your mail: \(error)"
    return placeholder
  }

  private func showBanner(_ error: any Error) { banners.append("\(error)") }
}

@MainActor
final class ReadmeExampleTests: XCTestCase {
  func test_readmeAdoptionExample_loadsTheInbox() async throws {
    let presenter = RecordingPresenter()
    let inbox = Inbox(presenter: presenter)
    await inbox.refresh()
    XCTAssertEqual(inbox.content, [Message(subject: "Hello")])
    XCTAssertEqual(inbox.currentState, .content)
    XCTAssertEqual(presenter.presentedKinds.last, .content)
    let error = inbox.configureErrorPlaceholder(StandardPlaceholder.error, error: TestError("x"))
    XCTAssertEqual((error as? StandardPlaceholder)?.message, "Could not load your mail: x")
    // Latest wins from two tasks on the main actor.
    async let first: Void = inbox.refresh()
    async let second: Void = inbox.refresh()
    _ = await (first, second)
    XCTAssertEqual(inbox.content, [Message(subject: "Hello")])
  }

  func test_readmePrintingPresenter_presentsSynchronously() {
    final class PrintingPresenter: SynchronousPresenter {
      var lines: [String] = []
      func present(_ presentation: Presentation, animated: Bool) {
        lines.append("\(presentation.state)")
      }
    }
    let presenter = PrintingPresenter()
    let model = TestModel(presenter: presenter)
    model.startLoading()
    XCTAssertEqual(presenter.lines, ["loading"])
  }
}
