import StatefulContent

/// A presenter that writes one line per presented change, for scripts and tests.
///
/// Each line reads `<milliseconds since start> <key> <state>`, such as `12 swi content`: the
/// key is the query the change belongs to (``key``, cleaned of control characters; `''` for
/// the empty query) and may contain spaces, so the state is the line's last word — the kind's
/// name: `idle`, `loading`, `content`, `empty` or `error`. A line is written when the key or
/// the kind changes; progress, and matches that arrive while the kind stays content, write
/// nothing. Nothing is rendered.
///
/// ```swift
/// let timeline = SearchTimeline()
/// let model = SearchModel(scanner: FileScanner(folder: "."), presenter: timeline)
/// timeline.key = { [weak model] in model?.query ?? "" }
/// model.search("swi")   // writes "0 swi loading", then e.g. "3 swi content"
/// ```
@MainActor
public final class SearchTimeline: @MainActor SynchronousPresenter {
  /// The lines written so far, without line feeds.
  public private(set) var lines: [String] = []
  /// Returns the key of the changes presented now: the model's query. Capture the model
  /// weakly. Defaults to the empty key.
  public var key: () -> String = { "" }

  private let elapsed: () -> Duration
  private let write: (String) -> Void
  private var last: (key: String, kind: ContentState.Kind)?

  /// Creates a timeline.
  ///
  /// - Parameters:
  ///   - elapsed: Returns the time since the start of the timeline. Defaults to a stopwatch
  ///     started now.
  ///   - write: Writes each line, with its line feed. Defaults to standard output.
  public init(
    elapsed: @escaping () -> Duration = SearchTimeline.stopwatch(),
    write: @escaping (String) -> Void = StandardStreams.writeToOutput
  ) {
    self.elapsed = elapsed
    self.write = write
  }

  /// Writes a line when the key or the kind of state differs from the last line's.
  ///
  /// - Parameters:
  ///   - presentation: The presentation shown.
  ///   - animated: Ignored.
  public func present(_ presentation: Presentation, animated: Bool) {
    let key = key()
    let kind = presentation.state.kind
    if let last, last.key == key, last.kind == kind { return }
    last = (key, kind)
    let line = Self.line(elapsed: elapsed(), key: key, kind: kind)
    lines.append(line)
    write(line + "\n")
  }

  /// Formats a timeline line.
  ///
  /// - Parameters:
  ///   - elapsed: The time since the start; negative times count as 0.
  ///   - key: The query; cleaned of control characters, `''` when empty.
  ///   - kind: The kind of state presented.
  /// - Returns: The line without a line feed, such as `1500 swi content`.
  public static func line(elapsed: Duration, key: String, kind: ContentState.Kind) -> String {
    let (seconds, attoseconds) = elapsed.components
    let milliseconds = max(seconds * 1000 + attoseconds / 1_000_000_000_000_000, 0)
    return "\(milliseconds) \(key.isEmpty ? "''" : TerminalText.clean(key)) \(kind)"
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
