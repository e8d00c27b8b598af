import StatefulContent
import StatefulContentTerminal

/// The viewer's presenter: a `TerminalPresenter` that draws the states, with the document's
/// first screenful and its summary as its content.
///
/// A document whose first screenful is shown while the rest loads (content that is
/// refreshing: a streaming open) shows its lines at once and, under them, the load's progress
/// bar; when the load ends, its summary follows (and, when the read failed after the first
/// screenful, the error). Content is taken from ``contentProvider``, since a presentation
/// carries the state, not the content.
///
/// ```swift
/// let screen = DocumentScreen()
/// let session = DocumentSession(path: "notes.txt", presenter: screen)
/// screen.contentProvider = { [weak session] in session?.content }
/// session.open()
/// ```
public final class DocumentScreen: SynchronousPresenter, TerminalContent {
  /// Draws the states and the document.
  public let terminal: TerminalPresenter
  /// Returns the document to show for the content state.
  ///
  /// Capture the model weakly: a presenter must not keep its model alive. Defaults to no
  /// document.
  public var contentProvider: () -> Document? = { nil }
  /// The language of the lines the screen writes itself: summaries and cancellations.
  public let strings: ViewerStrings

  /// Creates a screen.
  ///
  /// - Parameters:
  ///   - mode: How to draw. Defaults to a region redrawn in place when standard output is a
  ///     terminal, plain lines otherwise.
  ///   - size: Returns the terminal's size, read at each redraw (so that a resized terminal
  ///     gets lines cut to its new width), or `nil` to keep lines whole. Defaults to none.
  ///   - strings: The language of the screen's lines. Defaults to the process's
  ///     (``ViewerStrings/current``).
  ///   - write: Writes text as it is. Defaults to standard output.
  public init(
    mode: TerminalPresenter.Mode = .detect(), size: @escaping () -> TerminalSize? = { nil },
    strings: ViewerStrings = .current,
    write: @escaping (String) -> Void = StandardStreams.writeToOutput
  ) {
    terminal = TerminalPresenter(mode: mode, size: size, writeStatus: write, write: write)
    self.strings = strings
    terminal.content = self
  }

  /// Draws a presentation; it is on screen when this returns.
  ///
  /// - Parameters:
  ///   - presentation: The state, placeholder and insets to show.
  ///   - animated: Ignored: a terminal does not animate.
  public func present(_ presentation: Presentation, animated: Bool) {
    terminal.present(presentation, animated: animated)
  }

  /// Leaves what is drawn as it is, so that further output starts on a new line.
  public func commit() {
    terminal.commit()
  }

  /// The document's first screenful and, once its load has ended, its summary.
  ///
  /// - Parameters:
  ///   - presentation: The presentation shown.
  ///   - region: Ignored: the presenter cuts the lines.
  /// - Returns: The lines; none but for the content state.
  public func contentLines(
    for presentation: Presentation, in region: TerminalPresenter.Region
  ) -> [String] {
    guard presentation.state.kind == .content, let document = contentProvider() else { return [] }
    return document.lines
      + (presentation.isRefreshing ? [] : Self.summaryLines(for: document, in: strings))
  }

  /// The lines under a document's first screenful: how much of it is shown
  /// (``Document/shownSummary``), and for a document whose read failed after its first
  /// screenful, the error.
  ///
  /// - Parameters:
  ///   - document: The document shown, or `nil` when there is none.
  ///   - strings: The language of the lines.
  /// - Returns: The lines, without line feeds; none for `nil`.
  public static func summaryLines(for document: Document?, in strings: ViewerStrings)
    -> [String]
  {
    guard let document else { return [] }
    let summary = "(\(document.shownSummary(in: strings)))"
    guard case .failed(let error) = document.completion else { return [summary] }
    return [summary, error.description(in: strings)]
  }

  /// The line that ends a document whose opening was cancelled before anything of it was
  /// shown, such as `Cancelled: 'notes.txt' was not opened.`
  ///
  /// - Parameter name: The document's name.
  /// - Returns: The line, dim with colours.
  public func cancellation(of name: String) -> String {
    styled(strings.text(.cancelled, ["name": TerminalText.clean(name)]), "2")
  }

  /// A heading above a document, such as `== A text file ==`.
  ///
  /// - Parameter title: The heading's text.
  /// - Returns: The heading line, bold with colours.
  public func heading(_ title: String) -> String {
    styled("== \(TerminalText.clean(title)) ==", "1")
  }

  private func styled(_ text: String, _ codes: String) -> String {
    terminal.colors ? "\u{1B}[\(codes)m\(text)\u{1B}[0m" : text
  }
}
