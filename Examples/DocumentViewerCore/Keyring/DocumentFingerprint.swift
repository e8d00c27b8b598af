import Foundation
import StatefulContent
import StatefulContentTerminal

/// What identifies a document's bytes, never its path: the same PDF renamed or copied elsewhere
/// has the same fingerprint.
///
/// A PDF's fingerprint is the first element of its own `/ID`, read from its last trailer (or
/// cross-reference stream) without the password: `/ID` is never encrypted, and a PDF keeps
/// its first element when a tool rewrites it (qpdf keeps it when it encrypts a copy). A file
/// without an `/ID`, or that is no PDF, is fingerprinted by a SHA-256 digest of its bytes,
/// computed by coreutils' `sha256sum`, run without a shell.
///
/// ```swift
/// let fingerprint = try await DocumentFingerprint.of("report.pdf")
/// fingerprint.rawValue  // "pdf-id:9cb3b90f1d80980af46e1f8a4a6ee6bd"
/// fingerprint.keyName   // "statefulcontent:pdf:pdf-id:9cb3b90f1d80980af46e1f8a4a6ee6bd"
/// ```
public struct DocumentFingerprint: Hashable, Sendable, CustomStringConvertible {
  /// Why a file could not be fingerprinted.
  public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file cannot be opened or read, or is no regular file (a FIFO, a device, a folder).
    ///
    /// - Parameter reason: The system's reason.
    case unreadable(reason: String)
    /// The file has no `/ID` and `sha256sum` is not found in the search path.
    case sha256sumMissing
    /// `sha256sum` failed, or wrote something that is not a digest.
    ///
    /// - Parameter reason: Its standard error, or its exit status.
    case digestFailed(reason: String)

    /// A sentence saying what went wrong, in English.
    public var description: String {
      switch self {
      case .unreadable(let reason): reason
      case .sha256sumMissing: "sha256sum was not found on PATH (install the coreutils package)"
      case .digestFailed(let reason): "sha256sum failed: \(reason)"
      }
    }
  }

  /// The fingerprint as text: `pdf-id:` and the lowercase hexadecimal bytes of the PDF's
  /// first `/ID` element, or `sha256:` and the hexadecimal digest of the file's bytes.
  public let rawValue: String

  /// Creates a fingerprint from its text.
  ///
  /// - Parameter rawValue: The text, such as `sha256:e3b0…`.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// What starts the names of the viewer's keys in the user's kernel keyring: the
  /// `keyPrefix` of its `KeyringCredentialStore`.
  public static let keyPrefix = "statefulcontent:pdf:"

  /// The name of the kernel keyring's key that keeps this document's password.
  public var keyName: String { Self.keyPrefix + rawValue }

  /// The fingerprint as the library's `CredentialFingerprint`, under which the viewer's
  /// `KeyringCredentialStore` keeps the password in the key named ``keyName``; `nil` for a
  /// raw value the library does not accept (empty, too long, or with spaces).
  public var credentialFingerprint: CredentialFingerprint? { CredentialFingerprint(rawValue) }

  /// The fingerprint as text (``rawValue``).
  public var description: String { rawValue }

  /// How many bytes at the end of a file are searched for the trailer.
  static let tailByteCount = 64 * 1024

  /// The fingerprint of a file.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - searchPath: Where to look for `sha256sum`, separated by `:`. Defaults to the `PATH`
  ///     of the environment.
  ///   - runner: Runs `sha256sum`. Defaults to a ``SystemProcessRunner``.
  /// - Returns: The PDF's `/ID` fingerprint, or the digest of the file's bytes.
  /// - Throws: ``Failure``, or `CancellationError` when the task is cancelled.
  public static func of(
    _ path: String,
    searchPath: String = SystemProcessRunner.searchPath,
    runner: any ProcessRunner = SystemProcessRunner()
  ) async throws -> DocumentFingerprint {
    if let identifier = try pdfIdentifier(path) {
      return DocumentFingerprint(rawValue: "pdf-id:" + hexadecimal(identifier))
    }
    guard let sha256sum = SystemProcessRunner.locate("sha256sum", searchPath: searchPath) else {
      throw Failure.sha256sumMissing
    }
    let result = try await runner.run(
      ProcessInvocation(executable: sha256sum, arguments: ["-b", "--", path]))
    guard result.status == 0, !result.wasSignalled else {
      throw Failure.digestFailed(reason: result.failureReason)
    }
    // "<digest> *<path>", with a backslash first when the path needed escaping.
    var output = String(decoding: result.standardOutput, as: UTF8.self)[...]
    if output.hasPrefix("\\") { output = output.dropFirst() }
    let digest = output.prefix(64)
    guard digest.count == 64, digest.allSatisfy(\.isHexDigit) else {
      throw Failure.digestFailed(reason: "unexpected output")
    }
    return DocumentFingerprint(rawValue: "sha256:" + digest.lowercased())
  }

  /// The first element of a PDF's `/ID`, or `nil` when the file is no PDF or has none.
  static func pdfIdentifier(_ path: String) throws(Failure) -> [UInt8]? {
    // Only a regular file: opening a FIFO would wait for a writer, and a device never ends.
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw .unreadable(reason: String(cString: strerror(errno)))
    }
    guard info.st_mode & S_IFMT == S_IFREG else { throw .unreadable(reason: "not a regular file") }
    let handle: FileHandle
    do {
      handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    } catch {
      throw .unreadable(reason: (error as NSError).localizedDescription)
    }
    defer { try? handle.close() }
    do {
      guard let head = try handle.read(upToCount: 1024), head.starts(with: Array("%PDF-".utf8))
      else { return nil }
      let size = try handle.seekToEnd()
      let tailStart = size > UInt64(tailByteCount) ? size - UInt64(tailByteCount) : 0
      try handle.seek(toOffset: tailStart)
      let tail = [UInt8](try handle.readToEnd() ?? Data())
      let trailer = TrailerScanner(tail)
      if let identifier = trailer.identifierInLastTrailer() { return identifier }
      // A cross-reference stream: its dictionary, where `startxref` points, is the trailer.
      guard let offset = trailer.lastStartXRefOffset(), offset < size else { return nil }
      try handle.seek(toOffset: offset)
      let window = [UInt8](try handle.read(upToCount: tailByteCount) ?? Data())
      return TrailerScanner(window).identifierInFirstDictionary()
    } catch {
      throw .unreadable(reason: (error as NSError).localizedDescription)
    }
  }

  private static func hexadecimal(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for byte in bytes { text += [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]] }
    return String(decoding: text, as: UTF8.self)
  }
}
