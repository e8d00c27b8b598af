/// What an ``Announcer`` is asked to speak: a sentence, and the state it is about.
public struct Announcement: Hashable, Sendable {
  /// The sentence to speak, in the language of the machine's ``PlaceholderStrings``, such as
  /// "12 results" or "Incorrect password (2 attempts)."
  public var text: String
  /// The kind of state the announcement is about.
  public var state: ContentState.Kind
  /// The key the state is about, for a keyed load; `nil` for loads without a key.
  public var key: LoadKey?

  /// Creates an announcement.
  ///
  /// - Parameters:
  ///   - text: The sentence to speak.
  ///   - state: The kind of state it is about.
  ///   - key: The key the state is about, for a keyed load.
  public init(text: String, state: ContentState.Kind, key: LoadKey? = nil) {
    self.text = text
    self.state = state
    self.key = key
  }
}
