import StatefulContent

/// The work of opening a path, as the parts of a streaming load: wait for a simulated slow
/// source, classify, then read — the document's parts handed over as they are read.
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

  /// Opens a path as a sequence of parts, for a streaming load: each part is the document
  /// read so far, the last one the whole document (see ``DocumentParts``).
  ///
  /// Each iteration waits ``latency``, classifies the path, then reads it. A large text
  /// file's progress is reported in bytes through `LoadContext.reportProgress(completed:total:)`;
  /// a protected PDF is opened with `LoadContext.credential`.
  ///
  /// - Parameters:
  ///   - path: The path of the file or directory.
  ///   - context: The load's context: progress reporting and the credential.
  /// - Returns: The parts, each a whole ``Document`` value: store the latest.
  public func parts(_ path: String, context: LoadContext) -> DocumentParts {
    DocumentParts(opener: self, path: path, context: context)
  }
}
