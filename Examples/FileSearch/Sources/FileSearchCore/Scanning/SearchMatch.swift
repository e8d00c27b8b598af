import StatefulContentTerminal

/// A file that matches a query: by its name, by lines of its contents, or both.
///
/// ```swift
/// SearchMatch(path: "Sources/App.swift", nameMatches: false,
///             lines: [.init(number: 12, text: "let search = Search()")], lineCount: 1)
/// ```
public struct SearchMatch: Hashable, Sendable {
  /// A line of the file that contains the query.
  public struct Line: Hashable, Sendable {
    /// The line's number, counting from 1.
    public var number: Int
    /// The line's text without its line break and leading white space, cut to the scanner's
    /// line length.
    public var text: String

    /// Creates a line.
    ///
    /// - Parameters:
    ///   - number: The line's number, counting from 1.
    ///   - text: The line's text.
    public init(number: Int, text: String) {
      self.number = number
      self.text = text
    }
  }

  /// The file's path relative to the folder searched, such as `Sources/App.swift`; bytes of
  /// a name that are not UTF-8 read U+FFFD.
  public var path: String
  /// Whether the file's name contains the query.
  public var nameMatches: Bool
  /// The first lines that contain the query, at most the scanner's lines per match.
  public var lines: [Line]
  /// How many lines contain the query in all; at least `lines.count`.
  public var lineCount: Int

  /// Creates a match.
  ///
  /// - Parameters:
  ///   - path: The path relative to the folder searched.
  ///   - nameMatches: Whether the file's name contains the query.
  ///   - lines: The first lines that contain it. Defaults to none.
  ///   - lineCount: How many lines contain it in all. Defaults to `lines.count`.
  public init(path: String, nameMatches: Bool, lines: [Line] = [], lineCount: Int? = nil) {
    self.path = path
    self.nameMatches = nameMatches
    self.lines = lines
    self.lineCount = max(lineCount ?? lines.count, lines.count)
  }
}

extension SearchMatch {
  /// The match as one line of a terminal: `path:line: text` for a match by contents, with
  /// `(+n)` when more lines match, and the path alone for a match by name only; cleaned of
  /// control characters but not cut.
  public var terminalLine: String {
    let path = TerminalText.clean(self.path, tabs: .space)
    guard let first = lines.first else { return path }
    let more = lineCount > 1 ? " (+\(lineCount - 1))" : ""
    return "\(path):\(first.number): \(TerminalText.clean(first.text, tabs: .space))\(more)"
  }
}
