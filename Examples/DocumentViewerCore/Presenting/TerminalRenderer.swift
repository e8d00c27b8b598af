import Foundation
import StatefulContent
import StatefulContentTerminal

/// How text reaches the terminal: with ANSI escape codes, or plain.
public enum TerminalStyle: Hashable, Sendable {
  /// Plain text without escape codes, for pipes and files.
  case plain
  /// Bold and coloured text, and a progress bar redrawn in place.
  case ansi

  /// The style for a file descriptor: ANSI when it is a terminal, plain otherwise.
  ///
  /// - Parameter descriptor: The file descriptor written to. Defaults to standard output.
  /// - Returns: ``ansi`` when `isatty` says the descriptor is a terminal, else ``plain``.
  public static func detect(for descriptor: Int32 = STDOUT_FILENO) -> TerminalStyle {
    isatty(descriptor) == 1 ? .ansi : .plain
  }
}

/// Turns placeholders, progress and documents into lines of terminal text.
///
/// The renderer is pure: it returns strings and writes nothing, so that what the terminal
/// shows can be tested line by line. Text from documents is cleaned of control characters, so
/// that a file cannot send escape codes to the terminal, and with a ``width`` a document's
/// lines are cut to it, so that a wide line (a PDF's layout text) does not wrap.
public struct TerminalRenderer: Hashable, Sendable {
  /// Whether to use ANSI escape codes.
  public var style: TerminalStyle
  /// How many cells the progress bar has.
  public var barWidth: Int
  /// The terminal's width in columns, to which a document's lines are cut (see
  /// ``fitted(_:)``), or `nil` to keep them whole, as for a pipe.
  public var width: Int?
  /// The language of the lines the renderer writes itself: summaries and cancellations.
  public var strings: ViewerStrings

  /// Creates a renderer.
  ///
  /// - Parameters:
  ///   - style: Whether to use ANSI escape codes.
  ///   - barWidth: How many cells the progress bar has; values below 1 mean 1. Defaults to 10.
  ///   - width: The terminal's width in columns, or `nil` to keep lines whole (see
  ///     `TerminalText.detectWidth(for:)`); values below 1 mean 1. Defaults to `nil`.
  ///   - strings: The language of the summaries and cancellations. Defaults to the process's
  ///     (``ViewerStrings/current``).
  public init(
    style: TerminalStyle, barWidth: Int = 10, width: Int? = nil,
    strings: ViewerStrings = .current
  ) {
    self.style = style
    self.strings = strings
    self.barWidth = max(barWidth, 1)
    self.width = width.map { max($0, 1) }
  }

  /// A progress bar with its percentage, such as `[#####.....] 50%`.
  ///
  /// - Parameter fraction: The fraction done; clamped to 0…1, and 0 when not finite.
  /// - Returns: The bar, without escape codes in either style.
  public func progressBar(_ fraction: Double) -> String {
    let cells = filledCells(fraction)
    let percent = Int(clamped(fraction) * 100)
    let bar = String(repeating: "#", count: cells) + String(repeating: ".", count: barWidth - cells)
    return "[\(bar)] \(percent)%"
  }

  /// How many cells of the progress bar a fraction fills.
  ///
  /// - Parameter fraction: The fraction done; clamped to 0…1, and 0 when not finite.
  /// - Returns: A number from 0 to ``barWidth``.
  public func filledCells(_ fraction: Double) -> Int {
    Int(clamped(fraction) * Double(barWidth))
  }

  /// The lines of a placeholder, without its progress bar: the title, the message and the
  /// actions, such as `[Retry]`.
  ///
  /// A placeholder that is not a `StandardPlaceholder` shows its accessibility announcement,
  /// or the state's name.
  ///
  /// - Parameters:
  ///   - placeholder: The placeholder to show.
  ///   - state: The state it is shown for, which picks the title's colour.
  ///   - insets: The leading inset indents every line by that many columns (at most 40); the
  ///     top inset adds that many blank lines first (at most 10).
  /// - Returns: The lines, without line feeds.
  public func lines(
    for placeholder: any Placeholder, state: ContentState, insets: EdgeInsets = .zero
  ) -> [String] {
    var lines: [String]
    if let standard = placeholder as? StandardPlaceholder {
      lines = [styled(clean(standard.title), titleCodes(for: state.kind))]
      if let message = standard.message { lines.append(clean(message)) }
      if !standard.actions.isEmpty {
        lines.append(
          standard.actions.map { styled("[\(clean($0.title))]", "7") }.joined(separator: " "))
      }
    } else {
      let title = placeholder.accessibilityAnnouncement ?? state.kind.description
      lines = [styled(clean(title), titleCodes(for: state.kind))]
    }
    return indented(lines, insets: insets)
  }

