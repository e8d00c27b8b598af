import Foundation
import StatefulContentTerminal

extension PDFTools {
  /// Why a PDF could not be encrypted.
  public enum EncryptionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// qpdf is not found in the search path.
    case qpdfMissing
    /// A password or a path contains a line break, which qpdf's argument file cannot carry.
    case lineBreakInArgument
    /// qpdf failed, for the reason it gave.
    ///
    /// - Parameter reason: qpdf's standard error, or its exit status.
    case failed(reason: String)

    /// A sentence saying what went wrong.
    public var description: String {
      switch self {
      case .qpdfMissing: "qpdf was not found on PATH (install the qpdf package)"
      case .lineBreakInArgument: "a password or a path contains a line break"
      case .failed(let reason): "qpdf could not encrypt the PDF: \(reason)"
      }
    }
  }

  /// Writes an encrypted copy of a PDF with 256-bit AES, as the sample tour's locked PDFs.
  ///
  /// The passwords never appear on a command line: qpdf reads all its arguments from standard
  /// input (its documented `@-` argument file, one argument per line), because its
  /// `--encrypt` option takes the passwords as arguments and has no option to read them from
  /// a file in the qpdf versions Debian ships. Only `qpdf @-` shows in the process table.
  ///
  /// ```swift
  /// try await PDFTools().encrypt("plain.pdf", to: "locked.pdf", userPassword: "s3cret",
  ///   ownerPassword: "owner")
  /// ```
  ///
  /// - Parameters:
  ///   - input: The PDF to encrypt.
  ///   - output: Where to write the encrypted copy.
  ///   - userPassword: The password that opens the copy; empty for a PDF that anyone may open
  ///     but whose permissions only the owner password lifts.
  ///   - ownerPassword: The owner password; it must not be empty.
  /// - Throws: ``EncryptionError``, or `CancellationError`.
  public func encrypt(
    _ input: String, to output: String, userPassword: String, ownerPassword: String
  ) async throws {
    guard let qpdf = locate(.qpdf) else { throw EncryptionError.qpdfMissing }
    let arguments = [
      "--encrypt", userPassword, ownerPassword, "256", "--",
      Self.argument(forPath: input), Self.argument(forPath: output),
    ]
    guard !arguments.contains(where: { $0.contains(where: \.isNewline) }) else {
      throw EncryptionError.lineBreakInArgument
    }
    let argumentFile = Data(arguments.map { $0 + "\n" }.joined().utf8)
    let result = try await runner.run(
      ProcessInvocation(executable: qpdf, arguments: ["@-"], standardInput: argumentFile))
    guard result.status == 0, !result.wasSignalled else {
      throw EncryptionError.failed(reason: result.failureReason)
    }
  }
}
