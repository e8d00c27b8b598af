import StatefulContent
import StatefulContentTerminal

/// A presenter that writes a search as plain lines, for pipes and files: each placeholder
/// once, and each match as it arrives.
///
/// A placeholder is written as its title, its message indented, and its actions (`[Retry]`);
/// loading's progress writes nothing more. Matches are written one per line
/// (``TerminalText/line(for:)``) when the model reports them, so the first ones appear while
/// the scan goes on. While a new query searches with the previous query's matches still
/// shown (`Presentation.showsPreviousKey`), a line says so: `Searching for 'swi'… (the
/// matches above are for 'sw')`. A page that fails writes its error once; a search cancelled
/// with nothing shown writes that it was cancelled.
///
/// ```swift
/// let log = SearchLog()
/// let model = SearchModel(scanner: FileScanner(folder: "."), presenter: log)
/// log.model = model
/// model.resultsDidChange = { [weak log] in log?.writeNewMatches() }
/// ```
@MainActor
public final class SearchLog: @MainActor SynchronousPresenter {
  /// The model whose matches are written; held weakly.
  public weak var model: SearchModel?

  private let write: (String) -> Void
  private let strings: SearchStrings
  /// The query of the matches written, and how many of them were.
  private var written: (query: String?, count: Int) = (nil, 0)
  private var lastLines: [String] = []

  /// Creates a log.
  ///
  /// - Parameters:
  ///   - strings: The language of the lines. Defaults to the process's
  ///     (``SearchStrings/current``).
  ///   - write: Writes text as it is. Defaults to standard output.
  public init(
    strings: SearchStrings = .current,
    write: @escaping (String) -> Void = StandardStreams.writeToOutput
  ) {
    self.strings = strings
    self.write = write
  }

  /// Writes a placeholder, the previous query's matches kept, or a page's error, when it
  /// differs from the last one written.
  ///
  /// - Parameters:
  ///   - presentation: The presentation shown.
  ///   - animated: Ignored.
  public func present(_ presentation: Presentation, animated: Bool) {
    let query = TerminalText.clean(presentation.key?.description ?? "", tabs: .space)
    var lines: [String] = []
    switch presentation.state.kind {
    case .content:
      if presentation.showsPreviousKey, let previous = model?.contentQuery {
        lines.append(
          strings.text(
            .searchingWithPrevious,
            ["query": query, "previous": TerminalText.clean(previous, tabs: .space)]))
      } else if let error = presentation.append.error {
        let description = (error as? SearchError)?.description(in: strings) ?? "\(error)"
        lines.append(
          strings.text(.moreFailedLine, ["error": TerminalText.clean(description, tabs: .space)]))
      }
    case .idle:
      if let model, !model.query.isEmpty, !model.isSearching {
        lines.append(
          strings.text(
            .searchCancelledLine, ["query": TerminalText.clean(model.query, tabs: .space)]))
      }
    default:
      // No matches shown: the next ones belong to a new search.
      written = (nil, 0)
      if let placeholder = presentation.placeholder as? StandardPlaceholder {
        lines.append(placeholder.title)
        if let message = placeholder.message, !message.isEmpty { lines.append("  " + message) }
        if !placeholder.actions.isEmpty {
          lines.append(
            "  " + placeholder.actions.map { "[\($0.title)]" }.joined(separator: " "))
        }
      }
    }
    guard lines != lastLines else { return }
    lastLines = lines
    if !lines.isEmpty { write(lines.map { $0 + "\n" }.joined()) }
  }

  /// Writes the model's matches not written yet: all of them when they belong to another
  /// query than those written before.
  public func writeNewMatches() {
    guard let model else { return }
    if written.query != model.contentQuery || model.content.count < written.count {
      written = (model.contentQuery, 0)
    }
    let new = model.content[written.count...]
    written.count = model.content.count
    let text = new.map { $0.terminalLine + "\n" }.joined()
    if !text.isEmpty { write(text) }
  }
}
