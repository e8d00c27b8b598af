import StatefulContent

/// What a tool draws itself in a ``TerminalPresenter``: its content, and optionally lines
/// above and below the state and the start of the status line.
///
/// The presenter draws the states (a spinner and a progress bar while loading, a placeholder
/// as a box) and the marks of a presentation (refreshing, the previous key's content, content
/// offline or stale, the footer of a page being appended); where a presentation has no placeholder — content, and
/// idle — it draws the lines this returns. The lines are plain text: the presenter cleans
/// them of control characters, cuts them to the width with "…", and styles them (the
/// previous key's content dimmed).
///
/// ```swift
/// final class NotesView: TerminalContent {
///   var notes: [String] = []
///   func contentLines(for presentation: Presentation, in region: TerminalPresenter.Region)
///     -> [String]
///   {
///     Array(notes.prefix(region.rows ?? notes.count))
///   }
/// }
/// ```
///
/// ## Implementation requirements
/// - Return lines without line feeds; return at most `region.rows` content lines when it is
///   not `nil` (more are cut).
/// - Do not keep the presenter alive: it keeps its content weakly, and a tool keeps both.
public protocol TerminalContent: AnyObject {
  /// The lines shown where the presentation has no placeholder: the content, or what idle
  /// shows (nothing, or an invitation to start).
  ///
  /// In ``TerminalPresenter/Mode/plain`` and ``TerminalPresenter/Mode/inline`` the lines are
  /// written once, as a log: when a later call returns the same lines and more, only the new
  /// ones are written; other lines are written anew.
  ///
  /// - Parameters:
  ///   - presentation: The presentation shown.
  ///   - region: The columns and rows the lines may take (`nil`: no limit), and the mode.
  /// - Returns: The lines, without line feeds.
  func contentLines(for presentation: Presentation, in region: TerminalPresenter.Region)
    -> [String]

  /// Lines above the state, such as a prompt; drawn in ``TerminalPresenter/Mode/inline`` and
  /// ``TerminalPresenter/Mode/screen``, never in ``TerminalPresenter/Mode/plain``. The default
  /// returns none.
  ///
  /// Inline, the lines are part of the region under the cursor, which ``TerminalPresenter/commit()``
  /// leaves in the scrollback: return lines only a full-screen tool means — a title, the keys
  /// it reads — when `region.mode` is ``TerminalPresenter/Mode/screen``.
  ///
  /// - Parameter region: The columns available, and the mode.
  /// - Returns: The lines, without line feeds.
  func headerLines(in region: TerminalPresenter.Region) -> [String]

  /// Lines below everything, such as the keys a tool reads; drawn in
  /// ``TerminalPresenter/Mode/inline`` and ``TerminalPresenter/Mode/screen``, never in
  /// ``TerminalPresenter/Mode/plain``. The default returns none.
  ///
  /// An inline tool reads no keys: return the keys of a full-screen tool only when
  /// `region.mode` is ``TerminalPresenter/Mode/screen``.
  ///
  /// - Parameter region: The columns available, and the mode.
  /// - Returns: The lines, without line feeds.
  func footerLines(in region: TerminalPresenter.Region) -> [String]

  /// The start of the status line, such as `7 matches`; the presenter adds the marks
  /// (refreshing, previous key, offline, stale with its age) after it. Drawn in
  /// ``TerminalPresenter/Mode/inline`` (under the state, also while it loads) and
  /// ``TerminalPresenter/Mode/screen``, never in ``TerminalPresenter/Mode/plain``. The default
  /// returns `nil`.
  ///
  /// - Parameters:
  ///   - presentation: The presentation shown.
  ///   - region: The columns available, and the mode.
  /// - Returns: The text, or `nil` for none.
  func status(for presentation: Presentation, in region: TerminalPresenter.Region) -> String?

  /// Where the cursor rests in ``TerminalPresenter/Mode/screen``, such as after typed text:
  /// the row and column, counting from 1. The default returns `nil`: after the last line.
  ///
  /// - Parameter region: The columns and rows of the screen.
  /// - Returns: The position, or `nil`.
  func cursor(in region: TerminalPresenter.Region) -> (row: Int, column: Int)?
}

extension TerminalContent {
  /// Returns no lines.
  ///
  /// - Parameter region: Ignored.
  /// - Returns: An empty array.
  public func headerLines(in region: TerminalPresenter.Region) -> [String] { [] }

  /// Returns no lines.
  ///
  /// - Parameter region: Ignored.
  /// - Returns: An empty array.
  public func footerLines(in region: TerminalPresenter.Region) -> [String] { [] }

  /// Returns `nil`: the status line holds only the marks.
  ///
  /// - Parameters:
  ///   - presentation: Ignored.
  ///   - region: Ignored.
  /// - Returns: `nil`.
  public func status(for presentation: Presentation, in region: TerminalPresenter.Region)
    -> String?
  { nil }

  /// Returns `nil`: the cursor rests after the last line.
  ///
  /// - Parameter region: Ignored.
  /// - Returns: `nil`.
  public func cursor(in region: TerminalPresenter.Region) -> (row: Int, column: Int)? { nil }
}
