/// A scanner of a folder for matches, a page at a time, streaming each page's batches: what a
/// ``SearchModel`` searches with.
///
/// ``FileScanner`` is the scanner of a real folder. Tests wrap it, to hold a scan back until
/// they let it start.
///
/// ## Implementation requirements
///
/// The stream of ``batches(matching:from:limit:flushInterval:elapsed:)`` finishes after the
/// batch whose ``ScanBatch/end`` is set, or throws; it stops scanning when the task iterating
/// it is cancelled or the stream is dropped.
public protocol FolderScanning: Sendable {
  /// The folder searched, as given.
  var folder: String { get }

  /// Scans a page and streams its batches: a batch as soon as the page's first match is
  /// found, then at most one per flush interval, and a last one whose ``ScanBatch/end`` is
  /// set.
  ///
  /// - Parameters:
  ///   - query: The text to look for, ignoring case.
  ///   - cursor: Where to start: a new cursor for the first page, the last batch's for the
  ///     next.
  ///   - limit: The most matches the page holds.
  ///   - flushInterval: The longest time between two batches.
  ///   - elapsed: The time since some fixed start, read to pace the batches.
  /// - Returns: The page's batches.
  func batches(
    matching query: String, from cursor: ScanCursor, limit: Int, flushInterval: Duration,
    elapsed: @escaping @Sendable () -> Duration
  ) -> AsyncThrowingStream<ScanBatch, any Error>
}

extension FolderScanning {
  /// Scans a page and returns it whole: every match of the page in one batch, with the
  /// page's last cursor and end.
  ///
  /// ```swift
  /// let next = try await scanner.page(matching: "todo", from: last.cursor, limit: 50)
  /// results += next.matches
  /// ```
  ///
  /// - Parameters:
  ///   - query: The text to look for, ignoring case.
  ///   - cursor: Where to start.
  ///   - limit: The most matches the page holds.
  ///   - flushInterval: The longest time between two batches of the scan. Defaults to 50 ms.
  ///   - elapsed: The time since some fixed start, read on the scan's thread. Defaults to a
  ///     clock that stands still.
  /// - Returns: The page, its ``ScanBatch/end`` set.
  /// - Throws: What the scan throws, and `CancellationError` when the task is cancelled
  ///   before the page ends.
  public func page(
    matching query: String, from cursor: ScanCursor, limit: Int,
    flushInterval: Duration = .milliseconds(50),
    elapsed: @escaping @Sendable () -> Duration = { .zero }
  ) async throws -> ScanBatch {
    var matches: [SearchMatch] = []
    for try await batch in batches(
      matching: query, from: cursor, limit: limit, flushInterval: flushInterval,
      elapsed: elapsed)
    {
      matches += batch.matches
      if let end = batch.end {
        return ScanBatch(matches: matches, cursor: batch.cursor, end: end)
      }
    }
    throw CancellationError()
  }
}
