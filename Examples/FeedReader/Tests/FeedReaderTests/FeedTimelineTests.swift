import FeedReaderCore
import Foundation
import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

/// The `--timeline` lines, `<ms> <state> [marks] URL`, and what `--once` writes, with a fake
/// loader in the process.
@MainActor
final class FeedTimelineTests: XCTestCase {
  private let loader = FakeFeedLoader()
  private let first = address("feed.json")

  func test_theFields_areTheState_theRefreshingMark_andTheAddress() async {
    let fields = FeedApp.timelineFields(url: first)
    let url = first.absoluteString

    XCTAssertEqual(fields(Presentation(state: .loading(progress: nil))), "loading \(url)")
    XCTAssertEqual(fields(Presentation(state: .content)), "content \(url)")
    XCTAssertEqual(
      fields(Presentation(state: .content, isRefreshing: true)), "content refreshing \(url)")
    XCTAssertEqual(fields(Presentation(state: .empty)), "empty \(url)")
  }

  func test_aRefresh_writesRefreshing_thenContentAgain() async {
    let timeline = TimelinePresenter(
      elapsed: { .zero }, fields: FeedApp.timelineFields(url: first), write: { _ in })
    loader.answer(first, with: .page(JSONFeed(title: "N", items: items("a"))))
    let model = FeedModel(url: first, loader: loader, presenter: timeline, clock: ManualClock())

    await model.loadContent()
    await model.reload()

    let url = first.absoluteString
    XCTAssertEqual(
      timeline.lines,
      ["0 loading \(url)", "0 content \(url)", "0 content refreshing \(url)", "0 content \(url)"])
  }

  private func run(_ arguments: [String]) async -> (status: Int32, output: String, errors: String) {
    let (output, errors) = (TextSink(), TextSink())
    let app = FeedApp(
      writeOutput: output.append, writeError: errors.append, clock: ManualClock(),
      loader: loader, makeStopwatch: { { .milliseconds(7) } }, isInteractiveTerminal: true,
      strings: .english, cacheDirectory: nil)
    let status = await app.run(arguments)
    return (status, output.text, errors.text)
  }

  func test_timeline_writesALinePerChange_andExits0_alsoForAnError() async {
    let url = first.absoluteString
    loader.answer(first, with: .failure(.httpStatus(500)))

    let run = await run(["--timeline", url])

    XCTAssertEqual(run.output, "7 loading \(url)\n7 error \(url)\n")
    XCTAssertEqual(run.status, 0)
    XCTAssertEqual(run.errors, "")
  }

  func test_once_writesEveryPagesItems_andTheStatesToStandardError() async {
    loader.answer(
      first, with: .page(JSONFeed(title: "N", items: items("a"), nextURL: address("2.json"))))
    loader.answer(address("2.json"), with: .page(JSONFeed(title: "N", items: items("b"))))

    let run = await run(["--once", first.absoluteString])

    XCTAssertEqual(run.status, 0)
    XCTAssertEqual(run.output, "Title a\nTitle b\n")
    XCTAssertEqual(run.errors, "Loading…\n")
  }

  func test_once_exits1_whenTheFeedFailed() async {
    loader.answer(first, with: .failure(.notJSON))

    let run = await run(["--once", first.absoluteString])

    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.output, "")
    XCTAssertTrue(run.errors.contains("This is not a JSON Feed"), run.errors)
  }
}
