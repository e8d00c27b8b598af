import StatefulContent

/// The search of one folder: the query typed last, its matches, and the state the library's
/// rules decide for them — loading, content, empty ("No matches for 'x'"), error (with Retry)
/// or idle (no query).
///
/// Every keystroke is a new load of its query that supersedes the last: the older load's
/// scan is cancelled and nothing of it lands. Matches stream in while the folder is scanned:
/// the first ones turn loading into content at once, and a page holds ``pageSize`` matches;
/// ``loadNextPage()`` continues the scan where the page ended. ``cancel()`` stops the scan,
/// keeping what was found; ``retry()`` runs it again from where it stopped.
///
/// This is the only file of the example that calls the library's loading API (`load`,
/// `reload`, `cancelLoading`, `reset`, `transitionToDecidedState`), so that it can move to
/// keyed, streaming and paginated loads in one place. Today a key is the model's ``query``,
/// which a new search replaces before loading; streaming is the scan's batches stored by the
/// operation on the model's actor as they arrive; a page is a load like any other, whose
/// operation continues from the model's ``cursor``.
///
/// ```swift
/// let model = SearchModel(scanner: FileScanner(folder: "Sources"), presenter: presenter)
/// model.search("s")           // loading
/// model.search("sw")          // supersedes "s": its scan is cancelled
/// await model.search("swi")?.value
/// // model.currentState.kind == .content, or .empty: "No matches for 'swi'"
/// ```
@MainActor
public final class SearchModel: @MainActor StatefulContent {
  /// The machine that presents the search's states.
  public let stateMachine: ContentStateMachine
  /// The scanner of the folder searched.
  public let scanner: FileScanner
  /// How many matches a page holds.
  public let pageSize: Int
  /// The longest time between two batches of matches while a page is scanned.
  public let flushInterval: Duration
  /// The query of the current search; empty when there is none.
  public private(set) var query = ""
  /// The matches of the current search, in the order they were found, over every page loaded.
  public private(set) var content: [SearchMatch] = []
  /// Where the scan of the current search stands; the next page starts there.
  public private(set) var cursor = ScanCursor()
  /// The error of the last page that failed while matches were shown, until a page succeeds.
  public private(set) var pageError: (any Error)?
  /// Whether the current search was cancelled (``cancel()``) and not run again since.
  public private(set) var wasCancelled = false
  /// Called when matches arrive or the page error changes, which changes no state: a view
  /// that shows the matches redraws. Defaults to doing nothing.
  public var resultsDidChange: () -> Void = {}

  /// Tells apart the searches: a scan reports only while its search is the current one.
  private var generation = 0
  private let elapsed: @Sendable () -> Duration

  /// Creates a model; nothing is searched until ``search(_:)``.
  ///
  /// - Parameters:
  ///   - scanner: The scanner of the folder to search.
  ///   - pageSize: How many matches a page holds; at least 1. Defaults to 50.
  ///   - presenter: The presenter of the search's states, or `nil`.
  ///   - clock: The clock of the loading policy and of the batches' pace. Tests pass a
  ///     `ManualClock`. Defaults to the continuous clock.
  ///   - loadingPolicy: When loading appears and how long it stays. Defaults to
  ///     `LoadingPolicy.immediate`.
  ///   - flushInterval: The longest time between two batches of matches. Defaults to 50 ms.
  public init(
    scanner: FileScanner,
    pageSize: Int = 50,
    presenter: (any Presenter)?,
    clock: any Clock<Duration> = ContinuousClock(),
    loadingPolicy: LoadingPolicy = .immediate,
    flushInterval: Duration = .milliseconds(50)
  ) {
    self.scanner = scanner
    self.pageSize = max(pageSize, 1)
    self.flushInterval = flushInterval
    stateMachine = ContentStateMachine(presenter: presenter, clock: clock)
    stateMachine.loadingPolicy = loadingPolicy
    elapsed = Self.stopwatch(clock)
  }

  /// Whether a search or a page is being scanned.
  public var isSearching: Bool { stateMachine.hasActiveLoad }

  /// Whether the folder has more to scan for the current search: a next page may follow.
  public var hasMoreResults: Bool { !query.isEmpty && !cursor.isFinished }

  // MARK: Loads

  /// Searches for a query, superseding the search before it.
  ///
  /// The matches of the previous query are dropped and its scan is cancelled; loading is
  /// presented before this returns (where `Task.immediate` exists; elsewhere as soon as the
  /// main actor runs the task, and not at all when a newer search came first). An empty query
  /// searches nothing: the state goes back to idle.
  ///
  /// - Parameter query: The text to look for in names and contents, ignoring case.
  /// - Returns: The task of the first page's load, or `nil` for an empty query.
  @discardableResult
  public func search(_ query: String) -> Task<LoadOutcome, Never>? {
    generation += 1
    self.query = query
    content = []
    cursor = ScanCursor()
    pageError = nil
    wasCancelled = false
    guard !query.isEmpty else {
      reset()
      resultsDidChange()
      return nil
    }
    return start { await $0.loadPage() }
  }

  /// Loads the next page of the current search: what scrolling past the last match does.
  ///
  /// - Returns: The task of the page's load, or `nil` when there is no next page, a scan
  ///   runs, or no matches are shown.
  @discardableResult
  public func loadNextPage() -> Task<LoadOutcome, Never>? {
    guard hasMoreResults, !isSearching, currentState.kind == .content else { return nil }
    return start { await $0.loadPage() }
  }

