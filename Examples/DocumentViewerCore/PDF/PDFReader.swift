import Foundation
import StatefulContent

/// Reads a PDF's text with poppler's `pdftotext`, and opens password-protected PDFs with
/// `qpdf`, without ever putting the password on a command line.
///
/// Reading a PDF takes these steps, each a tool run through ``PDFTools/runner``:
/// 1. Without a credential, `qpdf --requires-password FILE` says whether a user password is
///    needed (exit status 0). If so, the read throws `ContentLockedError(.credentialRequired)`
///    and the machine shows the locked state. A PDF with only an owner password (status 3) or
///    none (status 2, also for a damaged file, which step 3 reports) is read as is.
/// 2. With a credential, `qpdf --password-file=- --requires-password FILE` checks it, reading
///    the password from standard input: status 0 means it is wrong, and the read throws
///    `ContentLockedError(.incorrectCredential(attempts: 0))` (the machine counts attempts).
///    A password containing a line break is refused the same way, since qpdf would read only
///    its first line.
///    When it is right, `qpdf --password-file=- --decrypt FILE OUT` writes a decrypted copy to
///    a file of mode 0600 in a private directory of mode 0700, removed when the read ends.
/// 3. `pdftotext -layout FILE -` writes the text to standard output. A text that is only
///    white space and form feeds means the PDF has no text layer (a scan): the document is
///    empty. A failure is ``DocumentError/pdfUnreadable(path:tool:reason:)`` with the tool's
///    own reason from its standard error.
///
/// When `pdftotext` or `qpdf` is not found, the read throws
/// ``DocumentError/toolsMissing(path:tools:)``, whose message names the packages to install.
///
/// ```swift
/// let reader = PDFReader()
/// let document = try await reader.read(path: "paper.pdf", byteCount: 1234, credential: nil)
/// ```
public struct PDFReader: Sendable {
  /// The tools and how they are run.
  public var tools: PDFTools
  /// How many lines of text a document keeps to show.
  public var screenLines: Int

  /// Creates a reader.
  ///
  /// - Parameters:
  ///   - tools: The tools and how they are run. Defaults to the tools on `PATH`.
  ///   - screenLines: How many lines to keep; values below 1 keep 1. Defaults to 20.
  public init(tools: PDFTools = PDFTools(), screenLines: Int = 20) {
    self.tools = tools
    self.screenLines = max(screenLines, 1)
  }

  /// Reads a PDF's first screenful of text.
  ///
  /// - Parameters:
  ///   - path: The PDF's path.
  ///   - byteCount: The file's size, kept in the document.
  ///   - credential: The password to open a protected PDF with, or `nil`.
  /// - Returns: The document; empty when the PDF has no text.
  /// - Throws: `ContentLockedError` when a password is needed or wrong;
  ///   ``DocumentError/toolsMissing(path:tools:)``;
  ///   ``DocumentError/pdfUnreadable(path:tool:reason:)``; `CancellationError` when the task
  ///   is cancelled.
  public func read(path: String, byteCount: Int, credential: Credential?) async throws -> Document {
    let pdftotext = tools.locate(.pdftotext)
    let qpdf = tools.locate(.qpdf)
    guard let pdftotext, let qpdf else {
      let missing: [PDFTools.Tool] = [
        pdftotext == nil ? .pdftotext : nil, qpdf == nil ? .qpdf : nil,
      ]
      .compactMap { $0 }
      throw DocumentError.toolsMissing(path: path, tools: missing)
    }
    let input = PDFTools.argument(forPath: path)

    guard let credential else {
      let check = try await run(qpdf, ["--requires-password", input], for: path)
      switch check.status {
      case 0: throw ContentLockedError(.credentialRequired)
      case 2, 3: break
      default:
        throw DocumentError.pdfUnreadable(
          path: path, tool: "qpdf", reason: PDFTools.failureReason(check))
      }
      return try await extractText(pdftotext, from: input, path: path, byteCount: byteCount)
    }

    // qpdf reads the first line of its password file and drops a carriage return at its end,
    // so a secret with a line break cannot be checked as given: it is refused as wrong.
    guard !credential.secret.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) else {
      throw ContentLockedError(.incorrectCredential(attempts: 0))
    }
    let secret = Data((credential.secret + "\n").utf8)
    let verify = try await run(
      qpdf, ["--password-file=-", "--requires-password", input], input: secret, for: path)
    switch verify.status {
    case 0: throw ContentLockedError(.incorrectCredential(attempts: 0))
    case 2: return try await extractText(pdftotext, from: input, path: path, byteCount: byteCount)
    case 3: break
    default:
      throw DocumentError.pdfUnreadable(
        path: path, tool: "qpdf", reason: PDFTools.failureReason(verify))
    }

