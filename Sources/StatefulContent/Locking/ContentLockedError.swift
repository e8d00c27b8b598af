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
  /// What identifies the locked document's bytes, or `nil`: with one, and a
  /// ``ContentStateMachine/credentialMemory``, the load tries the credential remembered for the
  /// document before it presents the lock, and an unlock may remember the credential that
  /// opened it.
  public var fingerprint: CredentialFingerprint?
  /// Whether the document kind allows an empty credential (a document protected against
  /// editing only, say): the load then tries the empty one before anything else, and
  /// presents the lock only when it is refused.
  public var triesEmptyCredential: Bool

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - reason: Why the content is locked. Defaults to ``LockReason/credentialRequired``.
  ///   - fingerprint: What identifies the locked document's bytes — a digest or the
  ///     document's own identifier, never its path — or `nil`. Defaults to `nil`.
  ///   - triesEmptyCredential: Whether the empty credential is tried first. Defaults to
  ///     `false`.
  public init(
    _ reason: LockReason = .credentialRequired, fingerprint: CredentialFingerprint? = nil,
    triesEmptyCredential: Bool = false
  ) {
    self.reason = reason
    self.fingerprint = fingerprint
    self.triesEmptyCredential = triesEmptyCredential
  }

  /// The error an operation throws when the credential it was given is wrong; the machine
  /// counts the attempts itself, so the count given here does not matter.
  public static let incorrectCredential = ContentLockedError(.incorrectCredential(attempts: 0))

  /// `Content is locked: <reason>`.
  public var description: String { "Content is locked: \(reason)" }
}
