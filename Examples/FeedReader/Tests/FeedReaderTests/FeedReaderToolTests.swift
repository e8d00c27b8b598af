import StatefulContentTerminal
import XCTest

/// The built `feed-reader` against a real HTTP server on 127.0.0.1: what `--once --timeline`
/// prints and how it exits, online, with the server down, for a 500, a truncated body, a slow
/// page and an empty feed; the items of every page; the full screen on a pseudo-terminal.
final class FeedReaderToolTests: XCTestCase {
  private var server: FeedServer!
  /// This test's `XDG_CACHE_HOME`: every test starts with a cold cache.
  private var cacheHome = ""

  override func setUpWithError() throws {
    try XCTSkipUnless(
      feedReader.isBuilt,
      "feed-reader is not built: run swift build --package-path Examples/FeedReader")
    server = try FeedServer()
    cacheHome =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("FeedReaderToolTests-\(UUID().uuidString)").path
    setenv("XDG_CACHE_HOME", cacheHome, 1)
  }

  override func tearDown() {
    server?.stop()
    server = nil
    unsetenv("XDG_CACHE_HOME")
    try? FileManager.default.removeItem(atPath: cacheHome)
  }

  /// Runs `feed-reader` with arguments and waits for it to exit.
  private func run(_ arguments: [String]) throws -> (status: Int32?, output: String, errors: String)
  {
    let tool = try feedReader.start(arguments)
    let status = tool.waitForExit()
    return (status, tool.outputText, tool.errorText)
  }

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

  func test_warmCache_showsTheSavedItemsFirst_neverLoading_thenTheServers() throws {
    let url = server.url("feed.json")
    _ = try run(["--once", url])

    let run = try run(["--once", "--timeline", url])

    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(timelineStates(run.output), ["content refreshing \(url)", "content \(url)"])
  }

  func test_warmCache_serverDown_keepsTheSavedItems_withNoLoadingAndNoError() throws {
    let url = server.url("feed.json")
    _ = try run(["--once", url])
    server.stop()

    let timeline = try run(["--once", "--timeline", url])
    let items = try run(["--once", url])

    // Marked offline, rather than only kept, comes with the library's connectivity rule (#24).
    XCTAssertEqual(
      timelineStates(timeline.output), ["content refreshing \(url)", "content \(url)"])
    XCTAssertEqual(
      items.output.split(separator: "\n").first,
      "2026-11-30  StatefulContent 3.0: content over time")
  }

  func test_corruptCache_isAMiss_loadingThenContent() throws {
    let url = server.url("feed.json")
    _ = try run(["--once", url])
    let folder = cacheHome + "/feed-reader"
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
      try Data("{\"format\": \"StatefulContent.FileCont".utf8).write(
        to: URL(fileURLWithPath: folder + "/" + name))
    }

    let run = try run(["--once", "--timeline", url])

    XCTAssertEqual(timelineStates(run.output), ["loading \(url)", "content \(url)"])
    XCTAssertEqual(run.status, 0, run.errors)
  }

  func test_serverDown_showsAnError_andExits0() throws {
    let url = server.url("feed.json")
    server.stop()

    let run = try run(["--once", "--timeline", url])

    // Waiting for the network instead comes with the library's connectivity rule (#24).
    XCTAssertEqual(timelineStates(run.output), ["loading \(url)", "error \(url)"])
    XCTAssertEqual(run.status, 0)
  }

  func test_serverDown_withoutTimeline_saysItCannotReachTheServer_andExits1() throws {
    let url = server.url("feed.json")
    server.stop()

    let run = try run(["--once", url])

    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.output, "")
    XCTAssertTrue(run.errors.contains("Cannot reach the server"), run.errors)
    XCTAssertTrue(run.errors.contains("The server refused the connection."), run.errors)
  }

  func test_status500_isAnError_namingTheStatus() throws {
    let url = server.url("status/500/feed.json")

    let timeline = try run(["--timeline", url])
    let plain = try run(["--once", url])

    XCTAssertEqual(timelineStates(timeline.output), ["loading \(url)", "error \(url)"])
    XCTAssertEqual(timeline.status, 0)
    XCTAssertEqual(plain.status, 1)
    XCTAssertTrue(plain.errors.contains("The server answered 500"), plain.errors)
  }

  func test_truncatedBody_isAnError_sayingHowMuchArrived() throws {
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

  /// Starts `feed-reader` on a pseudo-terminal, as a person does.
  private func startOnScreen(_ pair: PseudoTerminal) throws -> ToolProcess {
    let terminal = FileHandle(fileDescriptor: pair.terminal)
    return try feedReader.start(
      [server.url("feed.json")], standardInput: .fileHandle(terminal),
      standardOutput: .fileHandle(terminal))
  }

  func test_screen_loadsPagesUntilTheItemsFillIt_andQQuits() throws {
    let pair = try XCTUnwrap(PseudoTerminal(rows: 24, columns: 60))
    defer { pair.close() }
    let tool = try startOnScreen(pair)

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
    let tool = try startOnScreen(pair)

    XCTAssertTrue(pair.waitForText("8 items · more below"), pair.text)
    let beforeScroll = pair.mark
    pair.type("\u{1B}[6~")  // Page Down
    XCTAssertTrue(pair.waitForText("10 items", after: beforeScroll), pair.text)
    pair.type("\u{4}")  // Ctrl-D

    XCTAssertEqual(tool.waitForExit(), 0)
    XCTAssertTrue(pair.isInLineModeWithEcho, "the terminal's settings are restored")
  }
}
