import StatefulContent
import StatefulContentTerminal

/// A presenter that draws the search on a full terminal screen: the query being typed, a
/// status line, the matches (or the placeholder), a footer for the next page and a line of
/// keys.
///
/// While a new query searches, the previous query's matches stay, dimmed
/// (`Presentation.showsPreviousKey`), and the status line names both queries. The footer says
/// that the next page loads, or that it failed, with its Retry key (`Presentation.append`).
///
/// The screen redraws itself when a state is presented and when the model reports new
/// matches (``redraw()``); it scrolls through the matches with ``scroll(by:)``. What it draws
/// is ``lines()``, a pure function of the model, the presentation, the input, the scroll
/// position and the size, so that it can be tested without a terminal.
///
/// ```swift
/// let screen = SearchScreen(folder: "Sources", size: { (24, 80) })
/// let model = SearchModel(scanner: FileScanner(folder: "Sources"), presenter: screen)
/// screen.model = model
/// model.resultsDidChange = { [weak screen] in screen?.redraw() }
/// ```
@MainActor
public final class SearchScreen: @MainActor SynchronousPresenter {
  /// The model drawn; held weakly.
  public weak var model: SearchModel?
  /// The text typed so far, shown after the prompt with its control characters replaced.
  public var input = ""
  /// The index of the first match on screen.
  public private(set) var scrollOffset = 0
  /// The presentation shown last.
  public private(set) var presentation = Presentation.idle

  /// The line of keys at the bottom of the screen, in English.
  public static var keysLine: String { SearchStrings.english.text(.keysLine) }

  /// The language of the screen's lines.
  public let strings: SearchStrings

  private let folder: String
  private let size: () -> (rows: Int, columns: Int)
  private let write: (String) -> Void

  /// Creates a screen.
  ///
  /// - Parameters:
  ///   - folder: The folder searched, named in the prompt.
  ///   - size: Returns the terminal's rows and columns, read at each redraw.
  ///   - strings: The language of the screen's lines. Defaults to the process's
  ///     (``SearchStrings/current``).
  ///   - write: Writes text as it is. Defaults to standard output.
  public init(
    folder: String, size: @escaping () -> (rows: Int, columns: Int),
    strings: SearchStrings = .current,
    write: @escaping (String) -> Void = StandardStreams.writeToOutput
  ) {
    self.strings = strings
    self.folder = folder
    self.size = size
    self.write = write
  }

  /// Remembers the presentation and redraws.
  ///
  /// - Parameters:
  ///   - presentation: The presentation shown.
  ///   - animated: Ignored: a terminal does not animate.
  public func present(_ presentation: Presentation, animated: Bool) {
    self.presentation = presentation
    redraw()
  }