  /// Runs the search again from where it stopped: after an error (the folder could not be
  /// read), a page that failed, or ``cancel()``.
  ///
  /// - Returns: The task of the load, or `nil` when there is nothing to retry.
  @discardableResult
  public func retry() -> Task<LoadOutcome, Never>? {
    let failed = currentState.kind == .error || pageError != nil
    guard hasMoreResults, !isSearching, failed || wasCancelled else { return nil }
    wasCancelled = false
    return start { model in
      if let outcome = await model.reload() { return outcome }
      return await model.loadPage()
    }
  }

  /// Cancels the running scan.
  ///
  /// The matches found so far stay, and ``loadNextPage()`` or ``retry()`` continues the scan.
  /// With none, the state goes back to idle rather than to the rules' empty state: nothing
  /// was searched to the end, so "No matches" would be wrong.
  public func cancel() {
    guard isSearching else { return }
    wasCancelled = true
    if hasContent { cancelLoading() } else { reset() }
    resultsDidChange()
  }

  /// Starts a load in a task that begins at once, so that a keystroke's load supersedes the
  /// previous one before the next keystroke is handled.
  private func start(
    _ body: @escaping @MainActor (SearchModel) async -> LoadOutcome
  ) -> Task<LoadOutcome, Never> {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      return Task.immediate { await body(self) }
    }
    let generation = generation
    return Task { self.generation == generation ? await body(self) : .superseded }
  }

  /// Loads the next page of the current search; the first page is the next page of a new
  /// cursor. The operation runs on the model's actor and is given the model, so that
  /// `reload()` runs it again for the search current then.
  private func loadPage() async -> LoadOutcome {
    await load(animated: false) { model, context in
      try await model.scanPage(reportingTo: context)
    } apply: { model, _ in
      model.pageError = nil
    }
  }

  /// Scans a page from the cursor, storing each batch as it arrives.
  private func scanPage(reportingTo context: LoadContext) async throws -> ScanBatch.End {
    let generation = generation
    let batches = scanner.batches(
      matching: query, from: cursor, limit: pageSize, flushInterval: flushInterval,
      elapsed: elapsed)
    for try await batch in batches {
      // A superseded or cancelled load's task is cancelled on this actor before anything
      // else changes the model: a batch that arrives later is not stored.
      guard !Task.isCancelled, generation == self.generation else { break }
      receive(batch)
      context.reportProgress(batch.cursor.progress)
      if let end = batch.end { return end }
    }
    throw CancellationError()
  }

  /// Stores a batch: the cursor moves on, and the first matches turn loading into content
  /// while the scan goes on (with content, a load is a refresh).
  private func receive(_ batch: ScanBatch) {
    cursor = batch.cursor
    guard !batch.matches.isEmpty else { return }
    content += batch.matches
    transitionToDecidedState(animated: false)
    resultsDidChange()
  }

  // MARK: Hooks

  /// Keeps the error of a page that failed while matches are shown; ``retry()`` retries it.
  ///
  /// - Parameter error: The page's error.
  public func handleErrorWhenContentsAvailable(_ error: any Error) {
    pageError = error
    resultsDidChange()
  }

  /// The loading placeholder, naming the query; it keeps the scan's progress.
  ///
  /// - Parameter placeholder: The loading placeholder, carrying the progress.
  /// - Returns: The placeholder to present.
  public func configureLoadingPlaceholder(_ placeholder: any Placeholder) -> any Placeholder {
    var loading = placeholder as? StandardPlaceholder ?? .loading
    loading.title = "Searching for '\(TerminalText.clean(query))'…"
    return loading
  }

  /// The empty placeholder: "No matches for 'x'", with how much was searched.
  ///
  /// - Parameter placeholder: The empty placeholder.
  /// - Returns: The placeholder to present.
  public func configureEmptyPlaceholder(_ placeholder: any Placeholder) -> any Placeholder {
    var empty = placeholder as? StandardPlaceholder ?? .empty
    empty.title = "No matches for '\(TerminalText.clean(query))'"
    empty.message = Self.summary(of: cursor)
    return empty
  }

  /// The error placeholder, naming the folder, with the error as its message and a Retry
  /// action.
  ///
  /// - Parameters:
  ///   - placeholder: The error placeholder.
  ///   - error: The error the search ended with.
  /// - Returns: The placeholder to present.
  public func configureErrorPlaceholder(_ placeholder: any Placeholder, error: any Error)
    -> any Placeholder
  {
    var failure = placeholder as? StandardPlaceholder ?? .error
    failure.title = "Cannot search '\(TerminalText.clean(scanner.folder))'"
    failure.message = TerminalText.clean(String(describing: error))
    if !failure.actions.contains(where: { $0.role == .retry }) { failure.actions.append(.retry) }
    return failure
  }

  /// What a scan searched, such as `Searched 120 files (3 by name only).`
  ///
  /// - Parameter cursor: Where the scan stands.
  /// - Returns: A sentence.
  public static func summary(of cursor: ScanCursor) -> String {
    let files = cursor.scannedFiles + cursor.skippedFiles
    var sentence = "Searched \(files) file\(files == 1 ? "" : "s")"
    if cursor.skippedFiles > 0 { sentence += " (\(cursor.skippedFiles) by name only)" }
    if cursor.unreadableFolders > 0 {
      let folders = cursor.unreadableFolders
      sentence += "; \(folders) folder\(folders == 1 ? "" : "s") could not be read"
    }
    return sentence + "."
  }

  private static func stopwatch(_ clock: some Clock<Duration>) -> @Sendable () -> Duration {
    let start = clock.now
    return { start.duration(to: clock.now) }
  }
}
