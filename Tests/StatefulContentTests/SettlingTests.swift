import StatefulContentTesting
import XCTest

@MainActor
final class SettlingTests: XCTestCase {
  func test_settle_negativeYields_checksTheConditionOnceInsteadOfTrapping() async {
    var checks = 0
    let error = await conditionNeverHeld {
      try await settle(maximumYields: -1) {
        checks += 1
        return false
      }
    }
    XCTAssertEqual(error?.yields, 0)
    XCTAssertEqual(checks, 1)
    await settle(turns: -1)
  }

  func test_settle_returnsAsSoonAsTheConditionHolds() async throws {
    var checks = 0
    try await settle(maximumYields: 10) {
      checks += 1
      return checks == 3
    }
    XCTAssertEqual(checks, 3)
  }

  func test_settle_whenTheConditionNeverHolds_throwsWhereItWasCalled() async throws {
    var checks = 0
    let line: UInt = #line + 2
    let error = await conditionNeverHeld {
      try await settle(maximumYields: 10) {
        checks += 1
        return false
      }
    }
    let thrown = try XCTUnwrap(error, "a condition that never held must fail the test")
    XCTAssertEqual(checks, 11, "checked before each yield and once after the last")
    XCTAssertEqual(thrown.yields, 10)
    XCTAssertEqual("\(thrown.file)", #filePath)
    XCTAssertEqual(thrown.line, line)
    XCTAssertEqual(
      thrown.description,
      "settle(until:) at \(#filePath):\(line) gave up after 10 yields: its condition never held")
  }

  func test_settle_message_isEvaluatedOnlyWhenTheConditionNeverHolds_andEndsTheError() async throws
  {
    var evaluated = 0
    let message = { () -> String in
      evaluated += 1
      return "presented [loading]"
    }
    try await settle(message(), maximumYields: 1) { true }
    XCTAssertEqual(evaluated, 0)
    let error = await conditionNeverHeld {
      try await settle(message(), maximumYields: 1) { false }
    }
    XCTAssertEqual(evaluated, 1)
    XCTAssertEqual(error?.message, "presented [loading]")
    XCTAssertEqual(error?.description.hasSuffix("never held — presented [loading]"), true)
  }

  /// The error `body` throws, or `nil` (a failure) when it throws none or another.
  private func conditionNeverHeld(
    _ body: () async throws -> Void, file: StaticString = #filePath, line: UInt = #line
  ) async -> ConditionNeverHeld? {
    do {
      try await body()
    } catch let error as ConditionNeverHeld {
      return error
    } catch {
      XCTFail("\(error) thrown", file: file, line: line)
      return nil
    }
    XCTFail("no ConditionNeverHeld thrown", file: file, line: line)
    return nil
  }
}
