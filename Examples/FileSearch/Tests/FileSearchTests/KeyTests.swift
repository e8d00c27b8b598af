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
}
