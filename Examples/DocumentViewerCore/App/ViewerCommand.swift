import StatefulContentTerminal

/// What the command line asks `document-viewer` to do.
///
/// ```swift
/// try ViewerCommand.parse(["--timeline", "--delay", "500", "notes.txt"])
/// // .view(ViewerOptions(timeline: true, delay: .milliseconds(500), paths: ["notes.txt"]))
/// ```
public enum ViewerCommand: Hashable, Sendable {
  /// Print the usage and exit successfully.
  case help
  /// Open the documents.
  ///
  /// - Parameter options: What to open and how to show it.
  case view(ViewerOptions)
  /// Remove the password remembered for a PDF from the user's kernel keyring (`--forget`),
  /// found by the PDF's ``DocumentFingerprint``, not its path.
  ///
  /// - Parameter path: The PDF whose password to forget.
  case forget(path: String)

  /// The usage message in English, ending with a line feed (see ``usage(in:)``).
  public static var usage: String { usage(in: .english) }

  /// The usage message in the language of `strings`, ending with a line feed.
  ///
  /// - Parameter strings: The viewer's texts in one language.
  /// - Returns: The usage message.
  public static func usage(in strings: ViewerStrings) -> String { strings.text(.usage) }

  /// The line printed under a usage error instead of the whole ``usage``, in English, without
  /// a line feed.
  public static var usageHint: String { ViewerStrings.english.text(.usageHint) }

  /// Parses the command-line arguments, without the program name.
  ///
  /// Arguments are read as ``CommandLineArguments`` reads them (`--`, a lone `-`,
  /// `--delay=500`); `--help` or `-h` ends parsing with ``help``. `--forget FILE` takes no
  /// other option or path; `--explain` goes with `--timeline` only; `--remember-for SECONDS`
  /// implies `--remember`.
  ///
  /// - Parameter arguments: The arguments after the program name.
  /// - Returns: The command to run.
  /// - Throws: ``UsageError/commandLine(_:)`` for an unknown option, an option without its
  ///   value or `--explain` without `--timeline`; ``UsageError/invalidDelay(_:)`` for a delay
  ///   that is not a whole number of milliseconds, 0 or more;
  ///   ``UsageError/forgetTakesOneFile`` for `--forget` with a path or another option, or
  ///   given twice; ``UsageError/invalidRememberTime(_:)`` for a `--remember-for` that is not
  ///   a whole number of seconds from 1 to a year.
  public static func parse(_ arguments: [String]) throws(UsageError) -> ViewerCommand {
    var options = ViewerOptions()
    var forgotten: [String] = []
    var arguments = CommandLineArguments(
      arguments,
      optionsWithValues: ["--delay", "--password-file", "--forget", "--remember-for"])
    while let argument = try arguments.next(orThrow: UsageError.commandLine) {
      switch argument {
      case .operand(let path): options.paths.append(path)
      case .flag("--timeline"): options.timeline = true
      case .flag("--explain"): options.explains = true
      case .flag("--speak"): options.speaks = true
      case .flag("--announce"): options.announces = true
      case .flag("--help"), .flag("-h"): return .help
      case .option("--delay", let value): options.delay = try parseDelay(value)
      case .option("--password-file", let value): options.passwordFile = value
      case .option("--forget", let value): forgotten.append(value)
      case .flag("--remember"): options.remembers = true
      case .option("--remember-for", let value):
        options.remembers = true
        options.rememberTimeout = try parseRememberTime(value)
      default: throw .commandLine(arguments.unknown(argument))
      }
    }
    if let path = forgotten.first {
      guard forgotten.count == 1, options == ViewerOptions() else {
        throw .forgetTakesOneFile
      }
      return .forget(path: path)
    }
    guard options.timeline || !options.explains else { throw .commandLine(.explainNeedsTimeline) }
    return .view(options)
  }

  /// Parses milliseconds: ASCII digits only, at most a day.
  private static func parseDelay(_ text: String) throws(UsageError) -> Duration {
    guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
      let milliseconds = Int(text), milliseconds <= maximumDelayMilliseconds
    else { throw .invalidDelay(text) }
    return .milliseconds(milliseconds)
  }

  /// The longest delay accepted: one day, in milliseconds.
  public static let maximumDelayMilliseconds = 86_400_000

  /// Parses the seconds of `--remember-for`: ASCII digits only, from 1 to a year.
  private static func parseRememberTime(_ text: String) throws(UsageError) -> Duration {
    guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
      let seconds = Int(text), (1...maximumRememberSeconds).contains(seconds)
    else { throw .invalidRememberTime(text) }
    return .seconds(seconds)
  }

