import DocumentViewerCore
import Foundation
import StatefulContent
import StatefulContentTerminal
import XCTest

/// What the viewer draws of a document: its first screenful and summary as plain lines or in
/// place, the progress of a streaming open under it, its lines cut to the terminal's width.
@MainActor
final class DocumentScreenTests: FixtureTestCase {
  private let output = TextCapture()

  private func open(
    _ path: String, mode: TerminalPresenter.Mode, reader: DocumentReader = DocumentReader()
  ) async {
    let screen = DocumentScreen(mode: mode, strings: .english, write: output.write)
    let session = DocumentSession(
      path: path, opener: DocumentOpener(reader: reader), presenter: screen, strings: .english)
    screen.contentProvider = { [weak session] in session?.content }
    await session.open()
  }

  private func screen(
    mode: TerminalPresenter.Mode = .plain, width: Int? = nil, document: Document?
  ) -> DocumentScreen {
    let size = width.map { TerminalSize(columns: $0, rows: 24) }
    let screen = DocumentScreen(
      mode: mode, size: { size }, strings: .english, write: output.write)
    screen.contentProvider = { document }
    return screen
  }

  func test_plain_textFile_writesLoadingThenContent() async throws {
    let path = try fixtures.file("notes.txt", text: "hello\nworld\n")

    await open(path, mode: .plain)

    XCTAssertEqual(
      output.text, "Opening notes.txt…\nhello\nworld\n(2 lines, 12 bytes)\n")
  }

  func test_plain_missingPath_writesTheErrorPlaceholderWithRetry() async {
    let path = fixtures.path("missing.txt")

    await open(path, mode: .plain)

    XCTAssertEqual(
      output.lines,
      [
        "Opening missing.txt…", "Not Found",
        "Cannot open '\(path)': no file or folder exists at this path.",
        "[\(PlaceholderStrings.english.retry)]", "",
      ])
  }

  func test_plain_largeFile_writesItsFirstScreenThenABarLineEachTimeACellFillsThenTheSummary()
    async throws
  {
    let path = try fixtures.file("large.txt", largeText(byteCount: 640))
    let reader = DocumentReader(readAtOnceLimit: 64, chunkSize: 32, screenLines: 1)

    await open(path, mode: .plain, reader: reader)

    let lines = output.lines
    XCTAssertEqual(lines.first, "Opening large.txt…")
    XCTAssertEqual(lines.suffix(2), ["(first 1 of 10 lines, 640 bytes)", ""])
    let body = try XCTUnwrap(lines.firstIndex(of: String(largeTextLine.dropLast())))
    XCTAssertEqual(lines.filter { $0.hasPrefix("Line ") }.count, 1, "the screen, written once")
    let bars = lines.filter { $0.hasPrefix("[") }
    XCTAssertEqual(bars.first, "[..........] 0%")
    XCTAssertEqual(bars.last, "[##########] 100%")
    // The bars under the first screen: one per cell, not one per chunk (20 chunks).
    let cells = lines[body...].filter { $0.hasPrefix("[") }.map { $0.filter { $0 == "#" }.count }
    XCTAssertEqual(cells, cells.sorted())
    XCTAssertEqual(Set(cells).count, cells.count, "a line only when a cell fills")
    XCTAssertEqual(cells.last, 10)
    XCTAssertFalse(output.text.contains("\u{1B}"))
  }

  func test_inline_largeFile_replacesLoadingByTheFirstScreen_withTheBarUnderIt_thenTheSummary()
    async throws
  {
    let path = try fixtures.file("large.txt", largeText(byteCount: 256))
    let reader = DocumentReader(readAtOnceLimit: 64, chunkSize: 64, screenLines: 1)

    await open(path, mode: .inline, reader: reader)

    let text = output.text
    let screen = try XCTUnwrap(text.range(of: String(largeTextLine)), "the first screen")
    XCTAssertTrue(text[..<screen.lowerBound].contains("\r\u{1B}[J"), "loading is erased: \(text)")
    let afterScreen = text[screen.upperBound...]
    XCTAssertTrue(
      afterScreen.dropFirst(2).hasPrefix("["), "the bar comes right under it: \(afterScreen)")
    XCTAssertTrue(
      afterScreen.hasSuffix("\r\u{1B}[J(first 1 of 4 lines, 256 bytes)\n"),
      "the summary over the bar: \(afterScreen)")
  }

  func test_streamCancelledAfterItsFirstScreen_endsWithASummarySayingSo() async {
    let screen = screen(
      document: Document(
        path: "/a.log", kind: .text, lines: ["one", "two"], totalLineCount: 7, byteCount: 40,
        completion: .partial))

    screen.present(
      Presentation(state: .content, isRefreshing: true, progress: 0.3), animated: false)
    screen.present(Presentation(state: .content), animated: false)

    XCTAssertEqual(
      output.lines,
      [
        "one", "two", "[###.......] 30%",
        "(first 2 of 7 lines in the first 40 bytes; not read to the end)", "",
      ])
  }

  func test_streamFailedAfterItsFirstScreen_endsWithTheSummaryAndTheError() async {
    let error = DocumentError.notText(path: "/a.log", reason: .containsNUL(offset: 99))
    let screen = screen(
      document: Document(
        path: "/a.log", kind: .text, lines: ["one"], totalLineCount: 3, byteCount: 64,
        completion: .failed(error)))

    screen.present(
      Presentation(state: .content, isRefreshing: true, progress: 0.5), animated: false)
    screen.present(Presentation(state: .content), animated: false)

    XCTAssertEqual(
      output.text,
      "one\n[#####.....] 50%\n(first 1 of 3 lines in the first 64 bytes; not read to the end)\n"
        + "\(error.description(in: .english))\n")
  }

