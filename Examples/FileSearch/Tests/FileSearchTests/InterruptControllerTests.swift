import FileSearchCore
import Foundation
import XCTest

/// What Ctrl-C, SIGTERM and SIGHUP do: cancel the running search once, otherwise quit after
/// the clean-ups.
final class InterruptControllerTests: XCTestCase {
  private final class Counter: @unchecked Sendable {
    // @unchecked Sendable: `events` is only touched under `lock`.
    private let lock = NSLock()
    private var events: [String] = []

    func record(_ event: String) {
      lock.lock()
      events.append(event)
      lock.unlock()
    }

    var recorded: [String] {
      lock.lock()
      defer { lock.unlock() }
      return events
    }
  }

  func test_firstInterrupt_cancelsTheSearch_theSecondQuitsAfterTheCleanups() {
    let controller = InterruptController()
    let events = Counter()
    _ = controller.addCleanup { events.record("restore terminal") }
    _ = controller.addCleanup { events.record("newer clean-up") }
    _ = controller.cancelOnInterrupt { events.record("cancel") }

    XCTAssertEqual(controller.interrupt(), .cancelledSearch)
    XCTAssertEqual(events.recorded, ["cancel"])

    XCTAssertEqual(controller.interrupt(), .exit(status: 130))
    XCTAssertEqual(events.recorded, ["cancel", "newer clean-up", "restore terminal"])
  }

  func test_interrupt_afterTheSearchEnded_quits() {
    let controller = InterruptController()
    let events = Counter()
    let token = controller.cancelOnInterrupt { events.record("cancel") }
    controller.stopCancelling(token)

    XCTAssertEqual(controller.interrupt(), .exit(status: 130))
    XCTAssertEqual(events.recorded, [])
  }

  func test_stopCancelling_anOlderToken_keepsTheNewerSearchCancellable() {
    let controller = InterruptController()
    let events = Counter()
    let older = controller.cancelOnInterrupt { events.record("older") }
    _ = controller.cancelOnInterrupt { events.record("newer") }
    controller.stopCancelling(older)

    XCTAssertEqual(controller.interrupt(), .cancelledSearch)
    XCTAssertEqual(events.recorded, ["newer"])
  }

  func test_terminate_runsEachCleanupOnce_andAddsTheSignalTo128() {
    let controller = InterruptController()
    let events = Counter()
    _ = controller.addCleanup { events.record("restore") }
    let removed = controller.addCleanup { events.record("removed") }
    controller.removeCleanup(removed)

    XCTAssertEqual(controller.terminate(signal: SIGTERM), 143)
    XCTAssertEqual(controller.terminate(signal: SIGHUP), 129)
    XCTAssertEqual(events.recorded, ["restore"])
  }

  func test_endAfterWriteError_runsTheCleanupsThenReportsOnce_andReturns1() {
    let controller = InterruptController()
    let events = Counter()
    _ = controller.addCleanup { events.record("restore") }

    XCTAssertEqual(controller.endAfterWriteError { events.record("report") }, 1)
    XCTAssertEqual(controller.endAfterWriteError { events.record("report again") }, 1)
    XCTAssertEqual(events.recorded, ["restore", "report"])
  }

  func test_endAfterWriteError_whileASignalQuits_reportsNothing() {
    let controller = InterruptController()
    let events = Counter()
    controller.terminate(signal: SIGHUP)

    controller.endAfterWriteError { events.record("report") }

    XCTAssertEqual(events.recorded, [])
  }
}
