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
}
