import StatefulContent
import StatefulContentTerminal

/// The search's presenter: a `TerminalPresenter` that draws the states, with the matches as
/// its content — on a full terminal screen, or as plain lines for a pipe.
///
/// On the screen (``TerminalPresenter/Mode/screen``): the query being typed, a status line
/// (how many matches, and the presenter's marks: the previous query's matches dimmed while a
/// new one searches, a search running again), the matches from ``scrollOffset`` (or the
/// placeholder), the footer of the next page, and a line of keys. As plain lines
/// (``TerminalPresenter/Mode/plain``): each placeholder once, each match as it arrives, a line
/// when a new query searches with the previous query's matches still shown, a page's error,
/// a search cancelled with nothing shown.
///
/// The screen draws when a state is presented and when the model reports new matches
/// (``update()``); it scrolls with ``scroll(by:)``. A search that runs again (Ctrl-R) goes
/// back to the first match, and the scroll position never goes past the matches there are,
/// so that the list stays in sight while it is rebuilt.
///
/// ```swift
/// let screen = SearchScreen(folder: "Sources", size: { TerminalSize(columns: 80, rows: 24) })
/// let model = SearchModel(scanner: FileScanner(folder: "Sources"), presenter: screen)
/// screen.model = model
/// model.resultsDidChange = { [weak screen] in screen?.update() }
/// ```
@MainActor
public final class SearchScreen: @MainActor SynchronousPresenter, @MainActor TerminalContent {
  /// The model drawn; held weakly.
  public weak var model: SearchModel?
  /// The text typed so far, shown after the prompt with its control characters replaced.
  public var input = ""
  /// The index of the first match on screen.
  public private(set) var scrollOffset = 0
  /// Draws the states, the marks and the matches.
  public let terminal: TerminalPresenter
  /// The language of the screen's lines.
  public let strings: SearchStrings

  /// The presentation shown last.
  public var presentation: Presentation { terminal.presentation }

  private let folder: String
  private let size: () -> TerminalSize

  /// Creates a screen.
  ///
  /// - Parameters:
  ///   - folder: The folder searched, named in the prompt.
  ///   - size: Returns the terminal's size, read at each redraw.
  ///   - mode: ``TerminalPresenter/Mode/screen`` for the interactive screen,
  ///     ``TerminalPresenter/Mode/plain`` for a pipe. Defaults to the screen.
  ///   - colors: Whether to write colours and attributes. Defaults to `false`.
  ///   - clock: The clock of the redraws' throttle. Defaults to the continuous clock.
  ///   - strings: The language of the screen's lines. Defaults to the process's
  ///     (``SearchStrings/current``).
  ///   - write: Writes text as it is. Defaults to standard output.
  public init(
    folder: String, size: @escaping () -> TerminalSize,
    mode: TerminalPresenter.Mode = .screen, colors: Bool = false,
    clock: any Clock<Duration> = ContinuousClock(), strings: SearchStrings = .current,
    write: @escaping (String) -> Void = StandardStreams.writeToOutput
  ) {
    self.strings = strings
    self.folder = folder
    self.size = size
    terminal = TerminalPresenter(
      mode: mode, colors: colors,
      size: {
        mode == .plain ? nil : size()
      },
      clock: clock, texts: strings.terminalTexts, keys: [.retry: "Ctrl-R"], writeStatus: write,
      write: write)
    terminal.barCells = 20
    terminal.writesProgressLines = false
    terminal.content = self
  }

  /// Draws a presentation; a search that runs again over the matches shown (a refresh)
  /// scrolls back to the first match.
  ///
  /// - Parameters:
  ///   - presentation: The presentation shown.
  ///   - animated: Ignored: a terminal does not animate.
  public func present(_ presentation: Presentation, animated: Bool) {
    let previous = terminal.presentation
    if presentation.isRefreshing, !previous.isRefreshing, previous.state.kind == .content,
      !previous.showsPreviousKey, previous.key == presentation.key
    {
      scrollOffset = 0
    }
    terminal.present(presentation, animated: animated)
  }

  /// Draws the whole screen again, with the matches and input as they are now: after typing,
  /// and when the terminal comes back.
  public func redraw() {
    terminal.redraw()
  }

  /// Draws what changed since the last draw, if anything: when matches arrive.
  public func update() {
    terminal.update()
  }

  /// How many matches fit on screen: all rows but the prompt, the status, the footer and the
  /// keys.
  public var visibleRows: Int { max(size().rows - 4, 1) }

  /// Scrolls the matches, without going past either end.
  ///
  /// - Parameter rows: How many rows to scroll down; negative scrolls up.
  /// - Returns: Whether the last match loaded is on screen: time to load the next page.
  @discardableResult
  public func scroll(by rows: Int) -> Bool {
    let count = model?.content.count ?? 0
    scrollOffset = max(min(scrollOffset + rows, count - visibleRows), 0)
    redraw()
    return scrollOffset + visibleRows >= count
  }

  /// Goes back to the first match, as a new query does.
  public func scrollToTop() {
    scrollOffset = 0
  }

