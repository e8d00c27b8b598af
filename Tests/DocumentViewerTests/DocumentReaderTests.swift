import DocumentViewerCore
import Foundation
import XCTest

final class DocumentReaderTests: FixtureTestCase {

  private func read(
    _ bytes: [UInt8], reader: DocumentReader = DocumentReader()
  ) throws -> Document {
    let path = try fixtures.file("text.txt", bytes)
    return try reader.readText(at: path, expectedByteCount: bytes.count)
  }

  private func read(_ text: String, reader: DocumentReader = DocumentReader()) throws -> Document {
    try read(Array(text.utf8), reader: reader)
  }

  // MARK: Lines

  func test_read_countsALastLineWithoutLineFeed() throws {
    let document = try read("a\nb")

    XCTAssertEqual(document.lines, ["a", "b"])
    XCTAssertEqual(document.totalLineCount, 2)
  }

  func test_read_singleLineFeed_isOneEmptyLine() throws {
    let document = try read("\n")

    XCTAssertEqual(document.lines, [""])
    XCTAssertEqual(document.totalLineCount, 1)
    XCTAssertFalse(document.isEmpty)
  }

  func test_read_stripsCarriageReturnsOfCRLFLines() throws {
    XCTAssertEqual(try read("one\r\ntwo\r\n").lines, ["one", "two"])
  }

  func test_read_keepsOnlyTheFirstScreenLines() throws {
    let document = try read("1\n2\n3\n4\n5\n", reader: DocumentReader(screenLines: 2))

    XCTAssertEqual(document.lines, ["1", "2"])
    XCTAssertEqual(document.totalLineCount, 5)
    XCTAssertTrue(document.isTruncated)
    XCTAssertEqual(document.summary, "5 lines, 10 bytes")
  }

  func test_read_longLineWithoutLineFeed_keepsABoundedPrefix() throws {
    let document = try read(String(repeating: "é", count: 100_000))

    XCTAssertEqual(document.lines.count, 1)
    XCTAssertLessThanOrEqual(document.lines[0].utf8.count, (64 << 10) + "…".utf8.count)
    XCTAssertTrue(document.lines[0].hasSuffix("é…"), "a cut line says that it goes on")
    XCTAssertTrue(document.lines[0].dropLast().allSatisfy { $0 == "é" })
    XCTAssertEqual(document.byteCount, 200_000)
  }

  // MARK: Chunks

  func test_read_multiByteSequencesCutByChunks_decodeTheSameForEveryChunkSize() throws {
    let text = "aé€😀\nzß😀€\n"
    for chunkSize in 1...7 {
      let reader = DocumentReader(readAtOnceLimit: 1, chunkSize: chunkSize)

      let document = try read(text, reader: reader)

      XCTAssertEqual(document.lines, ["aé€😀", "zß😀€"], "chunk size \(chunkSize)")
    }
  }

  func test_read_inChunks_reportsBytesBeforeTheFirstAndAfterEveryChunk() async throws {
    var progress: [Int] = []
    let path = try fixtures.file("ten.txt", text: "123456789\n")
    let reader = DocumentReader(readAtOnceLimit: 5, chunkSize: 4)

    _ = try await reader.read(.textFile(path: path, byteCount: 10)) { completed, total in
      XCTAssertEqual(total, 10)
      progress.append(completed)
    }

    XCTAssertEqual(progress, [0, 4, 8, 10])
  }

  func test_read_fileThatShrankSinceClassified_stillFinishesComplete() async throws {
    var progress: [[Int]] = []
    let path = try fixtures.file("short.txt", text: "12345\n")
    let reader = DocumentReader(readAtOnceLimit: 1, chunkSize: 4)

    _ = try await reader.read(.textFile(path: path, byteCount: 10)) { progress.append([$0, $1]) }

    XCTAssertEqual(progress, [[0, 10], [4, 10], [6, 10], [10, 10]])
  }

  func test_read_smallFileThatGrewSinceClassified_stopsAtItsSizeThen() async throws {
    let path = try fixtures.file("growing.log", text: "first line\n")
    let source = try DocumentSource.classify(path)
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(String(repeating: "more\n", count: 10_000).utf8))
    try handle.close()

    let document = try await DocumentReader().read(source)

