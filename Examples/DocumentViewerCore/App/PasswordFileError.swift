import Foundation

/// Why a password file (`--password-file`) cannot be used.
public enum PasswordFileError: Error, Equatable, CustomStringConvertible {
  /// The file cannot be opened or read; the associated value is the system's reason, such as
  /// "No such file or directory".
  case unreadable(reason: String)
  /// The file is larger than ``PasswordSource/maximumFileSize`` bytes — not a list of
  /// passwords (`/dev/zero`, a disk image).
  case tooLarge(limit: Int)

  /// The reason, in English, for the viewer's error message.
  public var description: String { description(in: .english) }

  /// The reason in the language of `strings`; the system's reason stays in its own words.
  ///
  /// - Parameter strings: The viewer's texts in one language.
  /// - Returns: The reason.
  public func description(in strings: ViewerStrings) -> String {
    switch self {
    case .unreadable(let reason): reason
    case .tooLarge(let limit): strings.text(.passwordFileTooLarge, ["limit": "\(limit / 1024)"])
    }
  }
}
