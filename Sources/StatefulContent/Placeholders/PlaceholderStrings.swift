/// The built-in texts of placeholders, actions and announcements, in one language.
///
/// SKELETON (to be completed): English only; the tables for German and French, plurals and the
/// process's locale come next.
public struct PlaceholderStrings: Hashable, Sendable {
  /// The language of the texts, as a BCP 47 language code such as `en`, `de` or `fr`; it
  /// chooses the plural rule of counted texts.
  public var language: String
  /// The loading placeholder's title: "Loading…".
  public var loading: String
  /// The empty placeholder's title: "No Content".
  public var empty: String
  /// The error placeholder's title: "Something Went Wrong".
  public var error: String
  /// The locked placeholder's title: "Locked".
  public var locked: String
  /// The locked placeholder's message: "Enter the password to open this document."
  public var lockedMessage: String
  /// The Retry action's title.
  public var retry: String
  /// The Unlock action's title.
  public var unlock: String
  /// The announcement of content without a count: "Content loaded."
  public var contentShown: String

  /// The loading message of a retry: "Retrying (attempt 2)…".
  public func retrying(attempt: Int) -> String { "Retrying (attempt \(attempt))…" }
  /// The locked message after refused credentials: "Incorrect password (2 attempts)."
  public func incorrectCredential(attempts: Int) -> String {
    "Incorrect password (\(attempts) \(attempts == 1 ? "attempt" : "attempts"))."
  }
  /// The empty message after a keyed load: "No results for “swi”."
  public func noResults(for key: String) -> String { "No results for “\(key)”." }
  /// The announcement of content with a count: "1 result", "12 results".
  public func results(_ count: Int) -> String { "\(count) \(count == 1 ? "result" : "results")" }

  /// The texts in English.
  public static let english = PlaceholderStrings(
    language: "en", loading: "Loading…", empty: "No Content", error: "Something Went Wrong",
    locked: "Locked", lockedMessage: "Enter the password to open this document.",
    retry: "Retry", unlock: "Unlock", contentShown: "Content loaded.")

  /// The texts in the process's language.
  public static var current: PlaceholderStrings { .english }
}
