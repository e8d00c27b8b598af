import DocumentViewerCore
import StatefulContent
import XCTest

final class TerminalRendererTests: XCTestCase {
  private let plain = TerminalRenderer(style: .plain)
  private let ansi = TerminalRenderer(style: .ansi)

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
    XCTAssertEqual(TerminalRenderer(style: .plain, barWidth: 0).progressBar(1), "[#] 100%")
  }

  func test_plainLines_showTitleMessageAndActionsWithoutEscapeCodes() {
    var placeholder = StandardPlaceholder.error
    placeholder.title = "Not Found"
    placeholder.message = "Cannot open '/x'."

    let lines = plain.lines(for: placeholder, state: .error(DocumentError.notFound(path: "/x")))

    XCTAssertEqual(lines, ["Not Found", "Cannot open '/x'.", "[Retry]"])
  }

  func test_ansiLines_colourTheTitleAndHighlightActions() {
    let lines = ansi.lines(for: StandardPlaceholder.locked, state: .locked(.credentialRequired))

    XCTAssertEqual(lines.first, "\u{1B}[1;35mLocked\u{1B}[0m")
    XCTAssertEqual(lines.last, "\u{1B}[7m[Unlock]\u{1B}[0m")
  }

  func test_lines_indentByTheInsets() {
    let lines = plain.lines(
      for: StandardPlaceholder.empty, state: .empty, insets: EdgeInsets(top: 1, leading: 2))

    XCTAssertEqual(lines, ["", "  No Content"])
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

  func test_clean_replacesControlCharactersButKeepsTabs() {
    XCTAssertEqual(plain.clean("a\u{1B}[31mb\tc\u{7}"), "a\u{FFFD}[31mb\tc\u{FFFD}")
    XCTAssertEqual(plain.clean("\u{9B}2J"), "\u{FFFD}2J")
  }

  func test_documentLines_cannotSendEscapeCodes() {
    let document = Document(
      path: "/a", kind: .text, lines: ["\u{1B}[2J"], totalLineCount: 1, byteCount: 4)

    XCTAssertFalse(plain.lines(for: document).joined().contains("\u{1B}"))
  }

  func test_heading_isBoldOnlyInTheANSIStyle() {
    XCTAssertEqual(plain.heading("A file"), "== A file ==")
    XCTAssertEqual(ansi.heading("A file"), "\u{1B}[1m== A file ==\u{1B}[0m")
  }
}
