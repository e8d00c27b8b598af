import DocumentViewerCore
import StatefulContent
import XCTest

@MainActor
final class TerminalPresenterTests: FixtureTestCase {
  private let output = TextCapture()

  private func open(
    _ path: String, style: TerminalStyle, reader: DocumentReader = DocumentReader()
  ) async {
    let presenter = TerminalPresenter(style: style, strings: .english, write: output.write)
    let session = DocumentSession(
      path: path, opener: DocumentOpener(reader: reader), presenter: presenter, strings: .english)
    presenter.contentProvider = { [weak session] in session?.content }
    await session.open()
  }

  func test_plain_textFile_writesLoadingThenContent() async throws {
    let path = try fixtures.file("notes.txt", text: "hello\nworld\n")

    await open(path, style: .plain)

    XCTAssertEqual(
      output.text, "Opening notes.txt…\nhello\nworld\n(2 lines, 12 bytes)\n")
  }

  func test_plain_missingPath_writesTheErrorPlaceholderWithRetry() async {
    let path = fixtures.path("missing.txt")

    await open(path, style: .plain)

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

    await open(path, style: .plain, reader: reader)

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

  func test_ansi_largeFile_drawsTheBarUnderTheFirstScreenInPlace_thenTheSummaryOverIt()
    async throws
  {
    let path = try fixtures.file("large.txt", largeText(byteCount: 256))
    let reader = DocumentReader(readAtOnceLimit: 64, chunkSize: 64, screenLines: 1)

    await open(path, style: .ansi, reader: reader)

    let text = output.text
    let screen = try XCTUnwrap(text.range(of: String(largeTextLine)), "the first screen")
    let afterScreen = text[screen.upperBound...]
    XCTAssertTrue(afterScreen.hasPrefix("["), "the bar comes right under it: \(afterScreen)")
    XCTAssertTrue(
      afterScreen.hasSuffix(
        "[##########] 100%\r\u{1B}[2K\u{1B}[2m(first 1 of 4 lines, 256 bytes)\u{1B}[0m\n"),
      "redrawn in place, and the summary over it: \(afterScreen)")
  }

  func test_streamCancelledAfterItsFirstScreen_endsWithASummarySayingSo() {
    let presenter = TerminalPresenter(style: .plain, strings: .english, write: output.write)
    presenter.contentProvider = {
      Document(
        path: "/a.log", kind: .text, lines: ["one", "two"], totalLineCount: 7, byteCount: 40,
        completion: .partial)
    }

    presenter.present(
      Presentation(state: .content, isRefreshing: true, progress: 0.3), animated: false)
    presenter.present(Presentation(state: .content), animated: false)

    XCTAssertEqual(
      output.lines,
      [
        "one", "two", "[###.......] 30%",
        "(first 2 of 7 lines in the first 40 bytes; not read to the end)", "",
      ])
  }

  func test_streamFailedAfterItsFirstScreen_endsWithTheSummaryAndTheError() {
    let presenter = TerminalPresenter(style: .ansi, strings: .english, write: output.write)
    let error = DocumentError.notText(path: "/a.log", reason: .containsNUL(offset: 99))
    presenter.contentProvider = {
      Document(
        path: "/a.log", kind: .text, lines: ["one"], totalLineCount: 3, byteCount: 64,
        completion: .failed(error))
    }

    presenter.present(
      Presentation(state: .content, isRefreshing: true, progress: 0.5), animated: false)
    presenter.present(Presentation(state: .content), animated: false)

    XCTAssertEqual(
      output.text,
      "one\n[#####.....] 50%\r\u{1B}[2K"
        + "\u{1B}[2m(first 1 of 3 lines in the first 64 bytes; not read to the end)\u{1B}[0m\n"
        + "\u{1B}[1;31m\(error)\u{1B}[0m\n")
  }

  func test_streamWithoutProgress_writesItsFirstScreenThenOnlyTheSummary() {
    let presenter = TerminalPresenter(style: .ansi, strings: .english, write: output.write)
    presenter.contentProvider = {
      Document(
        path: "/a.pdf", kind: .pdf, lines: ["Page one"], totalLineCount: 1, byteCount: 900,
        pageCount: 1, shownPageCount: 1)
    }

    presenter.present(Presentation(state: .content, isRefreshing: true), animated: false)
    let firstScreen = output.text
    presenter.present(Presentation(state: .content), animated: false)

    XCTAssertEqual(firstScreen, "Page one\n", "no bar without progress (a PDF's text)")
    XCTAssertEqual(output.text, "Page one\n\u{1B}[2m(1 page, 1 line of text)\u{1B}[0m\n")
  }

  func test_closeProgressLine_endsAnOpenBarOnce() async {
    let presenter = TerminalPresenter(style: .ansi, strings: .english, write: output.write)
    var loading = StandardPlaceholder.loading(in: .english)
    loading.progress = 0.3
    presenter.present(
      Presentation(state: .loading(progress: 0.3), placeholder: loading), animated: false
    ) {}

    presenter.closeProgressLine()
    presenter.closeProgressLine()

    XCTAssertTrue(output.text.hasSuffix("[###.......] 30%\n"))
  }

  func test_present_callsFinishedBeforeReturning() async {
    let presenter = TerminalPresenter(style: .plain, strings: .english, write: output.write)
    var finished = 0

    presenter.present(.idle, animated: true) { finished += 1 }

    XCTAssertEqual(finished, 1)
    XCTAssertEqual(output.text, "")
  }

  func test_releasingTheSession_releasesItWhileThePresenterLives() async throws {
    let path = try fixtures.file("a.txt", text: "a")
    let presenter = TerminalPresenter(style: .plain, strings: .english, write: output.write)
    weak var released: DocumentSession?
    do {
      let session = DocumentSession(path: path, presenter: presenter, strings: .english)
      presenter.contentProvider = { [weak session] in session?.content }
      await session.open()
      released = session
    }
    XCTAssertNil(released)
    XCTAssertNil(presenter.contentProvider())
  }
}
