import StatefulContentTerminal

/// An opened document: what the viewer shows of it and what it knows about the rest.
///
/// The viewer keeps only the first screenful, so that a large file costs no more memory than a
/// small one. A document read as a stream comes in parts, each a `Document` of its own: the
/// first screenful as soon as it is read, then the same screenful with the counts of what was
/// read so far (``Completion/partial``), and last the whole document (``Completion/complete``).
public struct Document: Hashable, Sendable {
  /// How much of the document was read.
  public enum Completion: Hashable, Sendable {
    /// The whole document was read: the counts are final.
    case complete
    /// A part of a streaming read: the first screenful and the counts of what was read so far.
    /// More is being read — or was not, when the read was cancelled.
    case partial
    /// The read stopped at an error after the first screenful: the counts are those of what
    /// was read before it.
    ///
    /// - Parameter error: Why the read stopped, such as a NUL byte far into a text file.
    case failed(DocumentError)
  }

  /// The family of a document, which decides how it is read and shown.
  public enum Kind: Hashable, Sendable {
    /// A text file.
    case text
    /// A directory, shown as a list of its entries.
    case directory
    /// A PDF, shown as the text `pdftotext` extracts from it.
    case pdf
  }

  /// The path the document was opened from.
  public var path: String
  /// The document's family.
  public var kind: Kind
  /// The first screenful: the first lines of a text file or of a PDF's text, or the first
  /// entries of a directory sorted by name, where a subdirectory's name ends with `/`.
  public var lines: [String]
  /// How many lines the text has, or how many entries the directory has. For a PDF, the
  /// lines of its text: the blank line shown between two pages is not one of them.
  public var totalLineCount: Int
  /// The size of a file in bytes; 0 for a directory.
  public var byteCount: Int
  /// How many pages a PDF has; 0 for other documents.
  public var pageCount: Int
  /// Whether ``lines`` holds less than the whole document.
  public var isTruncated: Bool
  /// The number of a PDF's last page with a line of text in ``lines``; 0 for other documents.
  public var shownPageCount: Int
  /// How much of the document was read: all of it, or a part of a streaming read.
  public var completion: Completion

  /// Creates a document.
  ///
  /// - Parameters:
  ///   - path: The path the document was opened from.
  ///   - kind: The document's family.
  ///   - lines: The first screenful of lines or entries.
  ///   - totalLineCount: How many lines or entries there are in all.
  ///   - byteCount: The size of a file in bytes; 0 for a directory.
  ///   - pageCount: How many pages a PDF has. Defaults to 0.
  ///   - isTruncated: Whether `lines` holds less than the whole document. Defaults to `nil`:
  ///     whether there are fewer `lines` than `totalLineCount`, or the document is a part.
  ///   - shownPageCount: The number of a PDF's last page with a line of text in `lines`.
  ///     Defaults to 0.
  ///   - completion: How much of the document was read; the counts are those of that much.
  ///     Defaults to ``Completion/complete``.
  public init(
    path: String, kind: Kind, lines: [String], totalLineCount: Int, byteCount: Int,
    pageCount: Int = 0, isTruncated: Bool? = nil, shownPageCount: Int = 0,
    completion: Completion = .complete
  ) {
    self.path = path
    self.kind = kind
    self.lines = lines
    self.totalLineCount = totalLineCount
    self.byteCount = byteCount
    self.pageCount = pageCount
    self.isTruncated = isTruncated ?? (lines.count < totalLineCount || completion != .complete)
    self.shownPageCount = shownPageCount
    self.completion = completion
  }

  /// Whether the whole document was read (``Completion/complete``).
  public var isComplete: Bool { completion == .complete }

  /// Whether there is nothing to show: a file of zero bytes, a directory without entries, or a
  /// PDF without text (no text layer, such as a scan).
  public var isEmpty: Bool {
    switch kind {
    case .text: byteCount == 0
    case .directory, .pdf: totalLineCount == 0
    }
  }

  /// A short description of the document's size, in English, such as `3 lines, 42 bytes`,
  /// `1 entry` or `2 pages, 40 lines of text` (see ``summary(in:)``).
  public var summary: String { summary(in: .english) }

