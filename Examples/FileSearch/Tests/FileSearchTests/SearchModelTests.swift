import FileSearchCore
import StatefulContent
import StatefulContentTesting
import XCTest

/// The model's states per keystroke: supersession, streaming, empty, error and Retry, pages,
/// cancellation — on real folders, with a manual clock that never moves unless a test says.
@MainActor
final class SearchModelTests: FixtureTestCase {
  private let presenter = RecordingPresenter()
  private let clock = ManualClock()

  private func makeModel(
    folder: String? = nil, pageSize: Int = 50, loadingPolicy: LoadingPolicy = .immediate
  ) -> SearchModel {
    SearchModel(
      scanner: FileScanner(folder: folder ?? tree.path), pageSize: pageSize,
      presenter: presenter, clock: clock, loadingPolicy: loadingPolicy)
  }

  private var titles: [String?] {
    presenter.records.map { ($0.presentation.placeholder as? StandardPlaceholder)?.title }
  }

  func test_eachKeystroke_supersedesTheSearchBefore_andOnlyTheLastOnesMatchesLand() async throws {
    try tree.file("alpha.txt", text: "s")
    try tree.file("swift.txt", text: "sw")
    let model = makeModel()

    let first = model.search("s")
    let second = model.search("sw")
    let third = model.search("swi")

    let outcomes = [await first?.value, await second?.value, await third?.value]
    XCTAssertEqual(outcomes, [.superseded, .superseded, .completed])
    XCTAssertEqual(model.content.map(\.path), ["swift.txt"])
    XCTAssertEqual(
      titles, ["Searching for 's'…", "Searching for 'sw'…", "Searching for 'swi'…", nil, nil])
    XCTAssertEqual(model.currentState.kind, .content)
  }

