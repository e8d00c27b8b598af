import DocumentViewerCore
import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

/// Opening a document as a stream: its first screenful is content as soon as it is read,
/// while the rest loads under it.
@MainActor
final class DocumentStreamingTests: FixtureTestCase {
  private let presenter = RecordingPresenter()
  /// 64 KiB chunks, a screen of 2 lines, every file in chunks.
  private let reader = DocumentReader(readAtOnceLimit: 1, chunkSize: 64 << 10, screenLines: 2)
  private let line = String(largeTextLine.dropLast())

  private func session(_ path: String, reader: DocumentReader? = nil) -> DocumentSession {
    DocumentSession(
      path: path, opener: DocumentOpener(reader: reader ?? self.reader), presenter: presenter,
      strings: .english)
  }

  /// What the session held when content was first presented, and that presentation.
  private func recordFirstScreen(of session: DocumentSession) -> () -> (Document?, Presentation?) {
    var firstScreen: (Document?, Presentation?) = (nil, nil)
    presenter.onPresent = { [weak session] presentation in
      guard firstScreen.1 == nil, presentation.state.kind == .content else { return }
      firstScreen = (session?.content, presentation)
    }
    return { firstScreen }
  }

  // MARK: Text files

  func test_largeFile_presentsItsFirstScreenfulFromTheFirstChunk_beforeTheRest() async throws {
    let byteCount = 1 << 20
    let path = try fixtures.file("large.log", largeText(byteCount: byteCount))
    let session = session(path)
    let firstScreen = recordFirstScreen(of: session)

    let outcome = await session.open()

    XCTAssertEqual(outcome, .completed)
    let (document, presentation) = firstScreen()
    XCTAssertEqual(document?.lines, [line, line])
    XCTAssertEqual(document?.completion, .partial)
    XCTAssertEqual(document?.byteCount, 64 << 10, "the first chunk of sixteen: the rest was not")
    XCTAssertEqual(presentation?.isRefreshing, true, "the rest loads under the first screen")
    XCTAssertEqual(session.content?.completion, .complete)
    XCTAssertEqual(session.content?.byteCount, byteCount)
    XCTAssertEqual(session.content?.totalLineCount, byteCount / 64)
    XCTAssertEqual(presenter.changedKinds, [.loading, .content])
    XCTAssertEqual(presenter.lastPresentation?.isRefreshing, false)
  }

  func test_largeFile_presentsItsProgressOnTheFirstScreenWhileTheRestLoads() async throws {
    let path = try fixtures.file("large.log", largeText(byteCount: 1 << 20))
    let session = session(path)

    await session.open()

    let streaming = presenter.records.map(\.presentation).filter {
      $0.state.kind == .content && $0.isRefreshing
    }
    XCTAssertFalse(streaming.isEmpty)
    XCTAssertTrue(streaming.allSatisfy { $0.progress != nil }, "bytes read / file size")
    let progress = presenter.loadProgressValues
    XCTAssertEqual(progress.first, 0)
    XCTAssertEqual(progress.last, 1)
    XCTAssertEqual(progress, progress.sorted(), "never backwards, from loading to content")
    XCTAssertNil(presenter.lastPresentation?.progress, "the load has ended")
  }

  func test_cancellingAfterTheFirstScreen_keepsIt_andAppliesNoMoreOfTheFile() async throws {
    let path = try fixtures.file("large.log", largeText(byteCount: 1 << 20))
    let session = session(path)
    presenter.onPresent = { [weak session] presentation in
      if presentation.state.kind == .content && presentation.isRefreshing {
        session?.cancelLoading()
      }
    }

    let outcome = await session.open()

    XCTAssertEqual(outcome, .cancelled)
    XCTAssertEqual(session.currentState, .content, "the first screen stays")
    XCTAssertFalse(session.stateMachine.isRefreshing)
    XCTAssertEqual(session.content?.lines, [line, line])
    XCTAssertEqual(session.content?.completion, .partial, "not read to the end")
    XCTAssertEqual(session.content?.byteCount, 64 << 10, "no later part was applied")
    XCTAssertEqual(presenter.lastPresentation?.isRefreshing, false)
  }

