import XCTest

@testable import StatefulContent

/// The keys of keyed loads as a pure value: which key the content belongs to, which one loads,
/// and which one failed.
final class LoadKeysTests: XCTestCase {
  private let swift = LoadKey("swift")
  private let swim = LoadKey("swim")

  /// Keys after `swift` loaded and its content arrived.
  private func loaded() -> LoadKeys {
    var keys = LoadKeys()
    keys.loadStarted(key: swift, policy: .keepPrevious)
    keys.loadEnded(failed: false)
    return keys
  }

  func test_aKeyedLoadThatSucceeds_givesTheContentItsKey() {
    let keys = loaded()
    XCTAssertEqual(keys.contentKey, swift)
    XCTAssertNil(keys.loadingKey)
    XCTAssertEqual(keys.key, swift)
    XCTAssertTrue(keys.contentCounts)
    XCTAssertFalse(keys.showsPreviousKey)
  }

  func test_anotherKeyLoading_keepsThePreviousContentMarked_orHidesIt() {
    var keys = loaded()
    keys.loadStarted(key: swim, policy: .keepPrevious)
    XCTAssertEqual(keys.key, swim, "the state is about the key loading")
    XCTAssertTrue(keys.showsPreviousKey)
    XCTAssertTrue(keys.contentCounts)
    keys.loadStarted(key: swim, policy: .showLoading)
    XCTAssertFalse(keys.showsPreviousKey)
    XCTAssertFalse(keys.contentCounts, "under showLoading the previous key's content is not shown")
  }

  func test_theSameKeyAgain_isARefresh_notAnotherKey() {
    var keys = loaded()
    keys.loadStarted(key: swift, policy: .keepPrevious)
    XCTAssertFalse(keys.showsPreviousKey)
    XCTAssertTrue(keys.contentCounts)
  }

  func test_anotherKeysFailure_leavesItsKeyToTheError_untilAnotherLoadStarts() {
    var keys = loaded()
    keys.loadStarted(key: swim, policy: .keepPrevious)
    keys.loadEnded(failed: true)
    XCTAssertEqual(keys.key, swim, "the error is about swim")
    XCTAssertEqual(keys.contentKey, swift)
    XCTAssertFalse(keys.contentCounts, "swift's content is not swim's results")
    keys.loadStarted(key: swift, policy: .keepPrevious)
    XCTAssertEqual(keys.key, swift)
    XCTAssertTrue(keys.contentCounts)
  }

  func test_aLoadWithoutAKey_takesTheContentsKeyAway() {
    var keys = loaded()
    keys.loadStarted(key: nil, policy: .keepPrevious)
    XCTAssertNil(keys.contentKey)
    XCTAssertNil(keys.key)
  }

  func test_aStreamsFirstPart_givesTheContentItsKey_andACancelKeepsIt() {
    var keys = loaded()
    let snapshot = keys.snapshot
    keys.loadStarted(key: swim, policy: .keepPrevious)
    keys.contentReplaced()
    var replaced = snapshot
    replaced.contentReplaced = true
    keys.restore(replaced)
    XCTAssertEqual(keys.contentKey, swim, "the parts that arrived are swim's")
    XCTAssertNil(keys.loadingKey)
    XCTAssertEqual(keys.key, swim)
  }

  func test_aCancelledLoad_bringsTheKeysBack() {
    var keys = loaded()
    let snapshot = keys.snapshot
    keys.loadStarted(key: swim, policy: .showLoading)
    keys.restore(snapshot)
    XCTAssertEqual(keys.contentKey, swift)
    XCTAssertNil(keys.loadingKey)
    XCTAssertEqual(keys.policy, .keepPrevious)
    XCTAssertTrue(keys.contentCounts)
  }

  func test_reset_forgetsEveryKey() {
    var keys = loaded()
    keys.loadStarted(key: swim, policy: .keepPrevious)
    keys.loadEnded(failed: true)
    keys.reset()
    XCTAssertNil(keys.key)
    XCTAssertNil(keys.contentKey)
    XCTAssertTrue(keys.contentCounts)
  }
}
