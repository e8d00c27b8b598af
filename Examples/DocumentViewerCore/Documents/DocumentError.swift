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
  /// A sentence naming the path and the reason, in English, such as
  /// `Cannot open '/tmp/a': no file or folder exists at this path.`
  public var description: String { description(in: .english) }

  /// A sentence naming the path and the reason, in the language of `strings`, such as
  /// `„/tmp/a“ kann nicht geöffnet werden: …`; the reasons given by the system or a PDF tool
  /// stay in their own words.
  ///
  /// - Parameter strings: The viewer's texts in one language.
  /// - Returns: The sentence.
  public func description(in strings: ViewerStrings) -> String {
    switch self {
    case .notFound(let path):
      strings.text(.errorNotFound, ["path": path])
    case .unreadable(let path, let reason):
      strings.text(.errorUnreadable, ["path": path, "reason": reason])
    case .unsupportedFileType(let path, let type):
      strings.text(.errorUnsupportedFileType, ["path": path, "type": Self.fileType(type, strings)])
    case .notText(let path, .containsNUL(let offset)):
      strings.text(.errorContainsNUL, ["path": path, "offset": "\(offset)"])
    case .notText(let path, .invalidUTF8(let offset)):
      strings.text(.errorInvalidUTF8, ["path": path, "offset": "\(offset)"])
    case .toolsMissing(let path, let tools):
      strings.text(
        .errorToolsMissing,
        [
          "path": path, "tools": strings.listed(tools.map(\.rawValue)),
          "packages": strings.listed(tools.map(\.package)),
          "command": "apt-get install \(tools.map(\.package).joined(separator: " "))",
        ])
    case .pdfUnreadable(let path, let tool, let reason):
      strings.text(.errorPDFUnreadable, ["path": path, "tool": tool, "reason": reason])
    }
  }

  /// The kind of file of ``unsupportedFileType(path:type:)`` with its article, such as
  /// `a FIFO`; a kind the tables do not know is kept as it is.
  private static func fileType(_ type: String, _ strings: ViewerStrings) -> String {
    let key: ViewerText? =
      switch type {
      case "FIFO": .fileTypeFIFO
      case "socket": .fileTypeSocket
      case "character device": .fileTypeCharacterDevice
      case "block device": .fileTypeBlockDevice
      case "special file": .fileTypeSpecial
      default: nil
      }
    return key.map { strings.text($0) } ?? type
  }
}
