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

  /// The path the error is about.
  public var path: String {
    switch self {
    case .notFound(let path), .unreadable(let path, _), .unsupportedFileType(let path, _),
      .notText(let path, _):
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
    }
  }
}
