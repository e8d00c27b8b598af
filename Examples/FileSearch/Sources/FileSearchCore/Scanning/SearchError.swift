import Foundation

/// Why a folder cannot be searched.
public enum SearchError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Nothing exists at the path.
  ///
  /// - Parameter path: The folder as given.
  case folderNotFound(String)
  /// The path names something that is not a folder, such as a file.
  ///
  /// - Parameter path: The folder as given.
  case notAFolder(String)
  /// The folder exists but cannot be read, such as for lack of permission.
  ///
  /// - Parameters:
  ///   - path: The folder as given.
  ///   - reason: The system's description of the failure.
  case folderUnreadable(String, reason: String)

  /// The error for a system call on `path` that failed with `code` (an `errno` value).
  ///
  /// - Parameters:
  ///   - code: The `errno` value.
  ///   - path: The folder as given.
  /// - Returns: ``folderNotFound(_:)`` for `ENOENT`, ``notAFolder(_:)`` for `ENOTDIR`, else
  ///   ``folderUnreadable(_:reason:)`` with the system's description.
  public static func failure(_ code: Int32, at path: String) -> SearchError {
    switch code {
    case ENOENT: .folderNotFound(path)
    case ENOTDIR: .notAFolder(path)
    default: .folderUnreadable(path, reason: String(cString: strerror(code)))
    }
  }

  /// A sentence naming the folder, such as `no folder at 'notes'`.
  public var description: String {
    switch self {
    case .folderNotFound(let path): "no folder at '\(path)'"
    case .notAFolder(let path): "'\(path)' is not a folder"
    case .folderUnreadable(let path, let reason): "cannot read '\(path)': \(reason)"
    }
  }
}
