/// Text made safe and short enough for a terminal line.
public enum TerminalText {
  /// Replaces control characters (but tabs) with U+FFFD, so that a file name or a line of a
  /// file cannot move the cursor, clear the screen or start a line of its own.
  ///
  /// - Parameter text: The text.
  /// - Returns: The text without control characters.
  public static func clean(_ text: String) -> String {
    let scalars = text.unicodeScalars.map { scalar -> Unicode.Scalar in
      switch scalar.value {
      case 0x09: " "
      case 0x00...0x1F, 0x7F...0x9F: "\u{FFFD}"
      default: scalar
      }
    }
    return String(String.UnicodeScalarView(scalars))
  }

  /// Cuts a line to a number of columns, ending it with "…" when it was longer.
  ///
  /// Every character counts as one column: wide characters may still wrap.
  ///
  /// - Parameters:
  ///   - line: The line, already cleaned.
  ///   - width: The columns available, or `nil` for no limit.
  /// - Returns: The line, at most `width` characters long.
  public static func fit(_ line: String, width: Int?) -> String {
    guard let width, line.count > width else { return line }
    guard width > 1 else { return String(line.prefix(max(width, 0))) }
    return line.prefix(width - 1) + "…"
  }

  /// A match as one line: `path:line: text` for a match by contents, with `(+n)` when more
  /// lines match, and the path alone for a match by name only.
  ///
  /// - Parameter match: The match.
  /// - Returns: The line, cleaned but not cut.
  public static func line(for match: SearchMatch) -> String {
    let path = clean(match.path)
    guard let first = match.lines.first else { return path }
    let more = match.lineCount > 1 ? " (+\(match.lineCount - 1))" : ""
    return "\(path):\(first.number): \(clean(first.text))\(more)"
  }
}