  func test_notTextFarIntoTheFile_keepsTheFirstScreen_markedWithTheError() async throws {
    var bytes = largeText(byteCount: 1 << 20)
    bytes[(200 << 10) + 3] = 0
    let path = try fixtures.file("corrupt.log", bytes)
    let error = DocumentError.notText(path: path, reason: .containsNUL(offset: (200 << 10) + 3))
    let session = session(path)

    let outcome = await session.open()

    XCTAssertEqual(outcome, .failed(error))
    XCTAssertEqual(session.currentState, .content)
    XCTAssertEqual(session.content?.lines, [line, line])
    XCTAssertEqual(session.content?.completion, .failed(error))
    XCTAssertEqual(session.content?.byteCount, 192 << 10, "the three chunks before the NUL")
    XCTAssertEqual(
      DocumentScreen.summaryLines(for: session.content, in: .english),
      [
        "(first 2 of 3072 lines in the first 192.0 KiB; not read to the end)",
        error.description,
      ])
  }

  func test_binaryFile_withANULInItsFirstChunk_isStillAnError() async throws {
    let path = try fixtures.file(
      "image.bin", [0x89, 0x50, 0x4E, 0x47, 0] + largeText(byteCount: 1 << 20))
    let session = session(path)

    await session.open()

    XCTAssertEqual(presenter.changedKinds, [.loading, .error])
    XCTAssertNil(session.content)
  }

  func test_parts_areTheDocumentReadSoFar_endingWithTheWholeDocument() async throws {
    let path = try fixtures.file("large.log", largeText(byteCount: 256 << 10))
    let opener = DocumentOpener(reader: reader)

    var parts: [Document] = []
    for try await part in opener.parts(path, context: LoadContext()) { parts.append(part) }

    XCTAssertEqual(parts.map(\.byteCount), [64 << 10, 128 << 10, 192 << 10, 256 << 10])
    XCTAssertEqual(parts.map(\.completion), [.partial, .partial, .partial, .complete])
    XCTAssertTrue(parts.allSatisfy { $0.lines == [line, line] })
  }

  func test_parts_readTheRestOfTheFileOnlyAfterTheFirstPartIsTaken() async throws {
    let path = try fixtures.file("large.log", largeText(byteCount: 1 << 20))
    var parts = DocumentOpener(reader: reader).parts(path, context: LoadContext())
      .makeAsyncIterator()

    let first = try await parts.next()
    // A NUL byte far beyond the first screenful, written after it was handed over.
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
    try handle.seek(toOffset: 512 << 10)
    try handle.write(contentsOf: [0])
    try handle.close()
    var later: [Document] = []
    var failure: (any Error)?
    do {
      while let part = try await parts.next() { later.append(part) }
    } catch {
      failure = error
    }

    XCTAssertEqual(first?.byteCount, 64 << 10, "the first read only")
    XCTAssertEqual(first?.lines, [line, line])
    let error = DocumentError.notText(path: path, reason: .containsNUL(offset: 512 << 10))
    assertDocumentError(failure, error)
    XCTAssertEqual(later.last?.completion, .failed(error), "the rest was read after it")
    XCTAssertEqual(later.last?.byteCount, 512 << 10, "the reads before the NUL byte's")
  }

  // MARK: PDFs

  func test_pdf_firstScreenIsShownWhileTheToolStillWrites_andCancellingEndsTheTool()
    async throws
  {
    let path = try fixtures.textPDF()
    let runner = ScriptedPDFRunner(
      firstOutput: "Page one\nsecond line\nthird line\n", rest: "\u{0C}Page two\n\u{0C}")
    let tools = PDFTools(searchPath: "/usr/bin:/bin", runner: runner)
    try XCTSkipUnless(tools.areInstalled, "the reader looks the tools up before it runs them")
    let session = session(path, reader: DocumentReader(screenLines: 2, pdfTools: tools))

    let open = Task { await session.open() }
    try await settle { session.content != nil }

    XCTAssertEqual(session.currentState, .content)
    XCTAssertTrue(session.stateMachine.isRefreshing, "pdftotext is still writing")
    XCTAssertEqual(session.content?.lines, ["Page one", "second line"])
    XCTAssertEqual(session.content?.completion, .partial)
    session.cancelLoading()
    let outcome = await open.value
    // The cancellation reaches the tool's run through the stream's end, after `open` returned:
    // wait for it before opening the gate, which would otherwise let the run end normally.
    try await settle { runner.wasCancelled }
    runner.gate.open()

    XCTAssertEqual(outcome, .cancelled)
    XCTAssertTrue(runner.wasCancelled, "the tool's run was cancelled")
    XCTAssertEqual(session.currentState, .content)
    XCTAssertEqual(session.content?.completion, .partial, "the rest was never applied")
    XCTAssertEqual(session.content?.pageCount, 0)
  }
}
