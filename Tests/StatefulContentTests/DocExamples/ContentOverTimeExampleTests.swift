import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

// The Swift blocks of the Content Over Time article, copied exactly and run
// (`DocExampleCoverageTests` checks the copies). The names a block uses without declaring them
// are declared here.

enum ContentOverTimeExample {
  struct Index: Sendable {
    func matches(for query: String) async throws -> [String] {
      ["swift", "swiftui", "sync"].filter { $0.hasPrefix(query) }
    }
  }

  struct Message: Codable, Equatable, Sendable {
    var subject: String
  }

  /// The article's server: each test says what it answers.
  actor MailServer {
    /// The app's own "no connection" error.
    struct Unreachable: Error {}

    static let shared = MailServer()
    private var answer: Result<[Message], any Error> = .success([])

    func answer(with answer: Result<[Message], any Error>) { self.answer = answer }

    func messages() throws -> [Message] { try answer.get() }
  }

  @MainActor
  final class Inbox: @MainActor StatefulContent {
    let stateMachine: ContentStateMachine
    var content: [Message] = []
    let cache: FileContentCache<[Message]>

    init(cacheFolder: String, clock: some Clock<Duration> = ContinuousClock()) {
      stateMachine = ContentStateMachine(clock: clock)  // a test passes a ManualClock
      cache = FileContentCache(directory: cacheFolder + "/inbox", maximumAge: .seconds(604_800))
      stateMachine.stalenessPolicy = StalenessPolicy(maximumAge: .seconds(300))
    }

    // At launch: the saved messages at once, then the server's, as a refresh. Later calls
    // (Retry, pull to refresh) only load, and save what loaded.
    @MainActor func loadContent() async {
      await load(cachedIn: cache, as: "inbox") { _ in
        try await MailServer.shared.messages()
      } apply: { inbox, messages in
        inbox.content = messages
      }
    }
  }

  /// The keyed block's search, over an index that finds what starts with the query.
  @MainActor
  final class Search: @MainActor StatefulContent {
    let stateMachine = ContentStateMachine()
    var content: [String] = []
    let savedResults: FileContentCache<[String]>
    let index = Index()

    init(cacheFolder: String) {
      savedResults = FileContentCache(directory: cacheFolder + "/search")
      stateMachine.loadingPolicy = .immediate
    }

    func search(_ query: String) async {
      await load(into: \.content, key: query, cachedIn: savedResults) { [index] _ in
        try await index.matches(for: query)
      }
    }
  }

  static func statusLine(for presentation: Presentation, strings: PlaceholderStrings) -> String {
    func statusLine(for presentation: Presentation, strings: PlaceholderStrings) -> String {
      var parts: [String] = []
      if let age = presentation.contentAge { parts.append(strings.updated(ago: age)) }
      if presentation.isStale { parts.append(strings.stale) }
      if presentation.isOffline { parts.append(strings.offline) }
      return parts.joined(separator: " · ")
    }
    return statusLine(for: presentation, strings: strings)
  }
}

#if canImport(Network)
  import Network

  /// Reports of the device's network, from `NWPathMonitor`.
  struct PathMonitorConnectivity: AsyncSequence, Sendable {
    typealias Element = Reachability
    typealias Failure = Never

    func makeAsyncIterator() -> AsyncStream<Reachability>.Iterator {
      let (reports, continuation) = AsyncStream.makeStream(of: Reachability.self)
      let monitor = NWPathMonitor()
      monitor.pathUpdateHandler = { path in
        continuation.yield(path.status == .satisfied ? .reachable : .unreachable)
      }
      continuation.onTermination = { _ in monitor.cancel() }
      monitor.start(queue: DispatchQueue(label: "connectivity"))
      return reports.makeAsyncIterator()
    }
  }
#endif

final class ContentOverTimeExampleTests: XCTestCase {
  private struct Offline: Error {}
  private let temporary = TemporaryFolder(for: "ContentOverTimeExampleTests")
  private var folder: String { temporary.path }
  private typealias Message = ContentOverTimeExample.Message
  private typealias MailServer = ContentOverTimeExample.MailServer

