import Foundation

/// Loads one page of a feed: what the model asks for, and what tests replace.
///
/// ## Implementation requirements
/// Throw ``FeedError`` for what went wrong with the page, and `CancellationError` when the
/// task was cancelled.
public protocol FeedLoading: Sendable {
  /// Loads the page at an address.
  ///
  /// - Parameter url: The page's address: the feed's, or a `next_url`.
  /// - Returns: The page.
  /// - Throws: ``FeedError``, or `CancellationError`.
  func page(at url: URL) async throws -> JSONFeed
}
