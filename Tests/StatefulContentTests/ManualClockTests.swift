import StatefulContent
import StatefulContentTesting
import XCTest

final class ManualClockTests: XCTestCase {
  func test_advance_pastTheLargestDuration_stopsThereInsteadOfTrapping() {
    let clock = ManualClock()
    clock.advance(to: ManualClock.Instant(offset: Duration(attoseconds: .max - 10)))
    clock.advance(by: .seconds(1))
    XCTAssertEqual(clock.now.offset, Duration(attoseconds: .max))
    clock.advance(by: .seconds(1))
    XCTAssertEqual(clock.now.offset, Duration(attoseconds: .max), "it stays at the limit")
  }

  func test_instantArithmetic_beyondTheRange_saturates() {
    let late = ManualClock.Instant(offset: Duration(attoseconds: .max))
    let early = ManualClock.Instant(offset: Duration(attoseconds: .min))
    XCTAssertEqual(late.advanced(by: .seconds(1)).offset, Duration(attoseconds: .max))
    XCTAssertEqual(early.advanced(by: .seconds(-1)).offset, Duration(attoseconds: .min))
    XCTAssertEqual(early.duration(to: late), Duration(attoseconds: .max))
    XCTAssertEqual(late.duration(to: early), Duration(attoseconds: .min))
  }

  func test_advance_wakesSleepersInDeadlineOrder_andNegativeStepsAreIgnored() async {
    let clock = ManualClock()
    let woken = LockedList()
    let late = Task {
      try await clock.sleep(until: clock.now.advanced(by: .seconds(2)))
      woken.append("late")
    }
    let early = Task {
      try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
      woken.append("early")
    }
    await settle { clock.sleeperCount == 2 }
    clock.advance(by: .seconds(-5))
    XCTAssertEqual(clock.now.offset, .zero, "a negative step is ignored")
    clock.advance(by: .seconds(1))
    _ = try? await early.value
    XCTAssertEqual(woken.values, ["early"])
    clock.advance(by: .seconds(1))
    _ = try? await late.value
    XCTAssertEqual(woken.values, ["early", "late"])
  }
}

/// A list appended to from any task.
private final class LockedList: Sendable {
  private let storage = LockedState<[String]>([])
  var values: [String] { storage.withLock { $0 } }
  func append(_ value: String) { storage.withLock { $0.append(value) } }
}
