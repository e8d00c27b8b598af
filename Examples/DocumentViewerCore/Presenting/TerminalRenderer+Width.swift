import Foundation

extension TerminalRenderer {
  /// The width of a terminal in columns, as the terminal reports it now.
  ///
  /// - Parameter descriptor: The file descriptor written to. Defaults to standard output.
  /// - Returns: The number of columns the terminal reports, or `nil` when the descriptor is
  ///   not a terminal (a pipe or a file has no width) or the terminal reports none.
  public static func detectWidth(for descriptor: Int32 = STDOUT_FILENO) -> Int? {
    guard isatty(descriptor) == 1 else { return nil }
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// A line of a document, cut to ``width`` so that the terminal does not wrap it.
  ///
  /// A line that fits is returned as it is. A longer one loses its trailing white space and,
  /// when it is still too long, is cut and ends with "…" — as a text line cut at the bytes a
  /// document keeps does — so that it takes at most ``width`` columns. Wrapping would break a
  /// PDF's layout text, whose columns line up, and make the first screenful taller than a
  /// screen. Without a width, the line is returned as it is.
  ///
  /// ```swift
  /// TerminalRenderer(style: .plain, width: 8).fitted("A long line")  // "A long …"
  /// ```
  ///
  /// - Parameter line: A line without control characters other than tab (see ``clean(_:)``).
  /// - Returns: The line, at most ``width`` columns wide.
  public func fitted(_ line: String) -> String {
    guard let width else { return line }
    return Self.fitted(line, width: width)
  }

  /// A line cut to a width, as ``fitted(_:)`` describes.
  ///
  /// - Parameters:
  ///   - line: A line without control characters other than tab.
  ///   - width: The most columns the line may take; values below 1 mean 1.
  /// - Returns: The line, at most `width` columns wide.
  static func fitted(_ line: String, width: Int) -> String {
    let width = max(width, 1)
    guard columns(of: line[...]) > width else { return line }
    let end = line.lastIndex { $0 != " " && $0 != "\t" }.map(line.index(after:))
    let trimmed = line[..<(end ?? line.startIndex)]
    guard columns(of: trimmed) > width else { return String(trimmed) }
    // Keep what fits in one column less, for the ellipsis.
    var column = 0
    var kept = trimmed.startIndex
    for index in trimmed.indices {
      column = Self.column(after: trimmed[index], at: column)
      guard column < width else { break }
      kept = trimmed.index(after: index)
    }
    return trimmed[..<kept] + "…"
  }

  /// How many columns a line takes: tabs stop every 8 columns.
  static func columns(of line: Substring) -> Int {
    line.reduce(0) { column, character in Self.column(after: character, at: column) }
  }

  /// The column after a character written at a column.
  private static func column(after character: Character, at column: Int) -> Int {
    character == "\t" ? (column / 8 + 1) * 8 : column + cellWidth(of: character)
  }

  /// How many columns a terminal gives a character (a grapheme cluster): 2 for wide East
  /// Asian characters and emoji, 0 for one made only of combining marks or format
  /// characters, otherwise 1.
  ///
  /// This follows what `wcwidth(3)` says in a UTF-8 locale closely enough for a viewer;
  /// terminals themselves disagree about some emoji sequences.
  static func cellWidth(of character: Character) -> Int {
    var width = 0
    for scalar in character.unicodeScalars {
      width = max(width, cellWidth(of: scalar))
    }
    // An emoji made to show as an emoji (U+FE0F) is wide, such as "❤️".
    if width == 1, character.unicodeScalars.contains("\u{FE0F}"),
      character.unicodeScalars.contains(where: \.properties.isEmoji)
    {
      return 2
    }
    return width
  }

  private static func cellWidth(of scalar: Unicode.Scalar) -> Int {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark: return 0
    case .format: return scalar == "\u{AD}" ? 1 : 0
    default: break
    }
    if scalar.properties.isEmojiPresentation { return 2 }
    let value = scalar.value
    return wideRanges.contains { $0.contains(value) } ? 2 : 1
  }

  /// The East Asian Wide and Fullwidth characters, after Markus Kuhn's `wcwidth`.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0xA4CF, 0xAC00...0xD7A3,
    0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
    0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]
}
