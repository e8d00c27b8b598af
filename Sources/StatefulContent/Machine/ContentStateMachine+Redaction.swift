// The machine's redaction: the secret of a credential never reaches a placeholder's text or an
// announcement, even when an operation's error describes it ("could not decrypt with …").
extension ContentStateMachine {
  /// What stands in for a secret in a text.
  static let redactedSecret = "••••"

  /// The secrets no text may show: the one given to the last unlock, and the one that
  /// unlocked the content.
  private var secrets: [String] {
    [triedSecret, contentLock.credential?.secret].compactMap { $0 }.filter { !$0.isEmpty }
  }

  /// A text with every secret replaced by ``redactedSecret``.
  ///
  /// - Complexity: O(*n* × *s*) for a text of *n* characters and *s* secrets (at most two),
  ///   and nothing at all before the first unlock.
  func redactingSecrets(_ text: String) -> String {
    guard holdsSecrets else { return text }
    var text = text
    for secret in secrets where text.contains(secret) {
      text = text.replacing(secret, with: Self.redactedSecret)
    }
    return text
  }

  /// Whether a text may show a secret: one was given to an unlock since the last reset.
  var holdsSecrets: Bool { triedSecret != nil || contentLock.credential != nil }

  /// A configured placeholder whose texts show no secret: a ``StandardPlaceholder``'s title,
  /// message, recovery suggestion and announcement are redacted; a placeholder of another type
  /// is the app's, and only its announcement is (when it is made).
  func redactingSecrets(in placeholder: any Placeholder) -> any Placeholder {
    guard var standard = placeholder as? StandardPlaceholder else { return placeholder }
    let before = standard
    standard.title = redactingSecrets(standard.title)
    standard.message = standard.message.map(redactingSecrets)
    standard.recoverySuggestion = standard.recoverySuggestion.map(redactingSecrets)
    if let announcement = standard.explicitAccessibilityAnnouncement {
      standard.accessibilityAnnouncement = redactingSecrets(announcement)
    }
    return standard == before ? placeholder : standard
  }
}
