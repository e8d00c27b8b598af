import StatefulContent

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TerminalPresenter {
  /// How a presenter draws: plain lines for a pipe, or in place on a terminal.
  public enum Mode: Hashable, Sendable {
    /// Plain lines for a pipe or a file: no escape codes, a line written per change, and a
    /// progress bar written again only when it fills one more cell.
    case plain
    /// A region under the cursor, redrawn in place: the state, its placeholder, spinner,
    /// progress and marks. Content lines are written above it once and stay, as in a log;
    /// ``TerminalPresenter/commit()`` leaves the region as it is and starts a new one below.
    case inline
    /// The whole screen from its top-left corner, redrawn in place: header, status line,
    /// content or state, footer of an appended page and the tool's footer. For a tool on the
    /// alternate screen.
    case screen

    /// The mode for a file descriptor: `terminal` when it is a terminal that can move its
    /// cursor, ``plain`` otherwise.
    ///
    /// - Parameters:
    ///   - descriptor: The file descriptor written to. Defaults to standard output.
    ///   - terminal: The mode on a terminal. Defaults to ``inline``.
    ///   - environment: The environment, or `nil` for the process's.
    /// - Returns: `terminal` when `isatty` says the descriptor is a terminal and `TERM` is not
    ///   `dumb` (a terminal without cursor movement, such as Emacs's shell), else ``plain``.
    public static func detect(
      for descriptor: Int32 = STDOUT_FILENO, terminal: Mode = .inline,
      environment: [String: String]? = nil
    ) -> Mode {
      let term = environment.map { $0["TERM"] } ?? getenv("TERM").map { String(cString: $0) }
      return isatty(descriptor) == 1 && term != "dumb" ? terminal : .plain
    }
  }

  /// Where a tool's lines go: how many columns and rows they may take, and how they are drawn.
  public struct Region: Hashable, Sendable {
    /// The columns the lines may take, or `nil` for no limit (a pipe).
    public var columns: Int?
    /// The rows the lines may take, or `nil` for no limit (a pipe, or content written as a
    /// log above an inline region).
    public var rows: Int?
    /// How the presenter draws.
    public var mode: Mode

    /// Creates a region.
    ///
    /// - Parameters:
    ///   - columns: The columns, or `nil` for no limit.
    ///   - rows: The rows, or `nil` for no limit.
    ///   - mode: How the presenter draws.
    public init(columns: Int?, rows: Int?, mode: Mode) {
      self.columns = columns
      self.rows = rows
      self.mode = mode
    }
  }

  /// Whether a tool may colour what it writes to a descriptor: only on a terminal, never with
  /// `NO_COLOR` set to a non-empty value (no-color.org), nor with `TERM=dumb`.
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor written to. Defaults to standard output.
  ///   - environment: The environment to read `NO_COLOR` and `TERM` in, or `nil` for the
  ///     process's. Defaults to `nil`.
  /// - Returns: Whether colours and other text attributes may be written.
  public static func colorsAllowed(
    for descriptor: Int32 = STDOUT_FILENO, environment: [String: String]? = nil
  ) -> Bool {
    guard isatty(descriptor) == 1 else { return false }
    return colorsAllowed(environment: environment)
  }

  /// Whether an environment allows colours: `NO_COLOR` unset or empty, and `TERM` not `dumb`.
  ///
  /// - Parameter environment: The environment, or `nil` for the process's.
  /// - Returns: Whether colours may be written to a terminal.
  public static func colorsAllowed(environment: [String: String]?) -> Bool {
    func value(_ name: String) -> String? {
      if let environment { return environment[name] }
      return getenv(name).map { String(cString: $0) }
    }
    return (value("NO_COLOR") ?? "").isEmpty && value("TERM") != "dumb"
  }

  /// The texts a presenter writes itself: the marks of a presentation, in the tool's
  /// language. Every text is a function, so that a tool fills in its own words; the defaults
  /// are English.
  public struct Texts: Sendable {
    /// The status mark of a load running while content stays visible, given its progress
    /// (0…1, or `nil` when unknown), such as ` · refreshing… 40%`.
    public var refreshing: @Sendable (_ progress: Double?) -> String
    /// The status mark of content kept from the previous key while another key loads, given
    /// the shown key and the loading one, such as ` · 'sw' shown, loading 'swi'…`.
    public var previousKey: @Sendable (_ shown: String, _ loading: String) -> String
    /// The line written in ``Mode/plain`` when a key loads while the previous key's content
    /// stays, such as `Loading 'swi'… (the results above are for 'sw')`.
    public var previousKeyLine: @Sendable (_ shown: String, _ loading: String) -> String
    /// The footer of a page being appended, such as `Loading more…`.
    public var appendLoading: String
    /// The footer of a page that failed, given the error's description, such as
    /// `Could not load more (disk full)`.
    public var appendFailed: @Sendable (_ error: String) -> String
    /// The line written in ``Mode/plain`` for a page that failed, such as
    /// `Could not load more: disk full`.
    public var appendFailedLine: @Sendable (_ error: String) -> String
    /// Describes an error for the footer and its line. Defaults to `String(describing:)`.
    public var describe: @Sendable (_ error: any Error) -> String

    /// English texts.
    public static let english = Texts(
      refreshing: { progress in
        " · refreshing…" + (progress.map { " \(TerminalPresenter.percent($0))%" } ?? "")
      },
      previousKey: { shown, loading in " · '\(shown)' shown, loading '\(loading)'…" },
      previousKeyLine: { shown, loading in
        "Loading '\(loading)'… (the results above are for '\(shown)')"
      },
      appendLoading: "Loading more…",
      appendFailed: { "Could not load more (\($0))" },
      appendFailedLine: { "Could not load more: \($0)" },
      describe: { String(describing: $0) })

    /// Creates texts.
    ///
    /// - Parameters:
    ///   - refreshing: The status mark of a refresh, given its progress.
    ///   - previousKey: The status mark of the previous key's content, given both keys.
    ///   - previousKeyLine: The plain line for the previous key's content, given both keys.
    ///   - appendLoading: The footer of a page being appended.
    ///   - appendFailed: The footer of a page that failed, given the error's description.
    ///   - appendFailedLine: The plain line of a page that failed, given the description.
    ///   - describe: Describes an error.
    public init(
      refreshing: @escaping @Sendable (_ progress: Double?) -> String,
      previousKey: @escaping @Sendable (_ shown: String, _ loading: String) -> String,
      previousKeyLine: @escaping @Sendable (_ shown: String, _ loading: String) -> String,
      appendLoading: String,
      appendFailed: @escaping @Sendable (_ error: String) -> String,
      appendFailedLine: @escaping @Sendable (_ error: String) -> String,
      describe: @escaping @Sendable (_ error: any Error) -> String
    ) {
      self.refreshing = refreshing
      self.previousKey = previousKey
      self.previousKeyLine = previousKeyLine
      self.appendLoading = appendLoading
      self.appendFailed = appendFailed
      self.appendFailedLine = appendFailedLine
      self.describe = describe
    }
  }
}
