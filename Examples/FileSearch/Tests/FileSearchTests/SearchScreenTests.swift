import FileSearchCore
import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

/// What the search draws: on the screen, the prompt, status, matches or placeholder, the
/// footer of the next page and the keys — cut to the terminal's width — and how it scrolls;
/// as plain lines, placeholders once, matches as they arrive, a line when a new query searches
/// with the previous query's matches still shown, a failed page's error.
@MainActor
final class SearchScreenTests: FixtureTestCase {
  private var size = TerminalSize(columns: 40, rows: 8)
  private let output = TextCapture()
  private let clock = ManualClock()
  private lazy var scanner = GatedScanner(folder: tree.path)
  /// The screens made, kept for the test: a model's machine holds its presenter weakly.
  private var screens: [SearchScreen] = []

  private func makeScreen(pageSize: Int = 50, plain: Bool = false) -> (SearchScreen, SearchModel) {
    let screen = SearchScreen(
      folder: "dir", size: { self.size }, mode: plain ? .plain : .screen, clock: clock,
      strings: .english, write: output.write)
    let model = SearchModel(
      scanner: scanner, pageSize: pageSize, presenter: screen, strings: .english)
    screen.model = model
    if plain { model.resultsDidChange = { [weak screen] in screen?.update() } }
    screens.append(screen)
    return (screen, model)
  }

  // MARK: Screen

  func test_idle_invitesToType() async {
    let (screen, _) = makeScreen()

    XCTAssertEqual(
      screen.lines(),
      [
        "Search dir: ", "", "Type to search the names and contents o…", "", "", "", "",
        "↑↓ PgUp PgDn scroll · Ctrl-R retry · Ct…",
      ])
  }

  func test_inputWithControlCharacters_isDrawnWithoutThem() async {
    let (screen, _) = makeScreen()

    screen.input = "a\u{7F}\u{1B}[2J\u{9B}b"

    XCTAssertEqual(screen.lines()[0], "Search dir: a\u{FFFD}\u{FFFD}[2J\u{FFFD}b")
  }

  func test_cursor_afterAPastedMegabyte_restsAtTheEdge() async {
    // Its speed (it counted every typed column, a fifth of a second a frame) is
    // file-search-bench's "a pasted 1 MB query" row.
    let (screen, _) = makeScreen()
    screen.input = String(repeating: "abc漢字é ", count: 150_000)
    let region = TerminalPresenter.Region(columns: 40, rows: 8, mode: .screen)

    XCTAssertEqual(screen.cursor(in: region)?.column, 40)
    XCTAssertEqual(screen.cursor(in: region)?.row, 1)
  }

  func test_matches_areListedWithACount_andScrollLoadsAtTheEnd() async throws {
    for name in ["a", "b", "c", "d", "e", "f", "g"] {
      try tree.file("\(name).txt", text: "x\nmatch")
    }
    let (screen, model) = makeScreen()
    screen.input = "match"
    _ = await model.search("match")?.value

    let lines = screen.lines()
    XCTAssertEqual(lines[0], "Search dir: match")
    XCTAssertEqual(lines[1], "7 matches")
    XCTAssertEqual(
      lines[2...5], ["a.txt:2: match", "b.txt:2: match", "c.txt:2: match", "d.txt:2: match"])
    XCTAssertEqual(lines[6], "", "no page is appended")

    XCTAssertFalse(screen.scroll(by: 1), "e.txt, f.txt and g.txt are below")
    XCTAssertTrue(screen.scroll(by: 5), "the last match is on screen")
    XCTAssertEqual(screen.scrollOffset, 3, "no further than the end")
    XCTAssertEqual(screen.lines()[5], "g.txt:2: match")
  }

  func test_anotherQuery_dimsThePreviousMatches_andNamesBothQueries() async throws {
    size.columns = 80
    try tree.file("alpha.txt", text: "")
    try tree.file("also.txt", text: "")
    let screen = SearchScreen(
      folder: "dir", size: { self.size }, colors: true, clock: clock, strings: .english,
      write: output.write)
    let model = SearchModel(scanner: scanner, presenter: screen, strings: .english)
    screen.model = model
    _ = await model.search("al")?.value
    scanner.close()

    let search = model.search("alp")

    let lines = screen.lines()
    XCTAssertEqual(lines[1], "\u{1B}[36m⠋ 2 matches for 'al' · searching 'alp'…\u{1B}[0m")
    XCTAssertEqual(lines[2], "\u{1B}[2malpha.txt\u{1B}[22m")
    XCTAssertEqual(lines[3], "\u{1B}[2malso.txt\u{1B}[22m")
    XCTAssertEqual(lines[4], "", "an empty line is not dimmed")
    scanner.open()
    _ = await search?.value
    XCTAssertEqual(screen.lines()[1...2], ["1 match", "alpha.txt"])
  }

  func test_footer_saysThatThePageLoads_thenThatItFailed_withItsRetryKey() async throws {
    size.columns = 200
    for name in ["a", "b"] { try tree.file("\(name).txt", text: "match") }
    let (screen, model) = makeScreen(pageSize: 1)
    _ = await model.search("match")?.value
    XCTAssertEqual(screen.lines()[1], "1 match · scroll down for more")
    scanner.close()

    let page = model.loadNextPage()
    XCTAssertEqual(screen.lines()[6], "⠋ Loading more matches…")
    tree.remove()
    scanner.open()
    _ = await page?.value

    XCTAssertEqual(
      screen.lines()[6], "Could not load more matches (no folder at '\(tree.path)') [Retry: Ctrl-R]"
    )
    XCTAssertEqual(screen.lines()[2], "a.txt:1: match", "the matches stay")
  }

