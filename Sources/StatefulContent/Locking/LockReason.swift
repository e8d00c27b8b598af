/// Why a locked document or resource is not showing its content.
///
/// The reason travels with ``ContentState/locked(_:)`` so that the locked placeholder can say
/// whether the user is asked for the first time or after a wrong credential.
public enum LockReason: Hashable, Sendable {
  /// A credential (typically a password) is needed before the content may be shown.
  case credentialRequired
  /// The last credential given was wrong.
  ///
  /// - Parameter attempts: How many wrong credentials have been given so far (1 or more).
  case incorrectCredential(attempts: Int)
  /// A reason the app defines, such as a licence or parental lock.
  ///
  /// - Parameter name: The app's name for the reason.
  case custom(String)
}

extension LockReason: CustomStringConvertible {
  /// A short English description, such as `incorrect credential (attempt 2)`.
  public var description: String {
    switch self {
    case .credentialRequired: "credential required"
    case .incorrectCredential(let attempts): "incorrect credential (attempt \(attempts))"
    case .custom(let name): name
    }
  }
}
