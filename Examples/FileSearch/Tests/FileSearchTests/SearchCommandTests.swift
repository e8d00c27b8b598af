import FileSearchCore
import XCTest

/// The command line: options, values, and every usage error.
final class SearchCommandTests: XCTestCase {
  private func parse(_ arguments: [String]) throws -> SearchCommand {
    try SearchCommand.parse(arguments)
  }

  private func assertUsageError(
    _ arguments: [String], _ expected: SearchCommand.UsageError,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(try parse(arguments), file: file, line: line) {
      XCTAssertEqual($0 as? SearchCommand.UsageError, expected, file: file, line: line)
    }
  }

  func test_folderAlone_searchesInteractivelyWithDefaults() throws {
    XCTAssertEqual(try parse(["Sources"]), .search(.init(folder: "Sources")))
  }

  func test_everyOption_inBothSpellingsOfAValue() throws {
    let expected = SearchCommand.search(
      .init(
        folder: "Sources", queries: ["s", "sw", "swi"], timeline: true, pageSize: 20,
        includesHiddenFiles: true))

    XCTAssertEqual(
      try parse(["--timeline", "--queries", "s,sw,swi", "--page-size", "20", "--hidden", "Sources"]
      ),
      expected)
    XCTAssertEqual(
      try parse(["Sources", "--queries=s,sw,swi", "--page-size=20", "--timeline", "--hidden"]),
      expected)
  }

  func test_explain_goesWithTheTimelineOnly() throws {
    let expected = SearchCommand.search(
      .init(folder: "Sources", queries: ["s"], timeline: true, explains: true))

    XCTAssertEqual(try parse(["--timeline", "--explain", "--queries", "s", "Sources"]), expected)
    XCTAssertEqual(try parse(["--explain", "Sources", "--queries=s", "--timeline"]), expected)
    assertUsageError(["--explain", "Sources"], .commandLine(.explainNeedsTimeline))
    assertUsageError(
      ["--explain", "--queries", "s", "Sources"], .commandLine(.explainNeedsTimeline))
    assertUsageError(
      ["--timeline", "--explain=yes", "a"], .commandLine(.unknownOption("--explain=yes")))
    XCTAssertEqual(
      SearchCommand.UsageError.commandLine(.explainNeedsTimeline).description,
      "--explain needs --timeline, whose lines it explains")
  }

  func test_queries_keepEmptyOnesAndSpaces() throws {
    XCTAssertEqual(
      try parse(["--queries", "a b,,c", "."]),
      .search(.init(folder: ".", queries: ["a b", "", "c"])))
  }

  func test_help_endsParsing() throws {
    XCTAssertEqual(try parse(["Sources", "--timeline", "--help"]), .help)
    XCTAssertEqual(try parse(["-h", "--bogus", "a", "b"]), .help)
  }

  func test_doubleDash_makesTheNextArgumentTheFolder() throws {
    XCTAssertEqual(try parse(["--", "--timeline"]), .search(.init(folder: "--timeline")))
    XCTAssertEqual(try parse(["-"]), .search(.init(folder: "-")))
  }

  func test_usageErrors() {
    assertUsageError([], .missingFolder)
    assertUsageError(["--timeline"], .missingFolder)
    assertUsageError(["a", "b"], .unexpectedArgument("b"))
    assertUsageError(["--colour", "a"], .commandLine(.unknownOption("--colour")))
    assertUsageError(["--timeline=yes", "a"], .commandLine(.unknownOption("--timeline=yes")))
    assertUsageError(["a", "--queries"], .commandLine(.missingValue(option: "--queries")))
    assertUsageError(["a", "--page-size"], .commandLine(.missingValue(option: "--page-size")))
    for size in ["0", "-1", "abc", "", "100001", "1e3", "+5", "٣"] {
      assertUsageError(["--page-size", size, "a"], .invalidPageSize(size))
    }
  }

  func test_usageErrors_describeTheArgument() {
    XCTAssertEqual(
      SearchCommand.UsageError.commandLine(.unknownOption("--colour")).description,
      "unknown option '--colour'")
    XCTAssertEqual(
      SearchCommand.UsageError.invalidPageSize("0").description,
      "invalid page size '0': expected a whole number from 1 to 100000")
    XCTAssertEqual(SearchCommand.UsageError.missingFolder.description, "no folder to search")
  }
}
