/// What the command line asks `document-viewer` to do.
///
/// ```swift
/// try ViewerCommand.parse(["--timeline", "notes.txt"])
/// // .view(ViewerOptions(timeline: true, paths: ["notes.txt"]))
/// ```
public enum ViewerCommand: Hashable, Sendable {
  /// Print the usage and exit successfully.
  case help
  /// Open the documents.
  ///
  /// - Parameter options: What to open and how to show it.
  case view(ViewerOptions)

  /// The usage message, ending with a line feed.
  public static let usage = """
    USAGE: document-viewer [--timeline] [PATH ...]

    Opens text files and folders and shows their first screenful, or a placeholder
    saying why there is none: loading (with a progress bar for large files), empty
    or error (with a Retry action). With no PATH, tours generated sample documents
    that show every state.

    OPTIONS:
      --timeline   Print one line per change of state, "<milliseconds> <state>",
                   instead of rendering the documents.
      -h, --help   Show this message and exit.
      --           Treat every following argument as a PATH.

    The exit status is 0 whatever the documents' states, and 2 for bad usage.

    """

  /// Parses the command-line arguments, without the program name.
  ///
  /// Arguments are read in order: `--help` or `-h` ends parsing with ``help``; after `--`
  /// every argument is a path. A lone `-` is a path.
  ///
  /// - Parameter arguments: The arguments after the program name.
  /// - Returns: The command to run.
  /// - Throws: ``UsageError/unknownOption(_:)`` for an argument that starts with `-` and is
  ///   not an option.
  public static func parse(_ arguments: [String]) throws(UsageError) -> ViewerCommand {
    var options = ViewerOptions()
    var optionsEnded = false
    for argument in arguments {
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        options.paths.append(argument)
        continue
      }
      switch argument {
      case "--": optionsEnded = true
      case "--timeline": options.timeline = true
      case "--help", "-h": return .help
      default: throw .unknownOption(argument)
      }
    }
    return .view(options)
  }
}

/// What to open and how to show it.
public struct ViewerOptions: Hashable, Sendable {
  /// Whether to print a timeline of state changes instead of rendering.
  public var timeline: Bool
  /// The paths to open, in order; empty for the sample tour.
  public var paths: [String]

  /// Creates options.
  ///
  /// - Parameters:
  ///   - timeline: Whether to print a timeline instead of rendering. Defaults to `false`.
  ///   - paths: The paths to open; empty for the sample tour. Defaults to none.
  public init(timeline: Bool = false, paths: [String] = []) {
    self.timeline = timeline
    self.paths = paths
  }
}

/// A command line that `document-viewer` does not understand.
public enum UsageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// An argument starts with `-` but is no option of the viewer.
  ///
  /// - Parameter argument: The argument as given.
  case unknownOption(String)

  /// A sentence naming the argument, such as `unknown option '--colour'`.
  public var description: String {
    switch self {
    case .unknownOption(let argument): "unknown option '\(argument)'"
    }
  }
}
