import StatefulContent

/// A presenter that writes a search as plain lines, for pipes and files: each placeholder
/// once, and each match as it arrives.
///
/// A placeholder is written as its title, its message indented, and its actions (`[Retry]`);
/// loading's progress writes nothing more. Matches are written one per line
/// (``TerminalText/line(for:)``) when the model reports them, so the first ones appear while
/// the scan goes on. A search cancelled with nothing found writes that it was cancelled.
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
  private var writtenMatches = 0
  private var writtenPageError = false
  private var lastPlaceholderLines: [String] = []

  /// Creates a log.
  ///
  /// - Parameter write: Writes text as it is. Defaults to standard output.
  public init(write: @escaping (String) -> Void = StandardStreams.writeToOutput) {
    self.write = write
  }

  /// Writes a placeholder when it differs from the last one written.
  ///
  /// - Parameters:
  ///   - presentation: The presentation shown.
  ///   - animated: Ignored.
  public func present(_ presentation: Presentation, animated: Bool) {
    let kind = presentation.state.kind
    if kind == .content {
      lastPlaceholderLines = []
      return
    }
    // Any other state shows no matches: the next ones belong to a new search.
    writtenMatches = 0
    writtenPageError = false
    var lines: [String] = []
    if let placeholder = presentation.placeholder as? StandardPlaceholder {
      lines.append(placeholder.title)
      if let message = placeholder.message, !message.isEmpty { lines.append("  " + message) }
      if !placeholder.actions.isEmpty {
        lines.append("  " + placeholder.actions.map { "[\($0.title)]" }.joined(separator: " "))
      }
    } else if kind == .idle, let model, model.wasCancelled {
      lines.append("Search for '\(TerminalText.clean(model.query))' cancelled.")
    }
    guard !lines.isEmpty, lines != lastPlaceholderLines else { return }
    lastPlaceholderLines = lines
    write(lines.map { $0 + "\n" }.joined())
  }

  /// Writes the model's matches not written yet, and a page's error once.
  public func writeNewMatches() {
    guard let model else { return }
    if model.content.count < writtenMatches { writtenMatches = 0 }
    let new = model.content[writtenMatches...]
    writtenMatches = model.content.count
    var text = new.map { TerminalText.line(for: $0) + "\n" }.joined()
    if let error = model.pageError, !writtenPageError {
      text += "Could not load more matches: \(TerminalText.clean("\(error)"))\n"
    }
    writtenPageError = model.pageError != nil
    if !text.isEmpty { write(text) }
  }
}
