/// The built-in placeholders of one set of texts, made and boxed once.
///
/// The process's (``current``) serves every machine whose app did not set
/// ``ContentStateMachine/strings``; a machine with texts of its own keeps one of its own, so
/// that a machine carries one reference, and the placeholders it lends are the same boxes
/// every time (the presentation cache compares them by identity).
final class BuiltInPlaceholders: Sendable {
  /// The texts.
  let strings: PlaceholderStrings
  /// "Loading…".
  let loading: StandardPlaceholder
  /// "No Content".
  let empty: StandardPlaceholder
  /// "No Results": empty after a keyed load; the key fills in the message.
  let noResults: StandardPlaceholder
  /// "Something Went Wrong", with a Retry action; the error fills in the rest.
  let error: StandardPlaceholder
  /// "Locked", "Enter the password to open this document.", with an Unlock action.
  let locked: StandardPlaceholder
  /// "Waiting for the network…", with a Retry action.
  let waiting: StandardPlaceholder
  // Boxed once: turning a large struct into an existential allocates.
  let boxedLoading: any Placeholder
  let boxedEmpty: any Placeholder
  let boxedNoResults: any Placeholder
  let boxedLocked: any Placeholder
  let boxedWaiting: any Placeholder

  /// The built-in placeholders in the process's language.
  static let current = BuiltInPlaceholders(.current)

  /// Makes the built-in placeholders of a set of texts.
  init(_ strings: PlaceholderStrings) {
    self.strings = strings
    loading = .loading(in: strings)
    empty = .empty(in: strings)
    noResults = StandardPlaceholder(title: strings.noResultsTitle, symbolName: "magnifyingglass")
    error = .error(in: strings)
    locked = .locked(in: strings)
    waiting = .waiting(in: strings)
    boxedLoading = loading
    boxedEmpty = empty
    boxedNoResults = noResults
    boxedLocked = locked
    boxedWaiting = waiting
  }

  /// The built-in placeholder of a kind of state, before anything is filled in, or `nil` for
  /// a kind without one.
  func placeholder(for kind: ContentState.Kind) -> StandardPlaceholder? {
    switch kind {
    case .loading: loading
    case .empty: empty
    case .error: error
    case .locked: locked
    case .waiting: waiting
    case .idle, .content, .custom: nil
    }
  }

  /// What stands in for the texts of a state's placeholder that would show a short secret
  /// (see `SecretRedaction`): the state's built-in title — the neutral text for a state
  /// without one — and the neutral text, ``PlaceholderStrings/redactedText``.
  func redactionReplacements(for kind: ContentState.Kind) -> SecretRedaction.Replacements {
    SecretRedaction.Replacements(
      title: placeholder(for: kind)?.title ?? strings.redactedText, text: strings.redactedText)
  }
}
