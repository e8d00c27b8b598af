import StatefulContentTerminal

/// What the command line asks `file-search` to do.
///
/// ```swift
/// try SearchCommand.parse(["--timeline", "--queries", "s,sw,swi", "Sources"])
/// // .search(Options(folder: "Sources", queries: ["s", "sw", "swi"], timeline: true))
/// ```
public enum SearchCommand: Hashable, Sendable {
  /// Print the usage and exit successfully.
  case help
  /// Search a folder.
  ///
  /// - Parameter options: What to search and how.
  case search(Options)

  /// What to search and how.
  public struct Options: Hashable, Sendable {
    /// The folder whose files are searched.
    public var folder: String
    /// The queries to type, in order, or `nil` to read them from standard input (one per
    /// line) or, on a terminal, from the keyboard.
    public var queries: [String]?
    /// Whether to print a timeline of state changes instead of the matches.
    public var timeline: Bool
    /// Whether each timeline line ends with the reason for its state (`--explain`); only
    /// with ``timeline``.
    public var explains: Bool
    /// How many matches a page holds.
    public var pageSize: Int
    /// Whether names starting with `.` are searched.
    public var includesHiddenFiles: Bool
    /// Whether the search's outcomes are spoken through `espeak-ng` (`--speak`).
    public var speaks = false
    /// Whether what would be spoken is written to standard error (`--announce`).
    public var announces = false

    /// Creates options.
    ///
    /// - Parameters:
    ///   - folder: The folder to search.
    ///   - queries: The queries to type, or `nil`. Defaults to `nil`.
    ///   - timeline: Whether to print a timeline. Defaults to `false`.
    ///   - explains: Whether timeline lines end with their reasons. Defaults to `false`.
    ///   - pageSize: How many matches a page holds. Defaults to
    ///     ``SearchCommand/defaultPageSize``.
    ///   - includesHiddenFiles: Whether hidden names are searched. Defaults to `false`.
    public init(
      folder: String, queries: [String]? = nil, timeline: Bool = false, explains: Bool = false,
      pageSize: Int = SearchCommand.defaultPageSize, includesHiddenFiles: Bool = false
    ) {
      self.folder = folder
      self.queries = queries
      self.timeline = timeline
      self.explains = explains
      self.pageSize = pageSize
      self.includesHiddenFiles = includesHiddenFiles
    }
  }

  /// A command line that `file-search` does not understand.
  public enum UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What every tool's command line can get wrong: an unknown option, an option without
    /// its value, `--explain` without `--timeline`.
    ///
    /// - Parameter error: What is wrong.
    case commandLine(CommandLineError)
    /// The value of `--page-size` is not a whole number from 1 to the largest page size.
    ///
    /// - Parameter value: The value as given.
    case invalidPageSize(String)
    /// No folder was given.
    case missingFolder
    /// More than one folder was given.
    ///
    /// - Parameter argument: The first argument after the folder.
    case unexpectedArgument(String)
    /// `--timeline` without queries to type: standard input is a terminal and no
    /// `--queries` were given.
    case timelineNeedsQueries

    /// A sentence naming the argument, in English, such as `unknown option '--colour'`.
    public var description: String { description(in: .english) }

    /// A sentence naming the argument in the language of `strings`.
    ///
    /// - Parameter strings: The search's texts in one language.
    /// - Returns: The sentence.
    public func description(in strings: SearchStrings) -> String {
      switch self {
      case .commandLine(let error): error.description(language: strings.language)
      case .invalidPageSize(let value):
        strings.text(
          .invalidPageSize, ["value": value, "maximum": "\(SearchCommand.maximumPageSize)"])
      case .missingFolder: strings.text(.missingFolder)
      case .unexpectedArgument(let argument):
        strings.text(.unexpectedArgument, ["argument": argument])
      case .timelineNeedsQueries: strings.text(.timelineNeedsQueries)
      }
    }
  }

  /// How many matches a page holds without `--page-size`.
  public static let defaultPageSize = 50
  /// The largest page size accepted.
  public static let maximumPageSize = 100_000

  /// The usage message in English, ending with a line feed.
  public static var usage: String { SearchStrings.english.text(.usage) }

  /// The line printed under a usage error instead of the whole ``usage``, in English, without
  /// a line feed.
  public static var usageHint: String { SearchStrings.english.text(.usageHint) }

  /// Parses the command-line arguments, without the program name.
  ///
  /// Arguments are read in order: `--help` or `-h` ends parsing with ``help``; after `--` the
  /// next argument is the folder. An option with a value takes it from the next argument or
  /// after `=` (`--queries=s,sw`).
  ///
  /// - Parameter arguments: The arguments after the program name.
  /// - Returns: The command to run.
  /// - Throws: ``UsageError`` for an unknown option, an option without its value, an invalid
  ///   page size, no folder or more than one, or `--explain` without `--timeline`.
  public static func parse(_ arguments: [String]) throws(UsageError) -> SearchCommand {
    var folder: String?
    var options = Options(folder: "")
    var arguments = CommandLineArguments(
      arguments, optionsWithValues: ["--queries", "--page-size"])
    while let argument = try arguments.next(orThrow: UsageError.commandLine) {
      switch argument {
      case .operand(let operand):
        guard folder == nil else { throw .unexpectedArgument(operand) }
        folder = operand
      case .flag("--help"), .flag("-h"): return .help
      case .flag("--timeline"): options.timeline = true
      case .flag("--explain"): options.explains = true
      case .flag("--hidden"): options.includesHiddenFiles = true
      case .flag("--speak"): options.speaks = true
      case .flag("--announce"): options.announces = true
      case .option("--queries", let value):
        options.queries = value.split(separator: ",", omittingEmptySubsequences: false)
          .map(String.init)
      case .option("--page-size", let value): options.pageSize = try parsePageSize(value)
      default: throw .commandLine(arguments.unknown(argument))
      }
    }
    guard let folder else { throw .missingFolder }
    guard options.timeline || !options.explains else { throw .commandLine(.explainNeedsTimeline) }
    options.folder = folder
    return .search(options)
  }

  /// Parses a page size: ASCII digits only, from 1 to the largest page size.
  private static func parsePageSize(_ text: String) throws(UsageError) -> Int {
    guard !text.isEmpty, text.utf8.count <= 6,
      text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
      let size = Int(text), (1...maximumPageSize).contains(size)
    else { throw .invalidPageSize(text) }
    return size
  }
}
