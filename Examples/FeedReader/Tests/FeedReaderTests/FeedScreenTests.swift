import FeedReaderCore
import Foundation
import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

/// The screen's lines: an item per line, the window that fits, its scrolling, the status.
@MainActor
final class FeedScreenTests: XCTestCase {
  private let loader = FakeFeedLoader()
  /// The model shown, kept by the test as the app keeps it: the screen holds it weakly.
  private var model: FeedModel?

  private func loadedScreen(_ ids: [String], nextURL: URL? = nil) async -> FeedScreen {
    let first = address("feed.json")
    loader.answer(
      first,
      with: .page(
        JSONFeed(
          title: "News", items: ids.map { JSONFeed.Item(id: $0, title: "Item \($0)") },
          nextURL: nextURL)))
    let model = FeedModel(url: first, loader: loader, presenter: nil, strings: .english)
    let screen = FeedScreen(strings: .english)
    screen.model = model
    await model.loadContent()
    self.model = model
    return screen
  }

  private func lines(_ screen: FeedScreen, rows: Int?) -> [String] {
    screen.contentLines(
      for: Presentation(state: .content), in: .init(columns: 40, rows: rows, mode: .screen))
  }

  func test_anItemsLine_isItsDate_thenItsHeadline() async {
    let date = Date(timeIntervalSince1970: 1_795_879_800)  // 2026-11-28T15:30:00Z
    XCTAssertEqual(
      FeedScreen.line(for: JSONFeed.Item(id: "1", title: "Hello", datePublished: date)),
      "2026-11-28  Hello")
    XCTAssertEqual(FeedScreen.line(for: JSONFeed.Item(id: "1", title: "Hello")), "Hello")
  }

  func test_onAPipe_everyItemIsALine() async {
    let screen = await loadedScreen(["a", "b", "c"])

    XCTAssertEqual(lines(screen, rows: nil), ["Item a", "Item b", "Item c"])
  }

  func test_theWindow_fitsTheRows_andScrollsWithinTheItems() async {
    let screen = await loadedScreen(["a", "b", "c", "d", "e"])
    XCTAssertEqual(lines(screen, rows: 2), ["Item a", "Item b"])

    XCTAssertFalse(screen.scroll(by: 1))
    XCTAssertEqual(lines(screen, rows: 2), ["Item b", "Item c"])
    XCTAssertTrue(screen.scroll(by: 100), "the window reaches the last item")
    XCTAssertEqual(lines(screen, rows: 2), ["Item d", "Item e"])
    screen.scroll(by: -100)
    XCTAssertEqual(screen.offset, 0)
  }

  func test_theHeaderIsTheTitle_andTheStatusCountsTheItems() async {
    let screen = await loadedScreen(["a", "b"], nextURL: address("feed-2.json"))
    let region = TerminalPresenter.Region(columns: 40, rows: 10, mode: .screen)

    XCTAssertEqual(screen.headerLines(in: region), ["News"])
    XCTAssertEqual(
      screen.status(for: Presentation(state: .content), in: region), "2 items · more below")
    XCTAssertEqual(screen.footerLines(in: region), ["↑↓ scroll · r refresh · q quit"])
  }
}
