import StatefulContent
import XCTest

/// A fingerprint is one word a store can key by: not empty, not too long, no whitespace and
/// no control characters.
final class CredentialFingerprintTests: XCTestCase {
  func test_aDigestOrAnIdentifier_isAFingerprint() {
    XCTAssertEqual(CredentialFingerprint("sha256:9b1d")?.value, "sha256:9b1d")
    XCTAssertEqual(CredentialFingerprint("pdf-id:é5f0c")?.description, "pdf-id:é5f0c")
  }

  func test_theLongestAccepted_isCountedInUTF8Bytes() {
    let longest = String(repeating: "a", count: CredentialFingerprint.maximumLength)
    XCTAssertNotNil(CredentialFingerprint(longest))
    XCTAssertNil(CredentialFingerprint(longest + "a"))
    let wide = String(repeating: "é", count: CredentialFingerprint.maximumLength / 2 + 1)
    XCTAssertNil(CredentialFingerprint(wide), "\(wide.utf8.count) bytes")
  }

  func test_emptyWhitespaceAndControlCharacters_areRefused() {
    let refused = [
      "", " ", "sha256: 9b1d", "sha256:9b1d\n", "a\tb", "a\u{00}b", "a\u{7F}b", "a\u{85}b",
      "a\u{A0}b", "a\u{2028}b", "a\u{3000}b",
      // C1 control characters are control characters too.
      "a\u{80}b", "a\u{9B}b", "a\u{9F}b",
    ]
    for value in refused {
      XCTAssertNil(CredentialFingerprint(value), value.unicodeScalars.map(\.value).description)
    }
  }

  func test_equalValues_areEqualFingerprints() {
    XCTAssertEqual(CredentialFingerprint("sha256:1"), CredentialFingerprint("sha256:1"))
    XCTAssertNotEqual(CredentialFingerprint("sha256:1"), CredentialFingerprint("sha256:2"))
  }
}
