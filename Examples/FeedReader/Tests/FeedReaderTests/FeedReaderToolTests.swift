import StatefulContentTerminal
import XCTest

/// The built `feed-reader` against a real HTTP server on 127.0.0.1, online: what
/// `--once --timeline` prints and how it exits for a feed, a 500, a truncated body, a slow page
/// and an empty feed — the server's reachability followed, as always, so that a server that
/// answers badly is still an error, not a missing network; the items of every page; the full
/// screen on a pseudo-terminal. The cache and the network's absence are
/// `FeedReaderOfflineTests`'.
final class FeedReaderToolTests: FeedServerTestCase {
  func test_online_showsLoadingThenContent_andExits0() throws {
    let url = server.url("feed.json")

    let run = try run(["--once", "--timeline", url])

    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(timelineStates(run.output), ["loading \(url)", "content \(url)"])
    XCTAssertEqual(run.errors, "")
  }

  func test_explain_endsEachLineWithItsReason() throws {
    let url = server.url("feed.json")

    let run = try run(["--once", "--timeline", "--explain", url])

    let lines = run.output.split(separator: "\n")
    XCTAssertEqual(lines.count, 2, run.output)
    XCTAssertTrue(lines.first?.contains("loading \(url) because rule 3") == true, run.output)
    XCTAssertTrue(lines.last?.contains("content \(url) because rule 2") == true, run.output)
  }

  func test_status500_isAnError_namingTheStatus_notWaiting() throws {
    let url = server.url("status/500/feed.json")

    let timeline = try run(["--timeline", url])
    let plain = try run(["--once", url])

    XCTAssertEqual(timelineStates(timeline.output), ["loading \(url)", "error \(url)"])
    XCTAssertEqual(timeline.status, 0)
    XCTAssertEqual(plain.status, 1)
    XCTAssertTrue(plain.errors.contains("The server answered 500"), plain.errors)
  }

  func test_truncatedBody_isAnError_sayingHowMuchArrived_notWaiting() throws {
    let url = server.url("truncated/feed.json")
    let size = try Data(
      contentsOf: FeedServer.packageFolder.appendingPathComponent("Samples/feed.json")
    ).count

    let timeline = try run(["--timeline", url])
    let plain = try run(["--once", url])

    XCTAssertEqual(timelineStates(timeline.output), ["loading \(url)", "error \(url)"])
    XCTAssertTrue(plain.errors.contains("The feed arrived incomplete"), plain.errors)
    XCTAssertTrue(
      plain.errors.contains("after \(size / 2) of \(size) bytes"), plain.errors)
  }

  func test_slowPage_showsLoadingUntilItArrives() throws {
    let url = server.url("slow/300/feed.json")

    let run = try run(["--timeline", url])

    let lines = run.output.split(separator: "\n")
    XCTAssertEqual(timelineStates(run.output), ["loading \(url)", "content \(url)"])
    let contentAt = lines.last.flatMap { Int($0.prefix(while: \.isNumber)) }
    XCTAssertGreaterThanOrEqual(contentAt ?? 0, 300, "content only once the page came")
  }

  func test_emptyFeed_isEmpty() throws {
    let url = server.url("empty.json")

    let timeline = try run(["--timeline", url])
    let plain = try run(["--once", url])

    XCTAssertEqual(timelineStates(timeline.output), ["loading \(url)", "empty \(url)"])
    XCTAssertEqual(plain.status, 0)
    XCTAssertTrue(plain.errors.contains("This feed has no items yet."), plain.errors)
  }

  func test_once_writesTheItemsOfEveryPage_followingNextURL() throws {
    let run = try run(["--once", server.url("feed.json")])

    let lines = run.output.split(separator: "\n").map(String.init)
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(lines.count, 10, run.output)
    XCTAssertEqual(lines.first, "2026-11-30  StatefulContent 3.0: content over time")
    XCTAssertTrue(lines.contains("2026-10-21  Announcements, spoken once"), "page 2")
    XCTAssertEqual(lines.last, "2026-09-01  StatefulContent 1.0", "page 3")
  }

  func test_unwritableStandardOutput_isReportedOnce_andExitsWith1() throws {
    for unwritable in ToolProcess.Output.unwritable() {
      let tool = try feedReader.start(
        ["--once", server.url("feed.json")], standardOutput: unwritable.output)

      XCTAssertEqual(tool.waitForExit(), 1, unwritable.redirection)
      XCTAssertTrue(
        tool.errorText.hasSuffix(
          "feed-reader: cannot write to standard output: \(unwritable.reason)\n"),
        "\(unwritable.redirection): \(tool.errorText)")
    }
  }

  func test_aNextPageThatFails_keepsTheItemsBefore_andSaysSo() throws {
    let url = server.url("next-fails/feed.json")

    let timeline = try run(["--timeline", url])
    let plain = try run(["--once", url])

    XCTAssertEqual(timelineStates(timeline.output), ["loading \(url)", "content \(url)"])
    XCTAssertEqual(plain.status, 0, "the feed's state is content")
    XCTAssertEqual(plain.output.split(separator: "\n").count, 4, plain.output)
    XCTAssertTrue(
      plain.errors.contains(
        "Could not load the next page: It did not send the feed (HTTP status 500)."),
      plain.errors)
  }

  func test_screen_loadsPagesUntilTheItemsFillIt_andQQuits() throws {
    let pair = try XCTUnwrap(PseudoTerminal(rows: 24, columns: 60))
    defer { pair.close() }
    let tool = try startOnScreen(pair, url: server.url("feed.json"))

    XCTAssertTrue(pair.waitForText("StatefulContent news"), pair.text)
    XCTAssertTrue(pair.waitForText("10 items"), "every page: \(pair.text)")
    XCTAssertTrue(pair.waitForText("StatefulContent 1.0"), "the last page's last item")
    pair.type("q")

    XCTAssertEqual(tool.waitForExit(), 0)
    XCTAssertTrue(pair.isInLineModeWithEcho, "the terminal's settings are restored")
  }

  func test_screen_loadsTheNextPage_whenScrolledToTheLastItem() throws {
    let pair = try XCTUnwrap(PseudoTerminal(rows: 8, columns: 60))
    defer { pair.close() }
    let tool = try startOnScreen(pair, url: server.url("feed.json"))

    XCTAssertTrue(pair.waitForText("8 items · more below"), pair.text)
    let beforeScroll = pair.mark
    pair.type("\u{1B}[6~")  // Page Down
    XCTAssertTrue(pair.waitForText("10 items", after: beforeScroll), pair.text)
    pair.type("\u{4}")  // Ctrl-D

    XCTAssertEqual(tool.waitForExit(), 0)
    XCTAssertTrue(pair.isInLineModeWithEcho, "the terminal's settings are restored")
  }
}
