import Dispatch
import StatefulContentTerminal

extension FileScanner: FolderScanning {
  /// Scans a page on a thread of its own and streams its batches.
  ///
  /// The stream yields the batches of ``scanPage(matching:from:limit:flushInterval:elapsed:isCancelled:report:)``
  /// and finishes after the one whose ``ScanBatch/end`` is set, or throws its error. Cancelling
  /// the task that iterates the stream, or dropping the stream, stops the scan before its next
  /// entry, or in the middle of a file within ``QueryMatcher/checkpointInterval`` units of work.
  ///
  /// ```swift
  /// for try await batch in scanner.batches(matching: "todo", from: cursor, limit: 50) {
  ///   results += batch.matches
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - query: The text to look for, ignoring case.
  ///   - cursor: Where to start.
  ///   - limit: The most matches the page holds.
  ///   - flushInterval: The longest time between two batches. Defaults to 50 ms.
  ///   - elapsed: The time since some fixed start, read on the scan's thread. Defaults to a
  ///     clock that stands still.
  /// - Returns: The page's batches.
  public func batches(
    matching query: String, from cursor: ScanCursor, limit: Int,
    flushInterval: Duration = .milliseconds(50),
    elapsed: @escaping @Sendable () -> Duration = { .zero }
  ) -> AsyncThrowingStream<ScanBatch, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: ScanBatch.self)
    let stopped = Locked(false)
    continuation.onTermination = { _ in stopped.withLock { $0 = true } }
    // A thread of Dispatch's, not of the concurrency pool: the scan blocks on the file system.
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      do {
        try scanPage(
          matching: query, from: cursor, limit: limit, flushInterval: flushInterval,
          elapsed: elapsed, isCancelled: { stopped.withLock { $0 } },
          report: { continuation.yield($0) })
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    return stream
  }
}
