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
  /// Time the first screen of a large text file against `head -n 40` of it (see
  /// ``FirstScreenMeasurement``).
  ///
  /// - Parameter path: The file to measure, or `nil` for a generated 200 MiB log.
  case measureFirstScreen(path: String?)

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

  /// Decodes the raw bytes of command-line arguments.
  ///
  /// `CommandLine.arguments` repairs invalid UTF-8, which would turn a file name in another
  /// encoding into a different name and report the file as missing; this reports it instead.
  ///
  /// - Parameter arguments: The arguments' bytes, without their terminating NULs.
  /// - Returns: The arguments as strings.
  /// - Throws: ``UsageError/notUTF8(_:)`` for the first argument that is not valid UTF-8.
  public static func decode(_ arguments: [[UInt8]]) throws(UsageError) -> [String] {
    try arguments.map { bytes throws(UsageError) in
      guard let argument = String(validating: bytes, as: UTF8.self) else {
        throw .notUTF8(String(decoding: bytes, as: UTF8.self))
      }
      return argument
    }
  }

  /// Parses the command-line arguments, without the program name.
  ///
  /// Arguments are read in order: `--help` or `-h` ends parsing with ``help``; after `--`
  /// every argument is a path. A lone `-` is a path. An option with a value takes it from the
  /// next argument or after `=` (`--delay=500`). `--measure-first-screen` takes at most one
  /// path and no other option; `--explain` goes with `--timeline` only.
  ///
  /// - Parameter arguments: The arguments after the program name.
  /// - Returns: The command to run.
  /// - Throws: ``UsageError/unknownOption(_:)`` for an argument that starts with `-` and is
  ///   not an option; ``UsageError/missingValue(option:)`` for an option without its value;
  ///   ``UsageError/invalidDelay(_:)`` for a delay that is not a whole number of milliseconds,
  ///   0 or more; ``UsageError/measurementTakesOneFile`` for `--measure-first-screen` with
  ///   more than one path or another option; ``UsageError/explainNeedsTimeline`` for
  ///   `--explain` without `--timeline`.
  public static func parse(_ arguments: [String]) throws(UsageError) -> ViewerCommand {
    var options = ViewerOptions()
    var measures = false
    var optionsEnded = false
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        options.paths.append(argument)
        continue
      }
      let (name, attached) = splitValue(argument)
      func value() throws(UsageError) -> String {
        if let attached { return attached }
        guard let next = remaining.popFirst() else { throw .missingValue(option: name) }
        return next
      }
      switch name {
      case "--": optionsEnded = true
      case "--timeline" where attached == nil: options.timeline = true
      case "--explain" where attached == nil: options.explains = true
      case "--speak" where attached == nil: options.speaks = true
      case "--announce" where attached == nil: options.announces = true
      case "--help" where attached == nil, "-h" where attached == nil: return .help
      case "--delay": options.delay = try parseDelay(value())
      case "--password-file": options.passwordFile = try value()
      case "--measure-first-screen" where attached == nil: measures = true
      default: throw .unknownOption(argument)
      }
    }
    if measures {
      guard options.paths.count <= 1, options == ViewerOptions(paths: options.paths) else {
        throw .measurementTakesOneFile
      }
      return .measureFirstScreen(path: options.paths.first)
    }
    guard options.timeline || !options.explains else { throw .explainNeedsTimeline }
    return .view(options)
  }

  /// Splits `--name=value` into the name and the value; other arguments have no value.
  private static func splitValue(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
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
  ///   - paths: The paths to open; empty for the sample tour. Defaults to none.
  public init(
    timeline: Bool = false, explains: Bool = false, delay: Duration? = nil,
    passwordFile: String? = nil, speaks: Bool = false, announces: Bool = false,
    paths: [String] = []
  ) {
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
  /// An argument starts with `-` but is no option of the viewer.
  ///
  /// - Parameter argument: The argument as given.
  case unknownOption(String)
  /// An option that needs a value is the last argument.
  ///
  /// - Parameter option: The option, such as `--delay`.
  case missingValue(option: String)
  /// The value of `--delay` is not a whole number of milliseconds from 0 to one day.
  ///
  /// - Parameter value: The value as given.
  case invalidDelay(String)
  /// An argument is not valid UTF-8, such as a file name in another encoding; the viewer
  /// could not open it by that name.
  ///
  /// - Parameter argument: The argument, with its invalid bytes shown as U+FFFD.
  case notUTF8(String)
  /// `--measure-first-screen` was given more than one path, or another option.
  case measurementTakesOneFile
  /// `--explain` was given without `--timeline`, whose lines it explains.
  case explainNeedsTimeline

  /// A sentence naming the argument, in English, such as `unknown option '--colour'`.
  public var description: String { description(in: .english) }

  /// A sentence naming the argument, in the language of `strings`.
  ///
  /// - Parameter strings: The viewer's texts in one language.
  /// - Returns: The sentence, such as `unbekannte Option „--colour“`.
  public func description(in strings: ViewerStrings) -> String {
    switch self {
    case .unknownOption(let argument): strings.text(.unknownOption, ["argument": argument])
    case .missingValue(let option): strings.text(.missingValue, ["option": option])
    case .invalidDelay(let value):
      strings.text(
        .invalidDelay,
        ["value": value, "maximum": "\(ViewerCommand.maximumDelayMilliseconds)"])
    case .notUTF8(let argument): strings.text(.notUTF8, ["argument": argument])
    case .measurementTakesOneFile: strings.text(.measurementTakesOneFile)
    case .explainNeedsTimeline: strings.text(.explainNeedsTimeline)
    }
  }
}
