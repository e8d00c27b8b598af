import Foundation
import StatefulContent

/// A feed: its items over every page loaded, and the state the library's rules decide for
/// them — loading, content, empty ("No items") or error (with Retry).
///
/// ``loadContent()`` loads the first page (and is what `reload()` — the `r` key, the error's
/// Retry — runs again: a refresh when items show, which keeps them); ``loadNextPage()``
/// appends the page at the last `next_url` (`loadMore`, whose loading and failure are the
/// presentation's `append`). An item already shown (same `id`) is not shown twice, and a
/// `next_url` that points back to a page already loaded, or that is not http or https, ends
/// the paging.
///
/// ``open()`` shows the first page saved by the last run at once, when a ``cache`` has one for
/// the feed's address, then loads it from the server as a refresh: the library decides
/// content, never loading, while it runs. Only a first page that loaded is saved.
///
/// This is the only file of the example that calls the library's loading API. The library
/// features of issue 24 that are still to come plug in here: the staleness policy and the
/// connectivity source are settings of ``stateMachine`` made in
/// ``init(url:loader:presenter:clock:loadingPolicy:retry:cache:now:strings:)``.
///
/// ```swift
/// let feed = FeedModel(url: address, loader: HTTPFeedLoader(), presenter: presenter)
/// await feed.loadContent()          // loading, then content, empty or error
/// while feed.hasMorePages, await feed.loadNextPage() == .completed {}
/// ```
@MainActor
public final class FeedModel: @MainActor StatefulContent {
  /// The machine that presents the feed's states.
  public let stateMachine: ContentStateMachine
  /// The address of the feed's first page.
  public let url: URL
  /// What loads a page.
  public let loader: any FeedLoading
  /// The language of the placeholders.
  public let strings: FeedStrings
  /// The items of every page loaded, in the feed's order.
  public private(set) var content: [JSONFeed.Item] = []
  /// The feed's title, once a page arrived.
  public private(set) var title: String?
  /// The next page's address, or `nil` when the last page loaded is the last one.
  public private(set) var nextURL: URL?
  /// The pages loaded since the first, in order.
  public private(set) var pagesLoaded: [URL] = []
  /// Where the first page is kept between runs, or `nil`.
  public let cache: (any ContentCache<JSONFeed>)?
  /// When the first page shown came from the server: when the cache saved it, for the page the
  /// cache gave, or when it loaded; `nil` before either.
  public private(set) var updatedAt: Date?
  /// Whether the first page shown is the one the cache gave, not yet replaced by the server's.
  public private(set) var showsSavedPage = false
  private let now: @Sendable () -> Date

  /// Creates a model; nothing loads until ``loadContent()``.
  ///
  /// - Parameters:
  ///   - url: The address of the feed's first page.
  ///   - loader: What loads a page. Defaults to an ``HTTPFeedLoader``.
  ///   - presenter: The presenter of the states, or `nil`.
  ///   - clock: The clock of the loading policy and the retries. Tests pass a `ManualClock`.
  ///     Defaults to the continuous clock.
  ///   - loadingPolicy: When loading appears and how long it stays. Defaults to
  ///     `LoadingPolicy.immediate`.
  ///   - retry: How a failed first page is retried. Defaults to `RetryPolicy.never`.
  ///   - cache: Where the first page is kept between runs, by the feed's address. Defaults
  ///     to none.
  ///   - now: The wall clock, for when a page loaded. Defaults to `Date()`.
  ///   - strings: The language of the placeholders. Defaults to the process's.
  public init(
    url: URL, loader: any FeedLoading = HTTPFeedLoader(), presenter: (any Presenter)?,
    clock: any Clock<Duration> = ContinuousClock(), loadingPolicy: LoadingPolicy = .immediate,
    retry: RetryPolicy = .never, cache: (any ContentCache<JSONFeed>)? = nil,
    now: @escaping @Sendable () -> Date = { Date() }, strings: FeedStrings = .current
  ) {
    self.url = url
    self.cache = cache
    self.now = now
    self.loader = loader
    self.strings = strings
    stateMachine = ContentStateMachine(presenter: presenter, clock: clock)
    stateMachine.strings = strings.placeholderStrings
    stateMachine.loadingPolicy = loadingPolicy
    stateMachine.retryPolicy = retry
  }

  /// Whether a page follows the last one loaded.
  public var hasMorePages: Bool { nextURL != nil }

  /// Whether a next page is being loaded.
  public var isLoadingPage: Bool { stateMachine.appendState.isLoading }

  /// Shows the first page the cache kept, if any, then loads it: a refresh over the saved
  /// items, or a first load.
  public func open() async {
    if let saved = await cache?.content(for: url.absoluteString) {
      add(saved.value, from: url)
      updatedAt = saved.savedAt
      showsSavedPage = true
    }
    await loadContent()
  }

  /// Loads the first page, replacing what shows: the items of later pages go, and paging
  /// starts again from the first page's `next_url`. A page that loaded is saved in the cache.
  @MainActor public func loadContent() async {
    let (loader, url) = (loader, url)
    var loaded: JSONFeed?
    let outcome = await load { _ in
      try await loader.page(at: url)
    } apply: { feed, page in
      feed.content = []
      feed.pagesLoaded = []
      feed.updatedAt = feed.now()
      feed.showsSavedPage = false
      feed.add(page, from: url)
      loaded = page
    }
    if case .completed = outcome, let loaded {
      try? await cache?.save(loaded, for: url.absoluteString)
    }
  }

  /// Appends the next page: what scrolling past the last item does.
  ///
  /// - Returns: How the page's load ended, or `nil` when there is no next page or a load or
  ///   a page runs; a page that failed is asked for again.
  @discardableResult
  public func loadNextPage() async -> LoadOutcome? {
    guard let next = nextURL, !stateMachine.hasActiveLoad, !isLoadingPage else { return nil }
    let loader = loader
    return await loadMore { _ in
      try await loader.page(at: next)
    } apply: { feed, page in
      feed.add(page, from: next)
    }
  }

  /// Adds a page's items that are not shown yet, and remembers where the next page is.
  private func add(_ page: JSONFeed, from address: URL) {
    title = page.title
    pagesLoaded.append(address)
    var shown = Set(content.map(\.id))
    content += page.items.filter { shown.insert($0.id).inserted }
    // Relative to the page, though the specification asks for a full URL. One that leads
    // back to a page already loaded would page forever, and one that is not http or https
    // (`file:///etc/passwd`) would have a feed on the web read this computer's files: both
    // end the paging.
    let next = page.nextURL.flatMap { URL(string: $0.relativeString, relativeTo: address) }
      .map(\.absoluteURL)
    nextURL = next.flatMap { next in
      guard HTTPFeedLoader.isWebAddress(next), !pagesLoaded.contains(next) else { return nil }
      return next
    }
  }

  // MARK: Placeholders

  /// The empty placeholder in the reader's language.
  public func configureEmptyPlaceholder(_ placeholder: any Placeholder) -> any Placeholder {
    strings.emptyPlaceholder
  }

  /// The error placeholder with the reader's texts for a ``FeedError``, in its language.
  public func configureErrorPlaceholder(_ placeholder: any Placeholder, error: any Error)
    -> any Placeholder
  {
    guard let error = error as? FeedError, var standard = placeholder as? StandardPlaceholder
    else { return placeholder }
    let texts = strings.texts(for: error)
    standard.title = texts.title
    standard.message = texts.message
    standard.recoverySuggestion = texts.recoverySuggestion
    return standard
  }
}
