import DocumentViewerCore
import StatefulContent
import XCTest

@MainActor
final class TerminalPresenterTests: FixtureTestCase {
  private let output = TextCapture()

  private func open(
    _ path: String, style: TerminalStyle, reader: DocumentReader = DocumentReader()
  ) async {
    let presenter = TerminalPresenter(style: style, write: output.write)
    let session = DocumentSession(
      path: path, opener: DocumentOpener(reader: reader), presenter: presenter)
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
        "Cannot open '\(path)': no file or folder exists at this path.", "[Retry]", "",
      ])
  }

  func test_plain_largeFile_writesABarLineEachTimeACellFills() async throws {
    let path = try fixtures.file("large.txt", largeText(byteCount: 640))
    let reader = DocumentReader(readAtOnceLimit: 64, chunkSize: 32, screenLines: 1)

    await open(path, style: .plain, reader: reader)

    let bars = output.lines.filter { $0.hasPrefix("[") }
    XCTAssertEqual(bars.first, "[..........] 0%")
    XCTAssertEqual(bars.last, "[##########] 100%")
    XCTAssertEqual(bars.count, 11, "one line per cell, not one per chunk (20 chunks)")
    XCTAssertFalse(output.text.contains("\u{1B}"))
  }

  func test_ansi_largeFile_redrawsTheBarInPlace() async throws {
    let path = try fixtures.file("large.txt", largeText(byteCount: 256))
    let reader = DocumentReader(readAtOnceLimit: 64, chunkSize: 128, screenLines: 1)

    await open(path, style: .ansi, reader: reader)

    XCTAssertTrue(
      output.text.contains(
        "[..........] 0%\r\u{1B}[2K[#####.....] 50%\r\u{1B}[2K[##########] 100%\n"))
  }

  func test_closeProgressLine_endsAnOpenBarOnce() async {
    let presenter = TerminalPresenter(style: .ansi, write: output.write)
    var loading = StandardPlaceholder.loading
    loading.progress = 0.3
    presenter.present(
      Presentation(state: .loading(progress: 0.3), placeholder: loading), animated: false
    ) {}

    presenter.closeProgressLine()
    presenter.closeProgressLine()

    XCTAssertTrue(output.text.hasSuffix("[###.......] 30%\n"))
  }

  func test_present_callsFinishedBeforeReturning() async {
    let presenter = TerminalPresenter(style: .plain, write: output.write)
    var finished = 0

    presenter.present(.idle, animated: true) { finished += 1 }

    XCTAssertEqual(finished, 1)
    XCTAssertEqual(output.text, "")
  }

  func test_releasingTheSession_releasesItWhileThePresenterLives() async throws {
    let path = try fixtures.file("a.txt", text: "a")
    let presenter = TerminalPresenter(style: .plain, write: output.write)
    weak var released: DocumentSession?
    do {
      let session = DocumentSession(path: path, presenter: presenter)
      presenter.contentProvider = { [weak session] in session?.content }
      await session.open()
      released = session
    }
    XCTAssertNil(released)
    XCTAssertNil(presenter.contentProvider())
  }
}
