import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

// The Swift blocks of the Migrating article, copied exactly (`DocExampleCoverageTests` checks
// the copies): `.signedOut` and `Wines`, compiled and run; then the completion handlers'
// blocks in `CompletionHandlerExample`, where the failing one is a string that `swiftc` must
// reject with the errors the article quotes, and the two that work are compiled and run.

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

enum CompletionHandlerExample {
  struct Message: Sendable, Equatable {
    var subject: String
  }

  /// A callback API, as URLSession is: `Sendable`, and it calls each `@Sendable` completion
  /// from a task of its own, off the main actor. Each request waits at a gate of its own until
  /// the test opens it.
  final class MailAPI: Sendable {
    private let gates = LockedState<[Gate<[Message]>]>([])

    func fetchMessages(completion: @escaping @Sendable (Result<[Message], any Error>) -> Void) {
      let gate = Gate<[Message]>()
      gates.withLock { $0.append(gate) }
      Task.detached {
        do {
          completion(.success(try await gate.wait()))
        } catch {
          completion(.failure(error))
        }
      }
    }

    /// How many requests were made.
    var requestCount: Int { gates.withLock(\.count) }

    /// The gate of a request, counted from 0 in the order they were made.
    func request(_ index: Int) -> Gate<[Message]> { gates.withLock { $0[index] } }
  }

  enum OldPattern {
    /// The failing block, for `swiftc`.
    static let source = #"""
      import StatefulContent

      @MainActor
      final class Inbox: @MainActor StatefulContent {
        let stateMachine: ContentStateMachine
        var content: [Message] = []
        let api: MailAPI

        init(presenter: some Presenter, api: MailAPI) {
          stateMachine = ContentStateMachine(presenter: presenter)
          self.api = api
        }

