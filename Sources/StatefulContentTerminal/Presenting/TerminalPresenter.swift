import StatefulContent

/// A presenter that draws presentations in a terminal, or writes them as plain lines to a
/// pipe.
///
/// Loading shows a spinner, the placeholder's title and a progress bar, redrawn in place;
/// any other placeholder is a box with its title, message, recovery suggestion and actions
/// (`[r] Retry` when ``keys`` binds a key to the action's role). Where a presentation has no
/// placeholder, the tool's ``content`` draws its lines. The marks a presentation carries
/// appear in a status line — a load refreshing the content, with its progress; the previous
/// key's content kept while another key loads, dimmed; content shown while the network is
/// missing (`Presentation.isOffline`), and stale content with its age
/// (`Presentation.isStale`, `Presentation.contentAge`), such as `Not up to date · Updated 5
/// minutes ago · Offline` — and a footer says that a page is being appended, or that it
/// failed. The waiting state (`ContentState.waiting`) is a box as the other placeholders.
/// Text is cleaned of control characters and cut to the terminal's width with "…", counting
/// wide and combining characters (``TerminalText``).
///
/// How it draws depends on its ``mode``: in place on a terminal (``Mode/inline`` under the
/// cursor, ``Mode/screen`` over the whole screen), or as plain lines for a pipe
/// (``Mode/plain``: no escape codes, a line written per change, a progress bar written again
/// only when one more cell fills). Colours and other attributes are written only when
/// ``colors`` is `true` — see ``colorsAllowed(for:environment:)``, which says no on a pipe
/// and with `NO_COLOR` set.
///
/// On a terminal, redraws that change nothing visible are skipped, and a presentation that
/// only moves a progress bar is drawn at most once per ``minimumRedrawInterval`` on the
/// injected clock; the next redraw, or ``tick()``, draws what was held back. A terminal
/// session calls ``redraw()`` (after `SIGCONT`) and ``resize(to:)`` (after
/// `SIGWINCH`).
///
/// ```swift
/// let presenter = TerminalPresenter(mode: .detect(), colors: TerminalPresenter.colorsAllowed())
/// presenter.content = notesView  // a TerminalContent; kept weakly
/// model.stateMachine.presenter = presenter
/// ```
public final class TerminalPresenter: SynchronousPresenter {
  /// How the presenter draws.
  public let mode: Mode
  /// Whether colours and other text attributes are written; always `false` in
  /// ``Mode/plain``.
  public let colors: Bool
  /// What the tool draws itself: content, header, status and footer lines. Held weakly.
  public weak var content: (any TerminalContent)?
  /// The texts of the marks, in the tool's language.
  public var texts: Texts
  /// The keys that perform placeholders' actions, by role, shown with the action: a retry
  /// bound to `"r"` is `[r] Retry`. Actions without a key show as `[Retry]`.
  public var keys: [PlaceholderAction.Role: String]
  /// How many cells a progress bar has; values below 1 mean 1. Defaults to 10.
  public var barCells = 10
  /// Whether ``Mode/plain`` writes progress bars (a line each time a cell fills). A tool
  /// whose output is data, one result per line, turns it off. Defaults to `true`.
  public var writesProgressLines = true
  /// The presentation shown last.
  public private(set) var presentation = Presentation.idle

  /// The shortest time between two redraws that only move progress or the spinner: a frame
  /// at 30 per second, which a terminal shows smoothly.
  public static let minimumRedrawInterval = Duration.seconds(1) / 30
  /// How often ``tick()`` looks again at content that nothing changes, so that an age in the
  /// tool's status line ("Updated 5 minutes ago") follows the clock.
  public static let idleRedrawInterval = Duration.seconds(5)
  /// How long each frame of the spinner shows.
  public static let spinnerInterval = Duration.milliseconds(100)
  /// The spinner's frames: Braille patterns, one column each.
  public static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  let write: (String) -> Void
  let writeStatus: (String) -> Void
  private let size: () -> TerminalSize?
  private let elapsed: () -> Duration
  private let clock: any Clock<Duration>
  /// The size given by ``resize(to:)``, which wins over `size`.
  private var resizedTo: TerminalSize?
  /// The key of the content shown last without the previous key's mark.
  var shownKey: LoadKey?
  /// When the activity shown (a load, a refresh, a page) started: the spinner's first frame.
  private var activityStart = Duration.zero
  /// When the presentation shown was presented: its content's age grows from then on.
  private var presentedAt = Duration.zero
  private var lastDrawAt: Duration?
  /// When ``tick()`` last looked at content that nothing changes.
  private var idleCheckedAt: Duration = .zero
  /// Whether a redraw was held back by the throttle.
  private var isPending = false
  /// On a terminal, what was drawn last: the inline region's lines, or the screen's text.
  private var drawn: [String]?
  /// The rows of the inline region on the terminal now; the cursor is on its last one.
  private var regionRows = 0
  /// The content lines written as a log so far, or `nil` when the next ones start anew.
  var writtenContent: [String]?
  // Internal, not private, for the plain mode's extension (`TerminalPresenter+Plain.swift`).
  /// In ``Mode/plain``, the placeholder's lines and the marks' lines written last.
  var writtenPlaceholder: [String]?
  var writtenMarks: [String] = []
  /// The filled cells of the progress bar written last, in ``Mode/plain``.
  var writtenCells: Int?

