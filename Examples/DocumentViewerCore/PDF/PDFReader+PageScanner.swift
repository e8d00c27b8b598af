extension PDFReader {
  /// Reads `pdftotext -layout` output as it streams by, keeping only the first screenful and
  /// the counts the summary needs, so that memory stays bounded whatever the PDF's length.
  ///
  /// A form feed ends each page; a page's text ends with a line feed before it, so the form
  /// feed is shown as a blank line between pages — a *separator*, not a line of text. Blank
  /// lines at the end of the text are dropped. Output that is only white space and form feeds
  /// means that the PDF has no text layer (a scan).
  ///
  /// ```swift
  /// var scanner = PDFReader.PageScanner(maxLines: 20)
  /// scanner.consume(Array("Page one\n\u{0C}Page two\n\u{0C}".utf8))
  /// scanner.finish()   // lines ["Page one", "", "Page two"], 2 pages, 2 lines of text
  /// ```
  struct PageScanner {
    /// How many lines, separators included, are kept to show.
    let maxLines: Int
    /// The most bytes kept for those lines.
    let maxHeadBytes: Int

    /// How many pages ended (form feeds).
    private(set) var pageCount = 0
    /// How many lines of text there are, without separators and trailing blank lines.
    private(set) var textLineCount = 0
    /// How many lines, separators included, there are after the kept ones.
    private(set) var hiddenLineCount = 0
    /// The kept lines.
    private(set) var lines: [String] = []
    /// The number (from 1) of the page of the last kept line of text; 0 before one.
    private(set) var lastShownPage = 0

    /// The line being read: its kept bytes, whether it is blank so far, and its length.
    private var current: [UInt8] = []
    private var currentIsBlank = true
    private var currentLength = 0
    private var keptBytes = 0
    /// Blank lines not counted yet: they count only if a line with text follows.
    private var pendingBlank: [(text: String, isSeparator: Bool)] = []
    private var pendingBlankCount = (lines: 0, text: 0)

    /// Creates a scanner.
    ///
    /// - Parameters:
    ///   - maxLines: How many lines to keep; values below 1 keep 1.
    ///   - maxHeadBytes: The most bytes kept for them. Defaults to 64 KiB.
    init(maxLines: Int, maxHeadBytes: Int = 64 << 10) {
      self.maxLines = max(maxLines, 1)
      self.maxHeadBytes = max(maxHeadBytes, 4)
    }

    /// Whether the text has a character other than white space.
    var hasText: Bool { textLineCount > 0 }

    /// Whether the first ``maxLines`` lines are all read: from then on, ``lines`` no longer
    /// changes.
    var hasFirstLines: Bool { lines.count >= maxLines }

    /// Consumes the next chunk of output.
    mutating func consume(_ chunk: some Sequence<UInt8>) {
      for byte in chunk {
        switch byte {
        case UInt8(ascii: "\n"): endLine(isPageEnd: false)
        case 0x0C:
          endLine(isPageEnd: true)
          pageCount += 1
        default:
          currentLength += 1
          if currentIsBlank && ![0x09, 0x0B, 0x0D, 0x20].contains(byte) { currentIsBlank = false }
          if lines.count + pendingBlank.count < maxLines && keptBytes < maxHeadBytes {
            current.append(byte)
            keptBytes += 1
          }
        }
      }
    }

    /// Ends the output: a last line without a line feed counts.
    mutating func finish() {
      if currentLength > 0 { endLine(isPageEnd: false) }
    }

    private mutating func endLine(isPageEnd: Bool) {
      if current.last == UInt8(ascii: "\r") { current.removeLast() }
      let text = String(decoding: current, as: UTF8.self)
      let isSeparator = isPageEnd && currentLength == 0
      if currentIsBlank {
        pendingBlankCount.lines += 1
        if !isSeparator { pendingBlankCount.text += 1 }
        if lines.count + pendingBlank.count < maxLines {
          pendingBlank.append((text, isSeparator))
        }
      } else {
        // A line with text: the blank lines before it count after all.
        textLineCount += pendingBlankCount.text + 1
        for blank in pendingBlank { keep(blank.text) }
        hiddenLineCount += pendingBlankCount.lines - pendingBlank.count
        if keep(text) { lastShownPage = pageCount + 1 }
        pendingBlank.removeAll()
        pendingBlankCount = (0, 0)
      }
      current.removeAll(keepingCapacity: true)
      currentIsBlank = true
      currentLength = 0
    }

    /// Keeps a line if there is room; otherwise counts it as hidden.
    @discardableResult
    private mutating func keep(_ line: String) -> Bool {
      guard lines.count < maxLines else {
        hiddenLineCount += 1
        return false
      }
      lines.append(line)
      return true
    }
  }
}