  /// The longest time `--remember-for` accepts: a year, in seconds.
  public static let maximumRememberSeconds = 31_536_000
}

/// What to open and how to show it.
public struct ViewerOptions: Hashable, Sendable {
  /// Whether to print a timeline of state changes instead of rendering.
  public var timeline: Bool
  /// Whether each timeline line ends with the reason for its state (`--explain`); only with
  /// ``timeline``.
  public var explains: Bool
  /// How long to wait before reading each document, or `nil` for no simulated delay.
  public var delay: Duration?
  /// The file to read passwords for locked PDFs from, or `nil`.
  public var passwordFile: String?
  /// Whether each change of state is spoken through `espeak-ng` (`--speak`).
  public var speaks: Bool
  /// Whether what would be spoken is written to standard error (`--announce`).
  public var announces: Bool
  /// Whether the password that unlocks a PDF is remembered in the user's kernel keyring
  /// (`--remember`); passwords remembered before are tried either way.
  public var remembers: Bool
  /// How long a remembered password lives (`--remember-for`), or `nil` for as long as the
  /// user's keyring.
  public var rememberTimeout: Duration?
  /// The paths to open, in order; empty for the sample tour.
  public var paths: [String]

  /// Creates options.
  ///
  /// - Parameters:
  ///   - timeline: Whether to print a timeline instead of rendering. Defaults to `false`.
  ///   - explains: Whether timeline lines end with their reasons (`--explain`). Defaults to
  ///     `false`.
  ///   - delay: How long to wait before reading each document. Defaults to `nil`.
  ///   - passwordFile: The file of passwords. Defaults to `nil`.
  ///   - speaks: Whether changes are spoken (`--speak`). Defaults to `false`.
  ///   - announces: Whether announcements are written to standard error (`--announce`).
  ///     Defaults to `false`.
  ///   - remembers: Whether a password that unlocks a PDF is remembered (`--remember`).
  ///     Defaults to `false`.
  ///   - rememberTimeout: How long a remembered password lives (`--remember-for`), or `nil`.
  ///     Defaults to `nil`.
  ///   - paths: The paths to open; empty for the sample tour. Defaults to none.
  public init(
    timeline: Bool = false, explains: Bool = false, delay: Duration? = nil,
    passwordFile: String? = nil, speaks: Bool = false, announces: Bool = false,
    remembers: Bool = false, rememberTimeout: Duration? = nil, paths: [String] = []
  ) {
    self.remembers = remembers
    self.rememberTimeout = rememberTimeout
    self.speaks = speaks
    self.announces = announces
    self.timeline = timeline
    self.explains = explains
    self.delay = delay
    self.passwordFile = passwordFile
    self.paths = paths
  }
}

/// A command line that `document-viewer` does not understand.
public enum UsageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What every tool's command line can get wrong: an unknown option, an option without its
  /// value, an argument that is not UTF-8, `--explain` without `--timeline`.
  ///
  /// - Parameter error: What is wrong.
  case commandLine(CommandLineError)
  /// The value of `--delay` is not a whole number of milliseconds from 0 to one day.
  ///
  /// - Parameter value: The value as given.
  case invalidDelay(String)
  /// `--forget` was given with a path, another option, or twice.
  case forgetTakesOneFile
  /// The value of `--remember-for` is not a whole number of seconds from 1 to a year.
  ///
  /// - Parameter value: The value as given.
  case invalidRememberTime(String)

  /// A sentence naming the argument, in English, such as `unknown option '--colour'`.
  public var description: String { description(in: .english) }

  /// A sentence naming the argument, in the language of `strings`.
  ///
  /// - Parameter strings: The viewer's texts in one language.
  /// - Returns: The sentence, such as `unbekannte Option „--colour“`.
  public func description(in strings: ViewerStrings) -> String {
    switch self {
    case .commandLine(let error): error.description(language: strings.language.rawValue)
    case .invalidDelay(let value):
      strings.text(
        .invalidDelay,
        ["value": value, "maximum": "\(ViewerCommand.maximumDelayMilliseconds)"])
    case .forgetTakesOneFile: strings.text(.forgetTakesOneFile)
    case .invalidRememberTime(let value):
      strings.text(
        .invalidRememberTime,
        ["value": value, "maximum": "\(ViewerCommand.maximumRememberSeconds)"])
    }
  }
}
