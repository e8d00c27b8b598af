import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

// The Swift blocks of the Content Over Time article, copied exactly and run
// (`DocExampleCoverageTests` checks the copies). The names a block uses without declaring them
// are declared here.

enum ContentOverTimeExample {
  struct Message: Codable, Equatable, Sendable {
    var subject: String
  }

  /// The article's server: each test says what it answers.
  actor MailServer {
    static let shared = MailServer()
    private var answer: Result<[Message], any Error> = .success([])

    func answer(with answer: Result<[Message], any Error>) { self.answer = answer }

    func messages() throws -> [Message] { try answer.get() }
  }

  @MainActor
  final class Inbox: @MainActor StatefulContent {
    let stateMachine = ContentStateMachine()
    var content: [Message] = []
    let cache: FileContentCache<[Message]>

    init(cacheFolder: String) {
      cache = FileContentCache(directory: cacheFolder + "/inbox", maximumAge: .seconds(604_800))
    }

    // At launch: the saved messages at once, then the server's, as a refresh.
    func open() async {
      if let saved = await cache.content(for: "inbox") { content = saved.value }
      await loadContent()
    }

    @MainActor func loadContent() async {
      let outcome = await load(into: \.content) { _ in try await MailServer.shared.messages() }
      // Only content that loaded is saved: never an error, never what a cancelled load left.
      if case .completed = outcome { try? await cache.save(content, for: "inbox") }
    }
  }
}

final class ContentOverTimeExampleTests: XCTestCase {
  private struct Offline: Error {}
  private let temporary = TemporaryFolder(for: "ContentOverTimeExampleTests")
  private var folder: String { temporary.path }

  override func tearDown() {
    temporary.remove()
    super.tearDown()
  }

  /// A launch of the app: a new inbox over the same cache folder.
  @MainActor
  private func launch() async -> (ContentOverTimeExample.Inbox, RecordingPresenter) {
    let presenter = RecordingPresenter()
    let inbox = ContentOverTimeExample.Inbox(cacheFolder: folder)
    inbox.stateMachine.presenter = presenter
    inbox.stateMachine.loadingPolicy = .immediate  // every state shows at once
    await inbox.open()
    return (inbox, presenter)
  }

  @MainActor
  func test_theFirstLaunchLoads_theNextShowsTheSavedMessagesFirst_neverLoading() async {
    await ContentOverTimeExample.MailServer.shared.answer(
      with: .success([ContentOverTimeExample.Message(subject: "Welcome")]))
    let (first, firstPresenter) = await launch()
    XCTAssertEqual(firstPresenter.presentedKinds, [.loading, .content])
    XCTAssertEqual(first.content, [ContentOverTimeExample.Message(subject: "Welcome")])

    await ContentOverTimeExample.MailServer.shared.answer(
      with: .success([ContentOverTimeExample.Message(subject: "Second")]))
    let (next, nextPresenter) = await launch()

    XCTAssertEqual(nextPresenter.presentedKinds.first, .content, "the saved messages first")
    XCTAssertFalse(nextPresenter.presentedKinds.contains(.loading))
    XCTAssertEqual(nextPresenter.records.first?.presentation.isRefreshing, true)
    XCTAssertEqual(next.content, [ContentOverTimeExample.Message(subject: "Second")])
  }

  @MainActor
  func test_aLaunchWhoseRefreshFails_keepsTheSavedMessages_andSavesNothing() async {
    await ContentOverTimeExample.MailServer.shared.answer(
      with: .success([ContentOverTimeExample.Message(subject: "Welcome")]))
    _ = await launch()

    await ContentOverTimeExample.MailServer.shared.answer(with: .failure(Offline()))
    let (inbox, presenter) = await launch()

    XCTAssertEqual(inbox.content, [ContentOverTimeExample.Message(subject: "Welcome")])
    XCTAssertEqual(presenter.presentedKinds.last, .content)
    XCTAssertFalse(presenter.presentedKinds.contains(.error))
    let saved = await inbox.cache.content(for: "inbox")
    XCTAssertEqual(saved?.value, [ContentOverTimeExample.Message(subject: "Welcome")])
  }

  func test_age_isSaidInTheLargestWholeUnit() {
    XCTAssertEqual(PlaceholderStrings.english.updated(ago: .seconds(330)), "Updated 5 minutes ago")
    XCTAssertEqual(
      PlaceholderStrings.german.updated(ago: .seconds(7_200)), "Vor 2 Stunden aktualisiert")
  }
}
