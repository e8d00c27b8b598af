import DocumentViewerCore
import StatefulContent
import StatefulContentTesting
import XCTest

/// Ctrl-C, through the controller that `SIGINT` reaches, and the simulated slow source.
@MainActor
final class InterruptTests: FixtureTestCase {
  private let presenter = RecordingPresenter()
  private let clock = ManualClock()
  private var notes: [String] = []

  private lazy var interrupts = InterruptController { self.notes.append($0) }

  /// A session whose every open waits 1 s on the manual clock, with the smooth policy.
  private func slowSession(_ path: String) -> DocumentSession {
    DocumentSession(
      path: path, opener: DocumentOpener(latency: .seconds(1), clock: clock),
      presenter: presenter, clock: clock, loadingPolicy: .smooth)
  }

  func test_delay_loadsOnlyWhenTheClockReachesIt_withTheSmoothPolicy() async throws {
    let session = slowSession(try fixtures.file("a.txt", text: "a\n"))

    let open = Task { await session.open() }
    await settle { self.clock.sleeperCount == 2 }
    XCTAssertEqual(presenter.presentedKinds, [], "loading waits for the show delay")
    clock.advance(by: .milliseconds(150))
    await settle { self.presenter.presentedKinds == [.loading] }
    clock.advance(by: .milliseconds(850))
    let outcome = await open.value

    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
    XCTAssertEqual(session.stateMachine.loadingPolicy, .smooth)
  }

  func test_interruptDuringALoad_cancelsItAndRestoresWhatWasShown() async throws {
    let session = slowSession(try fixtures.file("a.txt", text: "a\n"))
    interrupts.session = session
    let open = Task { await session.open() }
    await settle { self.clock.sleeperCount == 2 }
    clock.advance(by: .milliseconds(150))
    await settle { self.presenter.presentedKinds == [.loading] }

    let response = interrupts.interrupt()
    let outcome = await open.value

    XCTAssertEqual(response, .cancelledLoad)
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertEqual(session.currentState, .idle)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .idle])
    XCTAssertNil(session.content)
    XCTAssertEqual(notes, ["document-viewer: cancelled; press Ctrl-C again to quit.\n"])
    await settle { self.clock.sleeperCount == 0 }
    XCTAssertEqual(clock.sleeperCount, 0, "the simulated source's wait was cancelled too")
  }

  func test_interruptDuringARefresh_keepsTheContentShown() async throws {
    let session = slowSession(try fixtures.file("a.txt", text: "a\n"))
    let open = Task { await session.open() }
    await settle { self.clock.sleeperCount == 2 }
    clock.advance(by: .milliseconds(150))
    await settle { self.presenter.presentedKinds == [.loading] }
    clock.advance(by: .milliseconds(850))
    _ = await open.value
    interrupts.session = session

    let reload = Task { await session.perform(.retry) }
    await settle { self.clock.sleeperCount == 1 }
    XCTAssertTrue(session.stateMachine.isRefreshing)
    interrupts.interrupt()
    _ = await reload.value

    XCTAssertEqual(session.currentState, .content)
    XCTAssertFalse(session.stateMachine.isRefreshing)
    XCTAssertEqual(session.content?.lines, ["a"])
    XCTAssertEqual(presenter.changedKinds, [.loading, .content])
  }

  func test_secondInterrupt_quitsWith130EvenWhileANewLoadRuns() async throws {
    let first = slowSession(try fixtures.file("a.txt", text: "a\n"))
    interrupts.session = first
    let open = Task { await first.open() }
    await settle { self.clock.sleeperCount == 2 }
    XCTAssertEqual(interrupts.interrupt(), .cancelledLoad)
    _ = await open.value
    let second = slowSession(try fixtures.file("b.txt", text: "b\n"))
    interrupts.session = second
    let next = Task { await second.open() }
    await settle { second.stateMachine.hasActiveLoad }

    let response = interrupts.interrupt()

    XCTAssertEqual(response, .exit(status: 130))
    XCTAssertTrue(second.stateMachine.hasActiveLoad, "quitting does not wait for the load")
    second.cancelLoading()
    _ = await next.value
  }

  func test_interruptWhileNothingLoads_quitsWith130AfterTheCleanUps() async throws {
    var cleaned: [String] = []
    let session = DocumentSession(path: try fixtures.file("a.txt", text: "a\n"), presenter: nil)
    await session.open()
    interrupts.session = session
    _ = interrupts.addCleanup { cleaned.append("first") }
    let removed = interrupts.addCleanup { cleaned.append("removed") }
    _ = interrupts.addCleanup { cleaned.append("last") }
    interrupts.removeCleanup(removed)

    let response = interrupts.interrupt()
    interrupts.interrupt()

    XCTAssertEqual(response, .exit(status: InterruptController.exitStatus))
    XCTAssertEqual(InterruptController.exitStatus, 130)
    XCTAssertEqual(cleaned, ["last", "first"], "newest first, once")
    XCTAssertEqual(session.currentState, .content)
    XCTAssertEqual(notes, [])
  }

  func test_interruptWithoutASession_quits() {
    XCTAssertEqual(interrupts.interrupt(), .exit(status: 130))
  }
}
