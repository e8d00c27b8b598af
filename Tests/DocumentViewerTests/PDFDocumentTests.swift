import DocumentViewerCore
import Foundation
import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

/// Opening PDFs through a session, with the real poppler and qpdf tools.
@MainActor
final class PDFDocumentTests: FixtureTestCase {
  private let presenter = RecordingPresenter()
  private let runner = RecordingProcessRunner()

  override func setUpWithError() throws {
    try super.setUpWithError()
    try skipUnlessPDFToolsAreInstalled()
  }

  private func session(_ path: String, tools: PDFTools? = nil) -> DocumentSession {
    let reader = DocumentReader(pdfTools: tools ?? PDFTools(runner: runner))
    return DocumentSession(
      path: path, opener: DocumentOpener(reader: reader), presenter: presenter, strings: .english)
  }

  private func open(_ path: String, tools: PDFTools? = nil) async -> DocumentSession {
    let session = session(path, tools: tools)
    await session.open()
    return session
  }

  private var lastMessage: String? { presenter.lastStandardPlaceholder?.message }

  // MARK: Text, no text, damaged

  func test_textPDF_showsItsTextWithABlankLineBetweenPages() async throws {
    let path = try fixtures.file(
      "two.pdf", MinimalPDF.document(pages: [["First page", "  indented (x)"], ["Second page"]]))

    let session = await open(path)

    XCTAssertEqual(presenter.changedKinds, [.loading, .content])
    XCTAssertEqual(
      session.content?.lines.map { $0.trimmingCharacters(in: .whitespaces) },
      ["First page", "indented (x)", "", "Second page"])
    XCTAssertEqual(session.content?.kind, .pdf)
    XCTAssertEqual(session.content?.pageCount, 2)
    XCTAssertEqual(session.content?.summary, "2 pages, 3 lines of text", "not the page break")
    XCTAssertEqual(
      runner.commandLines, ["qpdf --requires-password \(path)", "pdftotext -layout \(path) -"])
  }

  func test_longPDF_saysWhichPagesTheShownLinesComeFromAndCountsOnlyLinesOfText() async throws {
    let pages = (1...1000).map { ["Page \($0)"] }
    let path = try fixtures.file("long.pdf", MinimalPDF.document(pages: pages))

    let session = await open(path)
    let document = try XCTUnwrap(session.content)

    XCTAssertEqual(document.lines.count, 20)
    XCTAssertEqual(document.lines.last, "")
    XCTAssertEqual(document.lines.dropLast().last, "Page 10")
    XCTAssertTrue(document.isTruncated)
    XCTAssertEqual(document.summary, "1000 pages, 1000 lines of text")
    XCTAssertEqual(
      DocumentScreen.summaryLines(for: document, in: .english).last,
      "(first 20 lines: pages 1–10 of 1000, 1000 lines of text)")
  }

  func test_pdfLongerThanAScreen_isStreamed_itsFirstScreenfulPresentedBeforeTheRest()
    async throws
  {
    let pages = (1...3).map { page in (1...10).map { "Page \(page), line \($0)" } }
    let path = try fixtures.file("three.pdf", MinimalPDF.document(pages: pages))
    let session = session(path)
    var firstScreen: Document?
    presenter.onPresent = { [weak session] presentation in
      if firstScreen == nil && presentation.state.kind == .content {
        firstScreen = session?.content
      }
    }

    await session.open()

    XCTAssertEqual(firstScreen?.completion, .partial, "before pdftotext's output ended")
    XCTAssertEqual(firstScreen?.lines.count, 20)
    XCTAssertEqual(firstScreen?.lines.first, "Page 1, line 1")
    XCTAssertEqual(session.content?.completion, .complete)
    XCTAssertEqual(session.content?.lines, firstScreen?.lines)
    XCTAssertEqual(session.content?.summary, "3 pages, 30 lines of text")
    XCTAssertEqual(presenter.changedKinds, [.loading, .content])
  }

  func test_pdfEndingInBlankLines_isNotTruncatedByThem() async throws {
    let path = try fixtures.file("short.pdf", MinimalPDF.document(pages: [["One"], []]))

    let session = await open(path)

    XCTAssertEqual(session.content?.lines, ["One"])
    XCTAssertEqual(session.content?.isTruncated, false)
    XCTAssertEqual(
      DocumentScreen.summaryLines(for: session.content, in: .english).last,
      "(2 pages, 1 line of text)")
  }

  func test_pdfWithoutText_isEmptyTitledNoTextInThisDocument() async throws {
    let session = await open(try fixtures.scannedPDF())

    XCTAssertEqual(presenter.presentedKinds, [.loading, .empty])
    XCTAssertEqual(presenter.lastStandardPlaceholder?.title, "No text in this document")
    XCTAssertEqual(session.content?.pageCount, 1)
    XCTAssertFalse(session.hasContent)
  }

