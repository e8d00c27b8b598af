import FileSearchCore
import StatefulContent
import XCTest

/// What the interactive screen draws: prompt, status, matches or placeholder, the footer of
/// the next page, keys — cut to the terminal's width — and how it scrolls; the previous
/// query's matches dimmed while a new one searches.
@MainActor
final class SearchScreenTests: FixtureTestCase {
  private var size = (rows: 8, columns: 40)
  private let output = TextCapture()
  private lazy var scanner = GatedScanner(folder: tree.path)

  private func makeScreen(pageSize: Int = 50) -> (SearchScreen, SearchModel) {
    let screen = SearchScreen(
      folder: "dir", size: { self.size }, strings: .english, write: output.write)
    let model = SearchModel(
      scanner: scanner, pageSize: pageSize, presenter: screen, strings: .english)
    screen.model = model
    return (screen, model)
  }

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
    let (screen, model) = makeScreen()
    _ = await model.search("al")?.value
    scanner.close()

    let search = model.search("alp")

    let lines = screen.lines()
    XCTAssertEqual(lines[1], "2 matches for 'al' · searching 'alp'…")
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
    XCTAssertEqual(screen.lines()[6], "Loading more matches…")
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

  func test_error_offersRetryWithItsKey() async {
    size.columns = 200
    let (screen, model) = makeScreen()
    _ = await model.search("x")?.value

    let lines = screen.lines()

    XCTAssertEqual(lines[2], "Cannot search '\(tree.path)'")
    XCTAssertEqual(lines[4], "[\(PlaceholderStrings.english.retry): Ctrl-R]")
  }

  func test_redraw_drawsEachLineOverTheOldOne_andPutsTheCursorAfterTheInput() async {
    let (screen, _) = makeScreen()
    screen.input = "ab"

    screen.redraw()

    XCTAssertTrue(output.text.hasPrefix("\u{1B}[HSearch dir: ab\u{1B}[K\r\n"))
    XCTAssertTrue(output.text.hasSuffix("\u{1B}[J\u{1B}[1;15H"))
  }
}
