import StatefulContent

/// The work of opening a path, as a load operation: classify, wait for a simulated slow
/// source, then read — streaming the document's parts as they are read.
///
/// It is `Sendable` and holds no reference to a session, so its ``parts(_:context:)`` run in
/// the load's own task, off the session's actor. The time it waits is measured on an injected
/// clock, so that tests pass a `ManualClock` instead of sleeping.
///
/// ```swift
/// let opener = DocumentOpener(latency: .milliseconds(500))
/// await session.load { context in opener.parts(path, context: context) } reset: { session in
///   session.content = nil
/// } apply: { session, document in
///   session.content = document
/// }
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
  ///   - part: Called with each part of the document read before the whole (see
  ///     ``DocumentReader/read(_:credential:progress:part:)``). Defaults to ignoring them.
  /// - Returns: The document.
  /// - Throws: `CancellationError` when the load is cancelled during the wait or a PDF tool's
  ///   run; what ``DocumentSource/classify(_:)`` and
  ///   ``DocumentReader/read(_:credential:progress:part:)`` throw.
  public func open(
    _ path: String, context: LoadContext,
    part: @escaping @Sendable (Document) -> Void = { _ in }
  ) async throws -> Document {
    if latency > .zero { try await clock.sleep(for: latency) }
    try Task.checkCancellation()
    let source = try DocumentSource.classify(path)
    return try await reader.read(
      source, credential: context.credential,
      progress: { completed, total in
        context.reportProgress(completed: Int64(completed), total: Int64(total))
      }, part: part)
  }

  /// Opens a path as a stream of parts, for a streaming load: each part is the document read
  /// so far, the last one the whole document.
  ///
  /// The first part is the first screenful of a text file or a PDF's text, as soon as it is
  /// read; the stream then yields the document read so far after every chunk
  /// (``Document/Completion/partial``), and ends with the whole (``Document/Completion/complete``).
  /// A folder, a small file, or a document that fails before its first screenful is read,
  /// yields one part or none. When the read fails after its first screenful (a NUL byte far
  /// into a text file), the stream yields the last part again, marked
  /// ``Document/Completion/failed(_:)`` with the error, before it throws the error, so that
  /// what is shown can say why the rest is missing. Cancelling the task that iterates the
  /// stream, or dropping the stream, stops the read at its next chunk (and ends a PDF's
  /// tools).
  ///
  /// - Parameters:
  ///   - path: The path of the file or directory.
  ///   - context: The load's context: progress reporting and the credential.
  /// - Returns: The parts, each a whole ``Document`` value: store the latest.
  public func parts(_ path: String, context: LoadContext) -> AsyncThrowingStream<
    Document, any Error
  > {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: Document.self)
    let lastPart = Locked<Document?>(nil)
    let read = Task {
      do {
        let document = try await open(path, context: context) { part in
          lastPart.withLock { $0 = part }
          continuation.yield(part)
        }
        continuation.yield(document)
        continuation.finish()
      } catch let error as DocumentError where !Task.isCancelled {
        if var stopped = lastPart.withLock({ $0 }) {
          stopped.completion = .failed(error)
          continuation.yield(stopped)
        }
        continuation.finish(throwing: error)
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in read.cancel() }
    return stream
  }
}
