import FileSearchCore
import XCTest

/// The matcher of a query: what it matches, ignoring case as the search always has, and how
/// much work it does — counted in comparisons, never timed.
final class QueryMatcherTests: XCTestCase {
  func test_matches_ignoringCase_asLowercasedDoes() {
    XCTAssertTrue(QueryMatcher("Swift").matches("let SWIFT = 6"))
    XCTAssertTrue(QueryMatcher("ÄRGER").matches("kein ärger"))
    XCTAssertTrue(QueryMatcher("οδοσ").matches("ΟΔΟΣ"), "Σ lowercases to σ")
    XCTAssertFalse(QueryMatcher("swift").matches("swirl"))
    XCTAssertFalse(QueryMatcher("straße").matches("STRASSE"), "lowercasing, not case folding")
  }

  func test_canonicallyEquivalentForms_match() {
    let precomposed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"

    XCTAssertTrue(QueryMatcher(precomposed).matches("un " + decomposed))
    XCTAssertTrue(QueryMatcher(decomposed).matches("un " + precomposed))
    XCTAssertTrue(QueryMatcher("\u{212B}").matches("\u{E5}"), "the ångström sign is å")
  }

  func test_canonicallyEquivalentForms_ofASCIICharacters_match() {
    // The Greek question mark U+037E is ";" by canonical equivalence, and the Kelvin sign "K".
    XCTAssertTrue(QueryMatcher("a\u{37E}").matches("a;"))
    XCTAssertTrue(QueryMatcher("a;").matches("a\u{37E}"))
    XCTAssertTrue(QueryMatcher("\u{212A}m").matches("5 km"))
  }

  func test_aHugeCharacter_costsItsScalars_andIsComparedInConstantTime() throws {
    // After 1,999 "a"s, one character of 300,001 scalars: the query falls back 1,999 times on
    // it, each comparison having cost its whole length before.
    let accents = String(repeating: "\u{301}", count: 300_000)
    let huge = "b" + accents
    let text = String(repeating: "a", count: 1_999) + huge
    let scalars = text.unicodeScalars.count

    let (found, comparisons) = try search(String(repeating: "a", count: 2_000), in: text)

    XCTAssertFalse(found)
    XCTAssertGreaterThanOrEqual(comparisons, scalars, "its reading is counted")
    XCTAssertLessThanOrEqual(comparisons, 2 * scalars)
    let marks = String(repeating: "\u{301}", count: 3_000)
    XCTAssertTrue(QueryMatcher("x" + marks).matches("y" + huge + "X" + marks), "still equal")
  }

  func test_matchesWholeCharactersOnly() {
    XCTAssertFalse(QueryMatcher("cafe").matches("cafe\u{301}"))
    XCTAssertFalse(QueryMatcher("\u{301}").matches("cafe\u{301}"))
    XCTAssertTrue(QueryMatcher("caf").matches("cafe\u{301}"))
  }

  func test_emptyQuery_matchesNothing() {
    XCTAssertFalse(QueryMatcher("").matches("anything"))
    XCTAssertFalse(QueryMatcher("").matches(""))
  }

  func test_agreesWithASearchFromEveryPosition_onEveryShortTextAndQuery() {
    // Four ways to write three characters: "a", "b" in capitals, "é" in two forms.
    let alphabet = ["a", "B", "\u{E9}", "e\u{301}"]
    func strings(ofLength length: Int) -> [String] {
      guard length > 0 else { return [""] }
      return strings(ofLength: length - 1).flatMap { prefix in alphabet.map { prefix + $0 } }
    }
    let texts = (0...4).flatMap(strings(ofLength:))
    for query in (1...3).flatMap(strings(ofLength:)) {
      let matcher = QueryMatcher(query)
      let pattern = Array(query.lowercased())
      for text in texts {
        let expected = Array(text.lowercased()).firstRange(of: pattern) != nil
        XCTAssertEqual(matcher.matches(text), expected, "\(query.debugDescription) in \(text)")
      }
    }
  }

  func test_worstCaseQuery_makesAtMostTwoComparisonsPerCharacter() throws {
    // Every position of the text starts a match of 2,999 characters that fails at the last:
    // a search that starts over at every position compares about 3 billion times.
    let query = String(repeating: "a", count: 2_999) + "b"
    let text = String(repeating: "a", count: 1_000_000)

    let (found, comparisons) = try search(query, in: text)

    XCTAssertFalse(found)
    XCTAssertLessThanOrEqual(comparisons, 2 * text.count)
  }

  func test_repetitiveQuery_makesAtMostTwoComparisonsPerCharacter() throws {
    let query = String(repeating: "ab", count: 500) + "c"
    let text = String(repeating: "ab", count: 100_000) + "c"

    let (found, comparisons) = try search(query, in: text)

    XCTAssertTrue(found)
    XCTAssertLessThanOrEqual(comparisons, 2 * text.count)
  }

  func test_checkpoint_isCalledEveryInterval_acrossTexts_andItsErrorEndsTheSearch() {
    let matcher = QueryMatcher("b")
    let half = String(repeating: "a", count: QueryMatcher.checkpointInterval / 2)
    var comparisons = 0
    var checkpoints = 0

    _ = matcher.matches(half, comparisons: &comparisons) { checkpoints += 1 }
    XCTAssertEqual(checkpoints, 0)
    _ = matcher.matches(half, comparisons: &comparisons) { checkpoints += 1 }
    XCTAssertEqual(checkpoints, 1, "the count goes on across texts")

    struct Stop: Error {}
    XCTAssertThrowsError(
      try matcher.matches(half + half + "b", comparisons: &comparisons) { throw Stop() }
    ) { XCTAssertTrue($0 is Stop) }
    XCTAssertEqual(comparisons, 2 * QueryMatcher.checkpointInterval, "it stopped there")
  }

  /// Searches text, counting the comparisons; throws as soon as they pass two per scalar, so
  /// that a search that starts over at every position fails at once instead of running for
  /// minutes.
  private func search(_ query: String, in text: String) throws -> (Bool, comparisons: Int) {
    struct TooManyComparisons: Error {}
    let budget = 2 * text.unicodeScalars.count
    var comparisons = 0
    var checkpoints = 0
    let found = try QueryMatcher(query).matches(text, comparisons: &comparisons) {
      checkpoints += 1
      if checkpoints * QueryMatcher.checkpointInterval > budget { throw TooManyComparisons() }
    }
    return (found, comparisons)
  }
}
