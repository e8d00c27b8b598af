import FileSearchCore
import XCTest

/// The byte search of a query of printable ASCII: where it finds the query, ignoring case,
/// and how much work it does — counted in units, never timed.
final class ASCIIQueryTests: XCTestCase {
  /// The first occurrence of `query` in `text` from `start`, and the work done.
  private func search(
    _ query: String, in text: [UInt8], from start: Int = 0
  ) throws -> (offset: Int?, work: Int, checkpoints: Int) {
    let ascii = try XCTUnwrap(ASCIIQuery(query))
    var work = ContentMatcher.Work()
    var checkpoints = 0
    let offset = text.withUnsafeBytes { bytes in
      ascii.firstMatch(in: bytes, from: start, work: &work) { checkpoints += 1 }
    }
    return (offset, work.units, checkpoints)
  }

  func test_init_takesPrintableASCIIOnly() {
    XCTAssertNotNil(ASCIIQuery("Hello, World! ~"))
    XCTAssertNil(ASCIIQuery(""))
    XCTAssertNil(ASCIIQuery("é"))
    XCTAssertNil(ASCIIQuery("a\nb"))
    XCTAssertEqual(ASCIIQuery("QuArTz")?.needle, Array("quartz".utf8))
  }

  func test_keyByte_isTheRarestOfTheQuery() {
    XCTAssertEqual(ASCIIQuery("quartz")?.key.byte, UInt8(ascii: "z"))
    XCTAssertEqual(ASCIIQuery("the")?.key.byte, UInt8(ascii: "h"))
    XCTAssertEqual(ASCIIQuery("a b")?.key.mask, 0x20, "a letter rather than a space")
    XCTAssertEqual(ASCIIQuery("[]")?.key.mask, 0, "no folding for other bytes")
  }

  func test_firstMatch_ignoresCase_andFindsTheFirstOccurrenceFromTheStart() throws {
    let text = Array("xx QUARTZ yy Quartz zz quartz".utf8)

    XCTAssertEqual(try search("quartz", in: text).offset, 3)
    XCTAssertEqual(try search("quartz", in: text, from: 4).offset, 13)
    XCTAssertEqual(try search("QUARTZ", in: text, from: 14).offset, 23)
    XCTAssertNil(try search("quartz", in: text, from: 24).offset)
    XCTAssertEqual(try search("z", in: text).offset, 8, "Z folds to z")
    XCTAssertEqual(try search("[", in: Array("{[".utf8)).offset, 1, "{ is not a folded [")
    XCTAssertNil(try search("quartzz", in: text).offset)
  }

  func test_firstMatch_findsOccurrencesAtEveryOffset_acrossWordsOfEightBytes() throws {
    for offset in 0..<40 {
      var text = [UInt8](repeating: UInt8(ascii: "a"), count: 48)
      text.replaceSubrange(offset..<(offset + 3), with: Array("XyZ".utf8))

      XCTAssertEqual(try search("xyz", in: text).offset, offset)
    }
  }

  func test_workIsCounted_onePerBytePassed_andCheckpointsFollowIt() throws {
    let size = 1 << 20
    let text = [UInt8](repeating: UInt8(ascii: "a"), count: size)

    let (offset, work, checkpoints) = try search(String(repeating: "a", count: 99) + "b", in: text)

    XCTAssertNil(offset)
    XCTAssertEqual(work, size)
    XCTAssertEqual(checkpoints, size / QueryMatcher.checkpointInterval)
  }

  func test_nearMatchesEverywhere_costAtMostFiveUnitsPerByte() throws {
    // Every "b" (the key byte) starts a comparison that fails 1,000 bytes on, at the "c".
    let size = 1 << 20
    let text = Array(repeating: Array("ab".utf8), count: size / 2).flatMap { $0 }
    let query = String(repeating: "ab", count: 500) + "c"

    let (offset, work, _) = try search(query, in: text)
    let (found, _, _) = try search(query, in: text + Array(query.utf8))

    XCTAssertNil(offset)
    XCTAssertLessThanOrEqual(work, 5 * size)
    XCTAssertEqual(found, size)
  }
}
