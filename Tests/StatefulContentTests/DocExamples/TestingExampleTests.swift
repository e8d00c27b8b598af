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

final class FeedTests: XCTestCase {
  @MainActor
  func test_slowLoad_showsLoadingAfterTheDelayForTheMinimumTime() async {
    let presenter = RecordingPresenter()
    let clock = ManualClock()
    let feed = Feed(machine: ContentStateMachine(presenter: presenter, clock: clock))
    feed.stateMachine.loadingPolicy = .smooth
    let gate = Gate<[String]>()
    let load = Task { await feed.load(into: \.content) { _ in try await gate.wait() } }
    await settle { clock.sleeperCount == 1 }  // the show delay: 150 ms
    clock.advance(by: .milliseconds(150))
    await settle { presenter.presentedKinds == [.loading] }
    gate.open(with: ["First post"])
    await settle { clock.sleeperCount == 1 }  // the minimum display time: 400 ms
    XCTAssertEqual(presenter.presentedKinds, [.loading])
    clock.advance(by: .milliseconds(400))
    let outcome = await load.value
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
  }
}

final class TestingExampleTests: XCTestCase {
  @MainActor
  func test_load_timeline() async {
    let clock = ManualClock()
    let feed = Feed(machine: ContentStateMachine(presenter: RecordingPresenter(), clock: clock))
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
}
