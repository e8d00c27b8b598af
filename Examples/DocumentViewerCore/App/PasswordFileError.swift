import Foundation

/// Why a password file (`--password-file`) cannot be used.
public enum PasswordFileError: Error, Equatable, CustomStringConvertible {
  /// The file cannot be opened or read; the associated value is the system's reason, such as
  /// "No such file or directory".
  case unreadable(reason: String)
  /// The file is larger than ``PasswordSource/maximumFileSize`` bytes — not a list of
  /// passwords (`/dev/zero`, a disk image).
  case tooLarge(limit: Int)

  /// The reason, for the viewer's error message.
  public var description: String {
    switch self {
    case .unreadable(let reason): reason
    case .tooLarge(let limit): "it is larger than \(limit / 1024) KiB, so not a list of passwords"
    }
  }
}
