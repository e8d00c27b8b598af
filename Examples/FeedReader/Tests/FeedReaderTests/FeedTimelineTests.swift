import FeedReaderCore
import Foundation
import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

/// The `--timeline` lines, `<ms> <state> [marks] URL` with the marks stale, offline and
/// refreshing, and what `--once` writes and when it ends — also when the first page waits for
/// the network — with a fake loader and a manual connectivity source in the process.
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
    XCTAssertEqual(fields(Presentation(state: .waiting)), "waiting \(url)")
  }

  func test_theMarks_areStaleOfflineRefreshing_inThatOrder_onlyThoseThatHold_onlyOnContent() {
    let fields = FeedApp.timelineFields(url: first)
    let url = first.absoluteString
    var offline = StateInputs(hasContent: true)
    offline.reachability = .unreachable
    func presentation(
      _ state: ContentState, stale: Bool, offline inputs: StateInputs, refreshing: Bool
    )
      -> Presentation
    {
      Presentation(
        state: state, isRefreshing: refreshing,
        decision: StateDecision(
          state: state, rule: .content, inputs: inputs, isRefreshing: refreshing, isStale: stale))
    }

    XCTAssertEqual(
      fields(presentation(.content, stale: true, offline: offline, refreshing: true)),
      "content stale offline refreshing \(url)")
    XCTAssertEqual(
      fields(presentation(.content, stale: true, offline: StateInputs(), refreshing: false)),
      "content stale \(url)")
    XCTAssertEqual(
      fields(presentation(.content, stale: false, offline: offline, refreshing: false)),
      "content offline \(url)")
    XCTAssertEqual(
      fields(
        presentation(.loading(progress: nil), stale: false, offline: offline, refreshing: false)),
      "loading \(url)", "offline marks the items, not a load")
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

  private func run(
    _ arguments: [String], connectivity: ManualConnectivity? = nil
  ) async -> (status: Int32, output: String, errors: String) {
    let (output, errors) = (TextSink(), TextSink())
    var environment = ToolEnvironment()
    (environment.writeOutput, environment.writeError) = (output.append, errors.append)
    (environment.clock, environment.makeStopwatch) = (ManualClock(), { { .milliseconds(7) } })
    (environment.inputIsTerminal, environment.outputIsTerminal) = (true, true)
    let app = FeedApp(
      environment: environment, loader: loader, strings: .english, cacheDirectory: nil,
      connectivity: { _ in connectivity })
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

  func test_timeline_endsWhenTheFirstPageWaitsForTheNetwork_neverAnError_andExits0() async {
    let url = first.absoluteString
    loader.answer(first, with: .failure(.unreachable(.cannotConnectToHost)))

    let run = await run(["--timeline", url], connectivity: ManualConnectivity())

    XCTAssertEqual(run.output, "7 loading \(url)\n7 waiting \(url)\n")
    XCTAssertEqual(run.status, 0)
    XCTAssertEqual(loader.requests, [first], "one attempt, then it waits: the run ends")
  }

  func test_aTimeout_isAnError_notWaiting() async {
    let url = first.absoluteString
    loader.answer(first, with: .failure(.unreachable(.timedOut)))

    let run = await run(["--timeline", url], connectivity: ManualConnectivity())

    XCTAssertEqual(run.output, "7 loading \(url)\n7 error \(url)\n")
  }

  func test_onlyWaits_whenALoadWaits_andTheScreenSaysSo() {
    var offline = StateInputs(hasContent: true)
    offline.reachability = .unreachable
    let waiting = StateDecision(state: .waiting, rule: .waitingForNetwork)
    let itemsOffline = StateDecision(state: .content, rule: .content, inputs: offline)
    let items = StateDecision(state: .content, rule: .content)

    XCTAssertTrue(FeedApp.onlyWaits(waiting, waitsForNetwork: true))
    XCTAssertTrue(FeedApp.onlyWaits(itemsOffline, waitsForNetwork: true))
    XCTAssertFalse(FeedApp.onlyWaits(items, waitsForNetwork: true), "not marked offline yet")
    XCTAssertFalse(FeedApp.onlyWaits(itemsOffline, waitsForNetwork: false), "no load waits")
    XCTAssertFalse(
      FeedApp.onlyWaits(
        StateDecision(state: .loading(progress: nil), rule: .loading), waitsForNetwork: true))
  }

  func test_once_exits1_whenTheFeedFailed() async {
    loader.answer(first, with: .failure(.notJSON))

    let run = await run(["--once", first.absoluteString])

    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(run.output, "")
    XCTAssertTrue(run.errors.contains("This is not a JSON Feed"), run.errors)
  }
}