    let directory = try PrivateDirectory()
    defer { directory.remove() }
    let decrypted = try directory.makePrivateFile("decrypted.pdf")
    let decrypt = try await run(
      qpdf, ["--password-file=-", "--decrypt", input, decrypted], input: secret, for: path)
    guard decrypt.status == 0 || decrypt.status == 3 else {
      throw DocumentError.pdfUnreadable(
        path: path, tool: "qpdf", reason: PDFTools.failureReason(decrypt))
    }
    return try await extractText(pdftotext, from: decrypted, path: path, byteCount: byteCount)
  }

  private func extractText(
    _ pdftotext: String, from input: String, path: String, byteCount: Int
  ) async throws -> Document {
    let result = try await run(pdftotext, ["-layout", input, "-"], for: path)
    guard result.status == 0 else {
      throw DocumentError.pdfUnreadable(
        path: path, tool: "pdftotext", reason: PDFTools.failureReason(result))
    }
    return Self.document(
      fromText: result.standardOutput, path: path, byteCount: byteCount,
      screenLines: screenLines)
  }

  private func run(
    _ executable: String, _ arguments: [String], input: Data = Data(), for path: String
  ) async throws -> ProcessResult {
    let tool = (executable as NSString).lastPathComponent
    let result: ProcessResult
    do {
      result = try await tools.runner.run(
        ProcessInvocation(executable: executable, arguments: arguments, standardInput: input))
    } catch let error as CancellationError {
      throw error
    } catch {
      throw DocumentError.pdfUnreadable(
        path: path, tool: tool, reason: "it could not be started (\(error))")
    }
    // A signal's number could pass for an exit status (SIGINT is 2, "not encrypted").
    guard !result.wasSignalled else {
      try Task.checkCancellation()
      throw DocumentError.pdfUnreadable(
        path: path, tool: tool, reason: PDFTools.failureReason(result))
    }
    return result
  }

  /// The document for `pdftotext`'s output: its first lines, its line and page counts.
  ///
  /// Form feeds (which end each page) are counted as pages and become line breaks, so that a
  /// blank line separates pages; blank lines at the end are dropped. White-space-only text
  /// gives an empty document (no text layer).
  ///
  /// - Parameters:
  ///   - text: The UTF-8 output of `pdftotext`.
  ///   - path: The PDF's path.
  ///   - byteCount: The PDF's size in bytes.
  ///   - screenLines: How many lines to keep.
  /// - Returns: The document.
  static func document(
    fromText text: Data, path: String, byteCount: Int, screenLines: Int
  ) -> Document {
    let formFeed = UInt8(ascii: "\u{0C}")
    let pageCount = text.reduce(0) { $0 + ($1 == formFeed ? 1 : 0) }
    let whiteSpace: Set<UInt8> = [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20]
    guard text.contains(where: { !whiteSpace.contains($0) }) else {
      return Document(
        path: path, kind: .pdf, lines: [], totalLineCount: 0, byteCount: byteCount,
        pageCount: pageCount)
    }
    // A form feed ends each page: between pages it becomes a blank line. Split bytes, not
    // characters: "\r\n" is a single Character.
    let lineFeed = UInt8(ascii: "\n")
    var lines = text.map { $0 == formFeed ? lineFeed : $0 }
      .split(separator: lineFeed, omittingEmptySubsequences: false)
      .map { line in
        String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
      }
    while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
    return Document(
      path: path, kind: .pdf, lines: Array(lines.prefix(screenLines)),
      totalLineCount: lines.count, byteCount: byteCount, pageCount: pageCount)
  }
}
