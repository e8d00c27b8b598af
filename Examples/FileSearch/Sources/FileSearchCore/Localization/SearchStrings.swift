import Foundation
import StatefulContent

/// The search's own texts — help, messages, placeholder texts, the screen's lines, error
/// descriptions — in English, German or French.
///
/// The example uses only the library's public API, so it keeps a small table of its own per
/// language (`SearchStrings+Tables.swift`), in the language the library chooses for its own
/// placeholders (`PlaceholderStrings.language(environment:)`: on Linux `LC_ALL`,
/// `LC_MESSAGES`, `LANG`, with GNU `LANGUAGE` first); `C`, `POSIX` and other languages are
/// English. A template names its arguments in
/// braces (`No matches for '{query}'`); each language quotes its own way ('swi', „swi“,
/// « swi »). `--timeline` stays English: its state words are for scripts.
///
/// ```swift
/// SearchStrings(language: "de").text(.noMatches, ["query": "swi"])   // "Keine Treffer für „swi“"
/// ```
public struct SearchStrings: Hashable, Sendable {
  /// The language code: `en`, `de` or `fr`.
  public let language: String
  let table: [Key: String]

  /// The texts of a language; English for a language without a table.
  ///
  /// - Parameter language: A language code, such as `de`.
  public init(language: String) {
    let table = Self.tables[language]
    self.language = table == nil ? "en" : language
    self.table = table ?? Self.englishTable
  }

  /// The languages with a table.
  public static let languages = ["en", "de", "fr"]

  /// The texts in English.
  public static let english = SearchStrings(language: "en")

  /// The library's built-in texts (Retry, "No results for „swi“.") in the same language,
  /// for the search's machine, with the search's own word for its count: a finished search
  /// is announced as "3 matches", as its screen says, not "3 results".
  public var placeholderStrings: PlaceholderStrings {
    var strings = PlaceholderStrings.builtIn(language: language) ?? .english
    strings.resultsText = CountedText(
      one: table[.matchOne] ?? Self.englishTable[.matchOne],
      other: table[.matchOther] ?? Self.englishTable[.matchOther] ?? "{count}")
    return strings
  }

  /// The texts in the language of this process's environment.
  public static let current = SearchStrings(
    language: languageCode(environment: ProcessInfo.processInfo.environment))

  /// The language code the environment asks for, as the library chooses it: `de`, `fr`, or
  /// `en` for `C`, `POSIX`, no variable and a language the library has no texts for.
  ///
  /// - Parameter environment: The environment's variables.
  /// - Returns: The language code.
  public static func languageCode(environment: [String: String]) -> String {
    PlaceholderStrings.language(environment: environment)
  }

  /// The template of a key as this language's table has it, or `nil` when it lacks it.
  ///
  /// - Parameter key: Which text.
  /// - Returns: The template, its arguments in braces.
  public func template(for key: Key) -> String? { table[key] }

  /// A text with its arguments filled in, in one pass (braces in an argument stay).
  ///
  /// - Parameters:
  ///   - key: Which text.
  ///   - arguments: The arguments, by name. Defaults to none.
  /// - Returns: The text; the English one when the table lacks the key.
  public func text(_ key: Key, _ arguments: [String: String] = [:]) -> String {
    let template = table[key] ?? Self.englishTable[key] ?? key.rawValue
    var result = ""
    var rest = template[...]
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      result += rest[..<open]
      let name = String(rest[rest.index(after: open)..<close])
      result += arguments[name] ?? String(rest[open...close])
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }

  /// A count with its noun: the singular for 1 (and 0 in French), such as `1 match`.
  ///
  /// - Parameters:
  ///   - count: The count.
  ///   - one: The singular template, with `{count}`.
  ///   - other: The plural template, with `{count}`.
  /// - Returns: The count and its noun.
  public func counted(_ count: Int, _ one: Key, _ other: Key) -> String {
    let singular = language == "fr" ? count <= 1 && count >= 0 : count == 1
    return text(singular ? one : other, ["count": "\(count)"])
  }

  /// The texts, one case per template.
  public enum Key: String, CaseIterable, Hashable, Sendable {
    /// The help of `--help`.
    case usage
    /// "Run 'file-search --help' for usage."
    case usageHint
    /// "invalid page size '{value}': …" with `{maximum}`.
    case invalidPageSize
    /// "no folder to search"
    case missingFolder
    /// "unexpected argument '{argument}': give one folder"
    case unexpectedArgument
    /// "--timeline needs --queries or queries on standard input, not a terminal"
    case timelineNeedsQueries
    /// "file-search: cancelled; press Ctrl-C again to quit."
    case interruptNote
    /// "file-search: cannot switch the terminal to raw mode"
    case rawModeFailed
    /// "Searching for '{query}'…"
    case searching
    /// "No matches for '{query}'"
    case noMatches
    /// "Cannot search '{folder}'"
    case cannotSearch
    /// "Searched {files}" — the summary's start.
    case searched
    /// "{count} file"
    case fileOne
    /// "{count} files"
    case fileOther
    /// " ({count} by name only)"
    case byNameOnly
    /// "; {folders} could not be read"
    case unreadableFolders
    /// "{count} folder"
    case folderOne
    /// "{count} folders"
    case folderOther
    /// "; {entries} could not be read"
    case unreadableEntries
    /// "{count} entry"
    case entryOne
    /// "{count} entries"
    case entryOther
    /// "no folder at '{path}'"
    case folderNotFound
    /// "'{path}' is not a folder"
    case notAFolder
    /// "cannot read '{path}': {reason}"
    case folderUnreadable
    /// The screen's line of keys.
    case keysLine
    /// The screen's prompt: "Search {folder}: ".
    case prompt
    /// "Type to search the names and contents of the files."
    case typeToSearch
    /// "search for '{query}' cancelled: Ctrl-R searches again"
    case searchCancelledStatus
    /// "{count} match"
    case matchOne
    /// "{count} matches"
    case matchOther
    /// " for '{previous}' · searching '{query}'…"
    case statusPrevious
    /// " · searching…"
    case statusSearching
    /// " for '{query}' · "
    case statusFor
    /// " · could not search again ({error}): Ctrl-R retries"
    case statusSearchFailed
    /// " · scroll down for more"
    case statusMore
    /// "Loading more matches…"
    case loadingMore
    /// "Could not load more matches ({error}) [Retry: Ctrl-R]"
    case moreFailedFooter
    /// "Could not load more matches: {error}"
    case moreFailedLine
    /// "Searching for '{query}'… (the matches above are for '{previous}')"
    case searchingWithPrevious
    /// "Search for '{query}' cancelled."
    case searchCancelledLine
    /// "file-search: line {line} of standard input is longer than {limit} bytes; …"
    case queryLineSkipped
    /// "file-search: standard input has no line feed in over 16 MiB, …"
    case standardInputNotLines
  }
}
