import StatefulContent

/// A presenter that writes one line per presented change of state kind, for scripts and tests.
///
/// Each line reads `<milliseconds since start> <state> <document>`, such as
/// `12 loading notes.txt`, where the state is the kind's name (`ContentState.Kind.description`:
/// `idle`, `loading`, `content`, `empty`, `error`, `locked`, or a custom state's key) and the
/// document is ``document``, the rest of the line (it may contain spaces); without a document
/// the line ends after the state. Progress updates of a load are not changes of kind and write
/// nothing. Nothing is rendered.
///
/// A timeline that ``explains`` ends each line with ` because ` and the reason of the decision
/// that produced it (`StateDecision.reason`, in English):
/// `0 loading notes.txt because rule 3: a load runs, no content yet`. The first fields stay
/// as they are; a script that knows the document it opened finds the reason after it.
///
/// ```swift
/// let timeline = TimelinePresenter()
/// timeline.document = "/etc/hostname"
/// DocumentSession(path: "/etc/hostname", presenter: timeline).open()
/// // writes "0 loading /etc/hostname" and "1 content /etc/hostname"
/// ```
public final class TimelinePresenter: SynchronousPresenter {
  /// The lines written so far, without line feeds.
  public private(set) var lines: [String] = []
  /// The document the lines written from now on belong to, such as its path, or `nil` for
  /// none. Set it before each document when several share the timeline.
  public var document: String?
  /// Whether each line ends with the reason for its state (`--explain`).
  public let explains: Bool

  private let elapsed: () -> Duration
  private let write: (String) -> Void
  private var presentedKind: ContentState.Kind = .idle

  /// Creates a timeline presenter.
  ///
  /// - Parameters:
  ///   - elapsed: Returns the time since the start of the timeline. Defaults to a stopwatch
  ///     started now.
  ///   - explains: Whether each line ends with the reason for its state. Defaults to `false`.
  ///   - write: Writes each line, with its line feed. Defaults to writing to standard output.
  public init(
    elapsed: @escaping () -> Duration = TimelinePresenter.stopwatch(),
    explains: Bool = false,
    write: @escaping (String) -> Void = StandardStreams.writeToOutput
  ) {
    self.elapsed = elapsed
    self.explains = explains
    self.write = write
  }

  /// Writes a line when the presentation's kind differs from the one presented before.
  ///
  /// - Parameters:
  ///   - presentation: The presentation shown.
  ///   - animated: Ignored.
  public func present(_ presentation: Presentation, animated: Bool) {
    let kind = presentation.state.kind
    guard kind != presentedKind else { return }
    presentedKind = kind
    let line = Self.line(
      elapsed: elapsed(), kind: kind, document: document,
      reason: explains ? presentation.decision.reason : nil)
    lines.append(line)
    write(line + "\n")
  }

  /// Formats a timeline line: whole milliseconds, a space, the kind's name, then a space and
  /// the document when there is one, then ` because ` and the reason when there is one.
  ///
  /// - Parameters:
  ///   - elapsed: The time since the start of the timeline; negative times count as 0.
  ///   - kind: The kind of state presented.
  ///   - document: The document the line belongs to, or `nil` (or empty) for none. Its
  ///     control characters are replaced by U+FFFD, so that a line feed in a file name cannot
  ///     start a line of its own. Defaults to `nil`.
  ///   - reason: Why the state shows, such as a decision's `reason`, or `nil` for none. Its
  ///     control characters are replaced as the document's are, so that an error text with a
  ///     line feed stays on the line. Defaults to `nil`.
  /// - Returns: The line without a line feed, such as `1500 content notes.txt`, or
  ///   `1500 content notes.txt because rule 2: has content` with a reason.
  public static func line(
    elapsed: Duration, kind: ContentState.Kind, document: String? = nil, reason: String? = nil
  ) -> String {
    let (seconds, attoseconds) = elapsed.components
    let milliseconds = max(seconds * 1000 + attoseconds / 1_000_000_000_000_000, 0)
    var line = "\(milliseconds) \(kind)"
    if let document, !document.isEmpty { line += " " + TerminalRenderer.clean(document) }
    if let reason { line += " because " + TerminalRenderer.clean(reason) }
    return line
  }

  /// Returns a function that measures the time since this call on the continuous clock.
  ///
  /// - Returns: A function returning the time elapsed since the stopwatch was made.
  public static func stopwatch() -> () -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    return { clock.now - start }
  }
}
