import FeedReaderCore
import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

/// The feed's model with a fake loader and a manual clock: the states of the first page, the
/// pages appended through `next_url`, a refresh that keeps the items, and the placeholders'
/// texts.
@MainActor
final class FeedModelTests: XCTestCase {
  private let loader = FakeFeedLoader()
  private let presenter = RecordingPresenter()
  private let first = address("feed.json")

  private func makeModel(strings: FeedStrings = .english) -> FeedModel {
    FeedModel(
      url: first, loader: loader, presenter: presenter, clock: ManualClock(), strings: strings)
  }

  func test_theFirstPage_showsLoadingThenContent() async {
    loader.answer(first, with: .page(JSONFeed(title: "News", items: items("a", "b"))))
    let model = makeModel()

    await model.loadContent()

    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
    XCTAssertEqual(model.content.map(\.id), ["a", "b"])
    XCTAssertEqual(model.title, "News")
    XCTAssertFalse(model.hasMorePages)
  }

  func test_aFeedWithoutItems_isEmpty_inTheReadersWords() async throws {
    loader.answer(first, with: .page(JSONFeed(title: "News", items: [])))
    let model = makeModel(strings: FeedStrings(language: "de"))

    await model.loadContent()

    XCTAssertEqual(presenter.presentedKinds, [.loading, .empty])
    let placeholder = try XCTUnwrap(presenter.lastPresentation?.placeholder as? StandardPlaceholder)
    XCTAssertEqual(placeholder.title, "Keine Einträge")
  }

  func test_aFailure_isTheError_withTheReadersTexts() async throws {
    loader.answer(first, with: .failure(.httpStatus(503)))
    let model = makeModel(strings: FeedStrings(language: "fr"))

    await model.loadContent()

    XCTAssertEqual(presenter.presentedKinds, [.loading, .error])
    guard case .error(let error) = model.currentState else { return XCTFail("no error") }
    XCTAssertEqual(error as? FeedError, .httpStatus(503))
    let placeholder = try XCTUnwrap(presenter.lastPresentation?.placeholder as? StandardPlaceholder)
    XCTAssertEqual(placeholder.title, "Le serveur a répondu 503")
    XCTAssertEqual(placeholder.message, "Il n’a pas envoyé le flux (statut HTTP 503).")
  }

  func test_nextPages_areAppended_fromTheirURLs_resolvedAgainstThePage() async {
    loader.answer(
      first,
      with: .page(
        JSONFeed(title: "News", items: items("a", "b"), nextURL: URL(string: "feed-2.json"))))
    loader.answer(
      address("feed-2.json"),
      with: .page(JSONFeed(title: "News", items: items("c"), nextURL: address("feed-3.json"))))
    loader.answer(address("feed-3.json"), with: .page(JSONFeed(title: "News", items: items("d"))))
    let model = makeModel()
    await model.loadContent()

    let second = await model.loadNextPage()
    let third = await model.loadNextPage()
    let none = await model.loadNextPage()

    XCTAssertEqual(second, .completed)
    XCTAssertEqual(third, .completed)
    XCTAssertNil(none, "no page after the last")
    XCTAssertEqual(model.content.map(\.id), ["a", "b", "c", "d"])
    XCTAssertEqual(loader.requests, [first, address("feed-2.json"), address("feed-3.json")])
    XCTAssertEqual(model.pagesLoaded, loader.requests)
    XCTAssertEqual(presenter.presentedKinds.last, .content)
  }

  func test_anItemShownAlready_isNotShownTwice_andANextURLBackToALoadedPage_endsThePaging()
    async
  {
    loader.answer(
      first,
      with: .page(JSONFeed(title: "N", items: items("a", "b"), nextURL: address("feed-2.json"))))
    loader.answer(
      address("feed-2.json"),
      with: .page(JSONFeed(title: "N", items: items("b", "c"), nextURL: first)))
    let model = makeModel()
    await model.loadContent()

    await model.loadNextPage()

    XCTAssertEqual(model.content.map(\.id), ["a", "b", "c"])
    XCTAssertFalse(model.hasMorePages, "page 2 points back to page 1")
  }

