import DocumentViewerCore
import Foundation
import XCTest

final class DocumentSourceTests: FixtureTestCase {

  private func assertClassifyThrows(
    _ path: String, _ expected: DocumentError, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(try DocumentSource.classify(path), file: file, line: line) { error in
      assertDocumentError(error, expected, file: file, line: line)
    }
  }

  func test_classify_regularFile_isTextFileWithItsSize() throws {
    let path = try fixtures.file("a.txt", text: "hello")

    XCTAssertEqual(try DocumentSource.classify(path), .textFile(path: path, byteCount: 5))
  }

  func test_classify_fileNamedPDFInAnyCase_isPDF() throws {
    let lower = try fixtures.file("a.pdf", text: "not really")
    let upper = try fixtures.file("B.PDF", [])

    XCTAssertEqual(try DocumentSource.classify(lower), .pdf(path: lower, byteCount: 10))
    XCTAssertEqual(try DocumentSource.classify(upper), .pdf(path: upper, byteCount: 0))
  }

  func test_classify_fileStartingWithThePDFSignature_isPDFWhateverItsName() throws {
    let path = try fixtures.file("paper", MinimalPDF.document(pages: [["x"]]))
    let text = try fixtures.file("note.txt", text: "%PDF")

    XCTAssertEqual(try DocumentSource.classify(path).path, path)
    guard case .pdf = try DocumentSource.classify(path) else {
      return XCTFail("not classified as a PDF")
    }
    XCTAssertEqual(try DocumentSource.classify(text), .textFile(path: text, byteCount: 4))
  }

  func test_classify_directory_isDirectory() throws {
    let path = try fixtures.directory("folder")

    XCTAssertEqual(try DocumentSource.classify(path), .directory(path: path))
  }

  func test_classify_symbolicLinkToAFile_followsIt() throws {
    try fixtures.file("a.txt", text: "hello")
    let link = try fixtures.symbolicLink("link", to: fixtures.path("a.txt"))

    XCTAssertEqual(try DocumentSource.classify(link), .textFile(path: link, byteCount: 5))
  }

  func test_classify_missingPath_isNotFound() {
    let path = fixtures.path("missing")

    assertClassifyThrows(path, .notFound(path: path))
  }

  func test_classify_emptyPath_isNotFound() {
    assertClassifyThrows("", .notFound(path: ""))
  }

  func test_classify_pathThroughARegularFile_isUnreadable() throws {
    try fixtures.file("file.txt", text: "x")
    let path = fixtures.path("file.txt/child")

    assertClassifyThrows(path, .unreadable(path: path, reason: "Not a directory"))
  }

  func test_classify_symbolicLinkLoop_isUnreadable() throws {
    let path = try fixtures.symbolicLink("loop", to: fixtures.path("loop"))

    assertClassifyThrows(
      path, .unreadable(path: path, reason: "Too many levels of symbolic links"))
  }

  func test_classify_danglingSymbolicLink_isUnreadable() throws {
    let path = try fixtures.symbolicLink("dangling", to: fixtures.path("nowhere"))

    assertClassifyThrows(path, .unreadable(path: path, reason: "Symbolic link to a missing file"))
  }

  func test_classify_pathLongerThanPathMax_isUnreadable() {
    let path = fixtures.path(String(repeating: "n/", count: 2100))

    assertClassifyThrows(path, .unreadable(path: path, reason: "File name too long"))
  }

  func test_classify_fifo_isUnsupportedWithoutBlocking() throws {
    try fixtures.directory("pipes")
    let path = fixtures.path("pipes/fifo")
    XCTAssertEqual(mkfifo(path, 0o600), 0)

    assertClassifyThrows(path, .unsupportedFileType(path: path, type: "FIFO"))
  }

  func test_classify_characterDevice_isUnsupported() {
    assertClassifyThrows(
      "/dev/null", .unsupportedFileType(path: "/dev/null", type: "character device"))
  }

  func test_errorDescriptions_sayTheReason() {
    XCTAssertEqual(
      DocumentError.unreadable(path: "/a/b", reason: "Not a directory").description,
      "Cannot read '/a/b': Not a directory.")
    XCTAssertEqual(
      DocumentError.unsupportedFileType(path: "/p", type: "FIFO").description,
      "Cannot open '/p': it is a FIFO, not a file or folder.")
    XCTAssertEqual(
      DocumentError.notText(path: "/b", reason: .containsNUL(offset: 8)).description,
      "Cannot show '/b': it is not a text file (it contains a NUL byte at offset 8).")
    XCTAssertEqual(
      DocumentError.notText(path: "/u", reason: .invalidUTF8(offset: 2)).description,
      "Cannot show '/u': it is not a text file (it is not valid UTF-8 at offset 2).")
    XCTAssertEqual(DocumentError.notFound(path: "/n").path, "/n")
  }

  func test_pdfErrorDescriptions_nameTheToolsThePackagesAndTheReason() {
    XCTAssertEqual(
      DocumentError.toolsMissing(path: "/a.pdf", tools: [.pdftotext, .qpdf]).description,
      "Cannot open the PDF '/a.pdf': pdftotext and qpdf not found on PATH. "
        + "Install poppler-utils and qpdf (apt-get install poppler-utils qpdf).")
    XCTAssertEqual(
      DocumentError.toolsMissing(path: "/a.pdf", tools: [.qpdf]).description,
      "Cannot open the PDF '/a.pdf': qpdf not found on PATH. "
        + "Install qpdf (apt-get install qpdf).")
    XCTAssertEqual(
      DocumentError.pdfUnreadable(path: "/b.pdf", tool: "pdftotext", reason: "Bad").description,
      "Cannot read the PDF '/b.pdf': pdftotext: Bad")
    XCTAssertEqual(
      DocumentError.pdfUnreadable(path: "/b.pdf", tool: "t", reason: "").path, "/b.pdf")
  }
}
