import Foundation
import StatefulContent
import StatefulContentTerminal

/// Reads a PDF's text with poppler's `pdftotext`, and opens password-protected PDFs with
/// `qpdf`, without ever putting the password on a command line or a decrypted copy on disk.
///
/// Reading a PDF takes these steps, each a tool run through ``PDFTools/runner``:
/// 1. Without a credential, `qpdf --requires-password FILE` says whether a user password is
///    needed (exit status 0). If so, the read throws `ContentLockedError(.credentialRequired)`
///    with the PDF's ``DocumentFingerprint`` (its `/ID`, read without the password), under
///    which a machine with a credential memory looks up a remembered password before it
///    shows the locked state. A PDF with only an owner password (status 3) or
///    none (status 2, also for a damaged file, which step 3 reports) is read as is.
/// 2. With a credential, `qpdf --password-file=- --requires-password FILE` checks it, reading
///    the password from standard input: status 0 means it is wrong, and the read throws
///    `ContentLockedError(.incorrectCredential(attempts: 0))` (the machine counts attempts).
///    A password containing a line break is refused the same way, since qpdf would read only
///    its first line.
///    When it is right, `qpdf --password-file=- --decrypt FILE - | pdftotext -layout - -`
///    decrypts into a pipe that pdftotext reads: the decrypted PDF exists only in the two
///    tools' memory, so nothing that ends the viewer can leave a plaintext copy behind.
/// 3. `pdftotext -layout FILE -` writes the text to standard output, which a ``PageScanner``
///    reads as it streams by: only the first ``screenLines`` lines and the page and line counts
///    are kept, so memory stays bounded whatever the PDF's length. Once those lines are read,
///    the document read so far is handed over as a part after every chunk of text, so that the
///    first screen need not wait for the last page. A text that is only white
///    space and form feeds means the PDF has no text layer (a scan): the document is empty. A
///    failure is ``DocumentError/pdfUnreadable(path:tool:reason:)`` with the tool's own reason
///    from its standard error.
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
  ///   - part: Called, on any thread, with the document read so far
  ///     (``Document/Completion/partial``) after each chunk of `pdftotext`'s output once the
  ///     first ``screenLines`` lines are in it; its counts are those of the pages read so far.
  ///     Defaults to ignoring them.
  /// - Returns: The document; empty when the PDF has no text.
  /// - Throws: `ContentLockedError` when a password is needed or wrong;
  ///   ``DocumentError/toolsMissing(path:tools:)``;
  ///   ``DocumentError/pdfUnreadable(path:tool:reason:)``; `CancellationError` when the task
  ///   is cancelled.
  public func read(
    path: String, byteCount: Int, credential: Credential?,
    part: @escaping @Sendable (Document) -> Void = { _ in }
  ) async throws -> Document {
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
      case 0:
        // No empty-password trial (`triesEmptyCredential`): `--requires-password` has just
        // tried the empty user password, and status 0 says it does not open the PDF.
        throw ContentLockedError(.credentialRequired, fingerprint: try await fingerprint(path))
      case 2, 3: break
      default:
        throw DocumentError.pdfUnreadable(
          path: path, tool: "qpdf", reason: check.failureReason)
      }
      return try await extractText(
        pdftotext, from: input, path: path, byteCount: byteCount, part: part)
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
    case 2:
      return try await extractText(
        pdftotext, from: input, path: path, byteCount: byteCount, part: part)
    case 3: break
    default:
      throw DocumentError.pdfUnreadable(
        path: path, tool: "qpdf", reason: verify.failureReason)
    }

    let decrypt = ProcessInvocation(
      executable: qpdf, arguments: ["--password-file=-", "--decrypt", input, "-"],
      standardInput: secret)
    return try await extractText(
      pdftotext, from: "-", after: decrypt, path: path, byteCount: byteCount, part: part)
  }

  /// Runs `pdftotext` on a file, or on the output of the tool before it (`input` is then
  /// `-`), scanning its text as it streams by and handing over parts once the first screenful
  /// is in.
  private func extractText(
    _ pdftotext: String, from input: String, after previous: ProcessInvocation? = nil,
    path: String, byteCount: Int, part: @escaping @Sendable (Document) -> Void
  ) async throws -> Document {
    let scanner = Locked(PageScanner(maxLines: screenLines))
    let extract = ProcessInvocation(executable: pdftotext, arguments: ["-layout", input, "-"])
    let pipeline = (previous.map { [$0] } ?? []) + [extract]
    let results: [ProcessResult]
    do {
      results = try await tools.runner.run(pipeline) { chunk in
        let partial = scanner.withLock { scanner -> Document? in
          scanner.consume(chunk)
          guard scanner.hasFirstLines else { return nil }
          var document = Self.document(from: scanner, path: path, byteCount: byteCount)
          document.completion = .partial
          document.isTruncated = true
          return document
        }
        if let partial { part(partial) }
      }
    } catch let error as CancellationError {
      throw error
    } catch {
      throw DocumentError.pdfUnreadable(
        path: path, tool: "pdftotext", reason: "it could not be started (\(error))")
    }
    // The first failure is the reason: pdftotext fails when qpdf gave it nothing.
    for (invocation, result) in zip(pipeline, results) {
      let succeeded =
        !result.wasSignalled
        && (result.status == 0 || (invocation.toolName == "qpdf" && result.status == 3))
      guard succeeded else {
        if result.wasSignalled { try Task.checkCancellation() }
        throw DocumentError.pdfUnreadable(
          path: path, tool: invocation.toolName, reason: result.failureReason)
      }
    }
    return scanner.withLock { scanner in
      scanner.finish()
      return Self.document(from: scanner, path: path, byteCount: byteCount)
    }
  }

  /// The fingerprint of a locked PDF, under which its password is remembered: its `/ID`, or
  /// a digest of its bytes run through ``tools``; `nil` when the file cannot be fingerprinted
  /// (the lock is then presented without a remembered password).
  private func fingerprint(_ path: String) async throws -> CredentialFingerprint? {
    do {
      return try await DocumentFingerprint.of(
        path, searchPath: tools.searchPath, runner: tools.runner
      ).credentialFingerprint
    } catch let error as CancellationError {
      throw error
    } catch {
      return nil
    }
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
        path: path, tool: tool, reason: result.failureReason)
    }
    return result
  }

  /// The document for what a scanner kept of `pdftotext`'s output.
  ///
  /// - Parameters:
  ///   - scanner: The finished scanner.
  ///   - path: The PDF's path.
  ///   - byteCount: The PDF's size in bytes.
  /// - Returns: The document; empty when the text is only white space.
  static func document(from scanner: PageScanner, path: String, byteCount: Int) -> Document {
    guard scanner.hasText else {
      return Document(
        path: path, kind: .pdf, lines: [], totalLineCount: 0, byteCount: byteCount,
        pageCount: scanner.pageCount)
    }
    return Document(
      path: path, kind: .pdf, lines: scanner.lines, totalLineCount: scanner.textLineCount,
      byteCount: byteCount, pageCount: scanner.pageCount,
      isTruncated: scanner.hiddenLineCount > 0, shownPageCount: scanner.lastShownPage)
  }
}
