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

  /// The usage message, ending with a line feed.
  public static let usage = """
    USAGE: document-viewer [--timeline] [--delay MS] [--password-file FILE] [PATH ...]
           document-viewer --measure-first-screen [FILE]

    Opens text files, folders and PDFs and shows their first screenful, or a
    placeholder saying why there is none: loading, empty, error (with a Retry
    action) or locked (a password-protected PDF, until the right password is
    given). The first screenful of a text file or a PDF's text shows as soon as it
    is read; the rest is read under it, with a progress bar for large files. With
    no PATH, tours generated sample documents that show every state.

    PDFs are read with pdftotext (package poppler-utils) and qpdf (package qpdf).

    OPTIONS:
      --timeline            Print one line per change of state, "<milliseconds>
                            <state> <document>", instead of rendering the
                            documents; the document is the PATH as given (a
                            sample's name in the tour). A locked PDF opened with a
                            password prints "loading", "locked", then "loading"
                            and "content" (or "locked" again for a wrong password).
      --delay MS            Wait MS milliseconds (a whole number, 0 or more) before
                            reading each document, to show the loading state; the
                            loading placeholder then appears after 150 ms and stays
                            at least 400 ms.
      --password-file FILE  Read passwords for locked PDFs from FILE, one per line,
                            each tried once in order. Without it, a terminal prompts
                            (without echo) and asks again after a wrong password; a
                            pipe on standard input is read like FILE. An empty line
                            or the end of input stops asking: the PDF stays locked.
                            FILE (a FIFO, <(...)) is opened only when a PDF first
                            needs a password. A line longer than 1024 bytes is no
                            password: it ends the list, and no more is read.
                            After 3 wrong passwords the PDF is an error; its Retry
                            opens it locked again.
      --measure-first-screen [FILE]
                            Time the first screen of FILE (by default a generated
                            200 MiB log, removed afterwards) against 'head -n 40'
                            of it, in one run: 11 rounds taking turns, then the
                            medians and their ratio. No other option goes with
                            it. Build with -c release for figures worth quoting.
      -h, --help            Show this message and exit.
      --                    Treat every following argument as a PATH.

    Ctrl-C while a document loads cancels the load and shows what was shown before;
    once its first screenful is shown, it stops the reading and keeps that screen.
    A second Ctrl-C, or one while nothing loads or output waits for its reader,
    quits with status 130.

    The exit status is 0 whatever the documents' states, 1 when the password file
    or the sample documents cannot be read or written, 2 for bad usage, 130 after
    Ctrl-C, 143 after SIGTERM, 129 after SIGHUP, and 141 when nobody reads the
    output any more (the viewer stops at its next write).

    """

  /// The line printed under a usage error instead of the whole ``usage``, without a line
  /// feed.
  public static let usageHint = "Run 'document-viewer --help' for usage."

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
  /// path and no other option.
  ///
  /// - Parameter arguments: The arguments after the program name.
  /// - Returns: The command to run.
  /// - Throws: ``UsageError/unknownOption(_:)`` for an argument that starts with `-` and is
  ///   not an option; ``UsageError/missingValue(option:)`` for an option without its value;
  ///   ``UsageError/invalidDelay(_:)`` for a delay that is not a whole number of milliseconds,
  ///   0 or more; ``UsageError/measurementTakesOneFile`` for `--measure-first-screen` with
  ///   more than one path or another option.
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
      case "--help" where attached == nil, "-h" where attached == nil: return .help
      case "--delay": options.delay = try parseDelay(value())
      case "--password-file": options.passwordFile = try value()
      case "--measure-first-screen" where attached == nil: measures = true
      default: throw .unknownOption(argument)
      }
    }
    guard measures else { return .view(options) }
    guard options.paths.count <= 1, options == ViewerOptions(paths: options.paths) else {
      throw .measurementTakesOneFile
    }
    return .measureFirstScreen(path: options.paths.first)
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
  /// How long to wait before reading each document, or `nil` for no simulated delay.
  public var delay: Duration?
  /// The file to read passwords for locked PDFs from, or `nil`.
  public var passwordFile: String?
  /// The paths to open, in order; empty for the sample tour.
  public var paths: [String]

  /// Creates options.
  ///
  /// - Parameters:
  ///   - timeline: Whether to print a timeline instead of rendering. Defaults to `false`.
  ///   - delay: How long to wait before reading each document. Defaults to `nil`.
  ///   - passwordFile: The file of passwords. Defaults to `nil`.
  ///   - paths: The paths to open; empty for the sample tour. Defaults to none.
  public init(
    timeline: Bool = false, delay: Duration? = nil, passwordFile: String? = nil,
    paths: [String] = []
  ) {
    self.timeline = timeline
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

  /// A sentence naming the argument, such as `unknown option '--colour'`.
  public var description: String {
    switch self {
    case .unknownOption(let argument): "unknown option '\(argument)'"
    case .missingValue(let option): "option '\(option)' needs a value"
    case .invalidDelay(let value):
      "invalid delay '\(value)': expected a whole number of milliseconds, "
        + "from 0 to \(ViewerCommand.maximumDelayMilliseconds)"
    case .notUTF8(let argument):
      "the argument '\(argument)' is not valid UTF-8; rename the file with a UTF-8 name"
    case .measurementTakesOneFile:
      "--measure-first-screen takes at most one FILE and no other option"
    }
  }
}
