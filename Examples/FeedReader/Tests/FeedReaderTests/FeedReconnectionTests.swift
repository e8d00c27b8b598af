import FeedReaderCore
import Foundation
import StatefulContent
import StatefulContentTesting
import Synchronization
import XCTest

/// The model over HTTP against a real server that stops mid-run and starts again on the same
/// port, following the server's reachability as the app does (``HostReachability``, its real
/// probe): the items go offline, a refresh waits for the server instead of failing, and when
/// the server is back the latest load runs exactly once more.
@MainActor
final class FeedReconnectionTests: XCTestCase {
  /// Loads over HTTP and counts the requests.
  private final class CountingLoader: FeedLoading {
    private let loader = HTTPFeedLoader(timeout: 5)
    private let count = Mutex(0)

    /// How many pages were asked for.
    var requests: Int { count.withLock { $0 } }

    func page(at url: URL) async throws -> JSONFeed {
      count.withLock { $0 += 1 }
      return try await loader.page(at: url)
    }
  }

  private var server: FeedServer!
  private let loader = CountingLoader()
  private let presenter = RecordingPresenter()

  override func setUp() async throws {
    server = try FeedServer()
  }

  override func tearDown() async throws {
    server?.stop()
    server = nil
  }

  /// A model of the server's feed that follows the server's reachability, probed every
  /// 100 ms.
  private func makeModel() throws -> FeedModel {
    let url = try XCTUnwrap(URL(string: server.url("feed.json")))
    let model = FeedModel(url: url, loader: loader, presenter: presenter, strings: .english)
    let endpoint = try XCTUnwrap(HostReachability.Endpoint(url: url))
    model.followConnectivity(HostReachability(endpoint: endpoint, interval: .milliseconds(100)))
    return model
  }

  func test_theServerStopsMidRun_theItemsGoOffline_andARefreshWaits_thenRunsOnceWhenItIsBack()
    async throws
  {
    let model = try makeModel()
    await model.loadContent()
    XCTAssertEqual(model.content.count, 4)
    XCTAssertEqual(presenter.lastPresentation?.isOffline, false)

    server.stop()
    try await waitUntil("the probe finds the server gone") {
      presenter.lastPresentation?.isOffline == true
    }
    let refresh = Task { await model.reload() }
    try await waitUntil("the refresh fails for want of the server, and waits") {
      model.stateMachine.waitsForNetwork
    }
    XCTAssertEqual(loader.requests, 2, "the first load, and the refresh's one attempt")
    XCTAssertEqual(model.currentState.kind, .content, "the items stay")
    XCTAssertEqual(presenter.lastPresentation?.isOffline, true)
    XCTAssertEqual(presenter.lastPresentation?.isRefreshing, false, "nothing runs while it waits")

    try server.restart()
    let outcome = await refresh.value

    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(loader.requests, 3, "exactly one retry")
    XCTAssertEqual(server.requests, ["/feed.json"], "the server, back, was asked once")
    XCTAssertEqual(presenter.lastPresentation?.state.kind, .content)
    XCTAssertEqual(presenter.lastPresentation?.isOffline, false, "online again")
    XCTAssertFalse(presenter.presentedKinds.contains(.error), "never the error")
  }

  func test_aColdStart_withTheServerDown_waits_thenLoadsOnceWhenItIsBack() async throws {
    server.stop()
    let model = try makeModel()

    let opening = Task { await model.open() }
    try await waitUntil("the first page waits for the server") {
      presenter.lastPresentation?.state.kind == .waiting
    }
    let placeholder = try XCTUnwrap(presenter.lastPresentation?.placeholder as? StandardPlaceholder)
    XCTAssertEqual(placeholder.title, "Waiting for the network…")
    XCTAssertEqual(loader.requests, 1, "no attempt spent while it waits")
    try server.restart()
    await opening.value

    // Loading may show twice in a row: once more marked offline when the probe reports first.
    let kinds = presenter.presentedKinds.reduce(into: [ContentState.Kind]()) { kinds, kind in
      if kinds.last != kind { kinds.append(kind) }
    }
    XCTAssertEqual(kinds, [.loading, .waiting, .loading, .content])
    XCTAssertEqual(loader.requests, 2, "exactly one retry")
    XCTAssertEqual(model.content.count, 4)
  }
}
