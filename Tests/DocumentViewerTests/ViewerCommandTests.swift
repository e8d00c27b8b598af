import DocumentViewerCore
import XCTest

final class ViewerCommandTests: XCTestCase {
  private func assertParses(
    _ arguments: [String], _ expected: ViewerCommand,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(try ViewerCommand.parse(arguments), expected, file: file, line: line)
  }

  private func assertRejects(
    _ arguments: [String], _ expected: UsageError,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(try ViewerCommand.parse(arguments), file: file, line: line) { error in
      XCTAssertEqual(error as? UsageError, expected, file: file, line: line)
    }
  }

  func test_parse_noArguments_isTheTour() {
    assertParses([], .view(ViewerOptions()))
  }

  func test_parse_paths_keepTheirOrder() {
    assertParses(["b.txt", "a.txt"], .view(ViewerOptions(paths: ["b.txt", "a.txt"])))
  }

  func test_parse_timeline_mayComeBeforeOrAfterPaths() {
    let expected = ViewerCommand.view(ViewerOptions(timeline: true, paths: ["a", "b"]))
    assertParses(["--timeline", "a", "b"], expected)
    assertParses(["a", "--timeline", "b"], expected)
    assertParses(["a", "b", "--timeline", "--timeline"], expected)
  }

  func test_parse_help_winsOverLaterArguments() {
    assertParses(["--help"], .help)
    assertParses(["-h"], .help)
    assertParses(["a", "--help", "--bogus"], .help)
  }

  func test_parse_doubleDash_makesEveryFollowingArgumentAPath() {
    assertParses(
      ["--", "--timeline", "-h"], .view(ViewerOptions(paths: ["--timeline", "-h"])))
  }

  func test_parse_loneDash_isAPath() {
    assertParses(["-"], .view(ViewerOptions(paths: ["-"])))
  }

  func test_parse_unknownOption_isAUsageError() {
    assertRejects(["--bogus"], .unknownOption("--bogus"))
    assertRejects(["a", "-x"], .unknownOption("-x"))
    assertRejects(["--timeline=yes"], .unknownOption("--timeline=yes"))
  }

  func test_usageError_namesTheArgument() {
    XCTAssertEqual(UsageError.unknownOption("-x").description, "unknown option '-x'")
  }

  func test_usage_startsWithTheSynopsis() {
    XCTAssertTrue(ViewerCommand.usage.hasPrefix("USAGE: document-viewer [--timeline] [PATH ...]\n"))
    XCTAssertTrue(ViewerCommand.usage.hasSuffix("\n"))
  }
}
