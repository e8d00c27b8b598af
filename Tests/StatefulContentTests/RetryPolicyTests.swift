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

  func test_refresh_isNotRetried_unlessTheRefreshRetriesAllow_andNeverBeyondTheRetries() {
    XCTAssertEqual(RetryPolicy.standard.maximumRefreshRetries, 0)
    XCTAssertFalse(
      RetryPolicy.standard.allowsRetry(afterAttempt: 1, error: TestError(), isRefreshing: true))
    let one = RetryPolicy(maximumRetries: 3, maximumRefreshRetries: 1)
    XCTAssertTrue(one.allowsRetry(afterAttempt: 1, error: TestError(), isRefreshing: true))
    XCTAssertFalse(one.allowsRetry(afterAttempt: 2, error: TestError(), isRefreshing: true))
    XCTAssertTrue(one.allowsRetry(afterAttempt: 3, error: TestError()), "a load retries on")
    let capped = RetryPolicy(maximumRetries: 1, maximumRefreshRetries: 5)
    XCTAssertFalse(capped.allowsRetry(afterAttempt: 2, error: TestError(), isRefreshing: true))
    let negative = RetryPolicy(maximumRefreshRetries: -1)
    XCTAssertFalse(negative.allowsRetry(afterAttempt: 1, error: TestError(), isRefreshing: true))
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

  func test_delay_absurdValues_neitherTrapNorHang_andStayWithinAYear() {
    XCTAssertEqual(RetryPolicy(multiplier: 1e21).delay(beforeRetry: 2), .seconds(30))
    XCTAssertEqual(
      RetryPolicy(initialDelay: .seconds(1), multiplier: 1).delay(beforeRetry: .max), .seconds(1))
    XCTAssertEqual(RetryPolicy(initialDelay: .zero).delay(beforeRetry: .max), .zero)
    let creeping = RetryPolicy(
      initialDelay: .nanoseconds(1), multiplier: 1.000_000_1, maximumDelay: .seconds(Int64.max))
    XCTAssertEqual(creeping.delay(beforeRetry: .max), .seconds(365 * 24 * 60 * 60))
    let forever = Duration.seconds(Int64.max)
    let capped = RetryPolicy(initialDelay: forever, maximumDelay: forever, jitter: 1)
      .delay(beforeRetry: 1, unitRandom: 0.99)
    XCTAssertEqual(capped, .seconds(365 * 24 * 60 * 60), "capped at 365 days")
  }
}
