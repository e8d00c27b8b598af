import StatefulContentTesting
import XCTest

@MainActor
final class GateTests: XCTestCase {
  func test_wait_returnsTheValue_toWaitersBeforeAndAfterTheOpening() async throws {
    let gate = Gate<Int>()
    let early = Task { try await gate.wait() }
    try await settle { gate.waiterCount == 1 }
    gate.open(with: 1)
    gate.open(with: 2)  // only the first opening counts
    let value = try await early.value
    let late = try await gate.wait()
    XCTAssertEqual([value, late], [1, 1])
    XCTAssertEqual(gate.waiterCount, 0)
  }

  func test_wait_cancelled_throwsCancellationError_andTheGateForgetsTheWaiter() async throws {
    let gate = Gate<Int>()
    let cancelled = Task { try await gate.wait() }
    let other = Task { try await gate.wait() }
    try await settle { gate.waiterCount == 2 }
    cancelled.cancel()
    try await settle("a cancelled waiter resumes and is forgotten") { gate.waiterCount == 1 }
    let result = await cancelled.result
    XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
    gate.open(with: 7)  // resumes the other waiter only, once
    let value = try await other.value
    XCTAssertEqual(value, 7)
  }

  func test_wait_inACancelledTask_throwsAtOnce_withoutWaiting() async throws {
    let gate = Gate<Int>()
    let ended = Counter()
    let waiter = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      defer { ended.increment() }
      return try await gate.wait()
    }
    try await settle("a waiter cancelled before it waits does not wait") { ended.value == 1 }
    let result = await waiter.result
    XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
    XCTAssertEqual(gate.waiterCount, 0)
  }

  func test_waitIgnoringCancellation_goesOnUntilTheGateOpens() async throws {
    let gate = Gate<Int>()
    let waiter = Task { try await gate.waitIgnoringCancellation() }
    try await settle { gate.waiterCount == 1 }
    waiter.cancel()
    await settle(turns: 100)
    XCTAssertEqual(gate.waiterCount, 1, "still waiting, as an operation that ignores cancellation")
    gate.open(with: 3)
    let value = try await waiter.value
    XCTAssertEqual(value, 3)
  }

  func test_fail_throwsTheError_toEveryWaiter() async throws {
    let gate = Gate<Int>()
    let waiter = Task { try await gate.wait() }
    try await settle { gate.waiterCount == 1 }
    gate.fail(with: TestError("offline"))
    let result = await waiter.result
    XCTAssertThrowsError(try result.get()) {
      XCTAssertEqual($0 as? TestError, TestError("offline"))
    }
    do {
      _ = try await gate.wait()
      XCTFail("the gate was failed")
    } catch {
      XCTAssertEqual(error as? TestError, TestError("offline"))
    }
  }
}
