import StatefulContent

/// The viewer's own texts — help, messages, prompts, placeholder texts, error descriptions — in
/// one language.
///
/// Each language is a table from ``Key`` to a template, in `ViewerStrings+English.swift`,
/// `+German.swift` and `+French.swift`; a template names its arguments in braces, such as
/// `Cannot open '{path}': …`, and ``text(_:_:)`` fills them in. Every table has every key
/// (a test checks it, and that each translation takes the same arguments as the English), and
/// each quotes the way its language does: 'notes.txt' in English (a path in single quotes
/// pastes into a shell), „notes.txt“ in German, « notes.txt » in French.
///
/// The library's own placeholder texts (the locked placeholder's title, the Retry action) are
/// the library's `PlaceholderStrings`; `--timeline` output, the measurement report and the
/// reasons given by the system or by a PDF tool stay as they are.
///
/// ```swift
/// let strings = ViewerStrings(.german)
/// strings.text(.emptyFileMessage, ["name": "notes.txt"])   // "„notes.txt“ enthält keinen Text."
/// ```
public struct ViewerStrings: Hashable, Sendable {
  /// The language of the texts.
  public let language: ViewerLanguage
  /// The templates, by key.
  let table: [Key: String]

  /// The texts of a language.
  ///
  /// - Parameter language: The language.
  public init(_ language: ViewerLanguage) {
    self.language = language
    table = Self.table(for: language)
  }

  /// The texts in English.
  public static let english = ViewerStrings(.english)

  /// The texts in the language of this process's environment (``ViewerLanguage/current``).
  public static let current = ViewerStrings(ViewerLanguage.current)

  /// The library's built-in texts (Retry, Unlock, "Retrying (attempt 2)…") in the same
  /// language, for the machines of a viewer that speaks it.
  public var placeholderStrings: PlaceholderStrings {
    PlaceholderStrings.builtIn(language: language.rawValue) ?? .english
  }

  /// The table of a language.
  ///
  /// - Parameter language: The language.
  /// - Returns: Its templates, by key.
  static func table(for language: ViewerLanguage) -> [Key: String] {
    switch language {
    case .english: englishTable
    case .german: germanTable
    case .french: frenchTable
    }
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
  /// argument that contains braces (a file name) is kept as it is. A name without an argument
  /// stays as written, which a test would notice.
  ///
  /// - Parameters:
  ///   - key: Which text.
  ///   - arguments: The arguments, by name. Defaults to none.
  /// - Returns: The text; the English one when the table lacks the key.
  public func text(_ key: Key, _ arguments: [String: String] = [:]) -> String {
    let template = table[key] ?? Self.englishTable[key] ?? key.rawValue
    guard template.contains("{") else { return template }
    var result = ""
    var rest = template[...]
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      guard let close = rest[open...].firstIndex(of: "}") else { break }
      let name = String(rest[rest.index(after: open)..<close])
      if let value = arguments[name] {
        result += value
      } else {
        result += rest[open...close]
      }
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }

  /// A count with its noun in the language's singular or plural, such as `1 line`,
  /// `2 Zeilen`, `0 ligne`.
  ///
  /// - Parameters:
  ///   - count: The count.
  ///   - one: The key of the singular template, with a `{count}` argument.
  ///   - other: The key of the plural template, with a `{count}` argument.
  /// - Returns: The count and its noun.
  public func counted(_ count: Int, _ one: Key, _ other: Key) -> String {
    text(language.isSingular(count) ? one : other, ["count": "\(count)"])
  }

  /// Names joined for a sentence: `a`, `a and b`, `a, b and c` (`und`, `et`).
  ///
  /// - Parameter names: The names.
  /// - Returns: The names joined.
  public func listed(_ names: [String]) -> String {
    guard let last = names.last else { return "" }
    let rest = names.dropLast()
    return rest.isEmpty ? last : rest.joined(separator: ", ") + text(.listAnd) + last
  }

  /// A number with one decimal in the language's notation: `5.0` in English, `5,0` in German
  /// and French.
  ///
  /// - Parameter tenths: The number, in tenths.
  /// - Returns: The number with one decimal.
  public func decimal(tenths: Int) -> String {
    "\(tenths / 10)\(text(.decimalSeparator))\(tenths % 10)"
  }
}
