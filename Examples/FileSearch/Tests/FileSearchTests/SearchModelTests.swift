import FileSearchCore
import StatefulContent
import StatefulContentTesting
import XCTest

/// The model's states per keystroke: keyed searches that supersede each other and keep the
/// previous query's matches marked, streaming, empty, error and Retry, page appends,
/// cancellation — on real folders, with a manual clock that never moves unless a test says,
/// and a gate that holds scans back until a test lets them start.
@MainActor
final class SearchModelTests: FixtureTestCase {
  private let presenter = RecordingPresenter()
  private let clock = ManualClock()
  private lazy var scanner = GatedScanner(folder: tree.path)

  private func makeModel(pageSize: Int = 50, loadingPolicy: LoadingPolicy = .immediate)
    -> SearchModel
  {
    SearchModel(
      scanner: scanner, pageSize: pageSize, presenter: presenter, clock: clock,
      loadingPolicy: loadingPolicy, strings: .english)
  }

  /// The titles of the placeholders presented, one for titles in a row that are the same.
  private var titles: [String?] {
    var titles: [String?] = []
    for record in presenter.records {
      let title = (record.presentation.placeholder as? StandardPlaceholder)?.title
      if titles.isEmpty || title != titles.last { titles.append(title) }
    }
    return titles
  }

  /// The presentations since `index`, as `<key> <state>` with `previous` for the previous
  /// key's matches, `refreshing` for content while the rest loads and the append's state;
  /// one for presentations in a row that differ only in their progress.
  private func presented(from index: Int = 0) -> [String] {
    var texts: [String] = []
    for record in presenter.records[index...] {
      let presentation = record.presentation
      var text = "\(presentation.key?.description ?? "-") \(presentation.state.kind)"
      if presentation.showsPreviousKey { text += " previous" }
      if presentation.isRefreshing { text += " refreshing" }
      if case .idle = presentation.append {} else { text += " append \(presentation.append)" }
      if text != texts.last { texts.append(text) }
    }
    return texts
  }

  func test_eachKeystroke_supersedesTheSearchBefore_andOnlyTheLastOnesMatchesLand() async throws {
    try tree.file("alpha.txt", text: "s")
    try tree.file("swift.txt", text: "sw")
    let model = makeModel()
    scanner.close()

    let first = model.search("s")
    let second = model.search("sw")
    let third = model.search("swi")
    XCTAssertEqual(presented(), ["s loading", "sw loading", "swi loading"])
    scanner.open()

    let outcomes = [await first?.value, await second?.value, await third?.value]
    XCTAssertEqual(outcomes, [.superseded, .superseded, .completed])
    XCTAssertEqual(model.content.map(\.path), ["swift.txt"])
    XCTAssertEqual(model.contentQuery, "swi")
    XCTAssertEqual(
      titles, ["Searching for 's'…", "Searching for 'sw'…", "Searching for 'swi'…", nil])
    XCTAssertEqual(
      presented(),
      ["s loading", "sw loading", "swi loading", "swi content refreshing", "swi content"])
  }

  func test_search_showsTheFirstMatchWhileTheScanGoesOn() async throws {
    for name in ["a", "b", "c"] { try tree.file("\(name).txt", text: "match") }
    let model = makeModel()

    let outcome = await model.search("match")?.value

    XCTAssertEqual(outcome, .completed)
    // The first match's batch comes at once; with the clock standing still, the others wait
    // for the page's end.
    XCTAssertEqual(
      presented(), ["match loading", "match content refreshing", "match content"])
    XCTAssertEqual(model.content.map(\.path), ["a.txt", "b.txt", "c.txt"])
  }

  func test_anotherQuery_keepsThePreviousMatchesMarked_untilItsFirstBatch() async throws {
    try tree.file("alpha.txt", text: "")
    try tree.file("also.txt", text: "")
    let model = makeModel()
    _ = await model.search("al")?.value
    let before = presenter.records.count
    scanner.close()

    let search = model.search("alp")

    // At once, before any of alp's scan: al's matches, marked as the previous key's.
    XCTAssertEqual(presented(from: before), ["alp content previous refreshing"])
    XCTAssertEqual(model.content.map(\.path), ["alpha.txt", "also.txt"])
    XCTAssertEqual(model.contentQuery, "al")
    scanner.open()
    let outcome = await search?.value
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(
      presented(from: before),
      ["alp content previous refreshing", "alp content refreshing", "alp content"])
    XCTAssertEqual(model.content.map(\.path), ["alpha.txt"])
    XCTAssertEqual(model.contentQuery, "alp")
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
    XCTAssertEqual(presenter.lastPresentation?.key, LoadKey("q"))
  }