  /// The screen's lines, cut to its width: the prompt, the status, the body (as many rows as
  /// fit), the footer and the keys; as plain lines, what the presentation writes in full.
  ///
  /// - Returns: The lines.
  public func lines() -> [String] {
    terminal.frame()
  }

  // MARK: TerminalContent

  /// The matches from the scroll position (all of them as plain lines); when idle, an
  /// invitation to type, or the line of a search cancelled before anything was shown.
  ///
  /// - Parameters:
  ///   - presentation: The presentation shown.
  ///   - region: The rows for the matches, or `nil` for all of them.
  /// - Returns: The lines.
  public func contentLines(
    for presentation: Presentation, in region: TerminalPresenter.Region
  ) -> [String] {
    switch presentation.state.kind {
    case .content:
      guard let model else { return [] }
      guard let rows = region.rows else { return model.content.map(\.terminalLine) }
      // The matches may have become fewer (a search running again): stay on them.
      scrollOffset = max(min(scrollOffset, model.content.count - rows), 0)
      let end = min(scrollOffset + rows, model.content.count)
      return model.content[scrollOffset..<end].map(\.terminalLine)
    case .idle:
      if region.mode == .plain {
        guard let model, !model.query.isEmpty, !model.isSearching else { return [] }
        return [strings.text(.searchCancelledLine, ["query": clean(model.query)])]
      }
      return showsCancelledSearch ? [] : [strings.text(.typeToSearch)]
    default:
      return []
    }
  }

  /// The prompt and the input.
  ///
  /// - Parameter region: Ignored.
  /// - Returns: One line.
  public func headerLines(in region: TerminalPresenter.Region) -> [String] {
    [prompt + clean(input)]
  }

  /// The keys.
  ///
  /// - Parameter region: Ignored.
  /// - Returns: One line.
  public func footerLines(in region: TerminalPresenter.Region) -> [String] {
    [strings.text(.keysLine)]
  }

  /// How many matches, and for whom, before the presenter's marks: that the search was
  /// cancelled, could not run again, or has more to scroll to.
  ///
  /// - Parameters:
  ///   - presentation: The presentation shown.
  ///   - region: Ignored.
  /// - Returns: The status.
  public func status(for presentation: Presentation, in region: TerminalPresenter.Region)
    -> String?
  {
    guard let model else { return nil }
    let cancelled = strings.text(.searchCancelledStatus, ["query": clean(model.query)])
    guard presentation.state.kind == .content else { return showsCancelledSearch ? cancelled : nil }
    let status = strings.counted(model.content.count, .matchOne, .matchOther)
    if presentation.showsPreviousKey || presentation.isRefreshing { return status }
    if showsCancelledSearch {
      return status + strings.text(.statusFor, ["query": shownQuery]) + cancelled
    }
    if let error = model.stateMachine.lastError {
      return status
        + strings.text(.statusSearchFailed, ["error": strings.terminalTexts.describe(error)])
    }
    return model.hasMoreResults ? status + strings.text(.statusMore) : status
  }

  /// After the input, on the first line.
  ///
  /// - Parameter region: The screen's columns.
  /// - Returns: The position.
  public func cursor(in region: TerminalPresenter.Region) -> (row: Int, column: Int)? {
    // Counted as drawn, cut to the width: a pasted megabyte is counted as fast as a word.
    let shown = TerminalText.fitted(prompt + clean(input), width: region.columns)
    let typed = TerminalText.columns(of: shown[...])
    return (1, min(typed + 1, region.columns ?? typed + 1))
  }

  private var prompt: String {
    strings.text(.prompt, ["folder": clean(folder)])
  }

  /// The query the presentation is about, cleaned.
  private var shownQuery: String {
    clean(presentation.key?.description ?? "")
  }

  /// Whether the state shown is not about the query typed last, and none searches for it: its
  /// search was cancelled, and what it replaced came back.
  private var showsCancelledSearch: Bool {
    guard let model, !model.query.isEmpty, !model.isSearching else { return false }
    return presentation.key?.description != model.query
  }

  private func clean(_ text: String) -> String {
    TerminalText.clean(text, tabs: .space)
  }
}

extension SearchStrings {
  /// The texts of the terminal presenter's marks, in this language.
  public var terminalTexts: TerminalPresenter.Texts {
    TerminalPresenter.Texts(
      refreshing: { [self] progress in
        text(.statusSearching) + (progress.map { " \(Int(min(max($0, 0), 1) * 100))%" } ?? "")
      },
      previousKey: { [self] shown, loading in
        text(.statusPrevious, ["previous": shown, "query": loading])
      },
      previousKeyLine: { [self] shown, loading in
        text(.searchingWithPrevious, ["query": loading, "previous": shown])
      },
      appendLoading: text(.loadingMore),
      appendFailed: { [self] error in text(.moreFailedFooter, ["error": error]) },
      appendFailedLine: { [self] error in text(.moreFailedLine, ["error": error]) },
      describe: { [self] error in
        (error as? SearchError)?.description(in: self) ?? String(describing: error)
      })
  }
}
