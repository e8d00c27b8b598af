import DocumentViewerCore
import StatefulContent
import StatefulContentTesting
import XCTest

@MainActor
final class DocumentSessionTests: FixtureTestCase {
  private let presenter = RecordingPresenter()

  private func open(
    _ path: String, reader: DocumentReader = DocumentReader()
  ) async -> DocumentSession {
    let session = DocumentSession(
      path: path, opener: DocumentOpener(reader: reader), presenter: presenter, strings: .english)
    await session.open()
    return session
  }

  // MARK: Content

  func test_open_textFile_showsLoadingThenContent() async throws {
    let path = try fixtures.file("notes.txt", text: "first\nsecond\n")

    let session = await open(path)

    XCTAssertEqual(presenter.presentedKinds, [.loading, .content, .content])
    XCTAssertEqual(
      presenter.records.map(\.presentation.isRefreshing), [false, true, false],
      "a streaming load: the one part is content while the load ends, then the load ends")
    XCTAssertEqual(session.currentState, .content)
    XCTAssertEqual(session.content?.lines, ["first", "second"])
    XCTAssertEqual(session.content?.completion, .complete)
    XCTAssertEqual(session.content?.totalLineCount, 2)
    XCTAssertEqual(session.content?.byteCount, 13)
    XCTAssertEqual(presenter.loadProgressValues, [], "a small file is read at once")
  }

  func test_open_directory_listsEntriesSortedByNameWithSlashAfterFolders() async throws {
    try fixtures.directory("folder/c")
    try fixtures.file("folder/b.txt", text: "b")
    try fixtures.file("folder/A.txt", text: "a")

    let session = await open(fixtures.path("folder"))

    XCTAssertEqual(presenter.changedKinds, [.loading, .content])
    XCTAssertEqual(session.content?.kind, .directory)
    XCTAssertEqual(session.content?.lines, ["A.txt", "b.txt", "c/"])
  }

  func test_open_largeFile_reportsIncreasingProgressFromZeroToOne() async throws {
    let byteCount = 5 << 20
    let path = try fixtures.file("large.txt", largeText(byteCount: byteCount))

    let session = await open(path)

    XCTAssertEqual(presenter.changedKinds, [.loading, .content])
    let progress = presenter.loadProgressValues
    XCTAssertEqual(progress.first, 0)
    XCTAssertEqual(progress.last, 1)
    XCTAssertEqual(progress, progress.sorted())
    XCTAssertLessThanOrEqual(
      progress.count, 22, "0, the first 64 KiB, then at most one value per 256 KiB chunk")
    XCTAssertTrue(progress.allSatisfy { (0...1).contains($0) })
    XCTAssertEqual(session.content?.byteCount, byteCount)
    XCTAssertEqual(session.content?.lines.count, 20)
    XCTAssertEqual(session.content?.lines.first, String(largeTextLine.dropLast()))
    XCTAssertEqual(session.content?.totalLineCount, byteCount / 64)
    XCTAssertEqual(session.content?.isTruncated, true)
  }

  func test_open_fileAtTheReadAtOnceLimit_reportsNoProgress() async throws {
    let path = try fixtures.file("limit.txt", largeText(byteCount: 1 << 20))

    _ = await open(path)

    XCTAssertEqual(presenter.changedKinds, [.loading, .content])
    XCTAssertEqual(presenter.loadProgressValues, [])
  }

  func test_open_withChunkSizeParameter_reportsOneProgressValuePerChunk() async throws {
    let path = try fixtures.file("small.txt", text: String(repeating: "x", count: 99) + "\n")
    let reader = DocumentReader(readAtOnceLimit: 10, chunkSize: 25)

    _ = await open(path, reader: reader)

    XCTAssertEqual(presenter.loadProgressValues, [0, 0.25, 0.5, 0.75, 1])
    XCTAssertEqual(presenter.changedKinds, [.loading, .content])
  }

  // MARK: Empty

  func test_open_emptyFile_isEmpty() async throws {
    let path = try fixtures.file("empty.txt", [])

    let session = await open(path)

    XCTAssertEqual(presenter.presentedKinds, [.loading, .empty])
    XCTAssertFalse(session.hasContent)
    XCTAssertEqual(presenter.lastStandardPlaceholder?.title, "Empty File")
  }

  func test_open_emptyDirectory_isEmpty() async throws {
    let path = try fixtures.directory("empty-folder")

    _ = await open(path)

    XCTAssertEqual(presenter.presentedKinds, [.loading, .empty])
    XCTAssertEqual(presenter.lastStandardPlaceholder?.title, "Empty Folder")
  }

  // MARK: Errors