  func test_progressWhileSearching_onlyGrows_andNeverNears100BeforeTheEnd() async throws {
    // "a" holds 98 files and "b" one: the entries visited against those known would show
    // 99 % through the end of "a". Which progress values are presented depends on how the
    // machine coalesces them; that the scanner reports half once "a" is done is
    // FileScannerTests' (its progress, value by value).
    for index in 0..<98 { try tree.file("a/\(1000 + index).txt", text: "x") }
    try tree.file("b/last.txt", text: "x")
    let model = SearchModel(
      scanner: scanner, presenter: presenter, clock: clock, loadingPolicy: .immediate,
      flushInterval: .zero, strings: .english)

    _ = await model.search("swift")?.value

    let progress = presenter.records.compactMap { $0.presentation.state.progress }
    XCTAssertFalse(progress.isEmpty, "no progress presented")
    XCTAssertEqual(progress, progress.sorted(), "it only grows")
    XCTAssertEqual(progress.filter { $0 > 0.5 + 1e-9 && $0 < 1 }, [], "no 99 % before the end")
    XCTAssertEqual(model.currentState.kind, .empty)
  }

  func test_noMatchesForAnotherQuery_replacesThePreviousMatches() async throws {
    try tree.file("a.txt", text: "hello")
    let model = makeModel()
    _ = await model.search("hell")?.value
    let before = presenter.records.count

    _ = await model.search("help")?.value

    XCTAssertEqual(presented(from: before), ["help content previous refreshing", "help empty"])
    XCTAssertEqual(titles.last, "No matches for 'help'")
    XCTAssertEqual(model.content, [])
  }

