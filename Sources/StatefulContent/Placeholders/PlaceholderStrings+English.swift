extension PlaceholderStrings {
  /// The texts in English, the fallback for every language without a table.
  public static let english = PlaceholderStrings(
    language: "en",
    loading: "Loading…",
    empty: "No Content",
    error: "Something Went Wrong",
    locked: "Locked",
    lockedMessage: "Enter the password to open this document.",
    retry: "Retry",
    unlock: "Unlock",
    contentShown: "Content loaded.",
    retrying: "Retrying (attempt {count})…",
    incorrectCredential: CountedText(
      one: "Incorrect password ({count} attempt).",
      other: "Incorrect password ({count} attempts)."),
    noResults: "No results for “{key}”.",
    noResultsTitle: "No Results",
    results: CountedText(one: "{count} result", other: "{count} results"),
    attemptLimit: CountedText(
      one: "Too many incorrect passwords ({count} attempt).",
      other: "Too many incorrect passwords ({count} attempts)."),
    attemptLimitRecovery: "Open the document again to retry.",
    redacted: "Details hidden to protect the password.",
    updated: .english,
    waiting: "Waiting for the network…",
    waitingMessage: "The content loads as soon as the connection is back.",
    offline: "Offline",
    stale: "Not up to date")
}
