import XCTest

@testable import StatefulContent

/// The page-append rules as a pure value: one append at a time, superseded by any other load,
/// a failed one kept until the next append or load.
final class PageAppendsTests: XCTestCase {
  private struct PageGone: Error {}

  func test_begin_startsOneAppendAtATime_andNoneWhileALoadRuns() {
    var appends = PageAppends()
    XCTAssertNil(appends.begin(whileLoading: true), "a load runs: the page would be stale")
    let first = appends.begin(whileLoading: false)
    XCTAssertNotNil(first)
    XCTAssertTrue(appends.state.isLoading)
    XCTAssertNil(appends.begin(whileLoading: false), "the running append covers the request")
    XCTAssertEqual(appends.runningID, first)
  }

  func test_end_ofTheRunningAppend_setsItsState_andAnOldOneChangesNothing() throws {
    var appends = PageAppends()
    let first = try XCTUnwrap(appends.begin(whileLoading: false))
    XCTAssertTrue(appends.end(first, error: PageGone()))
    XCTAssertTrue(appends.state.error is PageGone, "a failed append stays failed")
    XCTAssertTrue(appends.isActive, "a new load must forget the failure")
    XCTAssertFalse(appends.end(first, error: nil), "the same append cannot end twice")
    let second = try XCTUnwrap(appends.begin(whileLoading: false), "the page method, again")
    XCTAssertNotEqual(second, first)
    XCTAssertTrue(appends.end(second, error: nil))
    XCTAssertFalse(appends.state.isLoading)
    XCTAssertNil(appends.state.error)
    XCTAssertFalse(appends.isActive)
  }

  func test_supersede_returnsTheRunningAppendsCancel_andForgetsAFailure() throws {
    var appends = PageAppends()
    let cancelled = LockedState(0)
    let id = try XCTUnwrap(appends.begin(whileLoading: false))
    XCTAssertTrue(appends.retain(cancel: { cancelled.withLock { $0 += 1 } }, for: id))
    appends.supersede()?()
    XCTAssertEqual(cancelled.withLock { $0 }, 1, "the refresh cancels the append's task")
    XCTAssertNil(appends.runningID)
    XCTAssertFalse(appends.isActive)
    XCTAssertFalse(appends.end(id, error: nil), "the superseded append's end changes nothing")

    let failed = try XCTUnwrap(appends.begin(whileLoading: false))
    _ = appends.end(failed, error: PageGone())
    XCTAssertNil(appends.supersede(), "nothing runs: nothing to cancel")
    XCTAssertNil(appends.state.error, "the refresh loads the first page again")
  }

  func test_retain_forAnAppendThatNoLongerRuns_tellsTheCallerToCancelIt() throws {
    var appends = PageAppends()
    let id = try XCTUnwrap(appends.begin(whileLoading: false))
    _ = appends.supersede()
    XCTAssertFalse(appends.retain(cancel: {}, for: id))
  }
}