  /// Creates a presenter.
  ///
  /// - Parameters:
  ///   - mode: How to draw. Defaults to ``Mode/inline`` when standard output is a terminal,
  ///     else ``Mode/plain``.
  ///   - colors: Whether to write colours and attributes; ignored in ``Mode/plain``. Defaults
  ///     to ``colorsAllowed(for:environment:)`` for standard output.
  ///   - size: Returns the terminal's size, read at each redraw, or `nil` when unknown (lines
  ///     are then not cut). Defaults to the size of standard output
  ///     (descriptor 1).
  ///   - clock: The clock of the throttle and the spinner. Tests pass a manual clock.
  ///     Defaults to the continuous clock.
  ///   - texts: The texts of the marks. Defaults to English, whatever the machine speaks
  ///     (`PlaceholderStrings.current`): pass ``Texts/init(strings:)`` with the machine's texts.
  ///   - keys: The keys that perform placeholders' actions, by role. Defaults to none.
  ///   - writeStatus: In ``Mode/plain``, writes what is not content — loading, progress,
  ///     placeholders, marks — so that a pipe gets the content alone. Defaults to standard
  ///     error. On a terminal everything goes to `write`.
  ///   - write: Writes text as it is. Defaults to standard output.
  public init(
    mode: Mode = .detect(),
    colors: Bool = TerminalPresenter.colorsAllowed(),
    size: @escaping () -> TerminalSize? = { TerminalSize(of: 1) },
    clock: any Clock<Duration> = ContinuousClock(),
    texts: Texts = .english,
    keys: [PlaceholderAction.Role: String] = [:],
    writeStatus: @escaping (String) -> Void = StandardStreams.writeToError,
    write: @escaping (String) -> Void = StandardStreams.writeToOutput
  ) {
    self.mode = mode
    self.colors = colors && mode != .plain
    self.size = size
    self.texts = texts
    self.keys = keys
    self.write = write
    self.writeStatus = writeStatus
    self.clock = clock
    elapsed = Self.stopwatch(clock)
  }

  // MARK: Entry points

  /// Draws a presentation; it is on screen when this returns, unless it only moved progress
  /// within ``minimumRedrawInterval`` of the last redraw (the next redraw or ``tick()`` draws
  /// it).
  ///
  /// - Parameters:
  ///   - presentation: The presentation to show.
  ///   - animated: Ignored: a terminal does not animate.
  public func present(_ presentation: Presentation, animated: Bool) {
    let progressOnly = Self.differsOnlyInProgress(self.presentation, presentation)
    self.presentation = presentation
    presentedAt = elapsed()
    if presentation.state.kind == .content && !presentation.showsPreviousKey {
      shownKey = presentation.key
    }
    if !progressOnly {
      activityStart = elapsed()
      writtenCells = nil
    }
    draw(throttled: progressOnly)
  }

  /// Draws everything again, whether or not it changed: after the terminal came back
  /// (`SIGCONT`), or was cleared by someone else.
  public func redraw() {
    drawn = nil
    draw(throttled: false)
  }

  /// Draws the presentation again with the tool's content as it is now, when something
  /// visible changed: what a tool calls when its content changes.
  public func update() {
    draw(throttled: false)
  }

  /// Draws everything again at a new size, as after `SIGWINCH`
  /// (``TerminalSession/Redraw/resized(_:)``); the size is used until the next call, instead
  /// of the size provider's.
  ///
  /// - Parameter size: The terminal's size.
  public func resize(to size: TerminalSize) {
    resizedTo = size
    drawn = nil
    draw(throttled: false)
  }

