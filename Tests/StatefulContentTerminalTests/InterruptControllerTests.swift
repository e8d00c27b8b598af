import StatefulContent
import StatefulContentTerminal
import XCTest

/// What Ctrl-C, SIGTERM, SIGHUP, Ctrl-Z and `fg` do, through the controller the signals reach:
/// cancel the running work once, otherwise quit after the clean-ups; stop and go on with them.
final class InterruptControllerTests: XCTestCase {
  private let events = LockedState<[String]>([])
  private var recorded: [String] { events.withLock { $0 } }

  private func record(_ event: String) -> @Sendable () -> Void {
    { [events] in events.withLock { $0.append(event) } }
  }

  func test_firstInterrupt_cancelsTheWork_theSecondQuitsAfterTheCleanupsNewestFirst() {
    let controller = InterruptController()
    _ = controller.addCleanup(record("restore terminal"))
    _ = controller.addCleanup(record("newer clean-up"))
    _ = controller.cancelOnInterrupt(record("cancel"))

    XCTAssertEqual(controller.interrupt(), .cancelled)
    XCTAssertEqual(recorded, ["cancel"])
    XCTAssertEqual(controller.cancelledCount, 1)

    XCTAssertEqual(controller.interrupt(), .exit(status: 130))
    XCTAssertEqual(recorded, ["cancel", "newer clean-up", "restore terminal"])
    XCTAssertEqual(InterruptController.interruptStatus, 130)
  }

  func test_interrupt_withNothingRunning_quits() {
    XCTAssertEqual(InterruptController().interrupt(), .exit(status: 130))
  }

  func test_interrupt_afterTheWorkEnded_quits() {
    let controller = InterruptController()
    let token = controller.cancelOnInterrupt(record("cancel"))
    controller.stopCancelling(token)

    XCTAssertEqual(controller.interrupt(), .exit(status: 130))
    XCTAssertEqual(recorded, [])
  }

  func test_stopCancelling_anOlderToken_keepsTheNewerWorkCancellable() {
    let controller = InterruptController()
    let older = controller.cancelOnInterrupt(record("older"))
    _ = controller.cancelOnInterrupt(record("newer"))
    controller.stopCancelling(older)

    XCTAssertEqual(controller.interrupt(), .cancelled)
    XCTAssertEqual(recorded, ["newer"])
  }

  func test_interruptWhileOutputIsWritten_quitsEvenWhileWorkRuns() {
    let controller = InterruptController()
    _ = controller.cancelOnInterrupt(record("cancel"))

    let response = controller.quitOnInterrupt { controller.interrupt() }

    XCTAssertEqual(response, .exit(status: 130), "a blocked write cannot show cancelled work")
    XCTAssertEqual(controller.interrupt(), .cancelled, "once written, Ctrl-C cancels again")
  }

  func test_terminate_runsEachCleanupOnce_andAddsTheSignalTo128() {
    let controller = InterruptController()
    _ = controller.addCleanup(record("restore"))
    let removed = controller.addCleanup(record("removed"))
    controller.removeCleanup(removed)

    XCTAssertEqual(controller.terminate(signal: SIGTERM), 143)
    XCTAssertEqual(recorded, ["restore"])
    XCTAssertEqual(controller.terminate(signal: SIGTERM), 143)
    XCTAssertEqual(recorded, ["restore"], "once")
  }

  func test_terminate_recordsTheStatusBeforeTheCleanups_theFirstSignalWinning() {
    let controller = InterruptController()
    let seen = LockedState<Int32?>(nil)
    _ = controller.addCleanup { [controller] in seen.withLock { $0 = controller.terminationStatus }
    }
    XCTAssertNil(controller.terminationStatus)

    let first = controller.terminate(signal: SIGTERM)
    let second = controller.terminate(signal: SIGHUP)

    XCTAssertEqual(first, 143)
    XCTAssertEqual(second, 143, "already quitting with SIGTERM's status")
    XCTAssertEqual(controller.terminationStatus, 143)
    XCTAssertEqual(seen.withLock { $0 }, 143)
  }

  func test_endAfterWriteError_runsTheCleanupsThenReportsOnce_andReturns1() {
    let controller = InterruptController()
    _ = controller.addCleanup(record("restore"))

    XCTAssertEqual(controller.endAfterWriteError(report: record("report")), 1)
    XCTAssertEqual(controller.endAfterWriteError(report: record("report again")), 1)
    XCTAssertEqual(recorded, ["restore", "report"])
  }

  func test_endAfterWriteError_whileASignalQuits_keepsItsStatusAndReportsNothing() {
    let controller = InterruptController()
    controller.terminate(signal: SIGHUP)

    XCTAssertEqual(controller.endAfterWriteError(report: record("report")), 129)
    XCTAssertEqual(recorded, [])
  }

  func test_suspend_runsTheCleanupsAndKeepsThem_resumeReentersOldestFirst() {
    let controller = InterruptController()
    _ = controller.addCleanup(record("leave raw mode"), reenter: record("raw mode"))
    _ = controller.addCleanup(record("leave screen"), reenter: record("screen"))

    controller.suspend()
    controller.resume()
    controller.suspend()

    XCTAssertEqual(
      recorded,
      ["leave screen", "leave raw mode", "raw mode", "screen", "leave screen", "leave raw mode"])
    XCTAssertEqual(controller.terminate(signal: SIGTERM), 143)
    XCTAssertEqual(recorded.suffix(2), ["leave screen", "leave raw mode"], "kept for quitting")
  }
}
