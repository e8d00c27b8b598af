import Foundation
import StatefulContent
import StatefulContentTerminal

/// A feed: its items over every page loaded, and the state the library's rules decide for
/// them — loading, content, empty ("No items"), error (with Retry) or waiting for the network.
///
/// ``loadContent()`` loads the first page (and is what `reload()` — the `r` key, the error's
/// Retry — runs again: a refresh when items show, which keeps them); ``loadNextPage()``
/// appends the page at the last `next_url` (`loadMore`, whose loading and failure are the
/// presentation's `append`). An item already shown (same `id`) is not shown twice, and a
/// `next_url` that points back to a page already loaded, or that is not http or https, ends
/// the paging.
///
/// ``open()`` shows the first page saved by the last run at once, when a ``cache`` has one for
/// the feed's address, then loads it from the server as a refresh: the library's
/// `load(cachedIn:as:)` decides content, never loading, while it runs, and marks the saved
/// page stale by its age. Only a first page that loaded is saved.
///
/// The network is the library's to decide: the machine's connectivity policy calls
/// ``FeedError/isConnectionFailure`` a connection error, and once the model follows a
/// connectivity source (``HostReachability``, through `followConnectivity(_:)`) a first page
/// that cannot reach the server waits for it — the waiting state, or the items marked offline
/// — and loads once more when the server is back. A staleness policy
/// (`staleAfter`) marks the items stale once they are older than it allows.
///
/// This is the only file of the example that calls the library's loading API.
///
/// ```swift
/// let feed = FeedModel(url: address, loader: HTTPFeedLoader(), presenter: presenter)
/// if let server = HostReachability(url: address) { feed.followConnectivity(server) }
/// await feed.loadContent()          // loading, then content, empty, error or waiting
/// while feed.hasMorePages, await feed.loadNextPage() == .completed {}
/// ```
@MainActor
public final class FeedModel: @MainActor StatefulContent {
  /// A first page as the cache keeps it: the page, and when it came from the server.
  public struct FirstPage: Codable, Hashable, Sendable {
    /// The page.
    public var feed: JSONFeed
    /// When it came from the server.
    public var loadedAt: Date

    /// Creates a first page.
    ///
    /// - Parameters:
    ///   - feed: The page.
    ///   - loadedAt: When it came from the server.
    public init(feed: JSONFeed, loadedAt: Date) {
      self.feed = feed
      self.loadedAt = loadedAt
    }
  }

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
  public let cache: (any ContentCache<FirstPage>)?
  /// When the first page shown came from the server — for the page the cache gave, when it
  /// loaded then — or `nil` before a page shows.
  public private(set) var updatedAt: Date?
  private let now: @Sendable () -> Date

  /// Creates a model; nothing loads until ``open()`` or ``loadContent()``.
  ///
  /// - Parameters:
  ///   - url: The address of the feed's first page.
  ///   - loader: What loads a page. Defaults to an ``HTTPFeedLoader``.
  ///   - presenter: The presenter of the states, or `nil`.
  ///   - clock: The clock of the loading policy, the retries, the staleness timer and the
  ///     reconnection delay. Tests pass a `ManualClock`. Defaults to the continuous clock.
  ///   - loadingPolicy: When loading appears and how long it stays. Defaults to
  ///     `LoadingPolicy.immediate`.
  ///   - retry: How a failed first page is retried. Defaults to `RetryPolicy.never`.
  ///   - cache: Where the first page is kept between runs, by the feed's address. Defaults
  ///     to none.
  ///   - staleAfter: How old the items may be before they are marked stale, or `nil` for
  ///     never. Defaults to `nil`.
  ///   - now: The wall clock, for when a page loaded. Defaults to `Date()`.
  ///   - strings: The language of the placeholders. Defaults to the process's.
  public init(
    url: URL, loader: any FeedLoading = HTTPFeedLoader(), presenter: (any Presenter)?,
    clock: any Clock<Duration> = ContinuousClock(), loadingPolicy: LoadingPolicy = .immediate,
    retry: RetryPolicy = .never, cache: (any ContentCache<FirstPage>)? = nil,
    staleAfter: Duration? = nil, now: @escaping @Sendable () -> Date = { Date() },
    strings: FeedStrings = .current
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
    stateMachine.connectivityPolicy = .standard.adding {
      ($0 as? FeedError)?.isConnectionFailure == true
    }
    if let staleAfter { stateMachine.stalenessPolicy = StalenessPolicy(maximumAge: staleAfter) }
  }

  /// Whether a page follows the last one loaded.
  public var hasMorePages: Bool { nextURL != nil }

  /// Whether a next page is being loaded.
  public var isLoadingPage: Bool { stateMachine.appendState.isLoading }

  /// Shows the first page the cache kept, if any, then loads it: a refresh over the saved
  /// items, or a first load. The same as ``loadContent()``, whose first call is the one that
  /// reads the cache.
  public func open() async {
    await loadContent()
  }

  /// Loads the first page, replacing what shows: the items of later pages go, and paging
  /// starts again from the first page's `next_url`. The first call shows what the cache kept,
  /// if anything, while the page loads; a page that loaded is saved in the cache.
  ///
  /// While it waits for the network (with a connectivity source followed) it does not return;
  /// cancel its task to stop it.
  @MainActor public func loadContent() async {
    let (loader, url, now) = (loader, url, now)
    let operation: @Sendable (LoadContext) async throws -> FirstPage = { _ in
      FirstPage(feed: try await loader.page(at: url), loadedAt: now())
    }
    let apply: (FeedModel, FirstPage) -> Void = { feed, page in feed.show(page) }
    if let cache {
      await load(cachedIn: cache, as: url.absoluteString, operation: operation, apply: apply)
    } else {
      await load(operation: operation, apply: apply)
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

  /// Shows a first page in place of every page shown.
  private func show(_ page: FirstPage) {
    content = []
    pagesLoaded = []
    updatedAt = page.loadedAt
    add(page.feed, from: url)
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
