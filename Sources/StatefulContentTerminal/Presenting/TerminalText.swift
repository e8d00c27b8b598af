#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Text made safe and short enough for a line of a terminal.
///
/// A terminal obeys the control characters it is given, so text from outside — a file name,
/// a line of a file, an error's message — is cleaned before it is written, and cut to the
/// columns a terminal line has. Columns follow what `wcwidth(3)` says in a UTF-8 locale
/// closely enough for a line: wide East Asian characters and emoji take 2, combining marks
/// and format characters 0, tabs stop every 8 columns.
///
/// ```swift
/// TerminalText.clean("evil\u{1B}[2Jname")          // "evil\u{FFFD}[2Jname"
/// TerminalText.fitted("A long line", width: 8)      // "A long …"
/// ```
public enum TerminalText {
  /// Replaces control characters (C0, DEL and C1) and bidirectional formatting characters
  /// (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) with U+FFFD, so that text cannot
  /// move the cursor, clear the screen, start a line of its own, or reorder what follows it
  /// on the line — a file named `"notes\u{202E}fdp.txt"` would show as `notestxt.pdf`.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - tabs: What becomes of a tab. Defaults to ``TabHandling/keep``.
  /// - Returns: The text without control characters.
  /// - Complexity: O(*n*) in the text's bytes; text without control characters is returned
  ///   as it is.
  public static func clean(_ text: String, tabs: TabHandling = .keep) -> String {
    guard needsCleaning(text, tabs: tabs) else { return text }
    let scalars = text.unicodeScalars.map { scalar -> Unicode.Scalar in
      switch scalar.value {
      case 0x09: tabs == .keep ? scalar : " "
      case 0x00...0x1F, 0x7F...0x9F: "\u{FFFD}"
      case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: "\u{FFFD}"
      default: scalar
      }
    }
    return String(String.UnicodeScalarView(scalars))
  }

  /// Whether text may hold what ``clean(_:tabs:)`` replaces: a C0 control byte or DEL, a
  /// tab to make a space, or 0xC2, which starts the C1 control characters in UTF-8 (and a few
  /// printable ones, such as "°"). The C library's `strcspn` looks at the bytes: a tool
  /// cleans its lines at every frame, a pasted megabyte among them.
  private static func needsCleaning(_ text: String, tabs: TabHandling) -> Bool {
    let bytes = tabs == .keep ? controlBytesButTab : controlBytes
    // strcspn stops at the first byte of the set, or at a NUL, a control character too.
    let count = text.utf8.count
    guard text.withCString({ strcspn($0, bytes) }) == count else { return true }
    // The bidirectional formatting characters start with 0xD8 or 0xE2 in UTF-8, as do many
    // printable ones ("…", "“"): only then are the scalars looked at.
    guard text.withCString({ strcspn($0, directionalLeadBytes) }) != count else { return false }
    return text.unicodeScalars.contains { scalar in
      switch scalar.value {
      case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
      default: false
      }
    }
  }

  /// The first bytes of the bidirectional formatting characters in UTF-8, as a C string.
  private static let directionalLeadBytes = [0xD8, 0xE2, 0x00].map { CChar(bitPattern: $0) }

  /// The bytes ``needsCleaning(_:tabs:)`` looks for, as a C string.
  private static let controlBytes = (Array(0x01...0x1F) + [0x7F, 0xC2, 0x00]).map {
    CChar(bitPattern: $0)
  }

  /// ``controlBytes`` but the tab.
  private static let controlBytesButTab = controlBytes.filter { $0 != 0x09 }

  /// What ``clean(_:tabs:)`` makes of a tab.
  public enum TabHandling: Sendable {
    /// A tab stays, and stops at the next multiple of 8 columns.
    case keep
    /// A tab becomes one space, for text written inside a box or after a prefix.
    case space
  }

