import FileSearchCore
import XCTest

/// The matcher of a file's lines and of names: a query of printable ASCII searched for in
/// bytes finds what the decoded text's search finds, next to characters that join an ASCII
/// letter into a larger one, lookalikes of ASCII characters, line breaks and bytes that are
/// not UTF-8.
final class ContentMatcherTests: XCTestCase {
  private let limits = FileScanner.Limits()

  /// The matching lines of `text`, searched for in bytes when `searchesBytes`.
  private func lines(
    _ query: String, in text: [UInt8], searchesBytes: Bool = true
  ) -> ContentMatcher.Lines {
    let matcher = ContentMatcher(query: query, limits: limits, searchesBytes: searchesBytes)
    var work = ContentMatcher.Work()
    return text.withUnsafeBytes { matcher.matchingLines(in: $0, work: &work) {} }
  }

  /// Asserts that bytes and decoded text find the same lines.
  private func assertSameLines(
    _ query: String, in text: [UInt8], file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(
      lines(query, in: text), lines(query, in: text, searchesBytes: false),
      "\(query.debugDescription) in \(text)", file: file, line: line)
  }

  func test_asciiQuery_isSearchedInBytes_otherQueriesInDecodedText() {
    XCTAssertNotNil(ContentMatcher(query: "Quartz 2", limits: limits).ascii)
    XCTAssertNil(ContentMatcher(query: "größe", limits: limits).ascii)
    XCTAssertNil(ContentMatcher(query: "tab\there", limits: limits).ascii, "not printable")
    XCTAssertNil(ContentMatcher(query: "", limits: limits).ascii)
  }

  func test_bytes_findLinesIgnoringCase_withTheirNumbersAndTexts() {
    let text = Array("alpha\n  QUARTZ clock\r\nnone\nsome quartz\n".utf8)

    let found = lines("Quartz", in: text)

    XCTAssertEqual(found.count, 2)
    XCTAssertEqual(
      found.lines, [.init(number: 2, text: "QUARTZ clock"), .init(number: 4, text: "some quartz")])
    assertSameLines("Quartz", in: text)
  }

  func test_anAccentOrAPrependedMark_joiningTheOccurrence_isNoMatch_asInDecodedText() {
    // "cafe" + a combining acute is "café": "cafe" is not in it, "caf" is. U+0600 is a
    // prepended mark: it joins the letter after it into one character.
    let accented = Array("un cafe\u{301} noir\n".utf8)
    let prepended = Array("x\u{600}abc\n".utf8)

    XCTAssertEqual(lines("cafe", in: accented).count, 0)
    XCTAssertEqual(lines("caf", in: accented).count, 1)
    XCTAssertEqual(lines("abc", in: prepended).count, 0)
    XCTAssertEqual(lines("bc", in: prepended).count, 1)
    for query in ["cafe", "caf", "e", "noir", "abc", "bc"] {
      assertSameLines(query, in: accented)
      assertSameLines(query, in: prepended)
    }
  }

  func test_lookalikesOfASCIICharacters_match_asInDecodedText() {
    // The Kelvin sign lowercases to "k"; the Greek question mark is ";", the varia "`".
    let text = Array("5 \u{212A}m\na\u{37E} b\nquote \u{1FEF}x\n".utf8)

    XCTAssertEqual(lines("km", in: text).lines.map(\.number), [1])
    XCTAssertEqual(lines("a;", in: text).lines.map(\.number), [2])
    XCTAssertEqual(lines("`x", in: text).lines.map(\.number), [3])
    for query in ["km", "K", "a;", ";", "`x", "m"] { assertSameLines(query, in: text) }
  }

  func test_theOnlyCharactersEqualToAnASCIIOne_besidesItself_areTheKnownLookalikes() {
    // Every scalar of the Basic and Supplementary Multilingual Planes, lowercased as a text
    // is; the planes above hold ideographs and private use, none of which lowercases.
    let ascii = (0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }
    var lookalikes: [UInt8: [UInt8]] = [:]
    for value in 0x80..<0x2_0000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let lower = String(scalar).lowercased()
      guard lower.count == 1, let character = lower.first,
        let equal = ascii.first(where: { $0 == character })
      else { continue }
      lookalikes[equal.asciiValue ?? 0] = Array(String(scalar).utf8)
    }

    XCTAssertEqual(
      lookalikes,
      Dictionary(uniqueKeysWithValues: ASCIIQuery.lookalikeCharacters.map { ($0.ascii, $0.utf8) }))
  }

  func test_bytesThatAreNotUTF8_andLineBreaks_findWhatDecodedTextFinds() {
    let text: [UInt8] =
      Array("ab\r\r\n".utf8) + [0xE9, 0x41, 0x42] + Array("\rab\nAB".utf8) + [0xFF]

    XCTAssertEqual(lines("ab", in: text).lines.map(\.number), [1, 2, 3])
    XCTAssertEqual(lines("ab", in: text).lines.first?.text, "ab")
    for query in ["ab", "b", "\u{FFFD}a", "a", "b\r"] { assertSameLines(query, in: text) }
  }

  func test_bytesAndDecodedText_agree_onEveryShortTextOfTrickyPieces() {
    // Pieces that join, look alike, break lines or are not UTF-8, around ASCII letters.
    let pieces: [[UInt8]] = [
      Array("a".utf8), Array("B".utf8), Array("k".utf8), Array(" ".utf8), Array("\n".utf8),
      Array("\r".utf8), Array("\u{301}".utf8), Array("\u{600}".utf8), Array("\u{212A}".utf8),
      Array("é".utf8), [0xC3], [0xFF],
    ]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<3_000 {
      let text = (0..<Int.random(in: 0...8, using: &generator)).flatMap { _ in
        pieces.randomElement(using: &generator) ?? []
      }
      for query in ["a", "ab", "ba", "k", "ak", "a a", "bk"] {
        assertSameLines(query, in: text)
      }
    }
  }

  func test_names_matchAsTheyRead() {
    let matcher = ContentMatcher(query: "cafe", limits: limits)

    XCTAssertTrue(matcher.matches(name: Array("Cafe-menu.txt".utf8)[...]))
    XCTAssertFalse(matcher.matches(name: Array("cafe\u{301}.txt".utf8)[...]), "café")
    XCTAssertTrue(matcher.matches(name: Array("two\ncafe".utf8)[...]), "a line feed in a name")
    XCTAssertTrue(
      ContentMatcher(query: "km", limits: limits).matches(name: Array("5\u{212A}M".utf8)[...]))
  }
}
