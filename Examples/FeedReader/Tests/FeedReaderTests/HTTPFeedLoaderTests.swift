import FeedReaderCore
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The HTTP loader against a real server on 127.0.0.1: a page, and the typed error for each
/// way a server fails — a status, a body cut short, no JSON, no server, no answer in time —
/// and a cancelled request.
final class HTTPFeedLoaderTests: XCTestCase {
  private var server: FeedServer!

  override func setUpWithError() throws {
    server = try FeedServer()
  }

  override func tearDown() {
    server?.stop()
    server = nil
  }

  private func page(_ path: String, loader: HTTPFeedLoader = HTTPFeedLoader()) async -> Result<
    JSONFeed, any Error
  > {
    guard let url = URL(string: server.url(path)) else { return .failure(URLError(.badURL)) }
    do { return .success(try await loader.page(at: url)) } catch { return .failure(error) }
  }

  private func assertFails(
    _ result: Result<JSONFeed, any Error>, with expected: FeedError,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    switch result {
    case .success(let page): XCTFail("loaded \(page)", file: file, line: line)
    case .failure(let error): XCTAssertEqual(error as? FeedError, expected, file: file, line: line)
    }
  }

  func test_aPage_isLoaded() async throws {
    let page = try await page("feed.json").get()

    XCTAssertEqual(page.items.count, 4)
    XCTAssertEqual(page.nextURL?.relativeString, "feed-2.json")
  }

  func test_aStatusOutside2xx_isThatStatus() async {
    assertFails(await page("status/500/feed.json"), with: .httpStatus(500))
    assertFails(await page("missing.json"), with: .httpStatus(404))
  }

  func test_aBodyShorterThanAnnounced_isTruncated_sayingHowMuchCame() async throws {
    let size = try Data(
      contentsOf: FeedServer.packageFolder.appendingPathComponent("Samples/feed.json")
    ).count

    assertFails(
      await page("truncated/feed.json"), with: .truncated(received: size / 2, expected: size))
  }

  func test_aPageLargerThanTheLimit_isTooLarge_andNotReadToItsEnd() async {
    assertFails(
      await page("feed.json", loader: HTTPFeedLoader(maximumBytes: 100)),
      with: .tooLarge(limit: 100))
  }

  func test_anHTMLPage_isNotJSON() async {
    assertFails(await page("status/200/feed.json"), with: .notJSON)
  }

  func test_noServer_isUnreachable_aConnectionFailure() async {
    server.stop()

    let result = await page("feed.json")

    assertFails(result, with: .unreachable(.cannotConnectToHost))
    XCTAssertEqual((result.failure as? FeedError)?.isConnectionFailure, true)
  }

  func test_noAnswerInTime_isATimeout() async {
    assertFails(
      await page("slow/4000/feed.json", loader: HTTPFeedLoader(timeout: 1)),
      with: .unreachable(.timedOut))
  }

  func test_anAddressThatIsNotHTTP_isNotAskedFor() async throws {
    let file = FeedServer.packageFolder.appendingPathComponent("Samples/feed.json")

    do {
      let page = try await HTTPFeedLoader().page(at: file)
      XCTFail("read \(page) from a file")
    } catch {
      XCTAssertEqual(error as? FeedError, .unreachable(.unsupportedURL))
    }
  }

  func test_cancelling_endsTheRequest_withCancellationError() async throws {
    let url = try XCTUnwrap(URL(string: server.url("slow/5000/feed.json")))
    let started = ContinuousClock.now
    let request = Task { try await HTTPFeedLoader().page(at: url) }

    request.cancel()

    let result = await request.result
    XCTAssertTrue(result.failure is CancellationError, "\(result)")
    XCTAssertLessThan(ContinuousClock.now - started, .seconds(4), "it did not wait for the page")
  }
}

extension Result {
  /// The error of a failure, or `nil`.
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { error } else { nil }
  }
}
