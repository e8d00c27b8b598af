import StatefulContent
import StatefulContentTesting
import XCTest

final class ManualClockTests: XCTestCase {
  func test_advance_pastTheSaturationLimit_stopsThereInsteadOfTrapping() {
    let clock = ManualClock()
    clock.advance(to: ManualClock.Instant(offset: .saturatedMaximum - .nanoseconds(10)))
    clock.advance(by: .seconds(1))
    XCTAssertEqual(clock.now.offset, .saturatedMaximum)
    clock.advance(by: .seconds(1))
    XCTAssertEqual(clock.now.offset, .saturatedMaximum, "it stays at the limit")
  }

  func test_instantArithmetic_beyondTheRange_saturates() {
    let late = ManualClock.Instant(offset: .saturatedMaximum)
    let early = ManualClock.Instant(offset: .saturatedMinimum)
    XCTAssertEqual(late.advanced(by: .seconds(1)).offset, .saturatedMaximum)
    XCTAssertEqual(early.advanced(by: .seconds(-1)).offset, .saturatedMinimum)
    XCTAssertEqual(early.duration(to: late), .saturatedMaximum)
    XCTAssertEqual(late.duration(to: early), .saturatedMinimum)
    XCTAssertEqual(late.advanced(by: .seconds(-1)).offset, .saturatedMaximum - .seconds(1))
  }

  func test_saturationLimits_areTheLargestDurationsWithRepresentableComponents() {
    XCTAssertEqual(Duration.saturatedMaximum.components.seconds, .max)
    XCTAssertEqual(Duration.saturatedMaximum.components.attoseconds, 999_999_999_999_999_999)
    XCTAssertEqual(Duration.saturatedMinimum.components.seconds, .min)
    XCTAssertEqual(Duration.saturatedMinimum.components.attoseconds, -999_999_999_999_999_999)
  }

  func test_instantArithmetic_offsetsBeyondTheLimits_countAsTheLimits() {
    // Durations past the limits exist (`.seconds(UInt64.max)`); they saturate instead of trapping.
    let farLate = ManualClock.Instant(offset: .seconds(UInt64.max))
    let farEarly = ManualClock.Instant(offset: .zero - .seconds(UInt64.max))
    XCTAssertEqual(farLate.advanced(by: .zero).offset, .saturatedMaximum)
    XCTAssertEqual(farEarly.advanced(by: .zero).offset, .saturatedMinimum)
    XCTAssertEqual(farEarly.duration(to: farLate), .saturatedMaximum)
  }

  func test_advance_byANegativeStep_isIgnored() {
    let clock = ManualClock()
    clock.advance(by: .seconds(1))
    clock.advance(by: .seconds(-5))
    XCTAssertEqual(clock.now.offset, .seconds(1), "a negative step is ignored")
    clock.advance(to: ManualClock.Instant(offset: .zero))
    XCTAssertEqual(clock.now.offset, .seconds(1), "and so is an instant in the past")
  }
}
