/// What a scan found since its last report, and where it stands.
///
/// A scan of a page reports a batch as soon as it finds its first match, then at most once
/// per flush interval, and a last batch when the page ends (``end`` is set).
public struct ScanBatch: Sendable {
  /// Why a page ended.
  public enum End: Hashable, Sendable {
    /// The page has as many matches as asked for, and the folder has more to scan.
    case pageFull
    /// Everything in the folder was scanned.
    case folderFinished
  }

  /// The matches found since the last batch, in the order of the scan.
  public var matches: [SearchMatch]
  /// Where the scan stands after these matches: the next batch, or page, starts there.
  public var cursor: ScanCursor
  /// How the page ended, in its last batch; `nil` when more of the page follows.
  public var end: End?

  /// Creates a batch.
  ///
  /// - Parameters:
  ///   - matches: The matches found since the last batch.
  ///   - cursor: Where the scan stands after them.
  ///   - end: How the page ended, or `nil` when more of it follows. Defaults to `nil`.
  public init(matches: [SearchMatch], cursor: ScanCursor, end: End? = nil) {
    self.matches = matches
    self.cursor = cursor
    self.end = end
  }
}
