import FeedReaderCore
import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

/// The reader's first page kept between runs: shown at once as content while the server's
/// loads, saved only when it loaded; where it is kept.
@MainActor
final class FeedCacheTests: XCTestCase {
  /// A cache in memory, by key.
  private actor MemoryCache: ContentCache {
    var saved: [String: CachedContent<JSONFeed>] = [:]

    func put(_ content: CachedContent<JSONFeed>, for key: String) { saved[key] = content }

    func content(for key: String) async -> CachedContent<JSONFeed>? { saved[key] }

    func save(_ value: JSONFeed, for key: String) async throws {
      saved[key] = CachedContent(value: value, savedAt: Date(timeIntervalSince1970: 0))
    }

    func removeContent(for key: String) async throws { saved[key] = nil }
  }

  private let loader = FakeFeedLoader()
  private let presenter = RecordingPresenter()
  private let cache = MemoryCache()
  private let first = URL(string: "http://feeds.invalid/feed.json")!

  private func makeModel() -> FeedModel {
    FeedModel(
      url: first, loader: loader, presenter: presenter, clock: ManualClock(), cache: cache,
      now: { Date(timeIntervalSince1970: 1_000) }, strings: .english)
  }

  private func page(_ ids: String...) -> JSONFeed {
    JSONFeed(title: "News", items: ids.map { JSONFeed.Item(id: $0, title: $0) })
  }

  func test_aSavedFirstPage_isContentAtOnce_andTheLoadRefreshesIt() async {
    await cache.put(
      CachedContent(value: page("old"), savedAt: Date(timeIntervalSince1970: 100)),
      for: first.absoluteString)
    loader.answer(first, with: .page(page("new", "old")))
    let model = makeModel()

    await model.open()

    XCTAssertEqual(presenter.presentedKinds.first, .content)
    XCTAssertFalse(presenter.presentedKinds.contains(.loading))
    XCTAssertEqual(presenter.records.first?.presentation.isRefreshing, true)
    XCTAssertEqual(model.content.map(\.id), ["new", "old"])
    XCTAssertEqual(model.updatedAt, Date(timeIntervalSince1970: 1_000), "when it loaded")
    XCTAssertFalse(model.showsSavedPage, "the server's page replaced the saved one")
    let saved = await cache.saved[first.absoluteString]
    XCTAssertEqual(saved?.value, page("new", "old"))
  }

  func test_aFailedLoad_keepsTheSavedPage_andSavesNothing() async {
    let saved = CachedContent(value: page("old"), savedAt: Date(timeIntervalSince1970: 100))
    await cache.put(saved, for: first.absoluteString)
    loader.answer(first, with: .failure(.unreachable(.cannotConnectToHost)))
    let model = makeModel()

    await model.open()

    XCTAssertEqual(model.content.map(\.id), ["old"])
    XCTAssertEqual(model.updatedAt, Date(timeIntervalSince1970: 100))
    XCTAssertTrue(model.showsSavedPage)
    XCTAssertFalse(presenter.presentedKinds.contains(.error))
    let kept = await cache.saved[first.absoluteString]
    XCTAssertEqual(kept?.savedAt, saved.savedAt)
  }

  func test_aPage_roundTripsThroughTheFileCache() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("FeedCacheTests-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let files = FileContentCache<JSONFeed>(directory: folder)
    var feed = page("a")
    feed.nextURL = URL(string: "http://feeds.invalid/feed-2.json")
    feed.items[0].datePublished = Date(timeIntervalSince1970: 1_800_000_000)

    try await files.save(feed, for: "k")
    let read = await files.content(for: "k")

    XCTAssertEqual(read?.value, feed)
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
