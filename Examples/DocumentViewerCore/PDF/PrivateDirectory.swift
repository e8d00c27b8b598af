import Foundation

/// A directory only the current user can enter (mode 0700), removed before the viewer exits,
/// whatever ends it (see ``removeAll()``), such as the tour's samples.
///
/// Decrypted PDFs never need one: they go through a pipe (see ``PDFReader``).
///
/// ```swift
/// let directory = try PrivateDirectory()
/// defer { directory.remove() }
/// ```
public struct PrivateDirectory {
  /// The directory's path.
  let path: String

  /// Creates a new, uniquely named directory in the temporary directory, with `mkdtemp`.
  ///
  /// - Throws: ``DocumentError/unreadable(path:reason:)`` with the system's reason when the
  ///   directory cannot be created.
  init() throws(DocumentError) {
    let base = FileManager.default.temporaryDirectory.path
    let template = (base as NSString).appendingPathComponent("document-viewer-XXXXXX")
    var bytes = Array(template.utf8CString)
    guard let created = mkdtemp(&bytes) else {
      throw .unreadable(path: template, reason: systemErrorDescription(errno))
    }
    path = String(cString: created)
    Self.live.withLock { _ = $0.insert(path) }
  }

  /// The private directories not removed yet, so that an early exit can remove them.
  private static let live = Locked<Set<String>>([])

  /// Adds a directory made elsewhere (such as the tour's samples) to those removed by
  /// ``removeAll()``.
  ///
  /// - Parameter path: The directory's path.
  public static func removeAtExit(_ path: String) {
    _ = live.withLock { $0.insert(path) }
  }

  /// Takes a directory off the list of ``removeAll()`` once it has been removed.
  ///
  /// - Parameter path: The directory's path.
  public static func forget(_ path: String) {
    _ = live.withLock { $0.remove(path) }
  }

  /// Removes every private directory still there; call it before the process exits, so that
  /// none outlives the viewer.
  public static func removeAll() {
    let paths = live.withLock { paths in
      defer { paths.removeAll() }
      return paths
    }
    for path in paths { try? FileManager.default.removeItem(atPath: path) }
  }

  /// Removes the directory and everything in it.
  func remove() {
    try? FileManager.default.removeItem(atPath: path)
    _ = Self.live.withLock { $0.remove(path) }
  }
}
