/// The built-in texts of placeholders, actions and announcements, in one language.
///
/// The library ships tables for English (``english``), German (``german``) and French
/// (``french``). ``current`` is the table of the process's language, chosen once, the
/// platform's way (see ``preferred(environment:)``); every ``ContentStateMachine`` uses it
/// unless the app sets the machine's ``ContentStateMachine/strings``. Each text can be
/// replaced, and a language added, by changing a copy:
///
/// ```swift
/// var strings = PlaceholderStrings.current
/// strings.retry = "Try Again"
/// strings.resultsText = CountedText(
///   zero: "Nothing found", one: "One match", other: "{count} matches")
/// ```
///
/// Counted texts (``CountedText``) have a form per plural category and are chosen by
/// ``pluralRule``; templates write `{count}` for the count and `{key}` for a key.
public struct PlaceholderStrings: Hashable, Sendable {
  /// The language of the texts, as a BCP 47 language code such as `en`, `de` or `fr`.
  public var language: String
  /// How counted texts choose their plural form; by default the rule of ``language``.
  public var pluralRule: PluralRule
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
  /// The Retry action's title: "Retry".
  public var retry: String
  /// The Unlock action's title: "Unlock".
  public var unlock: String
  /// The announcement of content without a count: "Content loaded."
  public var contentShown: String
  /// The loading message of a retry, counted by attempt: "Retrying (attempt {count})…".
  public var retryingText: CountedText
  /// The locked message after refused credentials: "Incorrect password ({count} attempts)."
  public var incorrectCredentialText: CountedText
  /// The empty message after a keyed load that found nothing: "No results for “{key}”."
  public var noResultsText: String
  /// The empty placeholder's title after a keyed load that found nothing, where the app
  /// registered no empty placeholder of its own: "No Results".
  public var noResultsTitle: String
  /// The announcement of content with a count: "{count} results".
  public var resultsText: CountedText
  /// The reason of ``UnlockError/attemptLimitReached(attempts:)``: "Too many incorrect
  /// passwords ({count} attempts)."
  public var attemptLimitText: CountedText
  /// The recovery suggestion of ``UnlockError/attemptLimitReached(attempts:)``: "Open the
  /// document again to retry."
  public var attemptLimitRecovery: String
  /// What stands in for a text from outside the library — an error's description, a text of
  /// the app's placeholder — that shows a secret too short to be masked: "Details hidden to
  /// protect the password." (see <doc:AccessibilityAndLocalization>).
  public var redactedText: String
  /// How long ago content was updated: "Updated 5 minutes ago" (see ``updated(ago:)``).
  public var updatedText: AgeText
  /// The waiting placeholder's title: "Waiting for the network…".
  public var waiting: String
  /// The waiting placeholder's message: what happens when the network is back.
  public var waitingMessage: String
  /// The mark of content shown while the network is missing: "Offline".
  public var offline: String
  /// The mark of stale content, also announced once when content turns stale: "Not up to
  /// date".
  public var stale: String

