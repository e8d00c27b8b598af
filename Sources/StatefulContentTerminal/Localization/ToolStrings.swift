import StatefulContent

#if canImport(Darwin)
  import Foundation
#elseif canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A tool's own texts — help, notes, placeholder texts, error descriptions — in one language.
///
/// The texts are the tool's ``ToolStringKey`` enum and its tables, a template per key and
/// language. The language is the one the library chooses for its own placeholders
/// (`PlaceholderStrings.language(environment:)`: on Linux `LC_ALL`, `LC_MESSAGES`, `LANG`,
/// with GNU `LANGUAGE` first; English for `C`, `POSIX` and a language without texts), so that
/// the tool and its machine's placeholders always agree; ``placeholderStrings`` are those.
///
/// ```swift
/// let strings = ToolStrings<NotesText>(language: "de")
/// strings.text(.noNotes, ["folder": "notes"])      // "Keine Notizen in „notes“"
/// strings.counted(1, .noteCount, .noteCounts)      // "1 Notiz"
/// ```
///
/// A key a table lacks falls back to English; a test keeps the tables whole with
/// ``tableProblems(languages:)``.
public struct ToolStrings<Key: ToolStringKey>: Hashable, Sendable {
  /// The language of the texts, a code of ``languages``, such as `de`.
  public let language: String
  /// The templates of the language, by key.
  private let table: [Key: String]

  /// The texts of a language; English for a language without a table.
  ///
  /// - Parameter language: A language code or locale name, such as `de` or `fr_CA.UTF-8`.
  public init(language: String) {
    let code =
      Key.tables[language] != nil
      ? language : PlaceholderStrings.builtIn(language: language)?.language ?? "en"
    let table = Key.tables[code]
    self.language = table == nil ? "en" : code
    self.table = table ?? Self.englishTable
  }

  /// The texts of the language an environment asks for (``language(environment:)``).
  ///
  /// - Parameter environment: The environment's variables.
  public init(environment: [String: String]) {
    self.init(language: Self.language(environment: environment))
  }

  /// The texts in English.
  public static var english: Self { Self(language: "en") }

  /// The texts in the language of this process's environment, read once per process.
  public static var current: Self { Self(language: ProcessLanguage.code) }

  /// The language codes with a table: English first, then the others in order.
  public static var languages: [String] {
    ["en"] + Key.tables.keys.filter { $0 != "en" }.sorted()
  }

  /// The language code an environment asks for, as the library chooses it: `de`, `fr`, or
  /// `en` for `C`, `POSIX`, no variable and a language the library has no texts for.
  ///
  /// ```swift
  /// ToolStrings<NotesText>.language(environment: ["LC_ALL": "C", "LANG": "de_DE"])  // "en"
  /// ```
  ///
  /// - Parameter environment: The environment's variables.
  /// - Returns: The language code.
  public static func language(environment: [String: String]) -> String {
    PlaceholderStrings.language(environment: environment)
  }

  /// The library's built-in texts (Retry, Unlock, Loading…) in the same language, for the
  /// tool's machines (`ContentStateMachine.strings`), in the tool's words where its key type
  /// says so (``ToolStringKey/placeholderStrings(_:in:)``).
  public var placeholderStrings: PlaceholderStrings {
    Key.placeholderStrings(PlaceholderStrings.builtIn(language: language) ?? .english, in: self)
  }

  /// The template of a key as this language's table has it, its arguments in braces.
  ///
  /// - Parameter key: Which text.
  /// - Returns: The template, or `nil` when the table lacks the key (``text(_:_:)`` then
  ///   falls back to English).
  public func template(for key: Key) -> String? { table[key] }

  /// A text with its arguments filled in.
  ///
  /// Each `{name}` of the template is replaced by `arguments[name]`, in one pass, so that an
  /// argument that holds braces (a file name such as `{draft}.txt`) stays as it is. A name
  /// without an argument stays as written, which a test notices, and so does a brace that
  /// pairs with none (`{ opens {path}` fills in `path`).
  ///
  /// - Parameters:
  ///   - key: Which text.
  ///   - arguments: The arguments, by name. Defaults to none.
  /// - Returns: The text; the English one when the table lacks the key, the key's name when
  ///   English lacks it too.
  public func text(_ key: Key, _ arguments: [String: String] = [:]) -> String {
    Self.filling(table[key] ?? Self.englishTable[key] ?? key.rawValue, with: arguments)
  }

