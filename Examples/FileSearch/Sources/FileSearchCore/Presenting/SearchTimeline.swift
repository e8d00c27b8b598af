import StatefulContent

/// A presenter that writes one line per presented change, for scripts and tests.
///
/// Each line reads `<milliseconds since start> <key> <state>`, such as `12 swi content`: the
/// key is the query the change belongs to (`Presentation.key`, cleaned of control characters;
/// `''` for none) and may contain spaces, so the state is the line's last word — the kind's
/// name, `idle`, `loading`, `content`, `empty` or `error`, or `previous` while the key
/// searches with the previous key's matches still shown (`Presentation.showsPreviousKey`).
/// A line is written when the key or the state changes; progress, and matches that arrive
/// while the state stays content, write nothing. Nothing is rendered.
///
/// A timeline that ``explains`` adds ` because ` and the reason of the decision that produced
/// the line (`StateDecision.reason`, in English) after the state:
/// `12 swi content because rule 2: has content (3 items)`. The first fields stay as they
/// are; a script that knows the query it typed finds the state and the reason after it.
///
/// ```swift
/// let timeline = SearchTimeline()
/// let model = SearchModel(scanner: FileScanner(folder: "."), presenter: timeline)
/// model.search("sw")    // writes "0 sw loading", then e.g. "3 sw content"
/// model.search("swi")   // writes "5 swi previous", then e.g. "6 swi content"
/// ```
@MainActor
public final class SearchTimeline: @MainActor SynchronousPresenter {
  /// The lines written so far, without line feeds.
  public private(set) var lines: [String] = []
  /// Whether each line ends with the reason for its state (`--explain`).
  public let explains: Bool

  private let elapsed: () -> Duration
  private let write: (String) -> Void
  private var last: (key: String, state: String)?

  /// Creates a timeline.
  ///
  /// - Parameters:
  ///   - elapsed: Returns the time since the start of the timeline. Defaults to a stopwatch
  ///     started now.
  ///   - explains: Whether each line ends with the reason for its state. Defaults to `false`.
  ///   - write: Writes each line, with its line feed. Defaults to standard output.
  public init(
    elapsed: @escaping () -> Duration = SearchTimeline.stopwatch(),
    explains: Bool = false,
    write: @escaping (String) -> Void = StandardStreams.writeToOutput
  ) {
    self.elapsed = elapsed
    self.explains = explains
    self.write = write
  }

  /// Writes a line when the key or the state differs from the last line's.
  ///
  /// - Parameters:
  ///   - presentation: The presentation shown.
  ///   - animated: Ignored.
  public func present(_ presentation: Presentation, animated: Bool) {
    let key = presentation.key?.description ?? ""
    let state = Self.state(of: presentation)
    if let last, last.key == key, last.state == state { return }
    last = (key, state)
    let line = Self.line(
      elapsed: elapsed(), key: key, state: state,
      reason: explains ? presentation.decision.reason : nil)
    lines.append(line)
    write(line + "\n")
  }

  /// The state word of a presentation: `previous` for the previous key's content kept while
  /// its key searches, else the kind's name.
  ///
  /// - Parameter presentation: The presentation.
  /// - Returns: One word, such as `loading`.
  public static func state(of presentation: Presentation) -> String {
    presentation.showsPreviousKey ? "previous" : "\(presentation.state.kind)"
  }

  /// Formats a timeline line.
  ///
  /// - Parameters:
  ///   - elapsed: The time since the start; negative times count as 0.
  ///   - key: The query; cleaned of control characters, `''` when empty.
  ///   - state: The state's word, such as `content` (``state(of:)``).
  ///   - reason: Why the state shows, such as a decision's `reason`, or `nil` for none;
  ///     cleaned of control characters like the key, so that an error text with a line feed
  ///     stays on the line. Defaults to `nil`.
  /// - Returns: The line without a line feed, such as `1500 swi content`, or
  ///   `1500 swi content because rule 2: has content (3 items)` with a reason.
  public static func line(
    elapsed: Duration, key: String, state: String, reason: String? = nil
  ) -> String {
    let (seconds, attoseconds) = elapsed.components
    let milliseconds = max(seconds * 1000 + attoseconds / 1_000_000_000_000_000, 0)
    let line = "\(milliseconds) \(key.isEmpty ? "''" : TerminalText.clean(key)) \(state)"
    guard let reason else { return line }
    return line + " because " + TerminalText.clean(reason)
  }

  /// Returns a function that measures the time since this call on the continuous clock.
  ///
  /// - Returns: A function returning the time elapsed since the stopwatch was made.
  public nonisolated static func stopwatch() -> () -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    return { clock.now - start }
  }
}