  /// A short description of the document's size in the language of `strings`.
  ///
  /// - Parameter strings: The viewer's texts in one language.
  /// - Returns: The description, such as `3 Zeilen, 42 Bytes`.
  public func summary(in strings: ViewerStrings) -> String {
    switch kind {
    case .text:
      strings.text(
        .summaryText,
        [
          "lines": strings.counted(totalLineCount, .lineOne, .lineOther),
          "size": Self.formattedSize(byteCount, in: strings),
        ])
    case .directory:
      strings.counted(totalLineCount, .entryOne, .entryOther)
    case .pdf:
      strings.text(
        .summaryPDF,
        [
          "pages": strings.counted(pageCount, .pageOne, .pageOther),
          "lines": strings.counted(totalLineCount, .lineOne, .lineOther),
        ])
    }
  }

  /// What ``lines`` shows of the document, in English, for the line under them (see
  /// ``shownSummary(in:)``).
  public var shownSummary: String { shownSummary(in: .english) }

  /// What ``lines`` shows of the document, for the line under them, in the language of
  /// `strings`: the ``summary(in:)`` when they show it all, otherwise which part they show,
  /// such as `first 20 of 300 lines, 5.0 MiB`, `first 20 of 45 entries` or, for a PDF, whose
  /// page breaks are shown as blank lines, `first 20 lines: pages 1–10 of 1000, 1000 lines of
  /// text`.
  ///
  /// A part of a streaming read says how much was read and that the rest was not, such as
  /// `first 20 of 5300 lines in the first 256.0 KiB; not read to the end`: it is shown when
  /// its read stopped there (cancelled, or failed).
  ///
  /// - Parameter strings: The viewer's texts in one language.
  /// - Returns: The description.
  public func shownSummary(in strings: ViewerStrings) -> String {
    let shown = "\(lines.count)"
    let allLines = strings.counted(totalLineCount, .lineOne, .lineOther)
    let shownLines = strings.counted(lines.count, .lineOne, .lineOther)
    let shownPages =
      shownPageCount > 1
      ? strings.text(.shownPagesOther, ["count": "\(shownPageCount)"])
      : strings.text(.shownPagesOne)
    guard isComplete else {
      switch kind {
      case .text:
        return strings.text(
          .partialText,
          ["shown": shown, "lines": allLines, "size": Self.formattedSize(byteCount, in: strings)])
      case .directory:
        return strings.text(.partialDirectory, ["shown": shown, "summary": summary(in: strings)])
      case .pdf:
        let readPages = max(pageCount, shownPageCount)
        return strings.text(
          .partialPDF,
          [
            "shownLines": shownLines, "shownPages": shownPages, "lines": allLines,
            "readPages": readPages == 1
              ? strings.text(.readPagesOne)
              : strings.text(.readPagesOther, ["count": "\(readPages)"]),
          ])
      }
    }
    guard isTruncated else { return summary(in: strings) }
    switch kind {
    case .text, .directory:
      return strings.text(.truncated, ["shown": shown, "summary": summary(in: strings)])
    case .pdf:
      return strings.text(
        .truncatedPDF,
        [
          "shownLines": shownLines, "shownPages": shownPages, "pageCount": "\(pageCount)",
          "lines": allLines,
        ])
    }
  }

  /// A size in bytes for people: `512 bytes`, `1.5 KiB`, `5.0 MiB`.
  ///
  /// - Parameters:
  ///   - byteCount: A number of bytes.
  ///   - strings: The language of the noun and the decimal separator (`5,0 MiB` in German).
  ///     Defaults to English.
  /// - Returns: The size with a binary unit and one decimal above 1023 bytes.
  public static func formattedSize(_ byteCount: Int, in strings: ViewerStrings = .english)
    -> String
  {
    guard byteCount >= 1024 else { return strings.counted(byteCount, .byteOne, .byteOther) }
    var value = Double(byteCount) / 1024
    for unit in ["KiB", "MiB", "GiB"] {
      if value < 1024 || unit == "GiB" {
        return "\(strings.decimal(tenths: Int((value * 10).rounded()))) \(unit)"
      }
      value /= 1024
    }
    return strings.counted(byteCount, .byteOne, .byteOther)
  }
}
