import StatefulContent

/// The work of opening a path, as a load operation: classify, wait for a simulated slow
/// source, then read.
///
/// It is `Sendable` and holds no reference to a session, so its ``open(_:context:)`` runs in
/// the load's own task, off the session's actor. The time it waits is measured on an injected
/// clock, so that tests pass a `ManualClock` instead of sleeping.
///
/// ```swift
/// let opener = DocumentOpener(latency: .milliseconds(500))
/// await session.load(into: \.content) { context in try await opener.open(path, context: context) }
/// ```
public struct DocumentOpener: Sendable {
  /// How documents are read.
  public var reader: DocumentReader
  /// How long every open waits before reading, to simulate a slow source; zero waits not.
  public var latency: Duration
  /// The clock the wait is measured on.
  public var clock: any Clock<Duration>

  /// Creates an opener.
  ///
  /// - Parameters:
  ///   - reader: How documents are read. Defaults to a reader with default limits.
  ///   - latency: How long every open waits before reading. Defaults to zero; negative
  ///     durations count as zero.
  ///   - clock: The clock the wait is measured on. Defaults to the continuous clock.
  public init(
    reader: DocumentReader = DocumentReader(), latency: Duration = .zero,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.reader = reader
    self.latency = latency
    self.clock = clock
  }

  /// Opens a path: waits ``latency``, classifies the path, then reads it.
  ///
  /// A large text file's progress is reported in bytes through
  /// `LoadContext.reportProgress(completed:total:)`; a protected PDF is opened with
  /// `LoadContext.credential`.
  ///
  /// - Parameters:
  ///   - path: The path of the file or directory.
  ///   - context: The load's context: progress reporting and the credential.
  /// - Returns: The document.
  /// - Throws: `CancellationError` when the load is cancelled during the wait or a PDF tool's
  ///   run; what ``DocumentSource/classify(_:)`` and
  ///   ``DocumentReader/read(_:credential:progress:)`` throw.
  public func open(_ path: String, context: LoadContext) async throws -> Document {
    if latency > .zero { try await clock.sleep(for: latency) }
    try Task.checkCancellation()
    let source = try DocumentSource.classify(path)
    return try await reader.read(source, credential: context.credential) { completed, total in
      context.reportProgress(completed: Int64(completed), total: Int64(total))
    }
  }
}
