import StatefulContent

/// An announcer that writes each announcement as a line, `announce: <text>`: what a screen
/// reader or speech would say, for scripts and tests.
///
/// The prefix stays `announce:` in every language, so that a script finds the lines; the
/// text is in the language of the machine's strings. Control characters of the text become
/// U+FFFD, so that an announcement is always one line.
///
/// ```swift
/// model.stateMachine.setAnnouncer(LineAnnouncer { print($0, terminator: "") })
/// // writes "announce: Loading…", then "announce: Content loaded."
/// ```
public final class LineAnnouncer: Announcer {
  /// The texts announced so far, in order.
  public private(set) var texts: [String] = []

  private let write: (String) -> Void

  /// Creates an announcer.
  ///
  /// - Parameter write: Writes each line, with its line feed. Defaults to standard error.
  public init(write: @escaping (String) -> Void = StandardStreams.writeToError) {
    self.write = write
  }

  /// The line of an announcement, without a line feed.
  ///
  /// - Parameter text: The announcement's text.
  /// - Returns: `announce: <text>`, its control characters replaced.
  public static func line(_ text: String) -> String {
    "announce: \(TerminalText.clean(text, tabs: .space))"
  }

  /// Writes an announcement's line.
  ///
  /// - Parameter announcement: What would be spoken.
  public func announce(_ announcement: Announcement) {
    texts.append(announcement.text)
    write(Self.line(announcement.text) + "\n")
  }
}
