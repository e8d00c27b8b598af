import StatefulContent

// The one check of a tool's tables, for its tests: every language has every key, and each
// translation takes the arguments the English does.
extension ToolStrings {
  /// Something a tool's tables lack, found by ``tableProblems(languages:)``.
  public enum TableProblem: Hashable, Sendable, CustomStringConvertible {
    /// A language the tool should speak has no table.
    case missingLanguage(String)
    /// A table has no template for a key.
    case missingKey(language: String, key: Key)
    /// A table's template for a key is empty.
    case emptyTemplate(language: String, key: Key)
    /// A translation takes other arguments than the English template of its key.
    ///
    /// - Parameters:
    ///   - language: The translation's language.
    ///   - key: The key.
    ///   - arguments: The translation's argument names, sorted.
    ///   - english: The English template's argument names, sorted.
    case arguments(language: String, key: Key, arguments: [String], english: [String])

    /// The problem as a test failure says it, such as `de lacks usageHint`.
    public var description: String {
      switch self {
      case .missingLanguage(let language): "no table for \(language)"
      case .missingKey(let language, let key): "\(language) lacks \(key.rawValue)"
      case .emptyTemplate(let language, let key): "\(language) \(key.rawValue) is empty"
      case .arguments(let language, let key, let arguments, let english):
        "\(language) \(key.rawValue) takes \(arguments), the English \(english)"
      }
    }
  }

  /// What the tool's tables lack: a language without a table, a key without a template or
  /// with an empty one, a translation whose `{name}`s differ from the English template's.
  ///
  /// One assertion in a tool's tests keeps every language whole:
  ///
  /// ```swift
  /// XCTAssertEqual(ToolStrings<NotesText>.tableProblems(), [])
  /// ```
  ///
  /// - Parameter languages: The languages the tool speaks. Defaults to those of the library's
  ///   placeholder texts: `en`, `de` and `fr`.
  /// - Returns: The problems, by language and key; none when the tables are whole.
  public static func tableProblems(
    languages: [String] = PlaceholderStrings.builtIn.map(\.language)
  ) -> [TableProblem] {
    var problems: [TableProblem] = []
    for language in languages {
      guard let table = Key.tables[language] else {
        problems.append(.missingLanguage(language))
        continue
      }
      for key in Key.allCases {
        guard let template = table[key] else {
          problems.append(.missingKey(language: language, key: key))
          continue
        }
        if template.isEmpty { problems.append(.emptyTemplate(language: language, key: key)) }
        let arguments = argumentNames(in: template)
        let english = argumentNames(in: englishTable[key] ?? "")
        if language != "en" && arguments != english {
          problems.append(
            .arguments(language: language, key: key, arguments: arguments, english: english))
        }
      }
    }
    return problems
  }

  /// The `{name}`s of a template, sorted, each once.
  ///
  /// - Parameter template: A template.
  /// - Returns: Its argument names.
  static func argumentNames(in template: String) -> [String] {
    var names: Set<String> = []
    var rest = template[...]
    while let name = nextArgument(in: rest) {
      names.insert(String(rest[name]))
      rest = rest[rest.index(after: name.upperBound)...]
    }
    return names.sorted()
  }
}
