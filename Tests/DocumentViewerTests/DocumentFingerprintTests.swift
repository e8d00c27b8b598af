import DocumentViewerCore
import Foundation
import StatefulContentTerminal
import XCTest

final class DocumentFingerprintTests: FixtureTestCase {
  private func fingerprint(_ path: String) async throws -> DocumentFingerprint {
    try await DocumentFingerprint.of(path)
  }

  /// Runs qpdf on a PDF without a password (no secret is involved).
  private func qpdf(_ arguments: [String]) async throws {
    let qpdf = try XCTUnwrap(PDFTools().locate(.qpdf))
    let result = try await SystemProcessRunner().run(
      ProcessInvocation(executable: qpdf, arguments: arguments))
    XCTAssertEqual(result.status, 0, result.standardErrorText)
  }

  func test_anEncryptedPDF_isIdentifiedByItsOwnID_withoutThePassword() async throws {
    try skipUnlessPDFToolsAreInstalled()
    let locked = try await fixtures.lockedPDF()
    let value = try await fingerprint(locked).rawValue
    XCTAssertTrue(value.hasPrefix("pdf-id:"), value)
    XCTAssertEqual(value.count, "pdf-id:".count + 32, "qpdf's /ID elements are 16 bytes")
  }

  func test_theSamePDF_renamedOrCopiedElsewhere_hasTheSameFingerprint() async throws {
    try skipUnlessPDFToolsAreInstalled()
    let locked = try await fixtures.lockedPDF()
    let original = try await fingerprint(locked)
    try fixtures.directory("elsewhere")
    let copy = fixtures.path("elsewhere/copy of locked.pdf")
    try FileManager.default.copyItem(atPath: locked, toPath: copy)
    let renamed = fixtures.path("renamed.pdf")
    try FileManager.default.moveItem(atPath: locked, toPath: renamed)
    let ofCopy = try await fingerprint(copy)
    let ofRenamed = try await fingerprint(renamed)
    XCTAssertEqual(ofCopy, original)
    XCTAssertEqual(ofRenamed, original)
  }

  func test_differentPDFs_haveDifferentFingerprints() async throws {
    try skipUnlessPDFToolsAreInstalled()
    let first = try await fixtures.lockedPDF("first.pdf", lines: ["One."])
    let second = try await fixtures.lockedPDF("second.pdf", lines: ["Two."])
    let ofFirst = try await fingerprint(first)
    let ofSecond = try await fingerprint(second)
    XCTAssertNotEqual(ofFirst, ofSecond)
  }

  func test_aCrossReferenceStream_givesTheIDOfTheSamePDFWrittenWithATrailer() async throws {
    try skipUnlessPDFToolsAreInstalled()
    let plain = try fixtures.textPDF()
    let classic = fixtures.path("classic.pdf")
    let streamed = fixtures.path("streamed.pdf")
    try await qpdf([plain, classic])
    try await qpdf(["--object-streams=generate", classic, streamed])
    let bytes = try XCTUnwrap(FileManager.default.contents(atPath: streamed))
    XCTAssertNil(bytes.range(of: Data("trailer".utf8)), "no classic trailer left")
    let ofClassic = try await fingerprint(classic)
    let ofStreamed = try await fingerprint(streamed)
    XCTAssertTrue(ofClassic.rawValue.hasPrefix("pdf-id:"), ofClassic.rawValue)
    XCTAssertEqual(ofStreamed, ofClassic)
  }

  func test_aLinearizedPDF_givesTheIDOfTheSamePDFWrittenPlainly() async throws {
    try skipUnlessPDFToolsAreInstalled()
    let plain = try fixtures.textPDF()
    let classic = fixtures.path("classic.pdf")
    try await qpdf([plain, classic])
    let ofClassic = try await fingerprint(classic)
    for (name, options) in [
      ("linearized.pdf", ["--linearize"]),
      ("linearized-streams.pdf", ["--linearize", "--object-streams=generate"]),
    ] {
      try await qpdf(options + [classic, fixtures.path(name)])
      let ofLinearized = try await fingerprint(fixtures.path(name))
      XCTAssertEqual(ofLinearized, ofClassic, name)
    }
  }

  func test_theLastTrailersTopLevelID_isRead_notADecoyInANestedDictionaryOrString() async throws {
    let pdf = """
      %PDF-1.4
      % /ID [<DEADBEEF>] in a comment
      trailer
      << /Size 1 /ID [<0102> <0304>] >>
      startxref
      0
      %%EOF
      trailer
      << /Info << /ID [<EEEE>] >> /Note (a /ID [<FFFF>] \\) string) % /ID [<AAAA>]
      /ID [ (lit\\)eral) <0506> ] /Size 1 >>
      startxref
      9
      %%EOF

      """
    let path = try fixtures.file("decoys.pdf", text: pdf)
    let value = try await fingerprint(path).rawValue
    XCTAssertEqual(
      value, "pdf-id:" + Array("lit\\)eral".utf8).map { String(format: "%02x", $0) }.joined())
  }

  func test_aFileWithoutAnID_isIdentifiedByTheSHA256OfItsBytes() async throws {
    let text = try fixtures.file("abc.txt", text: "abc")
    let plainPDF = try fixtures.textPDF()
    let ofText = try await fingerprint(text)
    XCTAssertEqual(
      ofText.rawValue, "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    let copy = fixtures.path("-copy.txt")
    try FileManager.default.copyItem(atPath: text, toPath: copy)
    let ofCopy = try await fingerprint(copy)
    XCTAssertEqual(ofCopy, ofText, "a path that looks like an option is still a path")
    let ofPDF = try await fingerprint(plainPDF)
    XCTAssertTrue(ofPDF.rawValue.hasPrefix("sha256:"), "MinimalPDF writes no /ID")
    XCTAssertEqual(ofText.keyName, "statefulcontent:pdf:" + ofText.rawValue)
  }

  func test_withoutSHA256Sum_aPDFWithAnIDStillWorks_andAnotherFileThrows() async throws {
    try skipUnlessPDFToolsAreInstalled()
    let locked = try await fixtures.lockedPDF()
    let text = try fixtures.file("abc.txt", text: "abc")
    let ofLocked = try await DocumentFingerprint.of(locked, searchPath: "")
    XCTAssertTrue(ofLocked.rawValue.hasPrefix("pdf-id:"))
    do {
      _ = try await DocumentFingerprint.of(text, searchPath: "")
      XCTFail("expected sha256sumMissing")
    } catch {
      XCTAssertEqual(error as? DocumentFingerprint.Failure, .sha256sumMissing)
    }
  }

  func test_aMissingFileAFolderOrAFIFO_throwsUnreadable_withoutWaitingForAWriter() async throws {
    let fifo = fixtures.path("fifo")
    try fixtures.directory("folder")
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    for path in [fixtures.path("nothing-here.pdf"), fixtures.path("folder"), fifo] {
      do {
        _ = try await fingerprint(path)
        XCTFail("expected unreadable: \(path)")
      } catch let failure as DocumentFingerprint.Failure {
        guard case .unreadable = failure else { return XCTFail("\(failure)") }
      }
    }
  }
}
