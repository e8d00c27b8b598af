import StatefulContent
import XCTest

// The Swift blocks of the States and Rules article, copied exactly and run
// (`DocExampleCoverageTests` checks the copies).

private struct TimedOut: Error, CustomStringConvertible {
  var description: String { "timed out" }
}

final class StatesAndRulesExampleTests: XCTestCase {
  func test_whyAStateShows() {
    let decision = StateDecision.decide(
      StateInputs(error: TimedOut(), hasContent: true, contentCount: 12))
    print(decision.explanation)
    // content — rule 2: has content (12 items); overrode rule 4: error "timed out",
    // reported to handleErrorWhenContentsAvailable
    print(decision.rule, decision.overridden)  // rule 2 [rule 4]
    if let number = decision.rule.number, let reported = decision.errorToReport {
      print(number, reported)  // 2 timed out
    }

    XCTAssertEqual(
      decision.explanation,
      "content — rule 2: has content (12 items); overrode rule 4: error \"timed out\", "
        + "reported to handleErrorWhenContentsAvailable")
    XCTAssertEqual(decision.rule, .content)
    XCTAssertEqual(decision.overridden, [.error])
    XCTAssertEqual(decision.rule.number, 2)
    XCTAssertNotNil(decision.errorToReport)
  }
}
