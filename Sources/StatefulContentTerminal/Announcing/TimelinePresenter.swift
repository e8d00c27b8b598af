import StatefulContent

/// A presenter that writes one line per change of what is presented, for scripts and tests:
/// `<milliseconds since start> <fields>`, and with ``explains`` ` because <reason>`.
///
/// The fields say what changed, in the tool's own words: by default the kind's name
/// (`idle`, `loading`, `content`, `empty`, `error`, `locked`, or a custom state's key); a
/// tool gives its own, such as `loading notes.txt` or `swi previous`, or writes
/// `<state> [marks] <subject>` with ``fields(of:subject:)`` — `content stale offline
/// notes.txt` — as the examples do. A line is written when
/// the fields differ from the last line's; progress of a load and content that changes while
/// the fields stay write nothing. Nothing is rendered. The fields and the reason are cleaned
/// of control characters, so that a file name or an error text with a line feed stays on
/// its line. The reason is the decision's (`StateDecision.reason`, in English):
/// `0 loading because rule 3: a load runs, no content yet`.
///
/// ```swift
/// let timeline = TimelinePresenter(explains: true)
/// model.stateMachine.presenter = timeline
/// // writes "0 loading because rule 3: a load runs, no content yet", then "41 content …"
/// ```
public final class TimelinePresenter: SynchronousPresenter {
  /// The lines written so far, without line feeds.
  public private(set) var lines: [String] = []
  /// Whether each line ends with the reason for its state (`--explain`).
  public let explains: Bool

  private let elapsed: () -> Duration
  private let fields: (Presentation) -> String
  private let write: (String) -> Void
  private var lastFields: String?

  /// Creates a timeline presenter.
  ///
  /// - Parameters:
  ///   - elapsed: Returns the time since the start of the timeline. Defaults to a stopwatch
  ///     started now.
  ///   - explains: Whether each line ends with the reason for its state. Defaults to `false`.
  ///   - fields: What a line says after the time, for a presentation. Defaults to the state
  ///     kind's name.
  ///   - write: Writes each line, with its line feed. Defaults to standard output.
  public init(
    elapsed: @escaping () -> Duration = TimelinePresenter.stopwatch(),
    explains: Bool = false,
    fields: @escaping (Presentation) -> String = { "\($0.state.kind)" },
    write: @escaping (String) -> Void = StandardStreams.writeToOutput
  ) {
    self.elapsed = elapsed
    self.explains = explains
    self.fields = fields
    self.write = write
  }

  /// Writes a line when the presentation's fields differ from the last line's.
  ///
  /// - Parameters:
  ///   - presentation: The presentation shown.
  ///   - animated: Ignored.
  public func present(_ presentation: Presentation, animated: Bool) {
    let fields = fields(presentation)
    guard fields != lastFields else { return }
    lastFields = fields
    let line = Self.line(
      elapsed: elapsed(), fields: fields,
      reason: explains ? presentation.decision.reason : nil)
    lines.append(line)
    write(line + "\n")
  }

  /// Formats a timeline line: whole milliseconds, a space and the fields, then ` because `
  /// and the reason when there is one.
  ///
  /// - Parameters:
  ///   - elapsed: The time since the start of the timeline; negative times count as 0.
  ///   - fields: What the line says, such as `content notes.txt`; cleaned of control
  ///     characters.
  ///   - reason: Why the state shows, or `nil` for none; cleaned as the fields are.
  ///     Defaults to `nil`.
  /// - Returns: The line without a line feed, such as `1500 content notes.txt`.
  public static func line(elapsed: Duration, fields: String, reason: String? = nil) -> String {
    let (seconds, attoseconds) = elapsed.components
    let milliseconds = max(seconds * 1000 + attoseconds / 1_000_000_000_000_000, 0)
    var line = "\(milliseconds) \(TerminalText.clean(fields, tabs: .space))"
    if let reason { line += " because " + TerminalText.clean(reason, tabs: .space) }
    return line
  }

  /// The marks of a presentation as words for a timeline line, in this order: `previous`
  /// (the previous key's content shown while another key loads), `stale`
  /// (`Presentation.isStale`), `offline` (content shown while the network is missing,
  /// `Presentation.isOffline`) and `refreshing` (a load runs over what shows — content, or
  /// a saved empty result). Stale and offline are marks of content: a waiting state says
  /// `waiting`, not `offline`.
  ///
  /// - Parameter presentation: The presentation shown.
  /// - Returns: The marks, such as `["offline", "refreshing"]`; empty for none.
  public static func marks(of presentation: Presentation) -> [String] {
    let isContent = presentation.state.kind == .content
    var marks: [String] = []
    if presentation.showsPreviousKey { marks.append("previous") }
    if isContent, presentation.isStale { marks.append("stale") }
    if isContent, presentation.isOffline { marks.append("offline") }
    if presentation.isRefreshing { marks.append("refreshing") }
    return marks
  }

  /// The fields of a timeline line in the examples' form: `<state> [marks] <subject>` — the
  /// state kind's name (or a custom state's key), the ``marks(of:)``, and what the line is
  /// about.
  ///
  /// ```swift
  /// let timeline = TimelinePresenter(fields: { TimelinePresenter.fields(of: $0, subject: url) })
  /// // "0 loading http://…", "41 content http://…", "5000 content stale http://…"
  /// ```
  ///
  /// - Parameters:
  ///   - presentation: The presentation shown.
  ///   - subject: What is loaded, such as an address or a file name, or `nil` for none.
  ///     Defaults to `nil`.
  /// - Returns: The fields, such as `content refreshing offline notes.txt`.
  public static func fields(of presentation: Presentation, subject: String? = nil) -> String {
    (["\(presentation.state.kind)"] + marks(of: presentation) + (subject.map { [$0] } ?? []))
      .joined(separator: " ")
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
