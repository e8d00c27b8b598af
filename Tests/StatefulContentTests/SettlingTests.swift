import StatefulContentTesting
import XCTest

@MainActor
final class SettlingTests: XCTestCase {
  func test_settle_negativeYields_checksTheConditionOnceInsteadOfTrapping() async {
    var checks = 0
    let held = await settle(maximumYields: -1) {
      checks += 1
      return false
    }
    XCTAssertFalse(held)
    XCTAssertEqual(checks, 1)
    await settle(turns: -1)
  }

  func test_settle_returnsAsSoonAsTheConditionHolds() async {
    var checks = 0
    let held = await settle(maximumYields: 10) {
      checks += 1
      return checks == 3
    }
    XCTAssertTrue(held)
    XCTAssertEqual(checks, 3)
  }
}
