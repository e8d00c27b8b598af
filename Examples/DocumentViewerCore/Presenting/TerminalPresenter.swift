import StatefulContent
import StatefulContentTerminal

/// A presenter that writes each presentation to a terminal, or as plain text to a pipe.
///
/// Placeholders appear as their title, message and actions (such as `[Retry]`); a loading
/// placeholder with progress adds a bar like `[#####.....] 50%`, and so does the first
/// screenful of a document whose rest is still being read. In the ANSI style the bar is
/// redrawn in place as progress is reported; in the plain style a new bar line is written only
/// when a cell fills, so that logs stay short. Content is taken from ``contentProvider``,
/// since a presentation carries the state, not the content.
///
/// ```swift
/// let presenter = TerminalPresenter()
/// let session = DocumentSession(path: "notes.txt", presenter: presenter)
/// presenter.contentProvider = { [weak session] in session?.content }
/// session.open()
/// ```
public final class TerminalPresenter: SynchronousPresenter {
  /// Turns presentations into lines.
  public let renderer: TerminalRenderer
  /// Returns the document to show for the content state.
  ///
  /// Capture the model weakly: a presenter must not keep its model alive. Defaults to no
  /// document.
  public var contentProvider: () -> Document? = { nil }

  private let write: (String) -> Void
  private var presentedKind: ContentState.Kind = .idle
  /// In the ANSI style, whether the last line written is a progress bar without a line feed.
  private var progressLineIsOpen = false
  /// The filled cells of the last progress bar written.
  private var writtenCells: Int?
  /// Whether a document's first screenful is written without its summary, which waits for
  /// the end of its load.
  private var summaryIsPending = false

  /// Creates a presenter.
  ///
  /// - Parameters:
  ///   - style: Whether to use ANSI escape codes. Defaults to ANSI when standard output is a
  ///     terminal.
  ///   - width: The terminal's width in columns, to which a document's lines are cut, or `nil`
  ///     to keep them whole. Defaults to `nil`.
  ///   - strings: The language of the lines the renderer writes itself. Defaults to the
  ///     process's (``ViewerStrings/current``).
  ///   - write: Writes text as it is. Defaults to writing to standard output.
  public init(
    style: TerminalStyle = .detect(), width: Int? = nil, strings: ViewerStrings = .current,
    write: @escaping (String) -> Void = StandardStreams.writeToOutput
  ) {
    self.renderer = TerminalRenderer(style: style, width: width, strings: strings)
    self.write = write
  }

  /// Writes a presentation; it is on screen when this returns.
  ///
  /// A document whose first screenful is shown while the rest loads (content that is
  /// refreshing: a streaming open) gets its lines at once and, under them, the load's progress
  /// bar instead of its summary; when the load ends, the summary replaces the bar (in the
  /// plain style, it follows the bar's lines).
  ///
  /// - Parameters:
  ///   - presentation: The state, placeholder and insets to show.
  ///   - animated: Ignored: a terminal does not animate.
  public func present(_ presentation: Presentation, animated: Bool) {
    let kind = presentation.state.kind
    let isStreaming = kind == .content && presentation.isRefreshing
    let previousKind = presentedKind
    presentedKind = kind
    if kind == .loading && previousKind == .loading {
      // A progress update: only the bar changes.
    } else if kind == .content && summaryIsPending {
      // The first screenful is shown; its load goes on, or has ended.
      if !isStreaming {
        summaryIsPending = false
        endProgressLine(with: renderer.summaryLines(for: contentProvider()))
      }
    } else {
      closeProgressLine()
      writtenCells = nil
      let lines: [String]
      if let placeholder = presentation.placeholder {
        lines = renderer.lines(
          for: placeholder, state: presentation.state, insets: presentation.insets)
      } else if kind == .content {
        let document = contentProvider()
        lines = isStreaming ? renderer.bodyLines(for: document) : renderer.lines(for: document)
      } else {
        lines = []
      }
      summaryIsPending = isStreaming
      if !lines.isEmpty { write(lines.joined(separator: "\n") + "\n") }
    }
    let progress =
      kind == .loading
      ? (presentation.placeholder as? StandardPlaceholder)?.progress
      : isStreaming ? presentation.progress : nil
    if let progress {
      writeProgress(progress, indentation: renderer.indentation(for: presentation.insets))
    }
  }

  /// Ends a progress bar left open on the last line, so that further output starts on a new
  /// line. Presenting any state other than loading does this too.
  public func closeProgressLine() {
    guard progressLineIsOpen else { return }
    progressLineIsOpen = false
    write("\n")
  }

  /// Writes lines where a progress bar is open (in the ANSI style, over it), or after the
  /// last line.
  private func endProgressLine(with lines: [String]) {
    let text = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    if progressLineIsOpen {
      progressLineIsOpen = false
      write("\r\u{1B}[2K" + text)
    } else if !text.isEmpty {
      write(text)
    }
  }

  private func writeProgress(_ progress: Double, indentation: String) {
    let bar = indentation + renderer.progressBar(progress)
    switch renderer.style {
    case .ansi:
      write((progressLineIsOpen ? "\r\u{1B}[2K" : "") + bar)
      progressLineIsOpen = true
    case .plain:
      let cells = renderer.filledCells(progress)
      guard cells != writtenCells else { return }
      writtenCells = cells
      write(bar + "\n")
    }
  }
}
