import StatefulContent

/// The texts of a tool, one case per template, with the tables that hold them in each
/// language: what ``ToolStrings`` reads.
///
/// A tool declares one enum of its texts, and one table a language, in Swift beside it. A
/// template names its arguments in braces, such as `Cannot open '{path}'`, and quotes the
/// way its language does ('x', „x“, « x »):
///
/// ```swift
/// enum NotesText: String, ToolStringKey {
///   case noNotes, noteCount, noteCounts
///
///   static let tables = ["en": english, "de": german, "fr": french]
///
///   static let english: [NotesText: String] = [
///     .noNotes: "No notes in '{folder}'",
///     .noteCount: "{count} note",
///     .noteCounts: "{count} notes",
///   ]
///   static let german: [NotesText: String] = [
///     .noNotes: "Keine Notizen in „{folder}“",
///     .noteCount: "{count} Notiz",
///     .noteCounts: "{count} Notizen",
///   ]
///   static let french: [NotesText: String] = [ … ]
/// }
/// ```
///
/// ## Implementation requirements
///
/// ``tables`` has an English table (`en`), which every other falls back to; a table per
/// language the library has placeholder texts for (`de`, `fr`) makes the tool speak as its
/// placeholders do. ``ToolStrings/tableProblems(languages:)`` lists what a table lacks, for a
/// test to assert it is nothing.
public protocol ToolStringKey: RawRepresentable, CaseIterable, Hashable, Sendable
where RawValue == String {
  /// The templates of each language, by language code (`en`, `de`, `fr`).
  static var tables: [String: [Self: String]] { get }

  /// The library's placeholder texts of a language in the tool's own words, such as its own
  /// noun for a count of results: what ``ToolStrings/placeholderStrings`` returns.
  ///
  /// The default returns `builtIn` unchanged.
  ///
  /// - Parameters:
  ///   - builtIn: The library's texts in the language of `strings`.
  ///   - strings: The tool's texts.
  /// - Returns: The texts for the tool's machines.
  static func placeholderStrings(_ builtIn: PlaceholderStrings, in strings: ToolStrings<Self>)
    -> PlaceholderStrings
}

extension ToolStringKey {
  /// The library's texts unchanged.
  ///
  /// - Parameters:
  ///   - builtIn: The library's texts in the language of `strings`.
  ///   - strings: The tool's texts.
  /// - Returns: `builtIn`.
  public static func placeholderStrings(
    _ builtIn: PlaceholderStrings, in strings: ToolStrings<Self>
  ) -> PlaceholderStrings {
    builtIn
  }
}
