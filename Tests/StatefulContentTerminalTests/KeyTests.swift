import StatefulContentTerminal
import XCTest

/// Decoding the bytes a terminal in raw mode sends into keys.
final class KeyTests: XCTestCase {
  /// Decodes reads one after the other, without a pause long enough to flush between them.
  private func decode(_ reads: [[UInt8]]) -> [Key] {
    var decoder = Key.Decoder()
    return reads.flatMap { decoder.decode($0) }
  }

  private func decode(_ text: String) -> [Key] { decode([Array(text.utf8)]) }

  /// Decodes one read, then flushes as the reader does once the terminal stays quiet.
  private func decodeAndFlush(_ text: String) -> [Key] {
    var decoder = Key.Decoder()
    return decoder.decode(Array(text.utf8)) + decoder.flush()
  }

  func test_printableText_isJoined() {
    XCTAssertEqual(decode("swift é"), [.text("swift é")])
  }

  func test_controlKeys() {
    XCTAssertEqual(
      decode("a\u{7F}\u{08}\u{15}\u{12}\u{03}\u{04}\r\n\t"),
      [
        .text("a"), .backspace, .backspace, .control("u"), .control("r"), .control("c"),
        .control("d"), .enter, .enter, .tab,
      ])
  }

  func test_controlBytesWithoutAKey_areDropped() {
    XCTAssertEqual(decode("\u{00}\u{1C}x\u{1F}"), [.text("x")])
  }

  func test_arrowsPagesHomeEndAndDelete_inBothCursorModes() {
    XCTAssertEqual(
      decode(
        "\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD\u{1B}[5~\u{1B}[6~\u{1B}[3~"
      ),
      [.up, .down, .right, .left, .up, .down, .right, .left, .pageUp, .pageDown, .delete])
  }

  func test_homeAndEnd_inEachFormTerminalsSend() {
    XCTAssertEqual(
      decode("\u{1B}[H\u{1B}[1~\u{1B}[7~\u{1B}OH\u{1B}[F\u{1B}[4~\u{1B}[8~\u{1B}OF"),
      [.home, .home, .home, .home, .end, .end, .end, .end])
  }

  func test_modifiers_areDropped() {
    XCTAssertEqual(decode("\u{1B}[1;5A\u{1B}[1;2H\u{1B}[3;5~"), [.up, .home, .delete])
  }

  func test_sequenceAndCharacterSplitOverReads_areJoined() {
    let e = Array("é".utf8)
    XCTAssertEqual(
      decode([[0x1B], [UInt8(ascii: "[")], [UInt8(ascii: "B")], [e[0]], [e[1], UInt8(ascii: "!")]]),
      [.down, .text("é!")])
  }

  func test_cutSequence_waitsForItsRest_thenFlushIsEscAndTheBytesAsTyped() {
    var decoder = Key.Decoder()

    XCTAssertEqual(decoder.decode(Array("ab\u{1B}[".utf8)), [.text("ab")])
    XCTAssertTrue(decoder.hasPending)
    XCTAssertEqual(decoder.flush(), [.escape, .text("[")])
    XCTAssertFalse(decoder.hasPending)
    XCTAssertEqual(decoder.decode(Array("A".utf8)), [.text("A")], "no arrow after the flush")
  }

  func test_escAlone_isEscapeOnceFlushed() {
    XCTAssertEqual(decodeAndFlush("\u{1B}"), [.escape])
  }

  func test_strayEscBracketBeforeLetters_swallowsNoLetter() {
    // The bug: "ESC [" and then "abc" used to lose the "a" as the end of a sequence.
    XCTAssertEqual(decode("\u{1B}[abc"), [.escape, .text("[abc")])
    XCTAssertEqual(decode("\u{1B}[Zx"), [.escape, .text("[Zx")], "Shift-Tab is not known")
    XCTAssertEqual(decode("\u{1B}OZq"), [.escape, .text("OZq")])
  }

  func test_escFollowedByAnotherByte_isEscapeThenThatKey() {
    XCTAssertEqual(decode("\u{1B}x\u{1B}\u{1B}[A"), [.escape, .text("x"), .escape, .up])
  }

  func test_malformedOrOverlongSequence_isEscapeThenTheBytesAsTyped() {
    XCTAssertEqual(decode("\u{1B}[1\u{7F}"), [.escape, .text("[1"), .backspace])
    let long = "\u{1B}[" + String(repeating: "1", count: 20) + "A"
    XCTAssertEqual(decode(long), [.escape, .text("[" + String(repeating: "1", count: 20) + "A")])
  }

  func test_strayByte_isDroppedAndTheKeysAfterItStayKeys() {
    // A Latin-1 "é" (0xE9) looks like the start of a 3-byte character.
    XCTAssertEqual(
      decode([[UInt8(ascii: "a"), 0xE9] + Array("\u{7F}\u{04}\u{12}\u{1B}[Ab".utf8)]),
      [.text("a"), .backspace, .control("d"), .control("r"), .up, .text("b")])
  }

  func test_strayByteAtTheEndOfARead_isDroppedWhenTheNextReadDoesNotContinueIt() {
    XCTAssertEqual(
      decode([[0xE9], [0x7F], [0xE9, 0xA9], [UInt8(ascii: "x")]]), [.backspace, .text("x")])
  }

  func test_cutCharacter_isDroppedByAFlush() {
    var decoder = Key.Decoder()
    XCTAssertEqual(decoder.decode([UInt8(ascii: "a"), 0xC3]), [.text("a")])
    XCTAssertEqual(decoder.flush(), [])
    XCTAssertEqual(decoder.decode(Array("b".utf8)), [.text("b")])
  }

  func test_invalidSequences_areDroppedByteByByte() {
    // An overlong "/", a surrogate, a lead byte past U+10FFFF and lone continuation bytes.
    XCTAssertEqual(
      decode([
        [
          0xC0, 0xAF, UInt8(ascii: "a"), 0xED, 0xA0, 0x80, UInt8(ascii: "b"), 0xF5, 0x80, 0xBF,
          UInt8(ascii: "c"),
        ]
      ]),
      [.text("abc")])
  }

  func test_c1ControlCharacters_areDropped() {
    // U+009B is the one-character CSI some terminals obey.
    XCTAssertEqual(decode([[0xC2, 0x9B] + Array("2J".utf8)]), [.text("2J")])
  }
}
