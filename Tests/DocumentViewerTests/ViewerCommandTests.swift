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

  func test_parse_explain_goesWithTheTimelineOnly() {
    let expected = ViewerCommand.view(ViewerOptions(timeline: true, explains: true, paths: ["a"]))
    assertParses(["--timeline", "--explain", "a"], expected)
    assertParses(["--explain", "a", "--timeline"], expected)
    assertParses(["--timeline", "--explain"], .view(ViewerOptions(timeline: true, explains: true)))
    assertRejects(["--explain", "a"], .commandLine(.explainNeedsTimeline))
    assertRejects(["--explain"], .commandLine(.explainNeedsTimeline))
    assertRejects(["--timeline", "--explain=yes"], .commandLine(.unknownOption("--explain=yes")))
    XCTAssertEqual(
      UsageError.commandLine(.explainNeedsTimeline).description,
      "--explain needs --timeline, whose lines it explains")
  }

  func test_parse_delay_takesMillisecondsFromTheNextArgumentOrAfterEquals() {
    assertParses(
      ["--delay", "250", "a"], .view(ViewerOptions(delay: .milliseconds(250), paths: ["a"])))
    assertParses(["--delay=0"], .view(ViewerOptions(delay: .zero)))
    assertParses(["--delay", "86400000"], .view(ViewerOptions(delay: .seconds(86_400))))
  }

  func test_parse_measureFirstScreen_isUnknown_theMeasurementIsABenchmarkRow() {
    // `stateful-bench --only g [--file FILE]` measures the first screen (FirstScreenMeasurement).
    assertRejects(
      ["--measure-first-screen", "big.log"], .commandLine(.unknownOption("--measure-first-screen")))
    XCTAssertFalse(ViewerCommand.usage.contains("--measure"))
  }

  func test_parse_forget_takesOneFileAndNoOtherOptionOrPath() {
    assertParses(["--forget", "a.pdf"], .forget(path: "a.pdf"))
    assertParses(["--forget=-a.pdf"], .forget(path: "-a.pdf"))
    assertRejects(["--forget", "a.pdf", "b.pdf"], .forgetTakesOneFile)
    assertRejects(["--forget", "a.pdf", "--forget", "b.pdf"], .forgetTakesOneFile)
    assertRejects(["--timeline", "--forget", "a.pdf"], .forgetTakesOneFile)
    XCTAssertThrowsError(try ViewerCommand.parse(["--forget"]))
    assertParses(["--forget", "a.pdf", "--help"], .help)
  }

  func test_parse_remember_isAFlag_andRememberForTakesSecondsAndImpliesIt() {
    assertParses(["--remember", "a.pdf"], .view(ViewerOptions(remembers: true, paths: ["a.pdf"])))
    let anHour = ViewerCommand.view(
      ViewerOptions(remembers: true, rememberTimeout: .seconds(3600), paths: ["a.pdf"]))
    assertParses(["--remember-for", "3600", "a.pdf"], anHour)
    assertParses(["a.pdf", "--remember", "--remember-for=3600"], anHour)
    assertParses(
      ["--remember-for", "31536000"],
      .view(ViewerOptions(remembers: true, rememberTimeout: .seconds(31_536_000))))
    for value in ["0", "", "-1", "1.5", "1h", " 60", "31536001", "99999999999999999999"] {
      assertRejects(["--remember-for", value, "a.pdf"], .invalidRememberTime(value))
    }
    assertRejects(["--remember-for"], .commandLine(.missingValue(option: "--remember-for")))
    assertRejects(["--remember", "--forget", "a.pdf"], .forgetTakesOneFile)
    XCTAssertEqual(
      UsageError.invalidRememberTime("0").description,
      "invalid time '0' for --remember-for: expected a whole number of seconds, from 1 to "
        + "31536000")
  }

  func test_parse_badDelay_isAUsageError() {
    for value in ["abc", "-5", "1.5", "", "+3", " 7", "86400001", "99999999999999999999"] {
      assertRejects(["--delay", value], .invalidDelay(value))
    }
    assertRejects(["--delay"], .commandLine(.missingValue(option: "--delay")))
  }

  func test_parse_passwordFile_takesAPath() {
    assertParses(
      ["--password-file", "pw.txt", "a.pdf"],
      .view(ViewerOptions(passwordFile: "pw.txt", paths: ["a.pdf"])))
    assertParses(["--password-file=-x"], .view(ViewerOptions(passwordFile: "-x")))
    assertRejects(["a", "--password-file"], .commandLine(.missingValue(option: "--password-file")))
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
  func test_parse_speakAndAnnounce_areFlags() {
    assertParses(
      ["--speak", "a", "--announce"],
      .view(ViewerOptions(speaks: true, announces: true, paths: ["a"])))
    XCTAssertThrowsError(try ViewerCommand.parse(["--speak=yes"]))
  }

  func test_parse_unknownOption_isAUsageError() {
    assertRejects(["--bogus"], .commandLine(.unknownOption("--bogus")))
    assertRejects(["a", "-x"], .commandLine(.unknownOption("-x")))
    assertRejects(["--timeline=yes"], .commandLine(.unknownOption("--timeline=yes")))
  }

  func test_usageError_namesTheArgument() {
    XCTAssertEqual(UsageError.commandLine(.unknownOption("-x")).description, "unknown option '-x'")
    XCTAssertEqual(
      UsageError.commandLine(.missingValue(option: "--delay")).description,
      "option '--delay' needs a value")
    XCTAssertEqual(
      UsageError.invalidDelay("x").description,
      "invalid delay 'x': expected a whole number of milliseconds, from 0 to 86400000")
  }

  func test_usage_startsWithTheSynopsis() {
    XCTAssertTrue(
      ViewerCommand.usage.hasPrefix(
        "USAGE: document-viewer [--timeline [--explain]] [--speak] [--announce]\n"))
    XCTAssertTrue(ViewerCommand.usage.hasSuffix("\n"))
  }
}
