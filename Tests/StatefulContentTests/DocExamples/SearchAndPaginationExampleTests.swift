import StatefulContent
import StatefulContentTesting
import XCTest

// The Swift blocks of the Search and Pagination article, copied exactly and run
// (`DocExampleCoverageTests` checks the copies) with the names they use declared here.

enum SearchAndPaginationExample {
  /// A catalog of songs searched by title.
  final class SongCatalog: Sendable {
    let titles: [String]

    init(titles: [String]) {
      self.titles = titles
    }

    func songs(matching query: String) async throws -> [String] {
      titles.filter { $0.localizedCaseInsensitiveContains(query) }
    }
  }

  /// A server of posts, three per page, and the pages asked for.
  actor FeedServer {
    private(set) var pagesAsked: [Int] = []
    var failsNextRequest = false

    func failNextRequest() { failsNextRequest = true }

    func posts(page: Int) async throws -> [String] {
      pagesAsked.append(page)
      if failsNextRequest {
        failsNextRequest = false
        throw URLLikeError.timedOut
      }
      return (1...3).map { "post \((page - 1) * 3 + $0)" }
    }

    enum URLLikeError: Error { case timedOut }
  }

  final class SongSearch: StatefulContent {
    let stateMachine: ContentStateMachine
    var results: [String] = []
    var hasContent: Bool { !results.isEmpty }
    let catalog: SongCatalog

    init(presenter: some Presenter, catalog: SongCatalog) {
      stateMachine = ContentStateMachine(presenter: presenter)
      self.catalog = catalog
    }

    func search(_ query: String) async {
      let catalog = catalog
      await load(into: \.results, key: query, debounce: .milliseconds(150)) { _ in
        try await catalog.songs(matching: query)
      }
    }
  }

  final class Feed: StatefulContent {
    let stateMachine: ContentStateMachine
    var posts: [String] = []
    var nextPage = 1
    var hasContent: Bool { !posts.isEmpty }
    let server: FeedServer

    init(presenter: some Presenter, server: FeedServer) {
      stateMachine = ContentStateMachine(presenter: presenter)
      self.server = server
    }

    nonisolated(nonsending) func loadContent() async {
      let server = server
      await load { _ in
        try await server.posts(page: 1)
      } apply: { feed, posts in
        feed.posts = posts
        feed.nextPage = 2
      }
    }

    func loadNextPage() async {
      let (server, page) = (server, nextPage)
      await loadMore { _ in
        try await server.posts(page: page)
      } apply: { feed, posts in
        feed.posts += posts
        feed.nextPage = page + 1
      }
    }
  }
}

private typealias SongSearch = SearchAndPaginationExample.SongSearch

extension SongSearch {
  func queryChanged(to query: String) async {
    guard !query.isEmpty else {
      results = []
      reset()  // Cancels the running search; idle, as before the first keystroke.
      return
    }
    await search(query)
  }
}

final class SearchAndPaginationExampleTests: XCTestCase {
  @MainActor
  func test_songSearch_marksThePreviousResults_andSaysWhatFoundNothing() async {
    let presenter = RecordingPresenter()
    let search = SearchAndPaginationExample.SongSearch(
      presenter: presenter,
      catalog: SearchAndPaginationExample.SongCatalog(titles: ["Swift River", "Sunrise"]))
    // The debounce waits on the machine's clock: the continuous clock here, 150 ms a search.
    await search.search("s")
    XCTAssertEqual(search.results, ["Swift River", "Sunrise"])
    await search.search("zz")
    XCTAssertEqual(search.currentState, .empty)
    let empty = presenter.lastPresentation?.placeholder as? StandardPlaceholder
    XCTAssertEqual(empty?.message, PlaceholderStrings.current.noResults(for: "zz"))
    XCTAssertEqual(presenter.lastPresentation?.key, LoadKey("zz"))
  }

  @MainActor
  func test_songSearch_anEmptiedField_goesBackToIdle_withNoPlaceholderAndNoKey() async {
    let presenter = RecordingPresenter()
    let search = SongSearch(
      presenter: presenter,
      catalog: SearchAndPaginationExample.SongCatalog(titles: ["Swift River", "Sunrise"]))
    await search.queryChanged(to: "s")
    XCTAssertEqual(search.results, ["Swift River", "Sunrise"])
    XCTAssertEqual(search.stateMachine.key, LoadKey("s"))
    await search.queryChanged(to: "")
    XCTAssertEqual(search.currentState, .idle, "as before the first keystroke")
    XCTAssertNil(presenter.lastPresentation?.placeholder, "no placeholder")
    XCTAssertEqual(search.results, [])
    XCTAssertNil(search.stateMachine.key)
  }

  @MainActor
  func test_feed_appendsPages_reloadLoadsTheFirstAgain_andRetryRepeatsTheFailedPage() async {
    let presenter = RecordingPresenter()
    let server = SearchAndPaginationExample.FeedServer()
    let feed = SearchAndPaginationExample.Feed(presenter: presenter, server: server)
    await feed.loadContent()
    await feed.loadNextPage()
    XCTAssertEqual(feed.posts.count, 6)
    await server.failNextRequest()
    await feed.loadNextPage()
    XCTAssertNotNil(feed.stateMachine.appendState.error, "the footer shows the error")
    XCTAssertEqual(feed.posts.count, 6, "the content stays")
    await feed.loadNextPage()  // the footer's Retry
    XCTAssertEqual(feed.posts.count, 9)
    await feed.reload()
    XCTAssertEqual(feed.posts, ["post 1", "post 2", "post 3"], "reload loads page 1 again")
    let pages = await server.pagesAsked
    XCTAssertEqual(pages, [1, 2, 3, 3, 1])
  }
}
