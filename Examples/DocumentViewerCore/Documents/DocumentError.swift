/// Why a document could not be opened; the error placeholder shows its description.
///
/// Every case carries the path, so that a message read out of context still says which
/// document it is about.
public enum DocumentError: Error, Hashable, Sendable {
  /// Why a file's bytes are not text.
  public enum NotTextReason: Hashable, Sendable {
    /// The file contains a NUL byte, the mark of a binary file.
    ///
    /// - Parameter offset: The position of the first NUL byte, counted from 0.
    case containsNUL(offset: Int)
    /// The file is not valid UTF-8.
    ///
    /// - Parameter offset: The position of the first byte that is not part of a valid UTF-8
    ///   sequence, counted from 0.
    case invalidUTF8(offset: Int)
  }

  /// Nothing exists at the path.
  case notFound(path: String)
  /// Something may exist at the path, but it cannot be read, for the reason given (typically
  /// the operating system's description of an `errno` value, such as "Not a directory").
  case unreadable(path: String, reason: String)
  /// The path names something that is neither a regular file nor a directory, such as a FIFO,
  /// a socket or a device; reading it could block or never end.
  case unsupportedFileType(path: String, type: String)
  /// The file is not text.
  case notText(path: String, reason: NotTextReason)
  /// The path is a PDF, but the tools that read PDFs are not installed.
  ///
  /// - Parameter tools: The tools not found; their packages are named in the description.
  case toolsMissing(path: String, tools: [PDFTools.Tool])
  /// A PDF tool failed, for the reason it gave (its standard error), typically because the
  /// PDF is damaged.
  ///
  /// - Parameters:
  ///   - tool: The tool's name, such as `pdftotext`.
  ///   - reason: The tool's own words, such as `Syntax Error: Couldn't read xref table`.
  case pdfUnreadable(path: String, tool: String, reason: String)

  /// The path the error is about.
  public var path: String {
    switch self {
    case .notFound(let path), .unreadable(let path, _), .unsupportedFileType(let path, _),
      .notText(let path, _), .toolsMissing(let path, _), .pdfUnreadable(let path, _, _):
      path
    }
  }
}

extension DocumentError: CustomStringConvertible {
  /// A sentence naming the path and the reason, such as
  /// `Cannot open '/tmp/a': no file or folder exists at this path.`
  public var description: String {
    switch self {
    case .notFound(let path):
      "Cannot open '\(path)': no file or folder exists at this path."
    case .unreadable(let path, let reason):
      "Cannot read '\(path)': \(reason)."
    case .unsupportedFileType(let path, let type):
      "Cannot open '\(path)': it is a \(type), not a file or folder."
    case .notText(let path, .containsNUL(let offset)):
      "Cannot show '\(path)': it is not a text file (it contains a NUL byte at offset \(offset))."
    case .notText(let path, .invalidUTF8(let offset)):
      "Cannot show '\(path)': it is not a text file (it is not valid UTF-8 at offset \(offset))."
    case .toolsMissing(let path, let tools):
      "Cannot open the PDF '\(path)': \(listed(tools.map(\.rawValue))) not found on PATH. "
        + "Install \(listed(tools.map(\.package))) "
        + "(apt-get install \(tools.map(\.package).joined(separator: " ")))."
    case .pdfUnreadable(let path, let tool, let reason):
      "Cannot read the PDF '\(path)': \(tool): \(reason)"
    }
  }
}

/// Names joined for a sentence: `a`, `a and b`, `a, b and c`.
private func listed(_ names: [String]) -> String {
  guard let last = names.last else { return "" }
  let rest = names.dropLast()
  return rest.isEmpty ? last : rest.joined(separator: ", ") + " and " + last
}