  /// Draws the screen anew: each line over the old one, the rest of the screen cleared, the
  /// cursor after the input.
  public func redraw() {
    let lines = lines()
    let column = min(prompt.count + input.count + 1, max(size().columns, 1))
    write(
      "\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J"
        + "\u{1B}[1;\(column)H")
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
  /// fit), the footer and the keys. The previous query's matches are dimmed (SGR 2).
  ///
  /// - Returns: As many lines as the screen has rows (at least 5).
  public func lines() -> [String] {
    let (rows, columns) = size()
    let width = max(columns, 1)
    var body = Array(bodyLines().prefix(visibleRows)).map { TerminalText.fitted($0, width: width) }
    if presentation.showsPreviousKey { body = body.map(Self.dimmed) }
    body += Array(repeating: "", count: max(rows, 5) - 4 - body.count)
    let fitted = [prompt + TerminalText.clean(input, tabs: .space), statusLine()].map {
      TerminalText.fitted($0, width: width)
    }
    return fitted + body
      + [footerLine(), strings.text(.keysLine)].map { TerminalText.fitted($0, width: width) }
  }

  /// A line shown dimmed: SGR 2 before it, SGR 22 (normal intensity) after it.
  ///
  /// - Parameter line: The line, already cut to the screen's width.
  /// - Returns: The line between the two sequences; an empty line stays empty.
  public static func dimmed(_ line: String) -> String {
    line.isEmpty ? line : "\u{1B}[2m" + line + "\u{1B}[22m"
  }

  private var prompt: String {
    strings.text(.prompt, ["folder": TerminalText.clean(folder, tabs: .space)])
  }

  /// The query the presentation is about, cleaned.
  private var shownQuery: String {
    TerminalText.clean(presentation.key?.description ?? "", tabs: .space)
  }

  /// Whether the state shown is not about the query typed last, and none searches for it: its
  /// search was cancelled, and what it replaced came back.
  private var showsCancelledSearch: Bool {
    guard let model, !model.query.isEmpty, !model.isSearching else { return false }
    return presentation.key?.description != model.query
  }

  private func statusLine() -> String {
    guard let model else { return "" }
    let cancelled = strings.text(
      .searchCancelledStatus, ["query": TerminalText.clean(model.query, tabs: .space)])
    guard presentation.state.kind == .content else { return showsCancelledSearch ? cancelled : "" }
    var status = strings.counted(model.content.count, .matchOne, .matchOther)
    if presentation.showsPreviousKey {
      status += strings.text(
        .statusPrevious,
        [
          "previous": TerminalText.clean(model.contentQuery ?? "", tabs: .space),
          "query": shownQuery,
        ])
    } else if presentation.isRefreshing {
      status += strings.text(.statusSearching)
      if let progress = presentation.progress { status += " \(Int(progress * 100))%" }
    } else if showsCancelledSearch {
      status += strings.text(.statusFor, ["query": shownQuery]) + cancelled
    } else if let error = model.stateMachine.lastError {
      status += strings.text(.statusSearchFailed, ["error": errorText(error)])
    } else if model.hasMoreResults {
      status += strings.text(.statusMore)
    }
    return status
  }

  /// The footer: where appending the next page stands.
  private func footerLine() -> String {
    switch presentation.append {
    case .idle: ""
    case .loading: strings.text(.loadingMore)
    case .failed(let error): strings.text(.moreFailedFooter, ["error": errorText(error)])
    }
  }

  /// An error's description in the screen's language, cleaned.
  private func errorText(_ error: any Error) -> String {
    TerminalText.clean(
      (error as? SearchError)?.description(in: strings) ?? "\(error)", tabs: .space)
  }

  private func bodyLines() -> [String] {
    switch presentation.state.kind {
    case .content:
      guard let model else { return [] }
      let end = min(scrollOffset + visibleRows, model.content.count)
      guard scrollOffset < end else { return [] }
      return model.content[scrollOffset..<end].map { $0.terminalLine }
    case .idle:
      if showsCancelledSearch { return [] }
      return [strings.text(.typeToSearch)]
    default:
      guard let placeholder = presentation.placeholder as? StandardPlaceholder else { return [] }
      var lines = [placeholder.title]
      if let message = placeholder.message, !message.isEmpty { lines.append(message) }
      if let progress = placeholder.progress { lines.append(Self.progressBar(progress)) }
      let actions = placeholder.actions.map { action in
        action.role == .retry ? "[\(action.title): Ctrl-R]" : "[\(action.title)]"
      }
      if !actions.isEmpty { lines.append(actions.joined(separator: " ")) }
      return lines
    }
  }

  /// A bar of 20 cells and a percentage, such as `[##########..........] 50%`.
  ///
  /// - Parameter progress: The fraction done, 0…1.
  /// - Returns: The bar.
  public static func progressBar(_ progress: Double) -> String {
    let fraction = min(max(progress, 0), 1)
    let filled = Int(fraction * 20)
    return "[" + String(repeating: "#", count: filled)
      + String(repeating: ".", count: 20 - filled) + "] \(Int(fraction * 100))%"
  }
}