  func test_aCancelledSearch_saysSo_andThatCtrlRSearchesAgain() async throws {
    size.columns = 80
    try tree.file("a.txt", text: "x")
    let (screen, model) = makeScreen()
    scanner.close()
    screen.input = "x"

    let search = model.search("x")
    model.cancel()
    scanner.open()
    _ = await search?.value

    XCTAssertEqual(screen.lines()[1], "search for 'x' cancelled: Ctrl-R searches again")
    XCTAssertEqual(screen.lines()[2], "", "no invitation to type: a query was typed")
  }

  func test_error_isABox_withItsRetryKey() async {
    size.columns = 200
    let (screen, model) = makeScreen()
    _ = await model.search("x")?.value

    let lines = screen.lines()

    XCTAssertTrue(lines[2].hasPrefix("┌─"), lines[2])
    XCTAssertEqual(
      lines[3].trimmingCharacters(in: .whitespaces), "│ Cannot search '\(tree.path)' │")
    XCTAssertTrue(lines[5].hasPrefix("│ [Ctrl-R] \(PlaceholderStrings.english.retry) "), lines[5])
  }

  func test_redraw_drawsEachLineOverTheOldOne_andPutsTheCursorAfterTheInput() async {
    let (screen, _) = makeScreen()
    screen.input = "ab"

    screen.redraw()

    XCTAssertTrue(output.text.hasPrefix("\u{1B}[HSearch dir: ab\u{1B}[K\r\n"))
    XCTAssertTrue(output.text.hasSuffix("\u{1B}[J\u{1B}[1;15H"))
  }

  // MARK: Ctrl-R after scrolling

  func test_retryAfterScrollingTwoPages_keepsTheMatchesInSight_fromTheFirst() async throws {
    for index in 0..<12 { try tree.file("f\(index / 10)\(index % 10).txt", text: "match") }
    let (screen, model) = makeScreen()
    _ = await model.search("match")?.value
    screen.scroll(by: screen.visibleRows)
    screen.scroll(by: screen.visibleRows)
    XCTAssertEqual(screen.scrollOffset, 8)
    scanner.close()

    let retry = model.retry()

    XCTAssertEqual(screen.scrollOffset, 0, "a search running again starts at the first match")
    XCTAssertEqual(screen.lines()[1], "⠋ 12 matches · searching…")
    XCTAssertEqual(screen.lines()[2], "f00.txt:1: match", "the list stays, marked refreshing")
    scanner.open()
    _ = await retry?.value
    XCTAssertEqual(screen.lines()[1...2], ["12 matches", "f00.txt:1: match"])
  }

  func test_fewerMatchesThanTheScrollPosition_showTheLastOnes_notNothing() async throws {
    for index in 0..<12 { try tree.file("f\(index / 10)\(index % 10).txt", text: "match") }
    try tree.file("other.txt", text: "matchless")
    let (screen, model) = makeScreen()
    _ = await model.search("match")?.value
    screen.scroll(by: 8)

    _ = await model.search("matchl")?.value

    XCTAssertEqual(screen.lines()[1...2], ["1 match", "other.txt:1: matchless"])
    XCTAssertEqual(screen.scrollOffset, 0)
  }

  // MARK: Plain lines

  func test_plain_aQueryAfterAnotherOnesMatches_saysWhoseMatchesAreAbove_thenWritesItsOwn()
    async throws
  {
    try tree.file("notes/swift.txt", text: "")
    try tree.file("swim.txt", text: "")
    let (_, model) = makeScreen(plain: true)

    _ = await model.search("sw")?.value
    _ = await model.search("swif")?.value

    XCTAssertEqual(
      output.lines,
      [
        "Searching for 'sw'…", "notes/swift.txt", "swim.txt",
        "Searching for 'swif'… (the matches above are for 'sw')", "notes/swift.txt",
      ])
  }

  func test_plain_aFailedPage_writesItsErrorOnce() async throws {
    for name in ["a", "b"] { try tree.file("\(name).txt", text: "match") }
    let (_, model) = makeScreen(pageSize: 1, plain: true)
    _ = await model.search("match")?.value
    tree.remove()

    _ = await model.loadNextPage()?.value

    XCTAssertEqual(
      output.lines,
      [
        "Searching for 'match'…", "a.txt:1: match",
        "Could not load more matches: no folder at '\(tree.path)'",
      ])
  }

  func test_plain_aSearchCancelledBeforeAnything_saysSo() async throws {
    try tree.file("a.txt", text: "x")
    let (_, model) = makeScreen(plain: true)
    scanner.close()

    let search = model.search("x")
    model.cancel()
    scanner.open()
    _ = await search?.value

    XCTAssertEqual(output.lines, ["Searching for 'x'…", "Search for 'x' cancelled."])
  }

  func test_plain_anError_writesTheTitleMessageAndAction_withoutEscapeCodes() async {
    let (_, model) = makeScreen(plain: true)

    _ = await model.search("x")?.value

    XCTAssertEqual(output.lines.first, "Searching for 'x'…")
    XCTAssertEqual(output.lines[1], "Cannot search '\(tree.path)'")
    XCTAssertEqual(output.lines.last, "[\(PlaceholderStrings.english.retry)]")
    XCTAssertFalse(output.text.contains("\u{1B}"))
  }
}
