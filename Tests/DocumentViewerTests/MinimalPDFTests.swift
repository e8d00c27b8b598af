import DocumentViewerCore
import Foundation
import StatefulContentTerminal
import XCTest

final class MinimalPDFTests: FixtureTestCase {
  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  func test_document_startsWithTheHeaderAndEndsWithEOF() {
    let bytes = MinimalPDF.document(pages: [["a"]])

    XCTAssertTrue(text(bytes).hasPrefix("%PDF-1.4\n"))
    XCTAssertTrue(text(bytes).hasSuffix("%%EOF\n"))
  }

  func test_crossReferenceTable_pointsAtEveryObject() throws {
    let bytes = MinimalPDF.document(pages: [["one"], [], ["three"]])
    let document = text(bytes)
    let lines = document.split(separator: "\n").map(String.init)
    let startIndex = try XCTUnwrap(lines.firstIndex(of: "startxref"))
    let xrefOffset = try XCTUnwrap(Int(lines[startIndex + 1]))

    XCTAssertEqual(text(Array(bytes[xrefOffset..<xrefOffset + 5])), "xref\n")
    let tableLines = lines[try XCTUnwrap(lines.firstIndex(of: "xref"))...]
    let header = tableLines.dropFirst().first?.split(separator: " ")
    XCTAssertEqual(header, ["0", "10"], "free entry, catalog, pages, font, 3 × (page, contents)")
    let entries = tableLines.dropFirst(3).prefix(9)
    XCTAssertEqual(entries.count, 9)
    for (index, entry) in entries.enumerated() {
      XCTAssertEqual(entry.utf8.count + 1, 20, "entries are 20 bytes with their line feed")
      let offset = try XCTUnwrap(Int(entry.prefix(10)))
      let object = "\(index + 1) 0 obj\n"
      XCTAssertEqual(text(Array(bytes[offset..<offset + object.utf8.count])), object)
    }
  }

  func test_streamLengths_matchTheirContents() {
    let stream = MinimalPDF.contentStream(["Hello"])

    XCTAssertTrue(
      text(MinimalPDF.document(pages: [["Hello"]])).contains(
        "<< /Length \(stream.utf8.count) >>\nstream\n\(stream)\nendstream"))
  }

  func test_escaped_escapesDelimitersAndReplacesNonASCII() {
    XCTAssertEqual(MinimalPDF.escaped(#"a(b)c\d"#), #"a\(b\)c\\d"#)
    XCTAssertEqual(MinimalPDF.escaped("café\t"), "caf??")
  }

  func test_pageWithoutLines_hasNoTextOperators() {
    XCTAssertFalse(MinimalPDF.contentStream([]).contains("Tj"))
  }

  func test_noPages_makesOneEmptyPage() {
    XCTAssertTrue(text(MinimalPDF.document(pages: [])).contains("/Count 1"))
  }

  func test_qpdfCheck_findsNoErrorsAndPdftotextReadsTheText() async throws {
    try skipUnlessPDFToolsAreInstalled()
    let path = try fixtures.file(
      "check.pdf", MinimalPDF.document(pages: [["Hello (world)", "back\\slash"], []]))
    let tools = PDFTools()
    let runner = SystemProcessRunner()

    let check = try await runner.run(
      ProcessInvocation(
        executable: try XCTUnwrap(tools.locate(.qpdf)), arguments: ["--check", path]))
    let text = try await runner.run(
      ProcessInvocation(
        executable: try XCTUnwrap(tools.locate(.pdftotext)), arguments: [path, "-"]))

    XCTAssertEqual(check.status, 0, check.standardErrorText)
    XCTAssertEqual(check.standardErrorText, "", "no repair needed")
    let output = String(decoding: text.standardOutput, as: UTF8.self)
    XCTAssertTrue(output.hasPrefix("Hello (world)\nback\\slash\n"), output)
    XCTAssertEqual(output.filter { $0 == "\u{0C}" }.count, 2, "a form feed after each page")
  }

  func test_encrypt_passesThePasswordsOnStandardInputOnly() async throws {
    try skipUnlessPDFToolsAreInstalled()
    let plain = try fixtures.textPDF()
    let runner = RecordingProcessRunner()

    try await PDFTools(runner: runner).encrypt(
      plain, to: fixtures.path("out.pdf"), userPassword: "user-secret",
      ownerPassword: "owner-secret")

    XCTAssertEqual(runner.commandLines, ["qpdf @-"])
    let input = String(
      decoding: try XCTUnwrap(runner.invocations.first).standardInput, as: UTF8.self)
    XCTAssertTrue(input.hasPrefix("--encrypt\nuser-secret\nowner-secret\n256\n--\n"))
  }

  func test_encrypt_refusesLineBreaksAndReportsQpdfsFailure() async throws {
    try skipUnlessPDFToolsAreInstalled()
    let tools = PDFTools()

    do {
      try await tools.encrypt("a.pdf", to: "b.pdf", userPassword: "x\ny", ownerPassword: "o")
      XCTFail("encrypted")
    } catch let error as PDFTools.EncryptionError {
      XCTAssertEqual(error, .lineBreakInArgument)
    }
    do {
      try await tools.encrypt(
        fixtures.path("missing.pdf"), to: fixtures.path("b.pdf"), userPassword: "u",
        ownerPassword: "o")
      XCTFail("encrypted")
    } catch let error as PDFTools.EncryptionError {
      guard case .failed(let reason) = error else { return XCTFail("\(error)") }
      XCTAssertTrue(reason.contains("missing.pdf"), reason)
    }
  }
}
