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

  /// A sentence naming the folder, in English, such as `no folder at 'notes'`.
  public var description: String { description(in: .english) }

  /// A sentence naming the folder in the language of `strings`; the system's reason stays in
  /// its own words.
  ///
  /// - Parameter strings: The search's texts in one language.
  /// - Returns: The sentence, such as `kein Ordner unter „notes“`.
  public func description(in strings: SearchStrings) -> String {
    switch self {
    case .folderNotFound(let path): strings.text(.folderNotFound, ["path": path])
    case .notAFolder(let path): strings.text(.notAFolder, ["path": path])
    case .folderUnreadable(let path, let reason):
      strings.text(.folderUnreadable, ["path": path, "reason": reason])
    }
  }
}