  override func tearDown() {
    temporary.remove()
    super.tearDown()
  }

  /// A new inbox over the same cache folder, presenting every state at once.
  @MainActor
  private func makeInbox() -> (ContentOverTimeExample.Inbox, RecordingPresenter) {
    let presenter = RecordingPresenter()
    let inbox = ContentOverTimeExample.Inbox(cacheFolder: folder)
    inbox.stateMachine.presenter = presenter
    inbox.stateMachine.loadingPolicy = .immediate  // every state shows at once
    return (inbox, presenter)
  }

  /// A launch of the app: a new inbox over the same cache folder, and its first load.
  @MainActor
  private func launch() async throws -> (ContentOverTimeExample.Inbox, RecordingPresenter) {
    let (inbox, presenter) = makeInbox()
    await inbox.loadContent()
    return (inbox, presenter)
  }

  @MainActor
  func test_theFirstLaunchLoads_theNextShowsTheSavedMessagesFirst_neverLoading() async throws {
    await MailServer.shared.answer(with: .success([Message(subject: "Welcome")]))
    let (first, firstPresenter) = try await launch()
    XCTAssertEqual(firstPresenter.presentedKinds, [.loading, .content])
    XCTAssertEqual(first.content, [Message(subject: "Welcome")])

    await MailServer.shared.answer(with: .success([Message(subject: "Second")]))
    let (next, nextPresenter) = try await launch()

    XCTAssertEqual(nextPresenter.presentedKinds.first, .content, "the saved messages first")
    XCTAssertFalse(nextPresenter.presentedKinds.contains(.loading))
    XCTAssertEqual(nextPresenter.records.first?.presentation.isRefreshing, true)
    XCTAssertEqual(next.content, [Message(subject: "Second")])
    let saved = await next.cache.content(for: "inbox")
    XCTAssertEqual(saved?.value, [Message(subject: "Second")])
  }

  @MainActor
  func test_aLaunchWhoseRefreshFails_keepsTheSavedMessages_andSavesNothing() async throws {
    await MailServer.shared.answer(with: .success([Message(subject: "Welcome")]))
    _ = try await launch()

    await MailServer.shared.answer(with: .failure(Offline()))
    let (inbox, presenter) = try await launch()

    XCTAssertEqual(inbox.content, [Message(subject: "Welcome")])
    XCTAssertEqual(presenter.presentedKinds.last, .content)
    XCTAssertFalse(presenter.presentedKinds.contains(.error))
    let saved = await inbox.cache.content(for: "inbox")
    XCTAssertEqual(saved?.value, [Message(subject: "Welcome")])
  }

  @MainActor
  func test_anOfflineLaunch_showsTheSavedMessagesMarkedOffline_andTheStatusLineSaysSo()
    async throws
  {
    await MailServer.shared.answer(with: .success([Message(subject: "Welcome")]))
    _ = try await launch()
    await MailServer.shared.answer(with: .failure(URLError(.notConnectedToInternet)))
    let (inbox, presenter) = makeInbox()
    let connectivity = ManualConnectivity()
    inbox.followConnectivity(connectivity)
    connectivity.send(.unreachable)
    try await settle { inbox.stateMachine.reachability == .unreachable }
    // The load waits for the network: `loadContent()` does not return until it is back.
    let load = Task { @MainActor in await inbox.loadContent() }
    try await settle { inbox.stateMachine.waitsForNetwork }
    XCTAssertEqual(presenter.presentedKinds, [.content, .content], "never loading")
    XCTAssertEqual(presenter.records.map(\.presentation.isRefreshing), [true, false])
    XCTAssertEqual(presenter.records.map(\.presentation.isOffline), [true, true])
    XCTAssertEqual(inbox.content, [Message(subject: "Welcome")])
    let line = try ContentOverTimeExample.statusLine(
      for: XCTUnwrap(presenter.lastPresentation), strings: .english)
    XCTAssertTrue(line.hasPrefix("Updated just now"), line)
    XCTAssertTrue(line.hasSuffix(" · Offline"), line)
    load.cancel()
    await load.value
  }