  /// The lines of a document's first screenful, each cut to ``width`` (see ``fitted(_:)``),
  /// followed by its ``summaryLines(for:)``.
  ///
  /// - Parameter document: The document to show, or `nil` when there is none.
  /// - Returns: The lines, without line feeds; none for `nil`.
  public func lines(for document: Document?) -> [String] {
    bodyLines(for: document) + summaryLines(for: document)
  }

  /// The lines of a document's first screenful, each cut to ``width`` (see ``fitted(_:)``),
  /// without the summary: what a streaming read shows while the rest loads.
  ///
  /// - Parameter document: The document to show, or `nil` when there is none.
  /// - Returns: The lines, without line feeds; none for `nil`.
  public func bodyLines(for document: Document?) -> [String] {
    document?.lines.map { fitted(clean($0)) } ?? []
  }

  /// The line under a document's first screenful, saying how much of it is shown
  /// (``Document/shownSummary``), dim in the ANSI style; for a document whose read failed after
  /// its first screenful, a second line with the error, bold and red.
  ///
  /// - Parameter document: The document to show, or `nil` when there is none.
  /// - Returns: The lines, without line feeds; none for `nil`.
  public func summaryLines(for document: Document?) -> [String] {
    guard let document else { return [] }
    let summary = styled("(\(document.shownSummary(in: strings)))", "2")
    guard case .failed(let error) = document.completion else { return [summary] }
    return [summary, styled(clean(error.description(in: strings)), titleCodes(for: .error))]
  }

  /// The line that ends a document whose opening was cancelled before anything of it was
  /// shown, such as `Cancelled: 'notes.txt' was not opened.`, so that the last line does not
  /// still say that it is opening.
  ///
  /// - Parameter name: The document's name.
  /// - Returns: The line, dim in the ANSI style.
  public func cancellation(of name: String) -> String {
    styled(strings.text(.cancelled, ["name": clean(name)]), "2")
  }

  /// A heading above a document, such as `== A text file ==`.
  ///
  /// - Parameter title: The heading's text.
  /// - Returns: The heading line, bold in the ANSI style.
  public func heading(_ title: String) -> String {
    styled("== \(clean(title)) ==", "1")
  }

  /// Text with control characters other than tab replaced by U+FFFD, so that it cannot move
  /// the cursor or change colours (`TerminalText.clean(_:tabs:)`).
  ///
  /// - Parameter text: Text from outside the program.
  /// - Returns: The text, safe to write to a terminal.
  public func clean(_ text: String) -> String {
    TerminalText.clean(text)
  }

  /// A line of a document, cut to ``width`` so that the terminal does not wrap it
  /// (`TerminalText.fitted(_:width:)`): wrapping would break a PDF's layout text, whose
  /// columns line up, and make the first screenful taller than a screen. Without a width, the
  /// line is returned as it is.
  ///
  /// ```swift
  /// TerminalRenderer(style: .plain, width: 8).fitted("A long line")  // "A long …"
  /// ```
  ///
  /// - Parameter line: A line without control characters other than tab (see ``clean(_:)``).
  /// - Returns: The line, at most ``width`` columns wide.
  public func fitted(_ line: String) -> String {
    TerminalText.fitted(line, width: width)
  }

  /// The line prefix for a placeholder's leading inset.
  func indentation(for insets: EdgeInsets) -> String {
    String(repeating: " ", count: Int(min(insets.sanitized.leading, 40)))
  }

  private func indented(_ lines: [String], insets: EdgeInsets) -> [String] {
    let prefix = indentation(for: insets)
    let blank = Array(repeating: "", count: Int(min(insets.sanitized.top, 10)))
    return blank + lines.map { prefix + $0 }
  }

  private func titleCodes(for kind: ContentState.Kind) -> String {
    switch kind {
    case .error: "1;31"
    case .empty: "1;33"
    case .loading: "1;36"
    case .locked: "1;35"
    case .idle, .content, .custom: "1"
    }
  }

  private func styled(_ text: String, _ codes: String) -> String {
    style == .ansi ? "\u{1B}[\(codes)m\(text)\u{1B}[0m" : text
  }

  private func clamped(_ fraction: Double) -> Double {
    fraction.isFinite ? min(max(fraction, 0), 1) : 0
  }
}
