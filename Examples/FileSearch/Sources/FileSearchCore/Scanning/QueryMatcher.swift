/// A query to look for in text, ignoring case, in time linear in the text's length.
///
/// Text matches when its lowercase form contains the query's lowercase form. Both are
/// lowercased as `String.lowercased()` does (the full Unicode mapping, not case folding:
/// "STRASSE" does not match "straße") and compared character by character as Swift compares
/// characters: forms that Unicode deems canonically equivalent are equal, such as "é" written
/// as one scalar or as "e" and a combining accent. A query matches whole characters only: "e"
/// is not found in "é", nor a lone combining accent inside a character. An empty query
/// matches nothing.
///
/// The search is Knuth, Morris and Pratt's: it reads the text once, never going back, and
/// after a mismatch resumes with the longest part of the query that still matches, which it
/// knows from the query alone. It makes at most two comparisons per character of text,
/// whatever the query — a search that starts over at every position compares up to the whole
/// query there.
///
/// ```swift
/// let matcher = QueryMatcher("Swift")
/// matcher.matches("let SWIFT = 6")   // true
/// matcher.matches("swirl")           // false
/// ```
public struct QueryMatcher: Hashable, Sendable {
  /// How many comparisons a search makes between two calls of its checkpoint: 65,536, so
  /// that a search calls it at least every 65,536 characters of text.
  public static let checkpointInterval = 1 << 16

  /// The query, as given.
  public let query: String
  /// The query's characters, lowercased.
  private let pattern: [Character]
  /// For each position `i` of `pattern`, the length of the longest part of `pattern[...i]`
  /// that both starts and ends it, without being all of it: how much of the query still
  /// matches when the character after `pattern[...i]` does not.
  private let fallback: [Int]

  /// Prepares a query for searching.
  ///
  /// - Parameter query: The text to look for, in any case.
  /// - Complexity: O(*m*) for a query of *m* characters.
  public init(_ query: String) {
    self.query = query
    let pattern = Array(query.lowercased())
    var fallback = [Int](repeating: 0, count: pattern.count)
    var matched = 0
    for index in pattern.indices.dropFirst() {
      while matched > 0 && pattern[index] != pattern[matched] {
        matched = fallback[matched - 1]
      }
      if pattern[index] == pattern[matched] { matched += 1 }
      fallback[index] = matched
    }
    self.pattern = pattern
    self.fallback = fallback
  }

  /// Whether text contains the query, ignoring case.
  ///
  /// - Parameter text: The text to search.
  /// - Returns: `true` when the text's lowercase form contains the query's.
  /// - Complexity: O(*n*) for a text of *n* characters.
  public func matches(_ text: some StringProtocol) -> Bool {
    var comparisons = 0
    return matches(text, comparisons: &comparisons, checkpoint: {})
  }

  /// Whether text contains the query, ignoring case, counting the comparisons and calling
  /// `checkpoint` between them — where a long search can be cancelled.
  ///
  /// `comparisons` goes on counting from its value, so that a caller that searches many
  /// texts, such as the lines of a file, has its checkpoint called at the same pace across
  /// them: whenever the count reaches a multiple of ``checkpointInterval``.
  ///
  /// ```swift
  /// var comparisons = 0
  /// let found = try matcher.matches(contents, comparisons: &comparisons) {
  ///   if isCancelled() { throw CancellationError() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - text: The text to search.
  ///   - comparisons: The count of character comparisons, increased by this search's: at
  ///     most twice the text's length.
  ///   - checkpoint: Called after every ``checkpointInterval`` comparisons; what it throws
  ///     ends the search.
  /// - Returns: `true` when the text's lowercase form contains the query's.
  /// - Throws: What `checkpoint` throws.
  public func matches(
    _ text: some StringProtocol, comparisons: inout Int, checkpoint: () throws -> Void
  ) rethrows -> Bool {
    guard !pattern.isEmpty else { return false }
    // How many of the query's first characters the text's last characters match.
    var matched = 0
    for character in text.lowercased() {
      while true {
        comparisons += 1
        if comparisons.isMultiple(of: Self.checkpointInterval) { try checkpoint() }
        if character == pattern[matched] {
          matched += 1
          break
        }
        guard matched > 0 else { break }
        matched = fallback[matched - 1]
      }
      if matched == pattern.count { return true }
    }
    return false
  }
}
