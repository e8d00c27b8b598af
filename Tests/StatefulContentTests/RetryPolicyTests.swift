import StatefulContent
import XCTest

final class RetryPolicyTests: XCTestCase {
  func test_standard_isThreeRetriesDoublingFromOneSecondUpToThirty() {
    let policy = RetryPolicy.standard
    XCTAssertEqual(policy.maximumRetries, 3)
    XCTAssertEqual(
      (1...7).map { policy.delay(beforeRetry: $0) },
      [
        .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30),
        .seconds(30),
      ])
    XCTAssertTrue(policy.allowsRetry(afterAttempt: 3, error: TestError()))
    XCTAssertFalse(policy.allowsRetry(afterAttempt: 4, error: TestError()))
    XCTAssertFalse(policy.allowsRetry(afterAttempt: 1, error: CancellationError()))
    XCTAssertFalse(
      policy.allowsRetry(afterAttempt: 1, error: ContentLockedError()), "a lock is never retried")
    XCTAssertFalse(RetryPolicy.never.allowsRetry(afterAttempt: 1, error: TestError()))
  }

  func test_jitter_variesTheDelayWithinItsFraction() {
    let policy = RetryPolicy(initialDelay: .seconds(10), jitter: 0.2)
    XCTAssertEqual(policy.delay(beforeRetry: 1, unitRandom: 0), .seconds(8))
    XCTAssertEqual(policy.delay(beforeRetry: 1, unitRandom: 0.5), .seconds(10))
    XCTAssertEqual(policy.delay(beforeRetry: 1, unitRandom: 1), .seconds(12))
  }

  func test_badValues_fallBackAsDocumented() {  // I7
    let policy = RetryPolicy(
      maximumRetries: -2, initialDelay: .seconds(-1), multiplier: .nan,
      maximumDelay: .seconds(-5), jitter: 7)
    XCTAssertFalse(policy.allowsRetry(afterAttempt: 1, error: TestError()))
    XCTAssertEqual(policy.delay(beforeRetry: 3), .zero)
    let shrinking = RetryPolicy(initialDelay: .seconds(2), multiplier: 0.5)
    XCTAssertEqual(shrinking.delay(beforeRetry: 4), .seconds(2))
    XCTAssertEqual(RetryPolicy.standard.delay(beforeRetry: -3), .seconds(1))
    XCTAssertEqual(
      RetryPolicy(jitter: .nan).delay(beforeRetry: 1, unitRandom: .infinity), .seconds(1))
  }
}
