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
      let app = FeedApp(
        writeOutput: output.append, writeError: errors.append,
        strings: FeedStrings(language: language), cacheDirectory: nil)

      let status = await app.run(["--once"])

      XCTAssertEqual(status, 2, language)
      XCTAssertEqual(errors.text, expected, language)
      XCTAssertEqual(output.text, "", language)
    }
  }

  func test_help_writesTheUsage_andExits0() async {
    for language in FeedStrings.languages {
      let output = TextSink()
      let app = FeedApp(
        writeOutput: output.append, strings: FeedStrings(language: language), cacheDirectory: nil)

      let status = await app.run(["--help"])

      XCTAssertEqual(status, 0)
      XCTAssertEqual(output.text, FeedStrings(language: language).usage)
      XCTAssertTrue(output.text.contains("--timeline"), language)
      XCTAssertTrue(output.text.hasSuffix("\n"), language)
    }
  }
}
