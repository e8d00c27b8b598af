#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The size of a terminal, in character cells: what a ``TerminalSession`` reports and a
/// ``TerminalPresenter`` draws to.
///
/// ```swift
/// let size = TerminalSize(of: STDOUT_FILENO) ?? .fallback
/// presenter.resize(to: size)
/// ```
public struct TerminalSize: Hashable, Sendable {
  /// The columns; at least 1.
  public var columns: Int
  /// The rows; at least 1.
  public var rows: Int

  /// Creates a size.
  ///
  /// - Parameters:
  ///   - columns: The columns; values below 1 mean 1.
  ///   - rows: The rows; values below 1 mean 1.
  public init(columns: Int, rows: Int) {
    self.columns = max(columns, 1)
    self.rows = max(rows, 1)
  }

  /// Reads the size of the terminal behind a descriptor, as it reports it now
  /// (`TIOCGWINSZ`).
  ///
  /// - Parameter descriptor: The terminal, such as standard output.
  /// - Returns: Its size, or `nil` when the descriptor is no terminal (a pipe or a file has no
  ///   size) or the terminal reports none.
  public init?(of descriptor: Int32) {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0
    else { return nil }
    self.init(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }

  /// The size assumed when a terminal does not say: 80 columns by 24 rows.
  public static let fallback = TerminalSize(columns: 80, rows: 24)
}
