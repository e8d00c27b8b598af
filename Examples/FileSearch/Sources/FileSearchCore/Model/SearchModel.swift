import StatefulContent
import StatefulContentTerminal

/// The search of one folder: the query typed last, its matches, and the state the library's
/// rules decide for them — loading, content, empty ("No matches for 'x'"), error (with Retry)
/// or idle (no query).
///
/// Every keystroke is a keyed streaming load whose key is the query and whose parts are the
/// scanner's batches: the newest query supersedes the one before (its scan is cancelled and
/// nothing more of it lands), and the first batch with a match turns loading into content at
/// once while the scan goes on. Until then the previous query's matches stay on screen,
/// marked as the previous key's (`Presentation.showsPreviousKey`). A page holds ``pageSize``
/// matches; ``loadNextPage()`` appends the next one (`loadMore`, with its own loading and
/// failed state in `Presentation.append`). ``retry()`` asks for the failed page again (the
/// cursor did not move) or else reloads the search (`reload()`, which runs
/// ``loadContent()``); ``cancel()`` cancels the running search (`cancelLoading()`), which
/// brings back what it replaced, or the running page. The machine keeps no operation: what
/// runs again is asked of this model.
///
/// This is the only file of the example that calls the library's loading API (`load`,
/// `loadMore`, `reload`, `cancelLoading`, `reset`).
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
  public let scanner: any FolderScanning
  /// How many matches a page holds.
  public let pageSize: Int
  /// The longest time between two batches of matches while a page is scanned.
  public let flushInterval: Duration
  /// The query typed last; empty when there is none.
  public private(set) var query = ""
  /// The matches shown, in the order they were found, over every page loaded.
  public private(set) var content: [SearchMatch] = []
  /// The query the matches were found for — while a new query searches, the previous one —
  /// or `nil` before the first match or scan that ended.
  public private(set) var contentQuery: String?
  /// Where the scan of ``contentQuery`` stands; the next page starts there.
  public private(set) var cursor = ScanCursor()
  /// Called when matches arrive or go, which may change no state: a view that shows the
  /// matches redraws. Defaults to doing nothing.
  public var resultsDidChange: () -> Void = {}
  /// The language of the placeholders' texts the model writes itself.
  public let strings: SearchStrings

  private let elapsed: @Sendable () -> Duration

  /// Creates a model; nothing is searched until ``search(_:)``.
  ///
  /// - Parameters:
  ///   - scanner: The scanner of the folder to search, such as a ``FileScanner``.
  ///   - pageSize: How many matches a page holds; at least 1. Defaults to 50.
  ///   - presenter: The presenter of the search's states, or `nil`.
  ///   - clock: The clock of the loading policy and of the batches' pace. Tests pass a
  ///     `ManualClock`. Defaults to the continuous clock.
  ///   - loadingPolicy: When loading appears and how long it stays. Defaults to
  ///     `LoadingPolicy.immediate`.
  ///   - flushInterval: The longest time between two batches of matches. Defaults to 50 ms.
  ///   - strings: The language of the placeholders' texts, the search's and the library's
  ///     (``SearchStrings/placeholderStrings``). Defaults to the process's
  ///     (``SearchStrings/current``).
  public init(
    scanner: any FolderScanning,
    pageSize: Int = 50,
    presenter: (any Presenter)?,
    clock: any Clock<Duration> = ContinuousClock(),
    loadingPolicy: LoadingPolicy = .immediate,
    flushInterval: Duration = .milliseconds(50),
    strings: SearchStrings = .current
  ) {
    self.strings = strings
    self.scanner = scanner
    self.pageSize = max(pageSize, 1)
    self.flushInterval = flushInterval
    stateMachine = ContentStateMachine(presenter: presenter, clock: clock)
    stateMachine.strings = strings.placeholderStrings
    stateMachine.loadingPolicy = loadingPolicy
    elapsed = Self.stopwatch(clock)
  }

  /// Whether a search is being scanned.
  public var isSearching: Bool { stateMachine.hasActiveLoad }

  /// Whether a next page is being scanned.
  public var isLoadingPage: Bool { stateMachine.appendState.isLoading }

  /// Whether the folder has more to scan for the matches shown: a next page may follow.
  public var hasMoreResults: Bool { contentQuery != nil && !cursor.isFinished }

  // MARK: Loads

  /// Searches for a query, superseding the search before it.
  ///
  /// The previous query's scan is cancelled; its matches stay, marked as the previous
  /// key's, until the first batch of this query replaces them. The state changes before this
  /// returns (where `Task.immediate` exists; elsewhere as soon as the main actor runs the
  /// task, and not at all when a newer search came first); batches that the scan has ready
  /// by then are shown before it returns too. An empty query searches nothing: the matches
  /// go and the state goes back to idle.
  ///
  /// - Parameter query: The text to look for in names and contents, ignoring case.
  /// - Returns: The task of the search, or `nil` for an empty query.
  @discardableResult
  public func search(_ query: String) -> Task<LoadOutcome, Never>? {
    self.query = query
    guard !query.isEmpty else {
      content = []
      contentQuery = nil
      cursor = ScanCursor()
      reset()
      resultsDidChange()
      return nil
    }
    return start { model in
      guard model.query == query else { return .superseded }
      return await model.stream(query)
    }
  }

  /// Appends the next page of the matches shown: what scrolling past the last match does.
  ///
  /// - Returns: The task of the page's load, or `nil` when there is no next page, a search
  ///   or a page runs, the last page failed (``retry()`` runs it again), or no matches are
  ///   shown.
  @discardableResult
  public func loadNextPage() -> Task<LoadOutcome, Never>? {
    guard case .idle = stateMachine.appendState else { return nil }
    return appendPage()
  }

  /// Appends the page that starts at ``cursor``: the next one, or the one that failed (a
  /// failed page was not applied, so the cursor still points at it).
  private func appendPage() -> Task<LoadOutcome, Never>? {
    guard let contentQuery, hasMoreResults, !isSearching, currentState.kind == .content else {
      return nil
    }
    let (scanner, cursor, limit) = (scanner, cursor, pageSize)
    let (flushInterval, elapsed) = (flushInterval, elapsed)
    return startPage { model in
      await model.loadMore(animated: false) { _ in
        try await scanner.page(
          matching: contentQuery, from: cursor, limit: limit, flushInterval: flushInterval,
          elapsed: elapsed)
      } apply: { model, page in
        model.content += page.matches
        model.cursor = page.cursor
        model.resultsDidChange()
      }
    }
  }

  /// Runs again what failed or was cancelled: the page that failed, that page only; else the
  /// search of the query typed last, from the start.
  ///
  /// After a search that ended well, the search runs again: the matches stay while it runs.
  ///
  /// - Returns: The task of the load, or `nil` when a search or a page runs, or no query
  ///   was typed.
  @discardableResult
  public func retry() -> Task<LoadOutcome, Never>? {
    guard !query.isEmpty, !isSearching, !isLoadingPage else { return nil }
    if stateMachine.appendState.error != nil {
      return appendPage()
    }
    return start { await $0.reload() ?? .superseded }
  }

  /// The search of the query typed last, from the start: what `reload()` — ``retry()`` — runs.
  @MainActor
  public func loadContent() async {
    guard !query.isEmpty else { return }
    _ = await stream(query)
  }

  /// Cancels the running search or page.
  ///
  /// A search that is cancelled brings back what it replaced — the previous query's matches,
  /// as current again, or the state before — but the matches of its own that arrived stay,
  /// and the next page goes on from where it stopped. A page that is cancelled leaves the
  /// matches as they were.
  public func cancel() {
    if isSearching {
      cancelLoading()
    } else if isLoadingPage {
      pageTask?.cancel()
    }
  }

  /// The task of the page appended last: ``cancel()`` cancels it (the library's
  /// `cancelLoading()` cancels loads, not appends).
  private var pageTask: Task<LoadOutcome, Never>?

  /// Starts a load in a task that begins at once, so that a keystroke's load supersedes the
  /// previous one before the next keystroke is handled.
  private func start(
    _ body: @escaping @MainActor (SearchModel) async -> LoadOutcome
  ) -> Task<LoadOutcome, Never> {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      return Task.immediate { await body(self) }
    }
    return Task { await body(self) }
  }

  /// Starts a page's load, keeping its task for ``cancel()``.
  private func startPage(
    _ body: @escaping @MainActor (SearchModel) async -> LoadOutcome
  ) -> Task<LoadOutcome, Never> {
    let task = start(body)
    pageTask = task
    return task
  }

  /// The keyed streaming load of a query's first page: each batch with matches is a part,
  /// and so is the page's last batch once a part came before it, for where the scan stopped.
  /// Batches with nothing but progress report it and are not parts, so that the previous
  /// query's matches stay until the first match. A page without a match has no part at all:
  /// the load's `reset` at its end takes the scan's last cursor, and the state goes from the
  /// previous query's matches straight to empty, with no loading in between.
  private func stream(_ query: String) async -> LoadOutcome {
    let (scanner, limit, flushInterval, elapsed) = (scanner, pageSize, flushInterval, elapsed)
    let lastCursor = Locked(ScanCursor())
    return await load(key: query, animated: false) { context in
      let hasMatches = Locked(false)
      return scanner.batches(
        matching: query, from: ScanCursor(), limit: limit, flushInterval: flushInterval,
        elapsed: elapsed
      ).filter { batch in
        context.reportProgress(batch.cursor.progress)
        lastCursor.withLock { $0 = batch.cursor }
        let hadMatches = hasMatches.withLock { found in
          defer { found = found || !batch.matches.isEmpty }
          return found
        }
        return !batch.matches.isEmpty || (batch.end != nil && hadMatches)
      }
    } reset: { model in
      model.content = []
      model.contentQuery = query
      model.cursor = lastCursor.withLock { $0 }
    } apply: { model, batch in
      model.content += batch.matches
      model.cursor = batch.cursor
      model.resultsDidChange()
    }
  }

  // MARK: Hooks

  /// The query the state is about: the one searching, or whose search failed or whose
  /// matches are shown.
  private var stateQuery: String {
    TerminalText.clean(stateMachine.key.map(\.description) ?? query, tabs: .space)
  }

  /// The loading placeholder, naming the query; it keeps the scan's progress.
  ///
  /// - Parameter placeholder: The loading placeholder, carrying the progress.
  /// - Returns: The placeholder to present.
  public func configureLoadingPlaceholder(_ placeholder: any Placeholder) -> any Placeholder {
    var loading = placeholder as? StandardPlaceholder ?? .loading
    loading.title = strings.text(.searching, ["query": stateQuery])
    return Self.announcingItsTexts(loading)
  }

  /// The empty placeholder: "No matches for 'x'", with how much was searched.
  ///
  /// - Parameter placeholder: The empty placeholder.
  /// - Returns: The placeholder to present.
  public func configureEmptyPlaceholder(_ placeholder: any Placeholder) -> any Placeholder {
    var empty = placeholder as? StandardPlaceholder ?? .empty
    empty.title = strings.text(.noMatches, ["query": stateQuery])
    empty.message = Self.summary(of: cursor, in: strings)
    return Self.announcingItsTexts(empty)
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
    failure.title = strings.text(
      .cannotSearch, ["folder": TerminalText.clean(scanner.folder, tabs: .space)])
    failure.message = TerminalText.clean(
      (error as? SearchError)?.description(in: strings) ?? String(describing: error), tabs: .space)
    if !failure.actions.contains(where: { $0.role == .retry }) { failure.actions.append(.retry) }
    return Self.announcingItsTexts(failure)
  }

  /// What a scan searched, and what it could not, such as `Searched 120 files (3 by name
  /// only); 1 folder could not be read; 2 entries could not be read.`
  ///
  /// - Parameters:
  ///   - cursor: Where the scan stands.
  ///   - strings: The language of the sentence. Defaults to English.
  /// - Returns: A sentence.
  public static func summary(of cursor: ScanCursor, in strings: SearchStrings = .english)
    -> String
  {
    let files = strings.counted(cursor.scannedFiles + cursor.skippedFiles, .fileOne, .fileOther)
    var sentence = strings.text(.searched, ["files": files])
    if cursor.skippedFiles > 0 {
      sentence += strings.text(.byNameOnly, ["count": "\(cursor.skippedFiles)"])
    }
    if cursor.unreadableFolders > 0 {
      let folders = strings.counted(cursor.unreadableFolders, .folderOne, .folderOther)
      sentence += strings.text(.unreadableFolders, ["folders": folders])
    }
    if cursor.unreadableEntries > 0 {
      let entries = strings.counted(cursor.unreadableEntries, .entryOne, .entryOther)
      sentence += strings.text(.unreadableEntries, ["entries": entries])
    }
    return sentence + "."
  }

  /// A placeholder whose announcement is its title and message as they read now (the one
  /// made of the library's texts would announce "No Content").
  private static func announcingItsTexts(_ placeholder: StandardPlaceholder)
    -> StandardPlaceholder
  {
    var placeholder = placeholder
    placeholder.accessibilityAnnouncement = [placeholder.title, placeholder.message]
      .compactMap { $0 }.joined(separator: ". ")
    return placeholder
  }

  private static func stopwatch(_ clock: some Clock<Duration>) -> @Sendable () -> Duration {
    let start = clock.now
    return { start.duration(to: clock.now) }
  }
}
