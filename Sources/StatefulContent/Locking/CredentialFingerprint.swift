/// What identifies a locked document's bytes, under which a ``CredentialStore`` remembers its
/// credential: a digest of the bytes, or the document's own identifier (a PDF's `/ID`) —
/// never its path.
///
/// A fingerprint that follows the bytes finds the credential again when the document is
/// renamed, moved or copied — where keying by path, as Atril does, loses it — and never
/// hands one document's password to another that took its name. A load's operation gives it
/// with the lock it finds (``ContentLockedError/fingerprint``).
///
/// ```swift
/// throw ContentLockedError(.credentialRequired, fingerprint: CredentialFingerprint("pdf-id:" + id))
/// ```
public struct CredentialFingerprint: Hashable, Sendable, CustomStringConvertible {
  /// The longest fingerprint accepted, in UTF-8 bytes.
  public static let maximumLength = 256

  /// The fingerprint, such as `pdf-id:5f0c…` or `sha256:9b1d…`.
  public let value: String

  /// Creates a fingerprint, or `nil` for a value that cannot be one: empty, longer than
  /// ``maximumLength`` UTF-8 bytes, or holding whitespace or control characters (a store's
  /// key name must stay one word). A lock without a fingerprint is presented as found, and
  /// nothing is remembered for it: encode an identifier that may hold such characters (hex,
  /// Base64) rather than lose remembering for that document.
  ///
  /// - Parameter value: A digest of the document's bytes or the document's own identifier,
  ///   with a prefix that says which (`sha256:`, `pdf-id:`).
  public init?(_ value: String) {
    guard !value.isEmpty, value.utf8.count <= Self.maximumLength,
      value.unicodeScalars.allSatisfy({
        // `.control` is C0, DEL and C1 (U+0080–U+009F) alike.
        !$0.properties.isWhitespace && $0.properties.generalCategory != .control
      })
    else { return nil }
    self.value = value
  }

  /// The fingerprint itself: it is no secret.
  public var description: String { value }
}
