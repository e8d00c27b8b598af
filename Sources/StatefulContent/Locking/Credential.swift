/// A secret that unlocks locked content, such as a document's password.
///
/// Its descriptions and its mirror never reveal the secret, so a credential that ends up in a
/// log, a `print`, a `dump` or a timeline shows as `Credential(redacted)`.
public struct Credential: Sendable, Hashable {
  /// The secret itself. Hand it only to what verifies it (for example a tool's standard input),
  /// never to command-line arguments or logs.
  public let secret: String

  /// Creates a credential from a password.
  ///
  /// - Parameter password: The password; it may be empty.
  public init(password: String) {
    secret = password
  }
}

extension Credential: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// `Credential(redacted)`.
  public var description: String { "Credential(redacted)" }
  /// `Credential(redacted)`.
  public var debugDescription: String { description }
  /// A mirror without children, so that `dump` shows no secret.
  public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
