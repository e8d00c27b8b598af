import FeedReaderCore
import Foundation
import StatefulContentTerminal
import XCTest

/// The command line: what it asks for, and bad usage as exit status 2 with a one-line hint in
/// the reader's language.
@MainActor
final class FeedCommandTests: XCTestCase {
  private let url = "http://127.0.0.1:8000/feed.json"

  func test_anAddress_readsIt_onTheFullScreen() async throws {
    XCTAssertEqual(
      try FeedCommand.parse([url]), .read(FeedCommand.Options(url: URL(string: url)!)))
  }

  func test_timeline_impliesOnce_andExplainNeedsIt() async throws {
    let command = try FeedCommand.parse(["--timeline", "--explain", url])

    guard case .read(let options) = command else { return XCTFail("\(command)") }
    XCTAssertTrue(options.once)
    XCTAssertTrue(options.timeline)
    XCTAssertTrue(options.explains)
    XCTAssertThrowsError(try FeedCommand.parse(["--explain", url])) { error in
      XCTAssertEqual(
        error as? FeedCommand.UsageError, .commandLine(.explainNeedsTimeline))
    }
  }

  func test_staleAfter_takesSeconds_wholeOrDecimal() async throws {
    for (value, expected) in [("0", Duration.zero), ("300", .seconds(300)), ("1.5", .seconds(1.5))]
    {
      let command = try FeedCommand.parse(["--timeline", "--stale-after", value, url])
      guard case .read(let options) = command else { return XCTFail("\(command)") }
      XCTAssertEqual(options.staleAfter, expected, value)
    }
    guard case .read(let options) = try FeedCommand.parse([url]) else { return XCTFail() }
    XCTAssertNil(options.staleAfter, "never stale without it")
  }

  func test_help_winsOverEverythingAfterIt() async throws {
    XCTAssertEqual(try FeedCommand.parse(["-h", "--nope"]), .help)
    XCTAssertEqual(try FeedCommand.parse([url, "--help"]), .help)
  }

  func test_badUsage_isTyped() async {
    let cases: [([String], FeedCommand.UsageError)] = [
      ([], .missingURL),
      (["--once"], .missingURL),
      (["--colour", url], .commandLine(.unknownOption("--colour"))),
      (["--once=yes", url], .commandLine(.unknownOption("--once=yes"))),
      ([url, url], .commandLine(.unexpectedOperand(url))),
      (["ftp://example.org/feed.json"], .invalidURL("ftp://example.org/feed.json")),
      (["feed.json"], .invalidURL("feed.json")),
      (["http://"], .invalidURL("http://")),
      (["--stale-after", "-5", url], .invalidStaleAfter("-5")),
      (["--stale-after=soon", url], .invalidStaleAfter("soon")),
      (["--stale-after", "1e3", url], .invalidStaleAfter("1e3")),
      (["--stale-after", "nan", url], .invalidStaleAfter("nan")),
      ([url, "--stale-after"], .commandLine(.missingValue(option: "--stale-after"))),
    ]
    for (arguments, expected) in cases {
      XCTAssertThrowsError(try FeedCommand.parse(arguments), "\(arguments)") { error in
        XCTAssertEqual(error as? FeedCommand.UsageError, expected, "\(arguments)")
      }
    }
  }

  func test_badUsage_exits2_withTheErrorAndAHint_inTheReadersLanguage() async {
    for (language, expected) in [
      ("en", "feed-reader: no feed URL given\nRun 'feed-reader --help' for usage.\n"),
      ("de", "feed-reader: keine Feed-URL angegeben\nAufruf: siehe „feed-reader --help“.\n"),
      (
        "fr",
        "feed-reader: aucune URL de flux donnée\nVoir «\u{A0}feed-reader --help\u{A0}» pour l’utilisation.\n"
      ),
    ] {
      let (output, errors) = (TextSink(), TextSink())
      var environment = ToolEnvironment()
      (environment.writeOutput, environment.writeError) = (output.append, errors.append)
      let app = FeedApp(
        environment: environment, strings: FeedStrings(language: language), cacheDirectory: nil)

      let status = await app.run(["--once"])

      XCTAssertEqual(status, 2, language)
      XCTAssertEqual(errors.text, expected, language)
      XCTAssertEqual(output.text, "", language)
    }
  }

  func test_aBadStaleAfter_exits2_sayingWhatItTakes_inTheReadersLanguage() async {
    for (language, expected) in [
      ("en", "feed-reader: --stale-after takes seconds, zero or more, not 'soon'\n"),
      ("de", "feed-reader: --stale-after erwartet Sekunden, null oder mehr, nicht „soon“\n"),
      (
        "fr",
        "feed-reader: --stale-after attend des secondes, zéro ou plus, et non «\u{A0}soon\u{A0}»\n"
      ),
    ] {
      let errors = TextSink()
      var environment = ToolEnvironment()
      environment.writeError = errors.append
      let app = FeedApp(
        environment: environment, strings: FeedStrings(language: language), cacheDirectory: nil,
        connectivity: { _ in nil })

      let status = await app.run(["--stale-after", "soon", url])

      XCTAssertEqual(status, 2, language)
      XCTAssertTrue(errors.text.hasPrefix(expected), "\(language): \(errors.text)")
    }
  }

  func test_help_writesTheUsage_andExits0() async {
    for language in FeedStrings.languages {
      let output = TextSink()
      var environment = ToolEnvironment()
      environment.writeOutput = output.append
      let app = FeedApp(
        environment: environment, strings: FeedStrings(language: language), cacheDirectory: nil)

      let status = await app.run(["--help"])

      XCTAssertEqual(status, 0)
      XCTAssertEqual(output.text, FeedStrings(language: language).usage)
      XCTAssertTrue(output.text.contains("--timeline"), language)
      XCTAssertTrue(output.text.hasSuffix("\n"), language)
    }
  }
}
