import StatefulContentTerminal

/// The reader's own texts — help, usage errors, error placeholders, the screen's lines — in
/// English, German or French: the product's `ToolStrings` over the reader's ``FeedText``
/// tables.
///
/// The language is the one the library picks for its own placeholders
/// (`PlaceholderStrings.language(environment:)`); any other language is English. `--timeline`
/// stays English: its words are for scripts.
///
/// ```swift
/// FeedStrings(language: "de").texts(for: .httpStatus(500)).title
/// // "Der Server antwortete mit 500"
/// ```
public typealias FeedStrings = ToolStrings<FeedText>

// MARK: Command line

extension FeedStrings {
  /// The help of `--help`, ending with a line feed.
  public var usage: String { text(.usage) }

  /// The line under a usage error, without a line feed.
  public var usageHint: String { text(.usageHint) }

  /// A usage error, without the tool's name.
  ///
  /// - Parameter error: What is wrong with the command line.
  /// - Returns: The sentence, such as `no feed URL given`.
  public func text(for error: FeedCommand.UsageError) -> String {
    switch error {
    case .commandLine(let error): error.description(language: language)
    case .missingURL: text(.missingURL)
    case .invalidURL(let value): text(.invalidURL, ["value": value])
    case .invalidStaleAfter(let value): text(.invalidStaleAfter, ["value": value])
    }
  }

  /// The note when the terminal does not switch to raw mode, without a line feed.
  public var rawModeFailed: String { text(.rawModeFailed) }
}
