import StatefulContentTerminal

/// The texts of the reader, one case per template; its tables, in `FeedText+Tables.swift`, map
/// each to its text in English, German and French.
public enum FeedText: String, ToolStringKey {
  /// The help of `--help`, ending with a line feed.
  case usage
  /// "Run 'feed-reader --help' for usage."
  case usageHint
  /// "no feed URL given"
  case missingURL
  /// "'{value}' is not an http or https URL"
  case invalidURL
  /// "--stale-after takes seconds, zero or more, not '{value}'"
  case invalidStaleAfter
  /// "feed-reader: cannot switch the terminal to raw mode"
  case rawModeFailed
  /// "No items"
  case emptyTitle
  /// "This feed has no items yet."
  case emptyMessage
  /// "{count} item"
  case itemOne
  /// "{count} items"
  case itemOther
  /// " · more below"
  case moreBelow
  /// "↑↓ scroll · r refresh · q quit"
  case keysLine
  /// " · refreshing…"
  case refreshing
  /// "Loading the next page…"
  case appendLoading
  /// "Could not load the next page ({error})"
  case appendFailed
  /// "Could not load the next page: {error}"
  case appendFailedLine
  /// "Try again in a moment."
  case tryAgain
  /// "Check that the address is a JSON Feed."
  case checkAddress
  /// "The feed is not valid"
  case invalidTitle
  /// "The server answered {status}"
  case httpStatusTitle
  /// "It did not send the feed (HTTP status {status})."
  case httpStatusMessage
  /// "The feed arrived incomplete"
  case truncatedTitle
  /// "The response stopped after {received} of {expected} bytes."
  case truncatedMessage
  /// "The response stopped before the end of the feed."
  case truncatedEarlyMessage
  /// "The feed is too large"
  case tooLargeTitle
  /// "The page has more than {limit} bytes, the most this reader reads."
  case tooLargeMessage
  /// "This is not a JSON Feed"
  case notJSONTitle
  /// "The server's answer is not JSON."
  case notJSONMessage
  /// "The field '{field}' is missing."
  case missingFieldMessage
  /// "The document is not a JSON object."
  case notAnObjectMessage
  /// "The field '{field}' holds the wrong kind of value."
  case wrongTypeMessage
  /// "Unknown feed version"
  case versionTitle
  /// "The feed says it is '{version}'; this reader reads JSON Feed 1 and 1.1."
  case versionMessage
  /// "Cannot reach the server"
  case unreachableTitle
  /// "Check the address and the connection, then try again."
  case unreachableRecovery
  /// "The server refused the connection."
  case connectionRefused
  /// "No server has this name."
  case noSuchHost
  /// "The server did not answer in time."
  case timedOut
  /// "This computer is not connected to a network."
  case notConnected
  /// "The address is not an http or https address."
  case unsupportedURL
  /// "The request failed (URLError {code})."
  case requestFailed
}
