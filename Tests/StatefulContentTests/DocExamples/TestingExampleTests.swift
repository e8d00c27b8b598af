import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

// The Swift blocks of the Testing article, copied exactly and run (`DocExampleCoverageTests`
// checks the copies). The first block is a test file of its own: `Feed` and `FeedTests`.

final class Feed: StatefulContent {
  let stateMachine: ContentStateMachine
  var content: [String] = []

  init(machine: ContentStateMachine) {
    stateMachine = machine
  }
}

struct Offline: Error {}

final class FeedTests: XCTestCase {
  /// A feed whose machine presents to `presenter`, tells time by `clock` and speaks English
  /// whatever `LANG` says, so that the built-in texts asserted below are the same everywhere.
  @MainActor
  private func makeFeed(_ presenter: RecordingPresenter, clock: ManualClock = ManualClock())
    -> Feed
  {
    let machine = ContentStateMachine(presenter: presenter, clock: clock)
    machine.strings = .english
    return Feed(machine: machine)
  }

  @MainActor
  func test_slowLoad_showsLoadingAfterTheDelayForTheMinimumTime() async throws {
    let presenter = RecordingPresenter()
    let clock = ManualClock()
    let feed = makeFeed(presenter, clock: clock)
    feed.stateMachine.loadingPolicy = .smooth
    let gate = Gate<[String]>()
    let load = Task { await feed.load(into: \.content) { _ in try await gate.wait() } }
    try await settle { clock.sleeperCount == 1 }  // the show delay: 150 ms
    clock.advance(by: .milliseconds(150))
    try await settle { presenter.presentedKinds == [.loading] }
    gate.open(with: ["First post"])
    try await settle { clock.sleeperCount == 1 }  // the minimum display time: 400 ms
    XCTAssertEqual(presenter.presentedKinds, [.loading])
    clock.advance(by: .milliseconds(400))
    let outcome = await load.value
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
  }

  @MainActor
  func test_failedLoad_offersRetry() async throws {
    let presenter = RecordingPresenter()
    let feed = makeFeed(presenter)
    _ = await feed.load(into: \.content) { _ in throw Offline() }
    let placeholder = presenter.lastPresentation?.placeholder as? StandardPlaceholder
    XCTAssertEqual(placeholder?.actions.map(\.title), ["Retry"])
    XCTAssertEqual(placeholder?.actions.map(\.role), [.retry])
  }
}

final class TestingExampleTests: XCTestCase {
  /// The first block's tests pass whatever language the machine running them speaks: run
  /// again in a process of their own under `LANG=de_DE.UTF-8`, as an adopter in Germany would.
  func test_firstBlock_passesInGerman() throws {
    #if !os(Linux)
      throw XCTSkip("the test bundle is run again on Linux, where CI runs")
    #else
      var environment = ProcessInfo.processInfo.environment
      for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES"] { environment[name] = nil }
      environment["LANG"] = "de_DE.UTF-8"
      let run = try ToolRun(
        executable: URL(fileURLWithPath: CommandLine.arguments[0]),
        arguments: ["StatefulContentTests.FeedTests"], environment: environment)
      XCTAssertEqual(run.status, 0, run.output)
      XCTAssertTrue(run.output.contains("Executed 2 tests, with 0 failures"), run.output)
    #endif
  }

  @MainActor
  func test_load_timeline() async {
    let clock = ManualClock()
    let feed = Feed(machine: ContentStateMachine(clock: clock))
    feed.stateMachine.loadingPolicy = .immediate  // Each change shows when it is made.
    let changes = feed.stateMachine.stateChanges()
    feed.startLoading()
    clock.advance(by: .milliseconds(150))
    feed.content = ["First post"]
    feed.endLoading()
    var log = TransitionLog()
    for await change in changes {
      log.record(change)
      if change.to.kind == .content { break }
    }
    XCTAssertEqual(log.timeline, "0 idle -> loading\n150 loading -> content\n")
  }

  @MainActor
  func test_load_explained() async throws {
    let feed = Feed(machine: ContentStateMachine(clock: ManualClock()))
    feed.stateMachine.loadingPolicy = .immediate
    let changes = feed.stateMachine.stateChanges()
    feed.startLoading()
    feed.endLoading(error: Offline())
    XCTAssertEqual(
      feed.stateMachine.explanation, "error(Offline()) — rule 4: the load failed: \"Offline()\"")
    var log = TransitionLog()
    for await change in changes {
      log.record(change)
      if change.to.kind == .error { break }
    }
    XCTAssertEqual(
      log.timeline(explained: true),
      """
      0 idle -> loading because rule 3: a load runs, no content yet
      0 loading -> error(Offline()) because rule 4: the load failed: "Offline()"

      """)
    let report = try TransitionLog(jsonLines: try log.jsonLines())  // as from a bug report
    XCTAssertEqual(report.changesDecidedDifferently.count, 0)
  }
}