  func test_search_showsTheFirstMatchWhileTheScanGoesOn() async throws {
    for name in ["a", "b", "c"] { try tree.file("\(name).txt", text: "match") }
    let model = makeModel()

    let outcome = await model.search("match")?.value

    XCTAssertEqual(outcome, .completed)
    // The first match's batch comes at once; with the clock standing still, the others wait
    // for the page's end.
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content, .content])
    XCTAssertEqual(presenter.records.map(\.presentation.isRefreshing), [false, true, false])
    XCTAssertEqual(model.content.map(\.path), ["a.txt", "b.txt", "c.txt"])
  }

  func test_resultsDidChange_isCalledForEachBatch() async throws {
    for name in ["a", "b"] { try tree.file("\(name).txt", text: "match") }
    let model = makeModel()
    var counts: [Int] = []
    model.resultsDidChange = { [unowned model] in counts.append(model.content.count) }

    _ = await model.search("match")?.value

    XCTAssertEqual(counts, [1, 2])
  }

  func test_noMatches_isEmpty_sayingNoMatchesForTheQuery() async throws {
    try tree.file("a.txt", text: "hello")
    let model = makeModel()

    let outcome = await model.search("q")?.value

    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(model.currentState.kind, .empty)
    let placeholder = try XCTUnwrap(presenter.lastPresentation?.placeholder as? StandardPlaceholder)
    XCTAssertEqual(placeholder.title, "No matches for 'q'")
    XCTAssertEqual(placeholder.message, "Searched 1 file.")
  }

  func test_missingFolder_isAnErrorWithRetry_andRetryFindsTheFolderOnceItExists() async throws {
    let model = makeModel()

    let failed = await model.search("note")?.value

    XCTAssertEqual(failed, .failed(SearchError.folderNotFound(tree.path)))
    XCTAssertEqual(model.currentState.kind, .error)
    let placeholder = try XCTUnwrap(presenter.lastPresentation?.placeholder as? StandardPlaceholder)
    XCTAssertEqual(placeholder.title, "Cannot search '\(tree.path)'")
    XCTAssertEqual(placeholder.message, "no folder at '\(tree.path)'")
    XCTAssertEqual(placeholder.actions.map(\.role), [.retry])

    try tree.file("note.txt", text: "")
    let retried = await model.retry()?.value

    XCTAssertEqual(retried, .completed)
    XCTAssertEqual(model.currentState.kind, .content)
    XCTAssertEqual(model.content.map(\.path), ["note.txt"])
  }

  func test_retry_whileTheSearchSucceeded_doesNothing() async throws {
    try tree.file("note.txt", text: "")
    let model = makeModel(pageSize: 1)
    _ = await model.search("note")?.value

    XCTAssertNil(model.retry())
  }

  func test_pages_loadOneAtATime_untilTheFolderIsFinished() async throws {
    for name in ["a", "b", "c", "d", "e"] { try tree.file("\(name).txt", text: "match") }
    let model = makeModel(pageSize: 2)

    _ = await model.search("match")?.value
    XCTAssertEqual(model.content.map(\.path), ["a.txt", "b.txt"])
    XCTAssertTrue(model.hasMoreResults)

    let second = await model.loadNextPage()?.value
    XCTAssertEqual(second, .completed)
    XCTAssertEqual(model.content.count, 4)
    XCTAssertTrue(model.hasMoreResults)

    _ = await model.loadNextPage()?.value
    XCTAssertEqual(model.content.map(\.path), ["a.txt", "b.txt", "c.txt", "d.txt", "e.txt"])
    XCTAssertFalse(model.hasMoreResults)
    XCTAssertNil(model.loadNextPage(), "no page after the last")
    // A page keeps the matches on screen: content all along, refreshing while it loads.
    XCTAssertEqual(presenter.presentedKinds.filter { $0 != .content }, [.loading])
  }

  func test_nextPage_whileASearchRuns_isNotStarted() async throws {
    for name in ["a", "b"] { try tree.file("\(name).txt", text: "match") }
    let model = makeModel(pageSize: 1)

    let search = model.search("match")

    XCTAssertNil(model.loadNextPage(), "the first page has not come yet")
    _ = await search?.value
  }

  func test_pageOfAFolderThatIsGone_keepsTheMatches_andRetryGoesOnOnceItIsBack() async throws {
    for name in ["a", "b"] { try tree.file("\(name).txt", text: "match") }
    let model = makeModel(pageSize: 1)
    _ = await model.search("match")?.value
    tree.remove()

    let failed = await model.loadNextPage()?.value

    XCTAssertEqual(failed, .failed(SearchError.folderNotFound(tree.path)))
    XCTAssertEqual(model.currentState.kind, .content)
    XCTAssertEqual(model.content.map(\.path), ["a.txt"])
    XCTAssertEqual(model.pageError as? SearchError, .folderNotFound(tree.path))

    for name in ["a", "b"] { try tree.file("\(name).txt", text: "match") }
    let retried = await model.retry()?.value

    XCTAssertEqual(retried, .completed)
    XCTAssertEqual(model.content.map(\.path), ["a.txt", "b.txt"])
    XCTAssertNil(model.pageError)
  }

  func test_cancel_beforeAnyMatch_goesBackToIdle_andRetryGoesOn() async throws {
    try tree.file("a.txt", text: "match")
    let model = makeModel()

    let search = model.search("match")
    model.cancel()

    let outcome = await search?.value
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertEqual(model.currentState.kind, .idle, "not empty: the folder was not searched")
    XCTAssertTrue(model.wasCancelled)
    XCTAssertFalse(model.isSearching)

    let retried = await model.retry()?.value

    XCTAssertEqual(retried, .completed)
    XCTAssertEqual(model.content.map(\.path), ["a.txt"])
    XCTAssertFalse(model.wasCancelled)
  }

  func test_cancel_afterMatches_keepsThem() async throws {
    for name in ["a", "b"] { try tree.file("\(name).txt", text: "match") }
    let model = makeModel(pageSize: 1)
    _ = await model.search("match")?.value

    let page = model.loadNextPage()
    model.cancel()

    let outcome = await page?.value
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertEqual(model.currentState.kind, .content)
    XCTAssertEqual(model.content.map(\.path), ["a.txt"])
    XCTAssertTrue(model.hasMoreResults)
  }

  func test_emptyQuery_searchesNothing_andGoesBackToIdle() async throws {
    try tree.file("a.txt", text: "match")
    let model = makeModel()
    _ = await model.search("match")?.value

    XCTAssertNil(model.search(""))

    XCTAssertEqual(model.currentState.kind, .idle)
    XCTAssertEqual(model.content, [])
  }

  func test_smoothPolicy_aSearchThatFindsAMatchAtOnce_neverShowsLoading() async throws {
    try tree.file("a.txt", text: "match")
    let model = makeModel(loadingPolicy: .smooth)

    let outcome = await model.search("match")?.value

    XCTAssertEqual(outcome, .completed)
    XCTAssertFalse(presenter.presentedKinds.contains(.loading), "\(presenter.presentedKinds)")
    XCTAssertEqual(presenter.presentedKinds.last, .content)
  }
}