  /// A line cut to a number of columns so that the terminal does not wrap it.
  ///
  /// A line that fits is returned as it is. A longer one loses its trailing white space and,
  /// when it is still too long, is cut and ends with "…", so that it takes at most `width`
  /// columns.
  ///
  /// - Parameters:
  ///   - line: A line without control characters other than tab (see ``clean(_:tabs:)``).
  ///   - width: The most columns the line may take, or `nil` for no limit; values below 1
  ///     mean 1.
  /// - Returns: The line, at most `width` columns wide.
  /// - Complexity: O(*w*) in `width` and the white space after it: the characters past the
  ///   cut are not read, so that a pasted megabyte is cut as fast as a word.
  public static func fitted(_ line: String, width: Int?) -> String {
    guard let width else { return line }
    let columnsAvailable = max(width, 1)
    return withUTF8Locale {
      var column = 0
      // The end of what fits in one column less, for the ellipsis.
      var kept = line.startIndex
      var index = line.startIndex
      while index < line.endIndex {
        column = Self.column(after: line[index], at: column)
        guard column <= columnsAvailable else { break }
        index = line.index(after: index)
        if column < columnsAvailable { kept = index }
      }
      guard index < line.endIndex else { return line }
      if line.unicodeScalars[index...].allSatisfy({ $0 == " " || $0 == "\t" }) {
        let end = line[..<index].lastIndex { $0 != " " && $0 != "\t" }.map(line.index(after:))
        return String(line[..<(end ?? line.startIndex)])
      }
      return line[..<kept] + "…"
    }
  }

  /// How many columns a line takes.
  ///
  /// - Parameter line: A line without control characters other than tab.
  /// - Returns: Its columns, tabs stopping every 8 columns.
  public static func columns(of line: Substring) -> Int {
    withUTF8Locale {
      line.reduce(0) { column, character in Self.column(after: character, at: column) }
    }
  }

  /// How many columns a terminal gives a character (a grapheme cluster): the widest of its
  /// scalars by `wcwidth(3)` — 2 for wide East Asian characters and emoji, 0 for one made only
  /// of combining marks or format characters, otherwise 1 — and 2 for a character made to show
  /// as an emoji (U+FE0F). Terminals themselves disagree about some emoji sequences.
  ///
  /// - Parameter character: The character.
  /// - Returns: 0, 1 or 2.
  public static func cellWidth(of character: Character) -> Int {
    withUTF8Locale { width(of: character) }
  }

  /// The column after a character written at a column.
  private static func column(after character: Character, at column: Int) -> Int {
    character == "\t" ? (column / 8 + 1) * 8 : column + width(of: character)
  }

  /// ``cellWidth(of:)``, in the locale that ``withUTF8Locale(_:)`` set.
  private static func width(of character: Character) -> Int {
    var width = 0
    for scalar in character.unicodeScalars {
      width = max(width, self.width(of: scalar))
    }
    // An emoji made to show as an emoji (U+FE0F) is wide, such as "❤️".
    if width == 1, character.unicodeScalars.contains("\u{FE0F}"),
      character.unicodeScalars.contains(where: \.properties.isEmoji)
    {
      return 2
    }
    return width
  }

  private static func width(of scalar: Unicode.Scalar) -> Int {
    if utf8Locale != nil, let wcwidth = systemWidth {
      let width = wcwidth(wchar_t(bitPattern: scalar.value))
      // -1: a control character (cleaned away before) or one the locale does not know.
      if width >= 0 { return Int(width) }
    }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: return 1
    }
  }

  private typealias Width = @convention(c) (wchar_t) -> Int32

  /// The C library's `wcwidth(3)`, which Glibc's module does not import (it is declared only
  /// for X/Open), or `nil` without it.
  private static let systemWidth: Width? = dlsym(nil, "wcwidth").map {
    unsafeBitCast($0, to: Width.self)
  }

  /// A UTF-8 locale for `wcwidth(3)`, or `nil` when the system has none.
  private nonisolated(unsafe) static let utf8Locale: locale_t? =
    newlocale(LC_CTYPE_MASK, "C.UTF-8", nil) ?? newlocale(LC_CTYPE_MASK, "en_US.UTF-8", nil)

  /// Runs `body` with the UTF-8 locale as this thread's, then gives the thread its own back.
  private static func withUTF8Locale<Result>(_ body: () -> Result) -> Result {
    guard let utf8Locale else { return body() }
    let previous = uselocale(utf8Locale)
    defer { uselocale(previous) }
    return body()
  }
}