  @MainActor
  func test_theStatusLine_saysTheAge_stale_andOffline() {
    let decision = StateDecision.decide(
      StateInputs(
        hasContent: true, reachability: .unreachable, contentAge: .seconds(600),
        staleness: StalenessPolicy(maximumAge: .seconds(300))))
    let presentation = Presentation(state: .content, decision: decision)
    XCTAssertEqual(
      ContentOverTimeExample.statusLine(for: presentation, strings: .english),
      "Updated 10 minutes ago · Not up to date · Offline")
    XCTAssertEqual(
      ContentOverTimeExample.statusLine(for: presentation, strings: .german),
      "Vor 10 Minuten aktualisiert · Nicht aktuell · Offline")
  }

  @MainActor
  func test_followingASource_andAnAppsOwnConnectionError() async throws {
    let (inbox, presenter) = makeInbox()
    #if canImport(Network)
      inbox.followConnectivity(PathMonitorConnectivity())
    #endif
    let connectivity = ManualConnectivity()
    inbox.followConnectivity(connectivity)
    connectivity.send(.unreachable)
    try await settle { inbox.stateMachine.reachability == .unreachable }
    connectivity.send(.reachable)
    try await settle { inbox.stateMachine.reachability == .reachable }

    inbox.stateMachine.connectivityPolicy = .standard.adding { $0 is MailServer.Unreachable }
    inbox.stateMachine.connectivityPolicy.reconnectionDelay = .zero  // no real time waited
    await MailServer.shared.answer(with: .failure(MailServer.Unreachable()))
    let load = Task { @MainActor in await inbox.loadContent() }
    try await settle { presenter.presentedKinds == [.loading, .waiting] }
    XCTAssertEqual(
      (presenter.lastPresentation?.placeholder as? StandardPlaceholder)?.title,
      "Waiting for the network…")
    await MailServer.shared.answer(with: .success([Message(subject: "Back")]))
    connectivity.send(.reachable)
    await load.value
    XCTAssertEqual(inbox.content, [Message(subject: "Back")])
    XCTAssertEqual(presenter.presentedKinds.last, .content)
  }

  @MainActor
  func test_aKeyedSearch_showsEachQuerysSavedResultsFirst() async {
    let first = ContentOverTimeExample.Search(cacheFolder: folder)
    await first.search("swi")
    XCTAssertEqual(first.content, ["swift", "swiftui"])
    let next = ContentOverTimeExample.Search(cacheFolder: folder)
    let presenter = RecordingPresenter()
    next.stateMachine.presenter = presenter
    await next.search("swi")
    XCTAssertEqual(presenter.presentedKinds, [.content, .content], "saved, then refreshed")
    XCTAssertEqual(presenter.records.first?.presentation.isRefreshing, true)
  }

  func test_theExplanation_namesStalenessAndConnectivity() {
    let decision = StateDecision.decide(
      StateInputs(
        hasContent: true, contentCount: 8, reachability: .unreachable,
        contentAge: .seconds(600), staleness: StalenessPolicy(maximumAge: .seconds(300))))
    print(decision.explanation)
    // content — rule 2: has content (8 items); stale: updated 10 min ago, over the maximum age
    // of 5 min; offline: the network is unreachable
    XCTAssertEqual(
      decision.explanation,
      "content — rule 2: has content (8 items); stale: updated 10 min ago, over the maximum age"
        + " of 5 min; offline: the network is unreachable")
  }

  func test_age_isSaidInTheLargestWholeUnit() {
    XCTAssertEqual(PlaceholderStrings.english.updated(ago: .seconds(330)), "Updated 5 minutes ago")
    XCTAssertEqual(
      PlaceholderStrings.german.updated(ago: .seconds(7_200)), "Vor 2 Stunden aktualisiert")
  }
}