  /// A count with its noun in the language's singular or plural (the library's
  /// `PluralRule`): `1 line`, `0 lines`, `0 ligne`.
  ///
  /// - Parameters:
  ///   - count: The count.
  ///   - one: The key of the singular template, with a `{count}` argument.
  ///   - other: The key of the plural template, with a `{count}` argument.
  /// - Returns: The count and its noun.
  public func counted(_ count: Int, _ one: Key, _ other: Key) -> String {
    let singular = PluralRule(language: language).category(for: count) == .one
    return text(singular ? one : other, ["count": "\(count)"])
  }

  /// The singular and plural templates of two keys as the library's `CountedText`, for a
  /// text of `PlaceholderStrings` in the tool's own words (such as its `resultsText`).
  ///
  /// - Parameters:
  ///   - one: The key of the singular template, with a `{count}` argument.
  ///   - other: The key of the plural template, with a `{count}` argument.
  /// - Returns: The counted text.
  public func countedText(_ one: Key, _ other: Key) -> CountedText {
    CountedText(one: text(one, ["count": "{count}"]), other: text(other, ["count": "{count}"]))
  }

  /// Names joined for a sentence: `a`, `a and b`, `a, b and c` (`und`, `et`).
  ///
  /// - Parameter names: The names.
  /// - Returns: The names joined.
  public func listed(_ names: [String]) -> String {
    guard let last = names.last else { return "" }
    let rest = names.dropLast()
    return rest.isEmpty ? last : rest.joined(separator: ", ") + words.text(.listAnd) + last
  }

  /// A number with one decimal in the language's notation: `5.0` in English, `5,0` in German
  /// and French.
  ///
  /// - Parameter tenths: The number, in tenths.
  /// - Returns: The number with one decimal.
  public func decimal(tenths: Int) -> String {
    // The magnitude, so that -5 is "-0.5" (not "0.-5"), and Int.min has one.
    let magnitude = tenths.magnitude
    return (tenths < 0 ? "-" : "")
      + "\(magnitude / 10)\(words.text(.decimalSeparator))\(magnitude % 10)"
  }

  /// The product's own words in this language: the word of a list, the decimal separator.
  private var words: ToolStrings<TerminalNote> { ToolStrings<TerminalNote>(language: language) }

  /// The English templates, which every other table falls back to.
  static var englishTable: [Key: String] { Key.tables["en"] ?? [:] }

  /// A template with its `{name}`s replaced by their arguments, in one pass.
  ///
  /// - Parameters:
  ///   - template: The template.
  ///   - arguments: The arguments, by name.
  /// - Returns: The text; a name without an argument stays as written.
  static func filling(_ template: String, with arguments: [String: String]) -> String {
    guard template.contains("{") else { return template }
    var result = ""
    var rest = template[...]
    while let name = nextArgument(in: rest) {
      result += rest[..<rest.index(before: name.lowerBound)]
      result += arguments[String(rest[name])] ?? "{\(rest[name])}"
      rest = rest[rest.index(after: name.upperBound)...]
    }
    return result + rest
  }

  /// Where the name of the first `{name}` of a text is, between its braces: a `{` or `}` that
  /// pairs with none (`{ opens {path}`) stays text and hides no argument.
  ///
  /// - Parameter text: Part of a template.
  /// - Returns: The range of the name, without its braces, or `nil` when there is none.
  static func nextArgument(in text: Substring) -> Range<Substring.Index>? {
    var rest = text
    while let close = rest.firstIndex(of: "}") {
      if let open = rest[..<close].lastIndex(of: "{") { return rest.index(after: open)..<close }
      rest = rest[rest.index(after: close)...]
    }
    return nil
  }

  /// Whether two values hold the same texts: the tables are the key type's, so the language
  /// alone tells them apart.
  ///
  /// - Parameters:
  ///   - lhs: A value.
  ///   - rhs: Another value.
  /// - Returns: `true` for the same language.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.language == rhs.language }

  /// Hashes the language, which alone tells the texts apart.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) { hasher.combine(language) }
}

/// The language of this process's environment, read once: a generic type has no stored
/// static property of its own.
private enum ProcessLanguage {
  static let code = PlaceholderStrings.language(environment: ProcessInfo.processInfo.environment)
}
