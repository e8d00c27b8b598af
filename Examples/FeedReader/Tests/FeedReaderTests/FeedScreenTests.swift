import FeedReaderCore
import Foundation
import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

/// The screen's lines: an item per line, the window that fits, its scrolling, the status with
/// the items' marks.
@MainActor
final class FeedScreenTests: XCTestCase {
  private let loader = FakeFeedLoader()
  /// The model shown, kept by the test as the app keeps it: the screen holds it weakly.
  private var model: FeedModel?

  private func loadedScreen(
    _ ids: [String], nextURL: URL? = nil, language: String = "en", minutesLater: Double = 0
  ) async -> FeedScreen {
    let first = address("feed.json")
    loader.answer(
      first,
      with: .page(
        JSONFeed(
          title: "News", items: ids.map { JSONFeed.Item(id: $0, title: "Item \($0)") },
          nextURL: nextURL)))
    let loadedAt = Date(timeIntervalSince1970: 1_800_000_000)
    let strings = FeedStrings(language: language)
    let model = FeedModel(
      url: first, loader: loader, presenter: nil, now: { loadedAt }, strings: strings)
    let screen = FeedScreen(
      strings: strings, now: { loadedAt.addingTimeInterval(minutesLater * 60) })
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
      screen.status(for: Presentation(state: .content), in: region),
      "2 items · more below · Updated just now")
    XCTAssertEqual(screen.footerLines(in: region), ["↑↓ scroll · r refresh · q quit"])
  }

  func test_theStatus_saysHowLongAgoTheFirstPageCame_inTheReadersLanguage() async {
    let region = TerminalPresenter.Region(columns: 60, rows: 10, mode: .screen)
    let english = await loadedScreen(["a"], minutesLater: 5)
    XCTAssertEqual(
      english.status(for: Presentation(state: .content), in: region),
      "1 item · Updated 5 minutes ago")

    let german = await loadedScreen(["a"], language: "de", minutesLater: 120)
    XCTAssertEqual(
      german.status(for: Presentation(state: .content), in: region),
      "1 Eintrag · Vor 2 Stunden aktualisiert")
  }

  func test_theStatus_leavesTheAgeOfStaleItems_toThePresentersMark() async {
    let region = TerminalPresenter.Region(columns: 90, rows: 10, mode: .screen)
    var offline = StateInputs(hasContent: true)
    offline.reachability = .unreachable
    let marked = Presentation(
      state: .content,
      decision: StateDecision(state: .content, rule: .content, inputs: offline, isStale: true))

    let english = await loadedScreen(["a", "b"], nextURL: address("feed-2.json"), minutesLater: 5)
    XCTAssertEqual(english.status(for: marked, in: region), "2 items · more below")
  }

  func test_thePresentersMarks_areInTheReadersLanguage() {
    XCTAssertEqual(FeedStrings.english.terminalTexts.offline, " · Offline")
    XCTAssertEqual(
      FeedStrings(language: "de").terminalTexts.stale(.seconds(7_200)),
      " · Nicht aktuell · Vor 2 Stunden aktualisiert")
    XCTAssertEqual(FeedStrings(language: "fr").terminalTexts.offline, " · Hors ligne")
  }

  func test_theStatus_saysOffline_whenTheModelsSourceSaysTheServerIsGone() async throws {
    let presenter = RecordingPresenter()
    let connectivity = ManualConnectivity()
    let first = address("feed.json")
    loader.answer(first, with: .page(JSONFeed(title: "News", items: items("a"))))
    let model = FeedModel(
      url: first, loader: loader, presenter: presenter, clock: ManualClock(), strings: .english)
    model.followConnectivity(connectivity)
    let screen = FeedScreen(strings: .english)
    screen.model = model
    await model.loadContent()
    let region = TerminalPresenter.Region(columns: 60, rows: 10, mode: .screen)

    connectivity.send(.unreachable)
    try await settle { presenter.lastPresentation?.isOffline == true }

    let status = presenter.lastPresentation.flatMap { screen.status(for: $0, in: region) }
    XCTAssertEqual(status, "1 item · Updated just now", "the presenter adds · Offline")
  }
}