  func test_aSearchInFrench_showsTheLibrarysTextsInFrench_whateverTheProcessSpeaks() async throws {
    let french = SearchStrings(language: "fr")
    let model = SearchModel(scanner: scanner, presenter: presenter, clock: clock, strings: french)

    _ = await model.search("note")?.value

    XCTAssertEqual(model.stateMachine.strings.language, "fr")
    let placeholder = try XCTUnwrap(presenter.lastPresentation?.placeholder as? StandardPlaceholder)
    XCTAssertEqual(placeholder.actions, [.retry(in: .french)])
    XCTAssertEqual(placeholder.actions.first?.title, "Réessayer")
    XCTAssertEqual(SearchStrings(language: "de").placeholderStrings.retry, "Erneut versuchen")
    XCTAssertEqual(SearchStrings.english.placeholderStrings.results(1), "1 match")
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

  func test_aFailedSearchForAnotherQuery_showsTheError_notThePreviousMatches() async throws {
    try tree.file("note.txt", text: "")
    let model = makeModel()
    _ = await model.search("no")?.value
    tree.remove()

    let failed = await model.search("not")?.value

    XCTAssertEqual(failed, .failed(SearchError.folderNotFound(tree.path)))
    XCTAssertEqual(model.currentState.kind, .error)
    XCTAssertEqual(presenter.lastPresentation?.key, LoadKey("not"))
  }

  func test_retry_afterASearchThatEndedWell_searchesAgain_keepingTheMatchesMeanwhile() async throws
  {
    try tree.file("note.txt", text: "")
    let model = makeModel()
    _ = await model.search("note")?.value
    try tree.file("notes.txt", text: "")
    let before = presenter.records.count

    let retried = await model.retry()?.value

    XCTAssertEqual(retried, .completed)
    XCTAssertEqual(model.content.map(\.path), ["note.txt", "notes.txt"])
    XCTAssertEqual(presented(from: before).first, "note content refreshing", "not marked previous")
    XCTAssertFalse(presented(from: before).contains { $0.hasSuffix("loading") })
  }

  func test_retry_withoutAQuery_doesNothing() async throws {
    try tree.file("note.txt", text: "")
    let model = makeModel()
    _ = await model.search("note")?.value
    model.search("")

    XCTAssertNil(model.retry(), "it would search for 'note' again")
  }

  func test_pages_areAppendedOneAtATime_untilTheFolderIsFinished() async throws {
    for name in ["a", "b", "c", "d", "e"] { try tree.file("\(name).txt", text: "match") }
    let model = makeModel(pageSize: 2)

    _ = await model.search("match")?.value
    XCTAssertEqual(model.content.map(\.path), ["a.txt", "b.txt"])
    XCTAssertTrue(model.hasMoreResults)
    let before = presenter.records.count
    scanner.close()

    let second = model.loadNextPage()
    XCTAssertTrue(model.isLoadingPage)
    XCTAssertEqual(presenter.lastPresentation?.append.isLoading, true, "the footer's spinner")
    scanner.open()
    let outcome = await second?.value
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(model.content.count, 4)
    XCTAssertTrue(model.hasMoreResults)
    XCTAssertEqual(presented(from: before), ["match content append loading", "match content"])

    _ = await model.loadNextPage()?.value
    XCTAssertEqual(model.content.map(\.path), ["a.txt", "b.txt", "c.txt", "d.txt", "e.txt"])
    XCTAssertFalse(model.hasMoreResults)
    XCTAssertNil(model.loadNextPage(), "no page after the last")
    // Pages keep the matches on screen: content all along.
    XCTAssertEqual(presented().filter { !$0.contains("content") }, ["match loading"])
  }

  func test_nextPage_whileASearchRuns_isNotStarted() async throws {
    for name in ["a", "b"] { try tree.file("\(name).txt", text: "match") }
    let model = makeModel(pageSize: 1)
    scanner.close()

    let search = model.search("match")

    XCTAssertNil(model.loadNextPage(), "the first page has not come yet")
    scanner.open()
    _ = await search?.value
    XCTAssertNotNil(model.loadNextPage())
  }

  func test_aSearch_supersedesARunningPage_whoseMatchesNeverLand() async throws {
    for name in ["a", "b"] { try tree.file("\(name).txt", text: "match") }
    let model = makeModel(pageSize: 1)
    _ = await model.search("match")?.value
    scanner.close()

    let page = model.loadNextPage()
    let search = model.search("b")
    scanner.open()

    let outcome = await page?.value
    XCTAssertEqual(outcome, .superseded)
    _ = await search?.value
    XCTAssertEqual(model.content.map(\.path), ["b.txt"])
  }

  func test_pageOfAFolderThatIsGone_keepsTheMatches_andRetryRunsThatPageOnceItIsBack()
    async throws
  {
    for name in ["a", "b"] { try tree.file("\(name).txt", text: "match") }
    let model = makeModel(pageSize: 1)
    _ = await model.search("match")?.value
    tree.remove()

    let failed = await model.loadNextPage()?.value

    XCTAssertEqual(failed, .failed(SearchError.folderNotFound(tree.path)))
    XCTAssertEqual(model.currentState.kind, .content)
    XCTAssertEqual(model.content.map(\.path), ["a.txt"])
    let error = presenter.lastPresentation?.append.error as? SearchError
    XCTAssertEqual(error, .folderNotFound(tree.path), "the footer's error")
    XCTAssertNil(model.loadNextPage(), "a failed page is run again by Retry, not by scrolling")

    for name in ["a", "b"] { try tree.file("\(name).txt", text: "match") }
    let retried = await model.retry()?.value

    XCTAssertEqual(retried, .completed)
    XCTAssertEqual(model.content.map(\.path), ["a.txt", "b.txt"], "that page only")
    XCTAssertEqual(presenter.lastPresentation?.append.isLoading, false)
    XCTAssertNil(presenter.lastPresentation?.append.error)
  }

  func test_cancel_ofTheFirstSearch_goesBackToIdle_andRetrySearchesAgain() async throws {
    try tree.file("a.txt", text: "match")
    let model = makeModel()
    scanner.close()

    let search = model.search("match")
    model.cancel()
    scanner.open()

    let outcome = await search?.value
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertEqual(model.currentState.kind, .idle, "not empty: the folder was not searched")
    XCTAssertFalse(model.isSearching)

    let retried = await model.retry()?.value

    XCTAssertEqual(retried, .completed)
    XCTAssertEqual(model.content.map(\.path), ["a.txt"])
  }

  func test_cancel_ofAnotherQuery_bringsThePreviousMatchesBack_asCurrent() async throws {
    try tree.file("alpha.txt", text: "")
    let model = makeModel()
    _ = await model.search("al")?.value
    scanner.close()

    let search = model.search("alx")
    XCTAssertEqual(presenter.lastPresentation?.showsPreviousKey, true)
    model.cancel()
    scanner.open()

    let outcome = await search?.value
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertEqual(presented(from: presenter.records.count - 1), ["al content"])
    XCTAssertEqual(model.content.map(\.path), ["alpha.txt"])
    XCTAssertEqual(model.query, "alx")
  }

  func test_cancel_ofAPage_keepsTheMatches_andTheNextPageStillFollows() async throws {
    for name in ["a", "b"] { try tree.file("\(name).txt", text: "match") }
    let model = makeModel(pageSize: 1)
    _ = await model.search("match")?.value
    scanner.close()

    let page = model.loadNextPage()
    model.cancel()
    scanner.open()

    let outcome = await page?.value
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertEqual(model.currentState.kind, .content)
    XCTAssertEqual(model.content.map(\.path), ["a.txt"])
    XCTAssertFalse(model.isLoadingPage)
    XCTAssertTrue(model.hasMoreResults)
    let next = await model.loadNextPage()?.value
    XCTAssertEqual(next, .completed)
    XCTAssertEqual(model.content.map(\.path), ["a.txt", "b.txt"])
  }

  func test_emptyQuery_searchesNothing_andGoesBackToIdle() async throws {
    try tree.file("a.txt", text: "match")
    let model = makeModel()
    _ = await model.search("match")?.value

    XCTAssertNil(model.search(""))

    XCTAssertEqual(model.currentState.kind, .idle)
    XCTAssertEqual(model.content, [])
    XCTAssertNil(model.contentQuery)
    XCTAssertNil(presenter.lastPresentation?.key)
    XCTAssertFalse(model.hasMoreResults)
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