  /// Moves the spinner and draws what the throttle held back, when due; while stale content
  /// shows, draws its age when its text changes ("Updated 6 minutes ago"); and every
  /// ``idleRedrawInterval`` while content shows, draws what changed of the tool's status
  /// line (its own age text) — nothing when nothing did. A tool calls it every
  /// ``spinnerInterval`` or so; in ``Mode/plain`` it does nothing.
  public func tick() {
    guard mode != .plain else { return }
    if isPending || Self.isActive(presentation) || presentation.isStale {
      return draw(throttled: true)
    }
    let now = elapsed()
    guard presentation.state.kind == .content, now - idleCheckedAt >= Self.idleRedrawInterval
    else { return }
    idleCheckedAt = now
    draw(throttled: true)
  }

  /// Ticks every ``spinnerInterval`` on the presenter's clock until the task is cancelled,
  /// so that the spinner moves while a load reports nothing; in ``Mode/plain`` it returns at
  /// once.
  ///
  /// ```swift
  /// let spinning = Task { await presenter.animate() }
  /// defer { spinning.cancel() }
  /// ```
  ///
  /// - Parameter isolation: The caller's actor, where the presenter lives; inferred.
  public func animate(isolation: isolated (any Actor)? = #isolation) async {
    guard mode != .plain else { return }
    while !Task.isCancelled {
      do {
        try await clock.sleep(for: Self.spinnerInterval)
      } catch {
        return
      }
      tick()
    }
  }

  /// Leaves what is drawn as it is and starts anew below it, as before a tool writes lines
  /// of its own: in ``Mode/inline`` the region stays in the scrollback and the cursor goes to
  /// the next line; in every mode, the next content is written in full.
  public func commit() {
    if mode == .inline && regionRows > 0 { write("\n") }
    regionRows = 0
    drawn = nil
    writtenContent = nil
    writtenPlaceholder = nil
    writtenMarks = []
    writtenCells = nil
  }

  /// The lines a terminal shows for the presentation now, without escape codes for the
  /// cursor: the whole screen in ``Mode/screen``, the region in ``Mode/inline`` (content
  /// lines are written above it); in ``Mode/plain``, the lines the presentation writes in
  /// full.
  ///
  /// - Returns: The lines, styled when ``colors`` is `true`.
  public func frame() -> [String] {
    switch mode {
    case .screen: screenLines(now: elapsed())
    case .inline: regionLines(now: elapsed())
    case .plain: plainFrame()
    }
  }

  // MARK: Drawing

  var painter: Painter {
    Painter(colors: colors, texts: texts, keys: keys, barCells: barCells)
  }

  var currentSize: TerminalSize? { resizedTo ?? size() }

  private func draw(throttled: Bool) {
    guard mode != .plain else { return drawPlain() }
    let now = elapsed()
    if throttled, let lastDrawAt, now - lastDrawAt < Self.minimumRedrawInterval {
      isPending = true
      return
    }
    isPending = false
    let text = mode == .screen ? screenText(now: now) : inlineText(now: now)
    guard let text else { return }
    lastDrawAt = now
    write(text)
  }

  /// The screen, from its top-left corner, each line over the old one, the rest cleared and
  /// the cursor where the content says; `nil` when it is what is drawn.
  private func screenText(now: Duration) -> String? {
    let lines = screenLines(now: now)
    let size = currentSize ?? .fallback
    let cursor = content?.cursor(in: Region(columns: size.columns, rows: size.rows, mode: .screen))
    let position = cursor.map { "\u{1B}[\(max($0.row, 1));\(max($0.column, 1))H" } ?? ""
    let text =
      "\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J"
      + position
    guard [text] != drawn else { return nil }
    drawn = [text]
    return text
  }

  /// New content lines over the region, then the region again; `nil` when nothing changed.
  private func inlineText(now: Duration) -> String? {
    let columns = currentSize?.columns
    let log = newContentLines(in: Region(columns: columns, rows: nil, mode: .inline))
    let region = regionLines(now: now)
    guard !log.isEmpty || region != drawn else { return nil }
    var text = ""
    if regionRows > 0 {
      text += "\r" + (regionRows > 1 ? "\u{1B}[\(regionRows - 1)A" : "") + "\u{1B}[J"
    }
    text += log.map { $0 + "\n" }.joined() + region.joined(separator: "\n")
    regionRows = region.count
    drawn = region
    return text
  }

