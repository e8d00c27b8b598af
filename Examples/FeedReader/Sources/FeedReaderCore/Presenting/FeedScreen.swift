import Foundation
import StatefulContent
import StatefulContentTerminal

/// The lines a ``FeedModel`` shows in a `TerminalPresenter`: a line per item, the feed's title
/// above them, a status line counting them, the keys below — and the window of items that
/// fits the screen, which ``scroll(by:)`` moves.
///
/// On a pipe (a region without rows) every item is a line, and the presenter writes the
/// lines of each new page as they arrive.
@MainActor
public final class FeedScreen: @MainActor TerminalContent {
  /// The feed shown; held weakly, as the app keeps it.
  public weak var model: FeedModel?
  /// The language of the status and the keys.
  public let strings: FeedStrings
  /// The index of the first item on screen.
  public private(set) var offset = 0
  /// The rows the items took at the last drawing; 1 before the first.
  public private(set) var visibleRows = 1
  private let now: () -> Date

  /// Creates a screen.
  ///
  /// - Parameters:
  ///   - strings: The language of the status and the keys.
  ///   - now: The wall clock, for how old the items are. Defaults to `Date()`.
  public init(strings: FeedStrings, now: @escaping () -> Date = { Date() }) {
    self.strings = strings
    self.now = now
  }

  /// The line of an item: its date (UTC, `2026-01-02`) when it has one, two spaces, and its
  /// headline.
  ///
  /// - Parameter item: The item.
  /// - Returns: The line, such as `2026-01-02  Release 2.0`.
  public nonisolated static func line(for item: JSONFeed.Item) -> String {
    guard let date = item.datePublished else { return item.headline }
    return date.formatted(.iso8601.year().month().day()) + "  " + item.headline
  }

  /// Whether the window reaches the last item, as drawn last: the next page is due.
  public var showsTheLastItem: Bool { offset + visibleRows >= model?.content.count ?? 0 }

  /// Moves the window of items, within the items there are.
  ///
  /// - Parameter rows: How far, in items; negative moves up.
  /// - Returns: Whether the window now reaches the last item, where the next page is due.
  @discardableResult
  public func scroll(by rows: Int) -> Bool {
    let count = model?.content.count ?? 0
    offset = min(max(offset + rows, 0), max(count - visibleRows, 0))
    return showsTheLastItem
  }

  /// The items in the window; every item when the region has no rows.
  public func contentLines(for presentation: Presentation, in region: TerminalPresenter.Region)
    -> [String]
  {
    let items = model?.content ?? []
    guard let rows = region.rows else { return items.map(Self.line) }
    visibleRows = max(rows, 1)
    offset = min(offset, max(items.count - visibleRows, 0))
    return items.dropFirst(offset).prefix(visibleRows).map(Self.line)
  }

  /// The feed's title, or its address until a page arrived.
  public func headerLines(in region: TerminalPresenter.Region) -> [String] {
    [model?.title ?? model?.url.absoluteString ?? ""]
  }

  /// The keys the screen reads.
  public func footerLines(in region: TerminalPresenter.Region) -> [String] {
    [strings.keysLine]
  }

  /// How many items show, whether more pages follow, and how long ago the first page came
  /// from the server ("8 items · more below · Updated 5 minutes ago"); nothing before the
  /// first page. The presenter adds the marks after it, in the reader's language
  /// (``FeedStrings/terminalTexts``): "· Offline" while the server cannot be reached, and
  /// "· Not up to date · Updated 2 hours ago" for stale items — which says the age, so the
  /// status does not say it twice.
  public func status(for presentation: Presentation, in region: TerminalPresenter.Region)
    -> String?
  {
    guard let model, !model.content.isEmpty else { return nil }
    var parts = [strings.status(count: model.content.count, hasMore: model.hasMorePages)]
    if let updatedAt = model.updatedAt, !presentation.isStale {
      let seconds = min(max(now().timeIntervalSince(updatedAt), 0), 1e15)
      parts.append(strings.placeholderStrings.updated(ago: .seconds(seconds)))
    }
    return parts.joined(separator: " · ")
  }
}
