import FeedReaderCore
import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

/// The reader's first page kept between runs: shown at once as content while the server's
/// loads — marked stale by its age — saved only when it loaded; where it is kept.
@MainActor
final class FeedCacheTests: XCTestCase {
  /// A cache in memory, by key.
  private actor MemoryCache: ContentCache {
    var saved: [String: CachedContent<FeedModel.FirstPage>] = [:]

    func put(_ content: CachedContent<FeedModel.FirstPage>, for key: String) {
      saved[key] = content
    }

    func content(for key: String) async -> CachedContent<FeedModel.FirstPage>? { saved[key] }

    func save(_ value: FeedModel.FirstPage, for key: String) async throws {
      saved[key] = CachedContent(value: value, savedAt: Date(timeIntervalSince1970: 0))
    }

    func removeContent(for key: String) async throws { saved[key] = nil }
  }

  private let loader = FakeFeedLoader()
  private let presenter = RecordingPresenter()
  private let cache = MemoryCache()
  private let first = URL(string: "http://feeds.invalid/feed.json")!

  private func makeModel(staleAfter: Duration? = nil) -> FeedModel {
    FeedModel(
      url: first, loader: loader, presenter: presenter, clock: ManualClock(), cache: cache,
      staleAfter: staleAfter, now: { Date(timeIntervalSince1970: 1_000) }, strings: .english)
  }

  /// A first page loaded and saved at a time, in seconds since 1970.
  private func saved(_ feed: JSONFeed, at seconds: TimeInterval) -> CachedContent<
    FeedModel.FirstPage
  > {
    let date = Date(timeIntervalSince1970: seconds)
    return CachedContent(value: FeedModel.FirstPage(feed: feed, loadedAt: date), savedAt: date)
  }

  private func page(_ ids: String...) -> JSONFeed {
    JSONFeed(title: "News", items: ids.map { JSONFeed.Item(id: $0, title: $0) })
  }

  func test_aSavedFirstPage_isContentAtOnce_andTheLoadRefreshesIt() async {
    await cache.put(saved(page("old"), at: 100), for: first.absoluteString)
    loader.answer(first, with: .page(page("new", "old")))
    let model = makeModel()

    await model.open()

    XCTAssertEqual(presenter.presentedKinds.first, .content)
    XCTAssertFalse(presenter.presentedKinds.contains(.loading))
    XCTAssertTrue(
      presenter.records.contains { $0.presentation.isRefreshing }, "the load refreshed them")
    XCTAssertEqual(model.content.map(\.id), ["new", "old"])
    XCTAssertEqual(
      model.updatedAt, Date(timeIntervalSince1970: 1_000),
      "the server's page replaced the saved one")
    let kept = await cache.saved[first.absoluteString]
    XCTAssertEqual(
      kept?.value,
      FeedModel.FirstPage(feed: page("new", "old"), loadedAt: Date(timeIntervalSince1970: 1_000)))
  }

  func test_aFailedLoad_keepsTheSavedPage_andSavesNothing() async {
    let saved = saved(page("old"), at: 100)
    await cache.put(saved, for: first.absoluteString)
    loader.answer(first, with: .failure(.unreachable(.cannotConnectToHost)))
    let model = makeModel()

    await model.open()

    XCTAssertEqual(model.content.map(\.id), ["old"])
    XCTAssertEqual(model.updatedAt, Date(timeIntervalSince1970: 100), "the saved page's time")
    XCTAssertFalse(presenter.presentedKinds.contains(.error))
    let kept = await cache.saved[first.absoluteString]
    XCTAssertEqual(kept?.savedAt, saved.savedAt)
  }

  func test_aPage_roundTripsThroughTheFileCache() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("FeedCacheTests-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let files = FileContentCache<FeedModel.FirstPage>(directory: folder)
    var feed = page("a")
    feed.nextURL = URL(string: "http://feeds.invalid/feed-2.json")
    feed.items[0].datePublished = Date(timeIntervalSince1970: 1_800_000_000)

    let page = FeedModel.FirstPage(feed: feed, loadedAt: Date(timeIntervalSince1970: 1_000))

    try await files.save(page, for: "k")
    let read = await files.content(for: "k")

    XCTAssertEqual(read?.value, page)
  }

  func test_aSavedPageOlderThanStaleAfter_isStaleFromItsFirstPresentation() async throws {
    // Saved a day before now: the machine's age is the time since it was saved.
    await cache.put(
      saved(page("old"), at: Date().timeIntervalSince1970 - 86_400), for: first.absoluteString)
    let gate = Gate<JSONFeed>()
    loader.answer(first, with: .gated(gate))
    let model = makeModel(staleAfter: .seconds(3_600))

    let opening = Task { await model.open() }
    try await settle("the refresh waits for its page") { gate.waiterCount == 1 }

    let firstPresentation = try XCTUnwrap(presenter.records.first?.presentation)
    XCTAssertEqual(firstPresentation.state.kind, .content)
    XCTAssertTrue(firstPresentation.isStale, "a day old, with an hour allowed")
    gate.open(with: page("new"))
    await opening.value
    XCTAssertEqual(presenter.lastPresentation?.isStale, false, "the server's page is new")
  }

  func test_theCacheFolder_followsXDG_thenHome() {
    XCTAssertEqual(
      FeedApp.defaultCacheDirectory(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]),
      "/c/feed-reader")
    XCTAssertEqual(
      FeedApp.defaultCacheDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]),
      "/h/.cache/feed-reader", "a relative XDG_CACHE_HOME is ignored, as the specification asks")
    XCTAssertNil(FeedApp.defaultCacheDirectory(environment: [:]))
  }
}
