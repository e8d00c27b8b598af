// The redaction of placeholders: which of a placeholder's texts come from outside the library,
// and what stands in for those that are withheld.
extension SecretRedaction {
  /// What stands in for the texts of a placeholder that are withheld.
  struct Replacements: Sendable {
    /// For a title: the built-in title of the placeholder's state.
    var title: String
    /// For a message or a recovery suggestion: the neutral text,
    /// ``PlaceholderStrings/redactedText``.
    var text: String
  }

  /// A placeholder whose texts from outside the library show no secret.
  ///
  /// The texts `written` shares with `handed` stay as they are: they are what the writer of
  /// `written` was given — the library's own texts, or texts redacted already. Every other
  /// text of a ``StandardPlaceholder`` is the writer's and is redacted (see
  /// ``verdict(on:)``): masked, or withheld — a title gives way to the state's built-in title,
  /// a message and a recovery suggestion to the neutral text (shown once), an announcement
  /// set explicitly to the default one, made of the texts as redacted. A title withheld on a
  /// placeholder left without a message brings the neutral text as its message, so that a
  /// person learns why the title is not the one expected. A placeholder of another type is
  /// returned as it is: the library cannot change its texts (its announcement is redacted
  /// when it is announced).
  ///
  /// - Parameters:
  ///   - written: The placeholder: registered by the app, filled in with an error's texts,
  ///     or returned by the adopter's hook.
  ///   - handed: What its writer was given — for a registered placeholder, the built-in one
  ///     it may have been made from — or `nil` when all its texts are the writer's.
  ///   - replacements: What stands in for withheld texts.
  /// - Returns: `written` itself when no text changes, so that it is not copied.
  func redacting(
    _ written: any Placeholder, over handed: (any Placeholder)?, _ replacements: Replacements
  ) -> any Placeholder {
    guard !isEmpty, let standard = written as? StandardPlaceholder else { return written }
    let redacted = redacting(standard, over: handed as? StandardPlaceholder, replacements)
    return redacted == standard ? written : redacted
  }

  /// A standard placeholder whose texts from outside the library show no secret, as the
  /// `redacting(_:over:_:)` of any placeholder makes it.
  func redacting(
    _ written: StandardPlaceholder, over handed: StandardPlaceholder?,
    _ replacements: Replacements
  ) -> StandardPlaceholder {
    guard !isEmpty else { return written }
    var placeholder = written
    var withheldTitle = false
    var showsNeutralText = false
    if written.title != handed?.title {
      switch verdict(on: written.title) {
      case .unchanged: break
      case .masked(let title): placeholder.title = title
      case .withheld:
        placeholder.title = replacements.title
        withheldTitle = true
      }
    }
    for text in [\StandardPlaceholder.message, \.recoverySuggestion] {
      guard let written = written[keyPath: text], written != handed?[keyPath: text] else {
        continue
      }
      switch verdict(on: written) {
      case .unchanged: break
      case .masked(let masked): placeholder[keyPath: text] = masked
      case .withheld:
        placeholder[keyPath: text] = showsNeutralText ? nil : replacements.text
        showsNeutralText = true
      }
    }
    if withheldTitle, !showsNeutralText, placeholder.message == nil {
      placeholder.message = replacements.text
    }
    if let announcement = written.explicitAccessibilityAnnouncement,
      announcement != handed?.explicitAccessibilityAnnouncement
    {
      switch verdict(on: announcement) {
      case .unchanged: break
      case .masked(let masked): placeholder.accessibilityAnnouncement = masked
      case .withheld: placeholder.accessibilityAnnouncement = nil
      }
    }
    return placeholder
  }
}
