import DocumentViewerCore
import Foundation
import XCTest

/// The passwords of the PDF fixtures.
enum FixturePasswords {
  static let user = "correct horse"
  static let owner = "owner battery"
}

extension FixtureDirectory {
  /// Writes a PDF with text on one page and returns its path.
  @discardableResult
  func textPDF(_ name: String = "text.pdf", lines: [String] = ["Hello, PDF."]) throws -> String {
    try file(name, MinimalPDF.document(pages: [lines]))
  }

  /// Writes a PDF whose only page has no text (a grey rectangle) and returns its path.
  @discardableResult
  func scannedPDF(_ name: String = "scan.pdf") throws -> String {
    try file(name, MinimalPDF.document(pages: [[]]))
  }

  /// Writes the first third of a PDF and returns its path.
  @discardableResult
  func damagedPDF(_ name: String = "damaged.pdf") throws -> String {
    let bytes = MinimalPDF.document(pages: [["Hello, PDF."]])
    return try file(name, Array(bytes.prefix(bytes.count / 3)))
  }

  /// Writes a PDF with text, encrypted by qpdf with a user password, and returns its path.
  @discardableResult
  func lockedPDF(
    _ name: String = "locked.pdf", lines: [String] = ["Secret text."],
    userPassword: String = FixturePasswords.user
  ) async throws -> String {
    let plain = try textPDF("plain-\(name)", lines: lines)
    try await PDFTools().encrypt(
      plain, to: path(name), userPassword: userPassword, ownerPassword: FixturePasswords.owner)
    return path(name)
  }

  /// Writes a PDF with text and only an owner password, and returns its path.
  @discardableResult
  func ownerOnlyPDF(_ name: String = "owner-only.pdf") async throws -> String {
    let plain = try textPDF("plain-\(name)", lines: ["Anyone may read this."])
    try await PDFTools().encrypt(
      plain, to: path(name), userPassword: "", ownerPassword: FixturePasswords.owner)
    return path(name)
  }
}

/// Skips a test when poppler's and qpdf's tools are not installed (CI installs them).
func skipUnlessPDFToolsAreInstalled() throws {
  let missing = PDFTools().missingTools.map(\.package)
  try XCTSkipUnless(
    missing.isEmpty, "install \(missing.joined(separator: " and ")) to run this test")
}
