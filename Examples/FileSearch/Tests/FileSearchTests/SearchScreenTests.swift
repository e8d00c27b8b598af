import FileSearchCore
import StatefulContent
import XCTest

/// What the interactive screen draws: prompt, status, matches or placeholder, keys — cut to
/// the terminal's width — and how it scrolls.
@MainActor
final class SearchScreenTests: FixtureTestCase {
  private var size = (rows: 8, columns: 40)
  private let output = TextCapture()

  private func makeScreen() -> (SearchScreen, SearchModel) {
    let screen = SearchScreen(folder: "dir", size: { self.size }, write: output.write)
    let model = SearchModel(scanner: FileScanner(folder: tree.path), presenter: screen)
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
      lines[2...6],
      ["a.txt:2: match", "b.txt:2: match", "c.txt:2: match", "d.txt:2: match", "e.txt:2: match"])

    XCTAssertFalse(screen.scroll(by: 1), "f.txt and g.txt are below")
    XCTAssertTrue(screen.scroll(by: 5), "the last match is on screen")
    XCTAssertEqual(screen.scrollOffset, 2, "no further than the end")
    XCTAssertEqual(screen.lines()[6], "g.txt:2: match")
  }

  func test_error_offersRetryWithItsKey() async {
    size.columns = 200
    let (screen, model) = makeScreen()
    _ = await model.search("x")?.value

    let lines = screen.lines()

    XCTAssertEqual(lines[2], "Cannot search '\(tree.path)'")
    XCTAssertEqual(lines[4], "[Retry: Ctrl-R]")
  }

  func test_redraw_drawsEachLineOverTheOldOne_andPutsTheCursorAfterTheInput() async {
    let (screen, _) = makeScreen()
    screen.input = "ab"

    screen.redraw()

    XCTAssertTrue(output.text.hasPrefix("\u{1B}[HSearch dir: ab\u{1B}[K\r\n"))
    XCTAssertTrue(output.text.hasSuffix("\u{1B}[J\u{1B}[1;15H"))
  }
}