  /// Creates the texts of a language.
  ///
  /// Start from a copy of a built-in table to change a few texts; this initializer is for a
  /// language of your own. See the properties for what each text is.
  ///
  /// - Parameters:
  ///   - language: The language's BCP 47 code.
  ///   - pluralRule: The plural rule of counted texts; `nil` for the rule of `language`
  ///     (``PluralRule/init(language:)``).
  ///   - loading: The loading placeholder's title.
  ///   - empty: The empty placeholder's title.
  ///   - error: The error placeholder's title.
  ///   - locked: The locked placeholder's title.
  ///   - lockedMessage: The locked placeholder's message.
  ///   - retry: The Retry action's title.
  ///   - unlock: The Unlock action's title.
  ///   - contentShown: The announcement of content without a count.
  ///   - retrying: The loading message of a retry, counted by attempt.
  ///   - incorrectCredential: The locked message after refused credentials.
  ///   - noResults: The empty message after a keyed load, with `{key}` for the key.
  ///   - noResultsTitle: The empty placeholder's title after a keyed load; `nil` (the default)
  ///     for `empty`.
  ///   - results: The announcement of content with a count.
  ///   - attemptLimit: Why unlocking stopped after too many incorrect credentials.
  ///   - attemptLimitRecovery: What to do after too many incorrect credentials.
  ///   - redacted: What stands in for a text that shows a short secret; English by default.
  ///   - updated: How long ago content was updated; English by default.
  ///   - waiting: The waiting placeholder's title; English by default.
  ///   - waitingMessage: The waiting placeholder's message; English by default.
  ///   - offline: The mark of content shown offline; English by default.
  ///   - stale: The mark of stale content; English by default.
  public init(
    language: String, pluralRule: PluralRule? = nil, loading: String, empty: String,
    error: String, locked: String, lockedMessage: String, retry: String, unlock: String,
    contentShown: String, retrying: CountedText, incorrectCredential: CountedText,
    noResults: String, noResultsTitle: String? = nil, results: CountedText,
    attemptLimit: CountedText, attemptLimitRecovery: String,
    redacted: String = "Details hidden to protect the password.",
    updated: AgeText = .english,
    waiting: String = "Waiting for the network…",
    waitingMessage: String = "The content loads as soon as the connection is back.",
    offline: String = "Offline",
    stale: String = "Not up to date"
  ) {
    self.waiting = waiting
    self.waitingMessage = waitingMessage
    self.offline = offline
    self.stale = stale
    self.language = language
    self.pluralRule = pluralRule ?? PluralRule(language: language)
    self.loading = loading
    self.empty = empty
    self.error = error
    self.locked = locked
    self.lockedMessage = lockedMessage
    self.retry = retry
    self.unlock = unlock
    self.contentShown = contentShown
    self.retryingText = retrying
    self.incorrectCredentialText = incorrectCredential
    self.noResultsText = noResults
    self.noResultsTitle = noResultsTitle ?? empty
    self.resultsText = results
    self.attemptLimitText = attemptLimit
    self.attemptLimitRecovery = attemptLimitRecovery
    self.redactedText = redacted
    self.updatedText = updated
  }

  // MARK: Counted and templated texts

  /// The loading message of a retry: "Retrying (attempt 2)…".
  ///
  /// - Parameter attempt: The attempt, counting from 1.
  public func retrying(attempt: Int) -> String {
    retryingText.text(for: attempt, rule: pluralRule)
  }

  /// The locked message after refused credentials: "Incorrect password (2 attempts)."
  ///
  /// - Parameter attempts: How many incorrect credentials were given.
  public func incorrectCredential(attempts: Int) -> String {
    incorrectCredentialText.text(for: attempts, rule: pluralRule)
  }

  /// The empty message after a keyed load: "No results for “swi”."
  ///
  /// - Parameter key: The key, as the user typed it.
  public func noResults(for key: String) -> String {
    noResultsText.replacing("{key}", with: key)
  }

  /// The announcement of content with a count: "1 result", "12 results".
  ///
  /// - Parameter count: How many items the content has.
  public func results(_ count: Int) -> String {
    resultsText.text(for: count, rule: pluralRule)
  }

  /// How long ago content was updated: "Updated just now", "Updated 5 minutes ago", "Updated
  /// 2 hours ago", "Updated 3 days ago" — the largest whole unit, rounded down.
  ///
  /// - Parameter age: How long ago the content was updated; under a minute, or negative,
  ///   is "just now".
  /// - Returns: The text.
  public func updated(ago age: Duration) -> String {
    updatedText.text(for: age, rule: pluralRule)
  }

  /// Why unlocking stopped: "Too many incorrect passwords (3 attempts)."
  ///
  /// - Parameter attempts: How many incorrect credentials were given.
  public func attemptLimit(attempts: Int) -> String {
    attemptLimitText.text(for: attempts, rule: pluralRule)
  }
}
