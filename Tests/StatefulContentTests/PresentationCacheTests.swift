import XCTest

@testable import StatefulContent

/// The cache of the last loading, empty and content presentations, as a pure value: whatever
/// it keeps, a lookup returns a presentation with exactly the fields asked for.
final class PresentationCacheTests: XCTestCase {
  private let loading = StandardPlaceholder.loading
  private let key = LoadKey("swift")

  func test_aLookupWithOtherFields_neverReturnsTheKeptPresentation() {
    var cache = PresentationCache()
    let first = cache.presentation(
      state: .loading, placeholder: loading, insets: .zero, isRefreshing: false, attempt: 1)
    let insets = EdgeInsets(top: 8, leading: 0, bottom: 0, trailing: 0)
    let moved = cache.presentation(
      state: .loading, placeholder: loading, insets: insets, isRefreshing: false, attempt: 2,
      key: key)
    XCTAssertEqual(first.insets, .zero)
    XCTAssertEqual(moved.insets, insets)
    XCTAssertEqual(moved.attempt, 2)
    XCTAssertEqual(moved.key, key)
  }

  func test_anotherPlaceholder_isPresentedAsGiven() {
    var cache = PresentationCache()
    _ = cache.presentation(
      state: .empty, placeholder: StandardPlaceholder.empty, insets: .zero, isRefreshing: false,
      attempt: 1)
    var titled = StandardPlaceholder.empty
    titled.title = "Nothing here"
    let shown = cache.presentation(
      state: .empty, placeholder: titled, insets: .zero, isRefreshing: false, attempt: 1)
    XCTAssertEqual((shown.placeholder as? StandardPlaceholder)?.title, "Nothing here")
  }

  func test_contentLookups_carryTheirRefreshProgressKeyAndAppendState() {
    var cache = PresentationCache()
    let refreshing = cache.presentation(
      state: .content, isRefreshing: true, progress: 0.5, key: key, showsPreviousKey: true)
    let done = cache.presentation(state: .content, isRefreshing: false)
    let appending = cache.presentation(state: .content, isRefreshing: false, append: .loading)
    XCTAssertTrue(refreshing.isRefreshing)
    XCTAssertEqual(refreshing.progress, 0.5)
    XCTAssertTrue(refreshing.showsPreviousKey)
    XCTAssertFalse(done.isRefreshing)
    XCTAssertNil(done.progress)
    XCTAssertNil(done.key)
    XCTAssertFalse(done.showsPreviousKey)
    XCTAssertTrue(appending.append.isLoading)
  }

  func test_statesWithoutACache_areBuiltAsAsked() {
    var cache = PresentationCache()
    let locked = cache.presentation(state: .locked(.credentialRequired), isRefreshing: false)
    XCTAssertEqual(locked.state, .locked(.credentialRequired))
    XCTAssertNil(locked.placeholder)
  }

  func test_forget_dropsOnlyThatKind_andTheNextLookupIsStillExact() {
    var cache = PresentationCache()
    _ = cache.presentation(
      state: .loading, placeholder: loading, insets: .zero, isRefreshing: false, attempt: 1)
    cache.forget(.loading)
    cache.forget(.content)  // nothing kept for it: no effect
    let again = cache.presentation(
      state: .loading, placeholder: loading, insets: .zero, isRefreshing: true, attempt: 3)
    XCTAssertEqual(again.state, .loading)
    XCTAssertTrue(again.isRefreshing)
    XCTAssertEqual(again.attempt, 3)
  }
}
