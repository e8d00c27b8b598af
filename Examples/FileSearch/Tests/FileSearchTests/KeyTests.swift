import FileSearchCore
import XCTest

/// Decoding the bytes a terminal in raw mode sends into keys.
final class KeyTests: XCTestCase {
  private func decode(_ reads: [[UInt8]]) -> [Key] {
    var decoder = Key.Decoder()
    return reads.flatMap { decoder.decode($0) }
  }

  private func decode(_ text: String) -> [Key] { decode([Array(text.utf8)]) }

  func test_printableText_isJoined() {
    XCTAssertEqual(decode("swift é"), [.text("swift é")])
  }

  func test_controlKeys() {
    XCTAssertEqual(
      decode("a\u{7F}\u{08}\u{15}\u{12}\u{03}\u{04}"),
      [.text("a"), .backspace, .backspace, .clear, .retry, .interrupt, .quit])
  }

  func test_arrowAndPageKeys_inBothCursorModes() {
    XCTAssertEqual(
      decode("\u{1B}[A\u{1B}[B\u{1B}OA\u{1B}OB\u{1B}[5~\u{1B}[6~"),
      [.up, .down, .up, .down, .pageUp, .pageDown])
  }

  func test_otherSequencesAndControls_areDropped() {
    XCTAssertEqual(decode("\u{1B}[C\u{1B}[1;5D\r\n\tx\u{1B}"), [.text("x")])
  }

  func test_sequenceAndCharacterSplitOverReads_areJoined() {
    let e = Array("é".utf8)
    XCTAssertEqual(
      decode([[0x1B, UInt8(ascii: "[")], [UInt8(ascii: "B")], [e[0]], [e[1], UInt8(ascii: "!")]]),
      [.down, .text("é!")])
  }

  func test_strayByte_isDroppedAndTheKeysAfterItStayKeys() {
    // A Latin-1 "é" (0xE9) looks like the start of a 3-byte character.
    XCTAssertEqual(
      decode([[UInt8(ascii: "a"), 0xE9] + Array("\u{7F}\u{04}\u{12}\u{1B}[Ab".utf8)]),
      [.text("a"), .backspace, .quit, .retry, .up, .text("b")])
  }

  func test_strayByteAtTheEndOfARead_isDroppedWhenTheNextReadDoesNotContinueIt() {
    XCTAssertEqual(
      decode([[0xE9], [0x7F], [0xE9, 0xA9], [UInt8(ascii: "x")]]), [.backspace, .text("x")])
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