    XCTAssertEqual(document.byteCount, 11)
    XCTAssertEqual(document.lines, ["first line"])
    XCTAssertEqual(document.totalLineCount, 1)
  }

  func test_read_fileOfSizeZero_likeAProcFile_isReadUpToTheReadAtOnceLimit() async throws {
    let reader = DocumentReader(readAtOnceLimit: 64)

    let document = try await reader.read(.textFile(path: "/proc/self/status", byteCount: 0))

    XCTAssertEqual(document.byteCount, 64, "a pseudo-file's size is not known in advance")
    XCTAssertTrue(document.lines.first?.hasPrefix("Name:") == true)
  }

  func test_init_replacesLimitsBelowOneByOne() {
    let reader = DocumentReader(readAtOnceLimit: 0, chunkSize: -5, screenLines: 0)

    XCTAssertEqual(reader.readAtOnceLimit, 1)
    XCTAssertEqual(reader.chunkSize, 1)
    XCTAssertEqual(reader.screenLines, 1)
  }

  // MARK: Parts

  func test_readText_inChunks_handsOverTheFirstScreenfulAfterItsChunk_thenOnePartPerChunk()
    throws
  {
    let text = (1...10).map { "line \($0)\n" }.joined()
    let path = try fixtures.file("ten.txt", text: text)
    let reader = DocumentReader(readAtOnceLimit: 8, chunkSize: 16, screenLines: 2)
    var parts: [Document] = []

    let document = try reader.readText(
      at: path, expectedByteCount: text.utf8.count, part: { parts.append($0) })

    XCTAssertEqual(parts.map(\.byteCount), [16, 32, 48, 64], "not the last chunk: the end")
    XCTAssertTrue(parts.allSatisfy { $0.lines == ["line 1", "line 2"] })
    XCTAssertTrue(parts.allSatisfy { $0.completion == .partial && $0.isTruncated })
    XCTAssertEqual(parts.map(\.totalLineCount), [3, 5, 7, 10], "the lines read so far")
    XCTAssertEqual(document.completion, .complete)
    XCTAssertEqual(document.totalLineCount, 10)
    XCTAssertEqual(document.byteCount, 71)
  }

  func test_readText_firstReadAsksForNoMoreThanTheFirstScreenfulKeeps() throws {
    let byteCount = 1 << 20
    let path = try fixtures.file("large.txt", largeText(byteCount: byteCount))
    var parts: [Document] = []

    _ = try DocumentReader().readText(
      at: path, expectedByteCount: byteCount, part: { parts.append($0) })

    XCTAssertEqual(
      parts.map(\.byteCount), [64 << 10], "64 KiB, then the rest of a file read at once")
  }

  func test_readText_screenfulCompletedByTheLastRead_handsOverNoPart() throws {
    let path = try fixtures.file("small.txt", text: "a\nb\nc\n")
    var parts: [Document] = []

    let document = try DocumentReader(screenLines: 2).readText(
      at: path, expectedByteCount: 6, part: { parts.append($0) })

    XCTAssertEqual(parts, [], "read at once: the document itself comes at once")
    XCTAssertEqual(document.lines, ["a", "b"])
  }

  func test_readText_firstLineLongerThanTheCap_isTheFirstPart_cutWithAnEllipsis() throws {
    let text = String(repeating: "é", count: 100_000) + "\nnext\n"
    let path = try fixtures.file("long.txt", text: text)
    let reader = DocumentReader(readAtOnceLimit: 1, chunkSize: 48 << 10)
    var parts: [Document] = []

    _ = try reader.readText(
      at: path, expectedByteCount: text.utf8.count, part: { parts.append($0) })

    let first = try XCTUnwrap(parts.first)
    XCTAssertEqual(first.byteCount, 96 << 10, "the chunk that passed 64 KiB of the line")
    XCTAssertEqual(first.lines.count, 1)
    XCTAssertTrue(first.lines[0].hasSuffix("é…"))
    XCTAssertLessThanOrEqual(first.lines[0].utf8.count, (64 << 10) + "…".utf8.count)
  }

  func test_readText_NULAfterTheFirstScreenful_throwsAfterItsParts() throws {
    let path = fixtures.path("text.txt")
    let reader = DocumentReader(readAtOnceLimit: 1, chunkSize: 8, screenLines: 1)
    var parts: [Document] = []
    let bytes = Array("one\ntwo\nthree\nfour\n".utf8) + [0] + Array("five\n".utf8)
    try fixtures.file("text.txt", bytes)

    XCTAssertThrowsError(
      try reader.readText(at: path, expectedByteCount: bytes.count, part: { parts.append($0) })
    ) { error in
      assertDocumentError(
        error, DocumentError.notText(path: path, reason: .containsNUL(offset: 19)))
    }
    XCTAssertEqual(parts.map(\.byteCount), [8, 16], "the chunks before the NUL byte's")
    XCTAssertEqual(parts.first?.lines, ["one"])
  }

  func test_readText_cancelledAtItsFirstPart_readsNoFurther() async throws {
    let path = try fixtures.file("large.txt", largeText(byteCount: 1 << 20))
    let reader = DocumentReader(readAtOnceLimit: 1, chunkSize: 64 << 10, screenLines: 1)

    let read = Task {
      var parts: [Document] = []
      let result = Result { () throws(DocumentError) -> Document in
        try reader.readText(at: path, expectedByteCount: 1 << 20) { _, _ in
        } part: { part in
          parts.append(part)
          withUnsafeCurrentTask { $0?.cancel() }
        }
      }
      return (parts, result)
    }
    let (parts, result) = await read.value

    XCTAssertEqual(parts.map(\.byteCount), [64 << 10], "one part, then the read stopped")
    XCTAssertThrowsError(try result.get()) { error in
      assertDocumentError(
        error, DocumentError.unreadable(path: path, reason: "the read was cancelled"))
    }
  }

  // MARK: Not text

  func test_read_truncatedUTF8SequenceAtTheEnd_isInvalidUTF8() throws {
    let path = fixtures.path("text.txt")

    XCTAssertThrowsError(try read(Array("abc".utf8) + [0xE2, 0x82])) { error in
      assertDocumentError(error, DocumentError.notText(path: path, reason: .invalidUTF8(offset: 3)))
    }
  }

  func test_read_invalidByteAfterAChunkBoundary_reportsItsOffsetInTheFile() throws {
    let path = fixtures.path("text.txt")
    let reader = DocumentReader(readAtOnceLimit: 1, chunkSize: 3)

    XCTAssertThrowsError(try read(Array("abcdé".utf8) + [0xFF], reader: reader)) { error in
      assertDocumentError(error, DocumentError.notText(path: path, reason: .invalidUTF8(offset: 6)))
    }
  }

  func test_read_surrogateEncodedInUTF8_isInvalidUTF8() throws {
    let path = fixtures.path("text.txt")

    XCTAssertThrowsError(try read([0x61, 0xED, 0xA0, 0x80])) { error in
      assertDocumentError(error, DocumentError.notText(path: path, reason: .invalidUTF8(offset: 1)))
    }
  }

  // MARK: Directories

  func test_read_directory_keepsTheFirstEntriesAndCountsAll() async throws {
    for name in ["d", "c", "b", "a"] { try fixtures.file("folder-\(name)", text: name) }
    let reader = DocumentReader(screenLines: 2)

    let document = try await reader.read(.directory(path: fixtures.url.path))

    XCTAssertEqual(document.lines, ["folder-a", "folder-b"])
    XCTAssertEqual(document.totalLineCount, 4)
    XCTAssertEqual(document.summary, "4 entries")
  }

  func test_formattedSize_usesBinaryUnitsAboveAKibibyte() {
    XCTAssertEqual(Document.formattedSize(1), "1 byte")
    XCTAssertEqual(Document.formattedSize(1023), "1023 bytes")
    XCTAssertEqual(Document.formattedSize(1536), "1.5 KiB")
    XCTAssertEqual(Document.formattedSize(5 << 20), "5.0 MiB")
    XCTAssertEqual(Document.formattedSize(3 << 30), "3.0 GiB")
  }

  func test_partSummary_saysHowMuchWasReadAndThatTheRestWasNot() {
    let text = Document(
      path: "/a.log", kind: .text, lines: ["a", "b"], totalLineCount: 5300,
      byteCount: 256 << 10, completion: .partial)
    let pdf = Document(
      path: "/a.pdf", kind: .pdf, lines: ["a", "", "b"], totalLineCount: 40, byteCount: 9000,
      pageCount: 10, shownPageCount: 2, completion: .failed(.notFound(path: "/a.pdf")))

    XCTAssertTrue(text.isTruncated)
    XCTAssertFalse(text.isComplete)
    XCTAssertEqual(
      text.shownSummary, "first 2 of 5300 lines in the first 256.0 KiB; not read to the end")
    XCTAssertEqual(
      pdf.shownSummary,
      "first 3 lines: pages 1–2; 40 lines of text in the first 10 pages; not read to the end")
  }

  func test_pdfSummary_countsPagesAndLinesOfText() {
    let document = Document(
      path: "/a.pdf", kind: .pdf, lines: ["a"], totalLineCount: 3, byteCount: 900, pageCount: 1)

    XCTAssertEqual(document.summary, "1 page, 3 lines of text")
    XCTAssertFalse(document.isEmpty)
    XCTAssertTrue(
      Document(path: "/b.pdf", kind: .pdf, lines: [], totalLineCount: 0, byteCount: 9).isEmpty)
  }
}
