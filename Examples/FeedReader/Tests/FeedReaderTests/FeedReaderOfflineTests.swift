import Foundation
import StatefulContentTerminal
import XCTest

/// The built `feed-reader` against a real server that is there or not, with the first page
/// saved by an earlier run or not: what `--once --timeline` prints and how it exits — the
/// saved items first and never loading, the items marked offline or the waiting state with the
/// server down (never the error), a corrupt cache as a miss, `--stale-after` — and the full
/// screen's waiting box and offline mark on a pseudo-terminal. (A cold cache online is
/// `FeedReaderToolTests`'.)
final class FeedReaderOfflineTests: FeedServerTestCase {
  /// Runs the reader once online, which saves the feed's first page.
  private func warmTheCache(_ url: String) throws {
    let run = try run(["--once", url])
    XCTAssertEqual(run.status, 0, "the run that saves the page: \(run.errors)")
  }

  func test_warmCache_showsTheSavedItemsFirst_neverLoading_thenTheServers() throws {
    let url = server.url("feed.json")
    try warmTheCache(url)

    let run = try run(["--once", "--timeline", url])

    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertEqual(
      timelineStates(run.output),
      ["content refreshing \(url)", "content \(url)"],
      "the saved page is the first thing shown, already being refreshed")
  }

  func test_warmCache_serverDown_showsTheSavedItemsOffline_withNoLoadingAndNoError_andExits0()
    throws
  {
    let url = server.url("feed.json")
    try warmTheCache(url)
    server.stop()

    let timeline = try run(["--once", "--timeline", url])
    let items = try run(["--once", url])

    let states = timelineStates(timeline.output)
    XCTAssertEqual(timeline.status, 0, timeline.errors)
    XCTAssertEqual(states.last, "content offline \(url)", timeline.output)
    XCTAssertTrue(states.allSatisfy { $0.hasPrefix("content ") }, "no loading, no error: \(states)")
    XCTAssertEqual(items.status, 0, "the saved items were written")
    XCTAssertEqual(
      items.output.split(separator: "\n").first,
      "2026-11-30  StatefulContent 3.0: content over time")
    XCTAssertFalse(items.errors.contains("Cannot reach the server"), items.errors)
  }

  func test_coldCache_serverDown_waits_neverAnError_andExits0() throws {
    let url = server.url("feed.json")
    server.stop()

    let run = try run(["--once", "--timeline", "--explain", url])

    XCTAssertEqual(run.status, 0, run.errors)
    let states = timelineStates(run.output).map { $0.components(separatedBy: " because ")[0] }
    XCTAssertEqual(states, ["loading \(url)", "waiting \(url)"])
    XCTAssertTrue(
      run.output.contains("rule 3: a load failed for want of the network"), run.output)
  }

  func test_coldCache_serverDown_withoutTimeline_saysItWaitsForTheNetwork_andExits1() throws {
    let url = server.url("feed.json")
    server.stop()

    let run = try run(["--once", url])

    XCTAssertEqual(run.status, 1, "no items were written")
    XCTAssertEqual(run.output, "")
    XCTAssertTrue(run.errors.contains("Waiting for the network…"), run.errors)
    XCTAssertFalse(run.errors.contains("Cannot reach the server"), run.errors)
  }

  func test_corruptCache_isAMiss_loadingThenContent() throws {
    let url = server.url("feed.json")
    try warmTheCache(url)
    let folder = cacheHome + "/feed-reader"
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
      try Data("{\"format\": \"StatefulContent.FileCont".utf8).write(
        to: URL(fileURLWithPath: folder + "/" + name))
    }

    let run = try run(["--once", "--timeline", url])

    XCTAssertEqual(timelineStates(run.output), ["loading \(url)", "content \(url)"])
    XCTAssertEqual(run.status, 0, run.errors)
  }

  func test_staleAfter0_withAWarmCache_marksTheSavedItemsStale_fromTheFirstLine() throws {
    let url = server.url("feed.json")
    try warmTheCache(url)

    let run = try run(["--once", "--timeline", "--explain", "--stale-after", "0", url])

    XCTAssertEqual(run.status, 0, run.errors)
    let lines = run.output.split(separator: "\n").map(String.init)
    XCTAssertEqual(
      timelineStates(lines.first ?? "").first?.hasPrefix("content stale refreshing \(url) "),
      true, run.output)
    XCTAssertTrue(lines.first?.contains("stale: updated") == true, run.output)
    XCTAssertFalse(run.output.contains("loading"), run.output)
  }

  func test_aNegativeStaleAfter_isBadUsage() throws {
    let run = try run(["--once", "--timeline", "--stale-after", "-5", server.url("feed.json")])

    XCTAssertEqual(run.status, 2)
    XCTAssertEqual(run.output, "")
    XCTAssertTrue(
      run.errors.hasPrefix("feed-reader: --stale-after takes seconds, zero or more, not '-5'\n"),
      run.errors)
  }

  // MARK: The full screen

  func test_screen_coldCache_serverDown_showsTheWaitingBox_thenTheItems_whenTheServerIsBack()
    throws
  {
    let url = server.url("feed.json")
    server.stop()
    let pair = try XCTUnwrap(PseudoTerminal(rows: 24, columns: 70))
    defer { pair.close() }
    let tool = try startOnScreen(pair, url: url)

    XCTAssertTrue(pair.waitForText("Waiting for the network…"), pair.text)
    XCTAssertFalse(pair.text.contains("Cannot reach the server"), "never the error")
    let beforeServer = pair.mark
    try server.restart()

    XCTAssertTrue(pair.waitForText("10 items", after: beforeServer), pair.text)
    pair.type("q")
    XCTAssertEqual(tool.waitForExit(), 0)
  }

  func test_screen_marksTheItemsOffline_whenTheServerStops() throws {
    let pair = try XCTUnwrap(PseudoTerminal(rows: 24, columns: 70))
    defer { pair.close() }
    let tool = try startOnScreen(pair, url: server.url("feed.json"))
    XCTAssertTrue(pair.waitForText("10 items · Updated just now"), pair.text)
    let beforeStop = pair.mark

    server.stop()

    XCTAssertTrue(
      pair.waitForText("10 items · Updated just now · Offline", after: beforeStop), pair.text)
    pair.type("q")
    XCTAssertEqual(tool.waitForExit(), 0)
  }
}
