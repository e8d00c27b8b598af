import FileSearchCore
import StatefulContent
import XCTest

/// What the plain log writes: placeholders once, matches as they arrive, a line when a new
/// query searches with the previous query's matches still shown, a failed page's error.
@MainActor
final class SearchLogTests: FixtureTestCase {
  private let output = TextCapture()
  private lazy var scanner = GatedScanner(folder: tree.path)

  func test_aQueryAfterAnotherOnesMatches_saysWhoseMatchesAreAbove_thenWritesItsOwn() async throws {
    try tree.file("notes/swift.txt", text: "")
    try tree.file("swim.txt", text: "")
    let log = SearchLog(strings: .english, write: output.write)
    let model = SearchModel(scanner: scanner, presenter: log, strings: .english)
    log.model = model
    model.resultsDidChange = { [weak log] in log?.writeNewMatches() }

    _ = await model.search("sw")?.value
    _ = await model.search("swif")?.value

    XCTAssertEqual(
      output.lines,
      [
        "Searching for 'sw'…", "notes/swift.txt", "swim.txt",
        "Searching for 'swif'… (the matches above are for 'sw')", "notes/swift.txt",
      ])
  }

  func test_aFailedPage_writesItsErrorOnce() async throws {
    for name in ["a", "b"] { try tree.file("\(name).txt", text: "match") }
    let log = SearchLog(strings: .english, write: output.write)
    let model = SearchModel(scanner: scanner, pageSize: 1, presenter: log, strings: .english)
    log.model = model
    model.resultsDidChange = { [weak log] in log?.writeNewMatches() }
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

  func test_aSearchCancelledBeforeAnything_saysSo() async throws {
    try tree.file("a.txt", text: "x")
    let log = SearchLog(strings: .english, write: output.write)
    let model = SearchModel(scanner: scanner, presenter: log, strings: .english)
    log.model = model
    scanner.close()

    let search = model.search("x")
    model.cancel()
    scanner.open()
    _ = await search?.value

    XCTAssertEqual(output.lines, ["Searching for 'x'…", "Search for 'x' cancelled."])
  }
}
