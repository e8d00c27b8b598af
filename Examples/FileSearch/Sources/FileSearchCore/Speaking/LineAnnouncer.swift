import StatefulContent

/// An announcer that writes each announcement as a line, `announce: <text>` — what `--speak`
/// would say, for scripts and tests (`--announce`). The prefix stays `announce:` in every
/// language; the text is in the language of the messages.
///
/// ```swift
/// model.stateMachine.setAnnouncer(LineAnnouncer { print($0, terminator: "") })
/// ```
public final class LineAnnouncer: Announcer {
  private let write: (String) -> Void

  /// Creates an announcer.
  ///
  /// - Parameter write: Writes each line, with its line feed. Defaults to standard error.
  public init(write: @escaping (String) -> Void = StandardStreams.writeToError) {
    self.write = write
  }

  /// Writes an announcement's line.
  ///
  /// - Parameter announcement: What would be spoken.
  public func announce(_ announcement: Announcement) {
    write("announce: \(TerminalText.clean(announcement.text))\n")
  }
}
