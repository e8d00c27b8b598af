/// The error a load's operation throws to say that the content needs a credential.
///
/// A load that ends with it does not show an error: the state becomes
/// ``ContentState/locked(_:)``. Thrown while unlocking (the operation received a
/// ``LoadContext/credential``), it means the credential was wrong, and the machine counts the
/// attempt.
///
/// ```swift
/// await model.load(into: \.content) { context in
///   guard let password = context.credential else {
///     throw ContentLockedError(.credentialRequired)
///   }
///   guard let document = try await Document.open(url, password: password.secret) else {
///     throw ContentLockedError.incorrectCredential
///   }
///   return document
/// }
/// ```
public struct ContentLockedError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Why the content is locked.
  public var reason: LockReason

  /// Creates the error.
  ///
  /// - Parameter reason: Why the content is locked. Defaults to
  ///   ``LockReason/credentialRequired``.
  public init(_ reason: LockReason = .credentialRequired) {
    self.reason = reason
  }

  /// The error an operation throws when the credential it was given is wrong; the machine
  /// counts the attempts itself, so the count given here does not matter.
  public static let incorrectCredential = ContentLockedError(.incorrectCredential(attempts: 0))

  /// `Content is locked: <reason>`.
  public var description: String { "Content is locked: \(reason)" }
}