  func test_streamWithoutProgress_writesItsFirstScreenThenOnlyTheSummary() async {
    let screen = screen(
      mode: .inline,
      document: Document(
        path: "/a.pdf", kind: .pdf, lines: ["Page one"], totalLineCount: 1, byteCount: 900,
        pageCount: 1, shownPageCount: 1))

    screen.present(Presentation(state: .content, isRefreshing: true), animated: false)
    let firstScreen = output.text
    screen.present(Presentation(state: .content), animated: false)

    XCTAssertEqual(firstScreen, "Page one\n", "no bar without progress (a PDF's text)")
    XCTAssertEqual(output.text, "Page one\n(1 page, 1 line of text)\n")
  }

  func test_commit_endsALoadingRegionOnce() async {
    let screen = screen(mode: .inline, document: nil)
    var loading = StandardPlaceholder.loading(in: .english)
    loading.progress = 0.3
    screen.present(
      Presentation(state: .loading(progress: 0.3), placeholder: loading), animated: false)

    screen.commit()
    screen.commit()

    XCTAssertTrue(output.text.hasSuffix("  [###.......] 30%\n"), output.text)
  }

  func test_present_callsFinishedBeforeReturning() async {
    let screen = screen(document: nil)
    var finished = 0

    screen.present(.idle, animated: true) { finished += 1 }

    XCTAssertEqual(finished, 1)
    XCTAssertEqual(output.text, "")
  }

  func test_releasingTheSession_releasesItWhileTheScreenLives() async throws {
    let path = try fixtures.file("a.txt", text: "a")
    let screen = DocumentScreen(mode: .plain, strings: .english, write: output.write)
    weak var released: DocumentSession?
    do {
      let session = DocumentSession(path: path, presenter: screen, strings: .english)
      screen.contentProvider = { [weak session] in session?.content }
      await session.open()
      released = session
    }
    XCTAssertNil(released)
    XCTAssertNil(screen.contentProvider())
  }

  // MARK: Lines

  func test_documentLines_endWithWhatIsShown() async {
    let document = Document(
      path: "/a", kind: .text, lines: ["one", "two"], totalLineCount: 5, byteCount: 20)
    let shown = screen(document: document)
    let none = screen(document: nil)

    shown.present(Presentation(state: .content), animated: false)
    none.present(Presentation(state: .content), animated: false)

    XCTAssertEqual(shown.terminal.frame(), ["one", "two", "(first 2 of 5 lines, 20 bytes)"])
    XCTAssertEqual(none.terminal.frame(), [])
  }

  func test_documentLines_longerThanTheWidth_areCutToItWithAnEllipsis_andKeepTheirTabs() async {
    let document = Document(
      path: "/a.pdf", kind: .pdf,
      lines: ["0123456789", "0123456789A", "Column one          Column two", "", "a\tb"],
      totalLineCount: 5, byteCount: 100, pageCount: 1)
    let screen = screen(width: 10, document: document)

    screen.present(Presentation(state: .content), animated: false)

    XCTAssertEqual(
      output.lines,
      ["0123456789", "012345678…", "Column on…", "", "a\tb", "(1 page, …", ""])
  }

  func test_documentLines_cannotSendEscapeCodes() async {
    let document = Document(
      path: "/a", kind: .text, lines: ["\u{1B}[2J"], totalLineCount: 1, byteCount: 4)

    screen(document: document).present(Presentation(state: .content), animated: false)

    XCTAssertFalse(output.text.contains("\u{1B}"))
  }

  func test_cancellationAndHeading_areStyledOnlyWithColours() async {
    let plain = screen(document: nil)
    let coloured = DocumentScreen(mode: .inline, strings: .english, write: output.write)

    XCTAssertEqual(plain.cancellation(of: "a.txt"), "Cancelled: 'a.txt' was not opened.")
    XCTAssertEqual(plain.heading("A file"), "== A file ==")
    if coloured.terminal.colors {
      XCTAssertEqual(
        coloured.cancellation(of: "a\u{1B}.txt"),
        "\u{1B}[2mCancelled: 'a\u{FFFD}.txt' was not opened.\u{1B}[0m")
    } else {
      XCTAssertEqual(coloured.heading("A\u{1B}"), "== A\u{FFFD} ==", "no colours: tests on a pipe")
    }
  }

  func test_viewerOnATerminal_cutsAPDFsLayoutLinesToTheTerminalsWidth() async throws {
    try documentViewer.skipUnlessBuilt()
    try skipUnlessPDFToolsAreInstalled()
    let wide =
      "Column one" + String(repeating: " ", count: 30) + "Column two, far to the right of the first"
    let path = try fixtures.textPDF("wide.pdf", lines: [wide, "A short line."])
    let pair = try XCTUnwrap(PseudoTerminal(rows: 24, columns: 40), "no pseudo-terminals here")
    defer { pair.close() }
    XCTAssertEqual(pair.size?.columns, 40)

    let viewer = try documentViewer.start(
      [path], standardOutput: .fileHandle(FileHandle(fileDescriptor: pair.terminal)))
    XCTAssertTrue(pair.waitForText("lines of text)"), pair.text)
    let screen = pair.text

    XCTAssertEqual(viewer.waitForExit(), 0)
    let lines = screen.replacing(#/\x1B\[[0-9;]*[mJKA]/#, with: "").components(
      separatedBy: "\r\n")
    XCTAssertTrue(lines.contains { $0.contains("Column one") && $0.hasSuffix("…") }, screen)
    XCTAssertTrue(lines.contains { $0.contains("A short line.") }, screen)
    for line in lines {
      XCTAssertLessThanOrEqual(line.split(separator: "\r").last?.count ?? 0, 40, line)
    }
  }
}