  func test_aNextURLThatIsNotHTTP_endsThePaging() async {
    loader.answer(
      first,
      with: .page(
        JSONFeed(title: "N", items: items("a"), nextURL: URL(string: "file:///etc/passwd"))))
    let model = makeModel()

    await model.loadContent()

    XCTAssertFalse(model.hasMorePages)
    let page = await model.loadNextPage()
    XCTAssertNil(page)
    XCTAssertEqual(loader.requests, [first])
  }

  func test_aNextPageThatFails_keepsTheItems_andIsAskedForAgain() async {
    let second = address("feed-2.json")
    loader.answer(
      first, with: .page(JSONFeed(title: "N", items: items("a"), nextURL: second)))
    loader.answer(second, with: .failure(.truncated(received: 10, expected: 20)))
    let model = makeModel()
    await model.loadContent()

    let failed = await model.loadNextPage()

    guard case .failed(let error) = failed else { return XCTFail("\(String(describing: failed))") }
    XCTAssertEqual(error as? FeedError, .truncated(received: 10, expected: 20))
    XCTAssertEqual(model.currentState.kind, .content)
    XCTAssertEqual(model.content.map(\.id), ["a"])
    guard case .failed = presenter.lastPresentation?.append else {
      return XCTFail("the page's failure is the presentation's append")
    }
    loader.answer(second, with: .page(JSONFeed(title: "N", items: items("b"))))
    let retried = await model.loadNextPage()
    XCTAssertEqual(retried, .completed)
    XCTAssertEqual(model.content.map(\.id), ["a", "b"])
  }

  func test_aRefresh_keepsTheItemsWhileItRuns_thenStartsAgainFromTheFirstPage() async throws {
    let second = address("feed-2.json")
    loader.answer(first, with: .page(JSONFeed(title: "N", items: items("a"), nextURL: second)))
    loader.answer(second, with: .page(JSONFeed(title: "N", items: items("b"))))
    let model = makeModel()
    await model.loadContent()
    await model.loadNextPage()
    let gate = Gate<JSONFeed>()
    loader.answer(first, with: .gated(gate))

    let refresh = Task { await model.reload() }
    try await settle("the refresh waits for its page") { gate.waiterCount == 1 }

    XCTAssertEqual(model.currentState.kind, .content)
    XCTAssertEqual(presenter.lastPresentation?.isRefreshing, true)
    XCTAssertEqual(model.content.map(\.id), ["a", "b"], "the items stay while it runs")
    gate.open(with: JSONFeed(title: "N", items: items("new", "a"), nextURL: second))
    let outcome = await refresh.value
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(presenter.lastPresentation?.isRefreshing, false)
    XCTAssertEqual(model.content.map(\.id), ["new", "a"], "page 2 goes with the refresh")
    XCTAssertTrue(model.hasMorePages)
  }

  func test_aRefreshThatFails_keepsTheItems() async {
    loader.answer(first, with: .page(JSONFeed(title: "N", items: items("a"))))
    let model = makeModel()
    await model.loadContent()
    loader.answer(first, with: .failure(.unreachable(.cannotConnectToHost)))

    await model.reload()

    XCTAssertEqual(model.currentState.kind, .content)
    XCTAssertEqual(model.content.map(\.id), ["a"])
    XCTAssertFalse(presenter.presentedKinds.contains(.error), "never an error over the items")
  }

  func test_noNextPage_whileTheFirstPageLoads() async throws {
    let gate = Gate<JSONFeed>()
    loader.answer(first, with: .gated(gate))
    let model = makeModel()

    let loading = Task { await model.loadContent() }
    try await settle { gate.waiterCount == 1 }

    let page = await model.loadNextPage()
    XCTAssertNil(page)
    gate.open(with: JSONFeed(title: "N", items: items("a")))
    await loading.value
    XCTAssertEqual(loader.requests, [first])
  }
}
