/// A command line a tool cannot read: what ``CommandLineArguments`` finds, and the rule of
/// `--explain`.
///
/// A tool reports it on standard error as `tool: <description>` with a hint to `--help`, and
/// exits with status 2.
public enum CommandLineError: Error, Hashable, Sendable, CustomStringConvertible {
  /// An argument starts with `-` but is no option of the tool.
  ///
  /// - Parameter argument: The argument as given, such as `--colour` or `--timeline=yes`.
  case unknownOption(String)
  /// An option that takes a value is the last argument.
  ///
  /// - Parameter option: The option, such as `--delay`.
  case missingValue(option: String)
  /// An operand the tool does not take, such as a second folder.
  ///
  /// - Parameter argument: The argument as given.
  case unexpectedOperand(String)
  /// An argument is not valid UTF-8, such as a file name in another encoding; the tool could
  /// not open it by that name.
  ///
  /// - Parameter argument: The argument, with its invalid bytes shown as U+FFFD.
  case notUTF8(String)
  /// `--explain` without `--timeline`, whose lines it explains (see ``TimelinePresenter``).
  case explainNeedsTimeline

  /// A sentence naming the argument, in English, such as `unknown option '--colour'`.
  public var description: String { description(language: "en") }

  /// A sentence naming the argument in a language, quoted the way the language quotes, with
  /// its control characters replaced (``TerminalText/clean(_:tabs:)``): an argument holding an
  /// escape sequence cannot clear the screen it is reported on.
  ///
  /// - Parameter language: `en`, `de` or `fr`; any other language gets English.
  /// - Returns: The sentence, such as `unbekannte Option „--colour“`.
  public func description(language: String) -> String {
    let quote: (String) -> String =
      switch language {
      case "de": { "„\(TerminalText.clean($0, tabs: .space))“" }
      case "fr": { "«\u{A0}\(TerminalText.clean($0, tabs: .space))\u{A0}»" }
      default: { "'\(TerminalText.clean($0, tabs: .space))'" }
      }
    switch (self, language) {
    case (.unknownOption(let argument), "de"): return "unbekannte Option \(quote(argument))"
    case (.unknownOption(let argument), "fr"): return "option inconnue \(quote(argument))"
    case (.unknownOption(let argument), _): return "unknown option \(quote(argument))"
    case (.missingValue(let option), "de"):
      return "die Option \(quote(option)) braucht einen Wert"
    case (.missingValue(let option), "fr"): return "l’option \(quote(option)) demande une valeur"
    case (.missingValue(let option), _): return "option \(quote(option)) needs a value"
    case (.unexpectedOperand(let argument), "de"):
      return "unerwartetes Argument \(quote(argument))"
    case (.unexpectedOperand(let argument), "fr"): return "argument inattendu \(quote(argument))"
    case (.unexpectedOperand(let argument), _): return "unexpected argument \(quote(argument))"
    case (.notUTF8(let argument), "de"):
      return "das Argument \(quote(argument)) ist kein gültiges UTF-8; benennen Sie die Datei "
        + "mit einem UTF-8-Namen um"
    case (.notUTF8(let argument), "fr"):
      return "l’argument \(quote(argument)) n’est pas de l’UTF-8 valide\u{A0}; renommez le "
        + "fichier avec un nom en UTF-8"
    case (.notUTF8(let argument), _):
      return "the argument \(quote(argument)) is not valid UTF-8; rename the file with a UTF-8 "
        + "name"
    case (.explainNeedsTimeline, "de"):
      return "--explain braucht --timeline, dessen Zeilen es erklärt"
    case (.explainNeedsTimeline, "fr"):
      return "--explain demande --timeline, dont il explique les lignes"
    case (.explainNeedsTimeline, _): return "--explain needs --timeline, whose lines it explains"
    }
  }
}
