import DocumentViewerCore
import Foundation
import StatefulContent
import StatefulContentTerminal
import XCTest

final class TerminalRendererTests: FixtureTestCase {
  private let plain = TerminalRenderer(style: .plain, strings: .english)
  private let ansi = TerminalRenderer(style: .ansi, strings: .english)

  func test_progressBar_showsFilledCellsAndPercentage() {
    XCTAssertEqual(plain.progressBar(0), "[..........] 0%")
    XCTAssertEqual(plain.progressBar(0.5), "[#####.....] 50%")
    XCTAssertEqual(plain.progressBar(0.999), "[#########.] 99%")
    XCTAssertEqual(plain.progressBar(1), "[##########] 100%")
  }

  func test_progressBar_clampsBadFractions() {
    XCTAssertEqual(plain.progressBar(1.7), "[##########] 100%")
    XCTAssertEqual(plain.progressBar(-1), "[..........] 0%")
    XCTAssertEqual(plain.progressBar(.nan), "[..........] 0%")
    XCTAssertEqual(
      TerminalRenderer(style: .plain, barWidth: 0, strings: .english).progressBar(1), "[#] 100%")
  }

  func test_plainLines_showTitleMessageAndActionsWithoutEscapeCodes() {
    var placeholder = StandardPlaceholder.error(in: .english)
    placeholder.title = "Not Found"
    placeholder.message = "Cannot open '/x'."

    let lines = plain.lines(for: placeholder, state: .error(DocumentError.notFound(path: "/x")))

    XCTAssertEqual(
      lines, ["Not Found", "Cannot open '/x'.", "[\(PlaceholderStrings.english.retry)]"])
  }

  func test_ansiLines_colourTheTitleAndHighlightActions() {
    let lines = ansi.lines(
      for: StandardPlaceholder.locked(in: .english), state: .locked(.credentialRequired))

    XCTAssertEqual(lines.first, "\u{1B}[1;35m\(PlaceholderStrings.english.locked)\u{1B}[0m")
    XCTAssertEqual(lines.last, "\u{1B}[7m[\(PlaceholderStrings.english.unlock)]\u{1B}[0m")
  }

  func test_lines_indentByTheInsets() {
    let lines = plain.lines(
      for: StandardPlaceholder.empty(in: .english), state: .empty,
      insets: EdgeInsets(top: 1, leading: 2))

    XCTAssertEqual(lines, ["", "  \(PlaceholderStrings.english.empty)"])
  }

  func test_lines_ofAPlaceholderOfAnotherType_showItsAnnouncement() {
    struct Banner: Placeholder {
      var accessibilityAnnouncement: String? { "Offline" }
    }

    XCTAssertEqual(plain.lines(for: Banner(), state: .empty), ["Offline"])
  }

  func test_documentLines_endWithWhatIsShown() {
    let document = Document(
      path: "/a", kind: .text, lines: ["one", "two"], totalLineCount: 5, byteCount: 20)

    XCTAssertEqual(plain.lines(for: document), ["one", "two", "(first 2 of 5 lines, 20 bytes)"])
    XCTAssertEqual(plain.lines(for: nil), [])
  }

  // MARK: Width

  func test_documentLines_longerThanTheWidth_areCutToItWithAnEllipsis() {
    let renderer = TerminalRenderer(style: .plain, width: 10, strings: .english)
    let document = Document(
      path: "/a.pdf", kind: .pdf,
      lines: ["0123456789", "0123456789A", "Column one          Column two", ""],
      totalLineCount: 4, byteCount: 100, pageCount: 1)

    XCTAssertEqual(
      renderer.lines(for: document),
      ["0123456789", "012345678…", "Column on…", "", "(1 page, 4 lines of text)"])
  }

  func test_fitted_dropsTrailingWhiteSpaceBeforeCutting() {
    let renderer = TerminalRenderer(style: .plain, width: 10, strings: .english)

    XCTAssertEqual(renderer.fitted("abc" + String(repeating: " ", count: 20)), "abc")
    XCTAssertEqual(renderer.fitted("abc       "), "abc       ", "a line that fits is kept as it is")
    XCTAssertEqual(renderer.fitted("abc\t\t"), "abc")
  }

  func test_fitted_withoutAWidthOrANarrowOne() {
    let long = String(repeating: "x", count: 500)

    XCTAssertEqual(plain.fitted(long), long, "no width: a pipe keeps lines whole")
    XCTAssertEqual(TerminalRenderer(style: .plain, width: 1, strings: .english).fitted("ab"), "…")
    XCTAssertEqual(TerminalRenderer(style: .plain, width: 0, strings: .english).width, 1)
  }

  func test_viewerOnATerminal_cutsAPDFsLayoutLinesToTheTerminalsWidth() throws {
    try ViewerProcess.skipUnlessBuilt()
    try skipUnlessPDFToolsAreInstalled()
    let wide =
      "Column one" + String(repeating: " ", count: 30) + "Column two, far to the right of the first"
    let path = try fixtures.textPDF("wide.pdf", lines: [wide, "A short line."])
    let pair = try XCTUnwrap(PseudoTerminal(rows: 24, columns: 40), "no pseudo-terminals here")
    defer { pair.close() }
    XCTAssertEqual(pair.size?.columns, 40)

    let viewer = try ViewerProcess(
      [path], standardOutput: FileHandle(fileDescriptor: pair.terminal))
    XCTAssertTrue(pair.waitForText("lines of text)"), pair.text)
    let screen = pair.text

    XCTAssertEqual(viewer.waitForExit(), 0)
    let lines = screen.replacing(#/\x1B\[[0-9;]*m/#, with: "").components(separatedBy: "\r\n")
    XCTAssertTrue(lines.contains { $0.contains("Column one") && $0.hasSuffix("…") }, screen)
    XCTAssertTrue(lines.contains { $0.contains("A short line.") }, screen)
    for line in lines {
      XCTAssertLessThanOrEqual(line.count, 40, line)
    }
  }

  // MARK: Cleaning

  func test_clean_replacesControlCharactersButKeepsTabs() {
    XCTAssertEqual(plain.clean("a\u{1B}[31mb\tc\u{7}"), "a\u{FFFD}[31mb\tc\u{FFFD}")
    XCTAssertEqual(plain.clean("\u{9B}2J"), "\u{FFFD}2J")
  }

  func test_documentLines_cannotSendEscapeCodes() {
    let document = Document(
      path: "/a", kind: .text, lines: ["\u{1B}[2J"], totalLineCount: 1, byteCount: 4)

    XCTAssertFalse(plain.lines(for: document).joined().contains("\u{1B}"))
  }

  func test_cancellation_namesTheDocumentAndIsDimOnlyInTheANSIStyle() {
    XCTAssertEqual(plain.cancellation(of: "a.txt"), "Cancelled: 'a.txt' was not opened.")
    XCTAssertEqual(
      ansi.cancellation(of: "a\u{1B}.txt"),
      "\u{1B}[2mCancelled: 'a\u{FFFD}.txt' was not opened.\u{1B}[0m")
  }

  func test_heading_isBoldOnlyInTheANSIStyle() {
    XCTAssertEqual(plain.heading("A file"), "== A file ==")
    XCTAssertEqual(ansi.heading("A file"), "\u{1B}[1m== A file ==\u{1B}[0m")
  }
}