        func refresh() {
          startLoading()
          api.fetchMessages { result in  // a @Sendable completion, as URLSession's are
            switch result {
            case .success(let messages):
              self.content = messages
              self.endLoading()
            case .failure(let error):
              self.endLoading(error: error)
            }
          }
        }
      }
      """#

    /// The names the block uses without declaring them.
    static let prelude = """
      struct Message: Sendable {}
      final class MailAPI: Sendable {
        func fetchMessages(
          completion: @escaping @Sendable (Result<[Message], any Error>) -> Void
        ) {}
      }
      """
  }

  /// The failing block's `Inbox` without its `refresh()`, which the forms that work replace.
  @MainActor
  class Mailbox {
    let stateMachine: ContentStateMachine
    var content: [Message] = []
    let api: MailAPI

    init(presenter: some Presenter, api: MailAPI) {
      stateMachine = ContentStateMachine(presenter: presenter)
      self.api = api
    }
  }

  enum HopBack {
    @MainActor
    final class Inbox: Mailbox, @MainActor StatefulContent {
      func refresh() {
        startLoading()
        api.fetchMessages { result in
          Task { @MainActor in  // back on the model's actor
            switch result {
            case .success(let messages):
              self.content = messages
              self.endLoading()
            case .failure(let error):
              self.endLoading(error: error)
            }
          }
        }
      }
    }
  }

  enum AsyncLoad {
    @MainActor
    final class Inbox: Mailbox, @MainActor StatefulContent {
      func refresh() async {
        await load(into: \.content) { [api] _ in
          try await withCheckedThrowingContinuation { continuation in
            api.fetchMessages { continuation.resume(with: $0) }
          }
        }
      }
    }
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

  // MARK: Completion handlers

  private typealias Completion = CompletionHandlerExample
  private let hello = [CompletionHandlerExample.Message(subject: "Hello")]
  private let later = [CompletionHandlerExample.Message(subject: "Later")]

  func test_completionHandler_theOldPattern_isRejectedWithTheErrorsTheArticleQuotes() throws {
    let quoted = try quotedErrors(inSection: "Completion handlers")
    XCTAssertEqual(quoted.count, 2, "the article quotes both errors: \(quoted)")
    let result = try compile(Completion.OldPattern.source)
    XCTAssertNotEqual(result.status, 0, result.output)
    for error in quoted {
      XCTAssertTrue(
        result.output.contains(error), "swiftc no longer says \(error):\n\(result.output)")
    }
  }

  func test_completionHandler_aModelIsolatedToNoActor_isRejectedForCapturingSelf() throws {
    let source = Completion.OldPattern.source
      .replacingOccurrences(of: "@MainActor\n", with: "")
      .replacingOccurrences(of: "@MainActor StatefulContent", with: "StatefulContent")
    XCTAssertFalse(source.contains("@MainActor"))
    let result = try compile(source)
    XCTAssertNotEqual(result.status, 0, result.output)
    XCTAssertTrue(
      result.output.contains(
        "error: capture of 'self' with non-Sendable type 'Inbox' in a '@Sendable' closure"),
      result.output)
  }

  func test_completionHandler_theOldPattern_compilesWithEachHopTheArticleNames() throws {
    let source = Completion.OldPattern.source
    let opening = "api.fetchMessages { result in  // a @Sendable completion, as URLSession's are"
    let closing = "        self.endLoading(error: error)\n      }\n"
    XCTAssertEqual(source.components(separatedBy: opening).count, 2)
    XCTAssertEqual(source.components(separatedBy: closing).count, 2)
    for hop in ["Task { @MainActor in", "DispatchQueue.main.async {", "MainActor.assumeIsolated {"]
    {
      let hopped =
        source
        .replacingOccurrences(of: opening, with: "api.fetchMessages { result in \(hop)")
        .replacingOccurrences(of: closing, with: closing + "}\n")
      let result = try compile("import Dispatch\n" + hopped)
      XCTAssertEqual(result.status, 0, "\(hop)\n\(result.output)")
      XCTAssertFalse(result.output.contains("warning:"), "\(hop)\n\(result.output)")
    }
  }

  @MainActor
  func test_completionHandler_hoppingBack_endsLoadingOnTheMainActor() async throws {
    let api = Completion.MailAPI()
    let presenter = RecordingPresenter()
    let inbox = Completion.HopBack.Inbox(presenter: presenter, api: api)
    inbox.stateMachine.loadingPolicy = .immediate  // What shows at once is checked.
    inbox.refresh()
    XCTAssertEqual(inbox.currentState, .loading)
    api.request(0).open(with: hello)
    try await settle("the completion's hop never ended loading") { inbox.currentState == .content }
    XCTAssertEqual(inbox.content, hello)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])

    inbox.content = []
    inbox.refresh()
    api.request(1).fail(with: TestError("offline"))
    try await settle { inbox.currentState.kind == .error }
    XCTAssertEqual(inbox.currentState.error as? TestError, TestError("offline"))
  }

  @MainActor
  func test_completionHandler_hoppingBack_overlappingRefreshesBothStore_theSlowerLast() async throws
  {
    let api = Completion.MailAPI()
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let inbox = Completion.HopBack.Inbox(presenter: keptPresenter, api: api)
    inbox.stateMachine.loadingPolicy = .immediate  // What shows at once is checked.
    inbox.refresh()
    inbox.refresh()
    api.request(1).open(with: later)
    try await settle { inbox.content == later }
    api.request(0).open(with: hello)
    try await settle("the older answer, arriving last, replaces the newer one") {
      inbox.content == hello
    }
    XCTAssertEqual(inbox.currentState, .content)
  }

  /// The article's async-load inbox over a mail API of its own, presenting each state at once
  /// (what shows at once is checked), and its presenter, which the test keeps: the machine
  /// holds its presenter weakly.
  @MainActor
  private func asyncLoadInbox() -> (
    Completion.AsyncLoad.Inbox, Completion.MailAPI, RecordingPresenter
  ) {
    let api = Completion.MailAPI()
    let presenter = RecordingPresenter()
    let inbox = Completion.AsyncLoad.Inbox(presenter: presenter, api: api)
    inbox.stateMachine.loadingPolicy = .immediate
    return (inbox, api, presenter)
  }

  @MainActor
  func test_completionHandler_asAnAsyncLoad_storesTheAnswerOrShowsTheError() async throws {
    let (inbox, api, presenter) = asyncLoadInbox()
    let refresh = Task { await inbox.refresh() }
    try await settle { api.requestCount == 1 }
    XCTAssertEqual(inbox.currentState, .loading)
    api.request(0).open(with: hello)
    await refresh.value
    XCTAssertEqual(inbox.content, hello)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])

    inbox.content = []
    let failing = Task { await inbox.refresh() }
    try await settle { api.requestCount == 2 }
    api.request(1).fail(with: TestError("offline"))
    await failing.value
    XCTAssertEqual(inbox.currentState.error as? TestError, TestError("offline"))
  }

  @MainActor
  func test_completionHandler_asAnAsyncLoad_theLatestRefreshWins() async throws {
    let (inbox, api, presenter) = asyncLoadInbox()
    let older = Task { await inbox.refresh() }
    try await settle { api.requestCount == 1 }
    let newer = Task { await inbox.refresh() }
    try await settle { api.requestCount == 2 }
    await older.value
    api.request(1).open(with: later)
    await newer.value
    XCTAssertEqual(inbox.content, later)
    api.request(0).open(with: hello)  // the older answer, arriving late
    await settle()
    XCTAssertEqual(inbox.content, later, "a superseded refresh's answer is dropped")
    XCTAssertEqual(inbox.currentState, .content)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content], "loading shown once")
  }

  @MainActor
  func test_completionHandler_asAnAsyncLoad_cancellingRestoresThePreviousState() async throws {
    let (inbox, api, presenter) = asyncLoadInbox()
    let refresh = Task { await inbox.refresh() }
    try await settle { api.requestCount == 1 }
    XCTAssertEqual(inbox.currentState, .loading)
    refresh.cancel()
    await refresh.value
    XCTAssertEqual(inbox.currentState, .idle)
    api.request(0).open(with: hello)  // the request's answer, after the cancel
    await settle()
    XCTAssertEqual(inbox.content, [])
    XCTAssertEqual(inbox.currentState, .idle)
    XCTAssertEqual(presenter.presentedKinds.first, .loading, "loading was shown before")
  }

  // MARK: Helpers

  /// The errors the article quotes in a section: the lines beginning with `error:` in its
  /// blocks without a language.
  private func quotedErrors(inSection title: String) throws -> [String] {
    let article = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent("Sources/StatefulContent/StatefulContent.docc/Migrating.md")
    let text = try String(contentsOf: article, encoding: .utf8)
    let start = try XCTUnwrap(text.range(of: "\n## \(title)\n"), "no section \(title)")
    let rest = text[start.upperBound...]
    let section = rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
    var quoted: [String] = []
    var fence: Substring?
    for line in section.split(separator: "\n") {
      if line.hasPrefix("```") {
        fence = fence == nil ? line.dropFirst(3) : nil
      } else if fence?.isEmpty == true, line.hasPrefix("error: ") {
        quoted.append(String(line))
      }
    }
    return quoted
  }

  /// Compiles a block of the article, with the names it uses declared after it.
  private func compile(_ block: String) throws -> ToolRun {
    #if !os(Linux)
      throw XCTSkip("the failing blocks are compiled on Linux, where CI runs")
    #else
      return try BuiltModules.compile(block + "\n" + Completion.OldPattern.prelude)
    #endif
  }
}
