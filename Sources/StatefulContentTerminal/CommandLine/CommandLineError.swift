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
    let strings = ToolStrings<TerminalNote>(language: language)
    let clean = { TerminalText.clean($0, tabs: .space) }
    return switch self {
    case .unknownOption(let argument): strings.text(.unknownOption, ["argument": clean(argument)])
    case .missingValue(let option): strings.text(.missingValue, ["option": clean(option)])
    case .unexpectedOperand(let argument):
      strings.text(.unexpectedOperand, ["argument": clean(argument)])
    case .notUTF8(let argument): strings.text(.notUTF8, ["argument": clean(argument)])
    case .explainNeedsTimeline: strings.text(.explainNeedsTimeline)
    }
  }
}