  func test_damagedPDF_isErrorWithPopplersReasonAndRetry() async throws {
    let path = try fixtures.damagedPDF()

    let session = await open(path)

    XCTAssertEqual(presenter.presentedKinds, [.loading, .error])
    guard
      case .pdfUnreadable(path, "pdftotext", let reason) = session.currentState.error
        as? DocumentError
    else { return XCTFail("\(String(describing: session.currentState.error))") }
    XCTAssertTrue(reason.contains("Couldn't"), reason)
    XCTAssertEqual(presenter.lastStandardPlaceholder?.title, "Cannot Read PDF")
    XCTAssertEqual(presenter.lastStandardPlaceholder?.actions, [.retry(in: .english)])
    XCTAssertEqual(lastMessage, "Cannot read the PDF '\(path)': pdftotext: \(reason)")
  }

  func test_retryAfterTheDamagedPDFIsRepaired_showsItsText() async throws {
    let path = try fixtures.damagedPDF()
    let session = await open(path)
    try fixtures.textPDF("damaged.pdf")

    let handled = await session.perform(.retry)

    XCTAssertTrue(handled)
    XCTAssertEqual(presenter.changedKinds, [.loading, .error, .loading, .content])
    XCTAssertEqual(session.content?.lines, ["Hello, PDF."])
  }

  func test_ownerOnlyPDF_isNotLockedAndShowsItsText() async throws {
    let session = await open(try await fixtures.ownerOnlyPDF())

    XCTAssertEqual(presenter.changedKinds, [.loading, .content])
    XCTAssertEqual(session.content?.lines, ["Anyone may read this."])
  }

  func test_pathStartingWithADashOrAnAt_isNotTakenForAnOption() async throws {
    try fixtures.textPDF("-x.pdf")
    try fixtures.textPDF("@y.pdf")
    let current = FileManager.default.currentDirectoryPath
    XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(fixtures.url.path))
    defer { _ = FileManager.default.changeCurrentDirectoryPath(current) }

    let dash = await open("-x.pdf")
    let at = await open("@y.pdf")

    XCTAssertEqual(dash.content?.lines, ["Hello, PDF."])
    XCTAssertEqual(at.content?.lines, ["Hello, PDF."])
    XCTAssertTrue(runner.commandLines.contains("pdftotext -layout ./-x.pdf -"))
    XCTAssertTrue(runner.commandLines.contains("qpdf --requires-password ./@y.pdf"))
  }

  // MARK: Missing tools

  func test_withoutTheTools_aPDFIsAnErrorSayingWhatToInstall() async throws {
    let path = try fixtures.textPDF()

    let session = await open(path, tools: PDFTools(searchPath: "", runner: runner))

    XCTAssertEqual(presenter.presentedKinds, [.loading, .error])
    assertDocumentError(
      session.currentState.error,
      DocumentError.toolsMissing(path: path, tools: [.pdftotext, .qpdf]))
    XCTAssertEqual(presenter.lastStandardPlaceholder?.title, "PDF Tools Missing")
    XCTAssertTrue(lastMessage?.contains("Install poppler-utils and qpdf") == true)
    XCTAssertEqual(runner.invocations, [], "no tool is run")
  }

  func test_withPdftotextButNotQpdf_namesOnlyQpdf() async throws {
    let path = try fixtures.textPDF()
    let bin = try fixtures.directory("bin")
    let pdftotext = try XCTUnwrap(PDFTools().locate(.pdftotext))
    try FileManager.default.createSymbolicLink(
      atPath: bin + "/pdftotext", withDestinationPath: pdftotext)
    let tools = PDFTools(searchPath: bin, runner: runner)

    let session = await open(path, tools: tools)

    XCTAssertEqual(tools.locate(.pdftotext), bin + "/pdftotext")
    assertDocumentError(
      session.currentState.error, DocumentError.toolsMissing(path: path, tools: [.qpdf]))
  }

  func test_locate_skipsDirectoriesAndFilesThatAreNotExecutable() throws {
    let first = try fixtures.directory("first")
    try fixtures.directory("first/qpdf")
    try fixtures.directory("second")
    try fixtures.file("second/qpdf", text: "#!/bin/sh\n")
    let third = try fixtures.directory("third")
    try fixtures.file("third/qpdf", text: "#!/bin/sh\n")
    XCTAssertEqual(chmod(third + "/qpdf", 0o755), 0)

    let tools = PDFTools(searchPath: "\(first)::\(fixtures.path("second")):\(third)")

    XCTAssertEqual(tools.locate(.qpdf), third + "/qpdf")
    XCTAssertNil(tools.locate(.pdftotext))
    XCTAssertEqual(tools.missingTools, [.pdftotext])
  }
}