  func test_aSessionInGerman_showsTheLibrarysTextsInGermanToo_whateverTheProcessSpeaks() async {
    let german = ViewerStrings(language: "de")
    let session = DocumentSession(
      path: fixtures.path("missing.txt"), presenter: presenter, strings: german)

    await session.open()

    XCTAssertEqual(session.stateMachine.strings, .german)
    let placeholder = presenter.lastStandardPlaceholder
    XCTAssertEqual(placeholder?.actions, [.retry(in: .german)])
    XCTAssertEqual(placeholder?.actions.first?.title, "Erneut versuchen")
    XCTAssertEqual(german.placeholderStrings, .german)
    XCTAssertEqual(ViewerStrings(language: "fr").placeholderStrings, .french)
    XCTAssertEqual(ViewerStrings.english.placeholderStrings, .english)
  }

  func test_open_missingPath_isErrorWithRetryAction() async {
    let path = fixtures.path("missing.txt")

    let session = await open(path)

    XCTAssertEqual(presenter.presentedKinds, [.loading, .error])
    assertDocumentError(session.currentState.error, DocumentError.notFound(path: path))
    let placeholder = presenter.lastStandardPlaceholder
    XCTAssertEqual(placeholder?.title, "Not Found")
    XCTAssertEqual(placeholder?.actions, [.retry(in: .english)])
    XCTAssertEqual(
      placeholder?.message,
      "Cannot open '\(path)': no file or folder exists at this path.")
  }

  func test_open_pathThroughARegularFile_isUnreadableEvenForRoot() async throws {
    try fixtures.file("file.txt", text: "text")
    let path = fixtures.path("file.txt/child.txt")

    let session = await open(path)

    XCTAssertEqual(presenter.presentedKinds, [.loading, .error])
    assertDocumentError(
      session.currentState.error, DocumentError.unreadable(path: path, reason: "Not a directory"))
    XCTAssertEqual(presenter.lastStandardPlaceholder?.actions, [.retry(in: .english)])
    XCTAssertEqual(presenter.lastStandardPlaceholder?.title, "Cannot Read")
  }

  func test_open_binaryFileWithNUL_isNotText() async throws {
    let path = try fixtures.file("image.bin", [0x89, 0x50, 0x4E, 0x47, 0, 1, 2])

    let session = await open(path)

    XCTAssertEqual(presenter.presentedKinds, [.loading, .error])
    assertDocumentError(
      session.currentState.error,
      DocumentError.notText(path: path, reason: .containsNUL(offset: 4)))
    XCTAssertEqual(presenter.lastStandardPlaceholder?.actions, [.retry(in: .english)])
    XCTAssertEqual(presenter.lastStandardPlaceholder?.title, "Not a Text File")
  }

  func test_open_invalidUTF8WithoutNUL_isNotText() async throws {
    let path = try fixtures.file("latin1.txt", Array("caf".utf8) + [0xE9, 0x0A])

    let session = await open(path)

    XCTAssertEqual(presenter.presentedKinds, [.loading, .error])
    assertDocumentError(
      session.currentState.error,
      DocumentError.notText(path: path, reason: .invalidUTF8(offset: 3)))
  }

  func test_open_binaryLargeFile_keepsItsFirstScreenMarkedWithTheError() async throws {
    var bytes = largeText(byteCount: 3 << 20)
    bytes[2 << 20] = 0
    let path = try fixtures.file("corrupt.txt", bytes)
    let error = DocumentError.notText(path: path, reason: .containsNUL(offset: 2 << 20))

    let session = await open(path)

    XCTAssertEqual(presenter.changedKinds, [.loading, .content])
    XCTAssertEqual(presenter.loadProgressValues.first, 0)
    XCTAssertEqual(session.currentState, .content, "the first screen was read: it stays")
    XCTAssertEqual(session.content?.completion, .failed(error))
    XCTAssertEqual(session.content?.lines.count, 20)
    XCTAssertEqual(
      session.content?.byteCount, (64 << 10) + 7 * (256 << 10),
      "the first 64 KiB and the chunks after them up to the NUL byte's")
  }

  // MARK: Retry

  func test_performRetry_afterTheFileAppears_showsContent() async throws {
    let path = fixtures.path("later.txt")
    let session = await open(path)
    try fixtures.file("later.txt", text: "here now\n")

    let handled = await session.perform(.retry)

    XCTAssertTrue(handled)
    XCTAssertEqual(presenter.changedKinds, [.loading, .error, .loading, .content])
    XCTAssertEqual(session.content?.lines, ["here now"])
  }

  func test_perform_unlock_isNotHandled() async throws {
    let session = await open(try fixtures.file("a.txt", text: "a"))

    let handled = await session.perform(.unlock)
    XCTAssertFalse(handled)
    XCTAssertEqual(presenter.changedKinds, [.loading, .content])
  }
}
