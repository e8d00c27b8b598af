import Foundation

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
/// knows from the query alone. Each character of text is read once — lowercased, and looked up
/// among the query's characters — and is then a number: a search compares numbers, at most
/// two comparisons per character of text, whatever the query (a search that starts over at
/// every position compares up to the whole query there). A character of more scalars than the
/// longest canonical decomposition of the query's characters equals none of them (a
/// decomposition is never shorter than the character), so it is not looked up at all: its
/// cost is counting its scalars. The work is linear in the text's size in scalars.
///
/// ```swift
/// let matcher = QueryMatcher("Swift")
/// matcher.matches("let SWIFT = 6")   // true
/// matcher.matches("swirl")           // false
/// ```
public struct QueryMatcher: Hashable, Sendable {
  /// How much work a search does between two calls of its checkpoint: 65,536 units, a
  /// comparison counting one and a character of *k* scalars *k* − 1 more, so that a search
  /// calls it at least every 65,536 scalars of text.
  public static let checkpointInterval = 1 << 16

  /// The query, as given.
  public let query: String
  /// The query's characters, lowercased, each as the number of the first one equal to it.
  private let pattern: [Int]
  /// The number of each of the query's distinct lowercased characters.
  private let numbers: [Character: Int]
  /// The number of each ASCII character that equals one of the query's, else -1: most text
  /// is ASCII, and a byte indexes an array faster than a character is hashed.
  private let asciiNumbers: [Int]
  /// How many scalars the longest canonical decomposition (NFD) of a query character has: a
  /// text character of more scalars equals none of them.
  private let longestCharacter: Int
  /// For each position `i` of `pattern`, the length of the longest part of `pattern[...i]`
  /// that both starts and ends it, without being all of it: how much of the query still
  /// matches when the character after `pattern[...i]` does not.
  private let fallback: [Int]

  /// Prepares a query for searching.
  ///
  /// - Parameter query: The text to look for, in any case.
  /// - Complexity: O(*m*) for a query of *m* scalars.
  public init(_ query: String) {
    self.query = query
    var numbers: [Character: Int] = [:]
    var longestCharacter = 0
    let pattern = query.lowercased().map { character in
      if let number = numbers[character] { return number }
      let decomposed = String(character).decomposedStringWithCanonicalMapping
      longestCharacter = max(longestCharacter, decomposed.unicodeScalars.count)
      numbers[character] = numbers.count
      return numbers.count - 1
    }
    // Looked up, not read off the query: ";" is also the Greek question mark U+037E.
    let asciiNumbers = (0..<128).map { numbers[Character(Unicode.Scalar(UInt8($0)))] ?? -1 }
    self.pattern = pattern
    self.numbers = numbers
    self.asciiNumbers = asciiNumbers
    self.longestCharacter = longestCharacter
    self.fallback = Self.fallbackTable(pattern)
  }

  /// For each position `i` of a pattern, the length of the longest part of `pattern[...i]`
  /// that both starts and ends it, without being all of it: how much of the pattern still
  /// matches when the element after `pattern[...i]` does not. Knuth, Morris and Pratt's table,
  /// also that of ``ASCIIQuery``.
  ///
  /// - Parameter pattern: What a search looks for.
  /// - Returns: One length per element of `pattern`.
  /// - Complexity: O(*m*) for a pattern of *m* elements.
  static func fallbackTable<Element: Equatable>(_ pattern: [Element]) -> [Int] {
    var fallback = [Int](repeating: 0, count: pattern.count)
    var matched = 0
    for index in pattern.indices.dropFirst() {
      while matched > 0 && pattern[index] != pattern[matched] {
        matched = fallback[matched - 1]
      }
      if pattern[index] == pattern[matched] { matched += 1 }
      fallback[index] = matched
    }
    return fallback
  }

  /// Whether text contains the query, ignoring case.
  ///
  /// - Parameter text: The text to search.
  /// - Returns: `true` when the text's lowercase form contains the query's.
  /// - Complexity: O(*n*) for a text of *n* scalars.
  public func matches(_ text: some StringProtocol) -> Bool {
    var comparisons = 0
    return matches(text, comparisons: &comparisons, checkpoint: {})
  }

  /// Whether text contains the query, ignoring case, counting the work done and calling
  /// `checkpoint` between its units — where a long search can be cancelled.
  ///
  /// The work is counted as it is paid: one unit per comparison, and for a character of *k*
  /// scalars *k* − 1 more, what reading it costs beyond a one-scalar character. `comparisons`
  /// goes on counting from its value, so that a caller that searches many texts, such as the
  /// lines of a file, has its checkpoint called at the same pace across them: once for every
  /// multiple of ``checkpointInterval`` the count reaches or passes.
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
  ///   - comparisons: The count of work, increased by this search's: at most twice the
  ///     text's length in scalars.
  ///   - checkpoint: Called after every ``checkpointInterval`` units of work; what it throws
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
      // The character's number among the query's, or -1: one byte is ASCII; a character of
      // more scalars than any query character decomposes to is none of them.
      let number: Int
      let utf8 = character.utf8
      if utf8.count == 1, let byte = utf8.first {
        number = asciiNumbers[Int(byte)]
      } else {
        let scalars = character.unicodeScalars.count
        number = scalars > longestCharacter ? -1 : numbers[character] ?? -1
        let before = comparisons
        comparisons += scalars - 1
        let interval = Self.checkpointInterval
        for _ in 0..<(comparisons / interval - before / interval) { try checkpoint() }
      }
      while true {
        comparisons += 1
        if comparisons.isMultiple(of: Self.checkpointInterval) { try checkpoint() }
        if number == pattern[matched] {
          matched += 1
          break
        }
        // A character that is none of the query's ends every partial match.
        guard matched > 0, number >= 0 else {
          matched = 0
          break
        }
        matched = fallback[matched - 1]
      }
      if matched == pattern.count { return true }
    }
    return false
  }
}
