import Foundation

/// What a path names, found out before anything is read: the choice of how to read it.
///
/// Classifying opens nothing but a regular file (to look for the `%PDF-` signature), so a FIFO
/// or a device cannot block the viewer. A new document family becomes a new case here and a
/// new branch in ``DocumentOpener``.
///
/// ```swift
/// let source = try DocumentSource.classify("/etc/hostname")
/// // source == .textFile(path: "/etc/hostname", byteCount: 7)
/// ```
public enum DocumentSource: Hashable, Sendable {
  /// A regular file, to be read as text.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - byteCount: The file's size when it was classified.
  case textFile(path: String, byteCount: Int)
  /// A directory, to be listed.
  ///
  /// - Parameter path: The directory's path.
  case directory(path: String)
  /// A PDF, to be read with poppler's and qpdf's tools: a regular file whose name ends with
  /// `.pdf` (in any case) or whose first bytes are `%PDF-`.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - byteCount: The file's size when it was classified.
  case pdf(path: String, byteCount: Int)

  /// The path the source was classified from.
  public var path: String {
    switch self {
    case .textFile(let path, _), .directory(let path), .pdf(let path, _): path
    }
  }

  /// Finds out what a path names, following symbolic links.
  ///
  /// - Parameter path: An absolute path, or one relative to the current directory.
  /// - Returns: The source to read.
  /// - Throws: ``DocumentError/notFound(path:)`` when nothing exists at the path;
  ///   ``DocumentError/unreadable(path:reason:)`` when the path cannot be followed (a component
  ///   that is not a directory, a symbolic link loop or a dangling link, a name too long, no
  ///   permission); ``DocumentError/unsupportedFileType(path:type:)`` for anything that is
  ///   neither a regular file nor a directory.
  public static func classify(_ path: String) throws(DocumentError) -> DocumentSource {
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      if code == ENOENT {
        var linkInfo = stat()
        if !path.isEmpty, lstat(path, &linkInfo) == 0 {
          throw .unreadable(path: path, reason: "Symbolic link to a missing file")
        }
        throw .notFound(path: path)
      }
      throw .unreadable(path: path, reason: systemErrorDescription(code))
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      let byteCount = Int(info.st_size)
      if (path as NSString).pathExtension.lowercased() == "pdf" || startsWithPDFSignature(path) {
        return .pdf(path: path, byteCount: byteCount)
      }
      return .textFile(path: path, byteCount: byteCount)
    case S_IFDIR: return .directory(path: path)
    case S_IFIFO: throw .unsupportedFileType(path: path, type: "FIFO")
    case S_IFSOCK: throw .unsupportedFileType(path: path, type: "socket")
    case S_IFCHR: throw .unsupportedFileType(path: path, type: "character device")
    case S_IFBLK: throw .unsupportedFileType(path: path, type: "block device")
    default: throw .unsupportedFileType(path: path, type: "special file")
    }
  }
}

/// Whether a regular file starts with `%PDF-`; `false` when it cannot be read (reading it as
/// text then reports why).
private func startsWithPDFSignature(_ path: String) -> Bool {
  // Non-blocking, in case the path was replaced by a FIFO since it was classified.
  let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
  guard descriptor >= 0 else { return false }
  defer { close(descriptor) }
  var bytes = [UInt8](repeating: 0, count: 5)
  let count = read(descriptor, &bytes, bytes.count)
  return count == 5 && bytes == Array("%PDF-".utf8)
}

/// The operating system's sentence for an `errno` value, such as "Not a directory".
///
/// - Parameter code: An `errno` value.
/// - Returns: The description, or `error <code>` when the system has none.
func systemErrorDescription(_ code: Int32) -> String {
  guard let message = strerror(code) else { return "error \(code)" }
  return String(cString: message)
}
