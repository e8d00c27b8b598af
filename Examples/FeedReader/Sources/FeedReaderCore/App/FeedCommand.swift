import Foundation
import StatefulContentTerminal

/// What the command line asks `feed-reader` to do.
///
/// ```swift
/// try FeedCommand.parse(["--timeline", "http://127.0.0.1:8000/feed.json"])
/// // .read(Options(url: http://127.0.0.1:8000/feed.json, once: true, timeline: true))
/// ```
public enum FeedCommand: Hashable, Sendable {
  /// Print the help and exit successfully.
  case help
  /// Read a feed.
  ///
  /// - Parameter options: Which feed, and how.
  case read(Options)

  /// Which feed to read, and how.
  public struct Options: Hashable, Sendable {
    /// The address of the feed's first page.
    public var url: URL
    /// Whether every page is loaded once and written as lines, instead of the full screen
    /// (`--once`, or `--timeline`).
    public var once: Bool
    /// Whether a timeline of the presented changes is written instead of the items.
    public var timeline: Bool
    /// Whether each timeline line ends with the reason for its state (`--explain`).
    public var explains: Bool
    /// How old the items may be before they are marked stale (`--stale-after SECONDS`), or
    /// `nil` for never.
    public var staleAfter: Duration?

    /// Creates options.
    ///
    /// - Parameters:
    ///   - url: The feed's address.
    ///   - once: Whether every page is loaded once and written. Defaults to `false`.
    ///   - timeline: Whether a timeline is written; implies `once`. Defaults to `false`.
    ///   - explains: Whether timeline lines end with their reasons. Defaults to `false`.
    ///   - staleAfter: How old the items may be before they are stale, or `nil` for never.
    ///     Defaults to `nil`.
    public init(
      url: URL, once: Bool = false, timeline: Bool = false, explains: Bool = false,
      staleAfter: Duration? = nil
    ) {
      self.url = url
      self.once = once || timeline
      self.timeline = timeline
      self.explains = explains
      self.staleAfter = staleAfter
    }
  }

  /// A command line that `feed-reader` does not understand.
  public enum UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What every tool's command line can get wrong: an unknown option, a second operand,
    /// `--explain` without `--timeline`.
    ///
    /// - Parameter error: What is wrong.
    case commandLine(CommandLineError)
    /// No feed address was given.
    case missingURL
    /// The address is not an absolute `http` or `https` URL with a host.
    ///
    /// - Parameter value: The argument as given.
    case invalidURL(String)
    /// The value of `--stale-after` is not a number of seconds, zero or more.
    ///
    /// - Parameter value: The value as given.
    case invalidStaleAfter(String)

    /// The sentence in English, such as `no feed URL given`.
    public var description: String { FeedStrings.english.text(for: self) }
  }

  /// Parses the command-line arguments, without the program name.
  ///
  /// - Parameter arguments: The arguments after the program name.
  /// - Returns: The command to run.
  /// - Throws: ``UsageError`` for an unknown option, no address or more than one, an address
  ///   that is not http or https, `--explain` without `--timeline`, or a `--stale-after` that
  ///   is not a number of seconds, zero or more.
  public static func parse(_ arguments: [String]) throws(UsageError) -> FeedCommand {
    var address: String?
    var (once, timeline, explains) = (false, false, false)
    var staleAfter: Duration?
    var arguments = CommandLineArguments(arguments, optionsWithValues: ["--stale-after"])
    while let argument = try arguments.next(orThrow: UsageError.commandLine) {
      switch argument {
      case .flag("--help"), .flag("-h"): return .help
      case .flag("--once"): once = true
      case .flag("--timeline"): timeline = true
      case .flag("--explain"): explains = true
      case .option("--stale-after", let value): staleAfter = try seconds(value)
      case .operand(let operand) where address == nil: address = operand
      default: throw .commandLine(arguments.unknown(argument))
      }
    }
    guard let address else { throw .missingURL }
    guard timeline || !explains else { throw .commandLine(.explainNeedsTimeline) }
    guard let url = URL(string: address), HTTPFeedLoader.isWebAddress(url) else {
      throw .invalidURL(address)
    }
    return .read(
      Options(
        url: url, once: once, timeline: timeline, explains: explains, staleAfter: staleAfter))
  }

  /// The value of `--stale-after`: seconds, zero or more, whole or decimal (`0`, `300`,
  /// `1.5`), at most a century.
  private static func seconds(_ value: String) throws(UsageError) -> Duration {
    guard value.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
      let seconds = Double(value), seconds.isFinite, seconds >= 0, seconds <= 3_155_760_000
    else { throw .invalidStaleAfter(value) }
    return .milliseconds(Int64((seconds * 1000).rounded()))
  }
}