  /// The whole screen, no more lines than it has rows: the tool's header, the status line,
  /// the state or content in the rows left, the footer of an appended page, the tool's footer.
  private func screenLines(now: Duration) -> [String] {
    let size = currentSize ?? .fallback
    let whole = Region(columns: size.columns, rows: size.rows, mode: .screen)
    let painter = painter
    let header = (content?.headerLines(in: whole) ?? []).map { painter.fitted($0, size.columns) }
    let footer = (content?.footerLines(in: whole) ?? []).map { painter.fitted($0, size.columns) }
    let rows = max(size.rows - header.count - footer.count - 2, 1)
    let region = Region(columns: size.columns, rows: rows, mode: .screen)
    let body = Array(stateLines(in: region, now: now).prefix(rows))
    let padding = Array(repeating: "", count: rows - body.count)
    let status = statusLine(in: whole, now: now) ?? ""
    let append = appendLine(columns: size.columns, now: now) ?? ""
    return Array((header + [status] + body + padding + [append] + footer).prefix(size.rows))
  }

  /// The inline region: the tool's header, the placeholder, the status line when the tool
  /// has a status or the previous key's content is shown, a refresh's progress bar, the
  /// footer of an appended page when there is one, the tool's footer; at most the terminal's
  /// rows less one.
  private func regionLines(now: Duration) -> [String] {
    let size = currentSize
    let whole = Region(columns: size?.columns, rows: size?.rows, mode: .inline)
    let painter = painter
    var lines = (content?.headerLines(in: whole) ?? []).map { painter.fitted($0, size?.columns) }
    if presentation.placeholder != nil {
      lines += stateLines(in: whole, now: now)
    }
    let hasStatus =
      presentation.showsPreviousKey || content?.status(for: presentation, in: whole) != nil
      || Self.isMarkedOverTime(presentation)
    if hasStatus, let status = statusLine(in: whole, now: now) { lines.append(status) }
    if presentation.placeholder == nil, presentation.isRefreshing,
      let progress = presentation.progress
    {
      let bar = "\(spinner(now: now)) " + Self.progressBar(progress, cells: barCells)
      lines.append(painter.styled(painter.fitted(bar, size?.columns), "36"))
    }
    if let append = appendLine(columns: size?.columns, now: now) { lines.append(append) }
    lines += (content?.footerLines(in: whole) ?? []).map { painter.fitted($0, size?.columns) }
    return size.map { Array(lines.prefix(max($0.rows - 1, 1))) } ?? lines
  }

  /// The placeholder drawn for a terminal, or the tool's content (dimmed while it is the
  /// previous key's).
  private func stateLines(in region: Region, now: Duration) -> [String] {
    let painter = painter
    if let placeholder = presentation.placeholder {
      return painter.terminalLines(
        of: placeholder, state: presentation.state, insets: presentation.insets,
        columns: region.columns, spinner: spinner(now: now))
    }
    let lines = (content?.contentLines(for: presentation, in: region) ?? []).map {
      painter.fittedContent($0, region.columns)
    }
    return presentation.showsPreviousKey ? lines.map(painter.dimmed) : lines
  }

  /// The status line: the spinner while a load runs, the tool's status and the marks; `nil`
  /// when the presentation has a placeholder and the tool says nothing. Cyan while a load
  /// runs, else yellow while content is offline or stale.
  private func statusLine(in region: Region, now: Duration) -> String? {
    let painter = painter
    let status = content?.status(for: presentation, in: region)
    // The age when presented, grown by the time shown since.
    let age = presentation.contentAge.map { $0 + max(now - presentedAt, .zero) }
    var marks = painter.marks(of: presentation, shownKey: shownKey, age: age)
    guard status != nil || !marks.isEmpty else { return nil }
    // Marks start with a separator from the status; without one, they start the line.
    if status == nil { marks = String(marks.drop { $0 == " " || $0 == "·" }) }
    let running = presentation.isRefreshing || presentation.showsPreviousKey
    let text = (running ? "\(spinner(now: now)) " : "") + (status ?? "") + marks
    let line = painter.fitted(text, region.columns)
    if running { return painter.styled(line, "36") }
    return Self.isMarkedOverTime(presentation) ? painter.styled(line, "33") : line
  }

  /// The footer of a page being appended, or `nil`.
  private func appendLine(columns: Int?, now: Duration) -> String? {
    let painter = painter
    guard let footer = painter.appendFooter(of: presentation, spinner: spinner(now: now)) else {
      return nil
    }
    return painter.styled(
      painter.fitted(footer, columns), presentation.append.error == nil ? "2" : "31")
  }

  private func spinner(now: Duration) -> Character {
    let frames = Self.spinnerFrames
    let step = Int(max(now - activityStart, .zero) / Self.spinnerInterval)
    return frames[step % frames.count]
  }
}
