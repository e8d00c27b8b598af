import XCTest

@testable import StatefulContent

/// The redaction rule, with no machine: the spellings of a secret, masking a long one, when a
/// short one withholds a text, and which texts of a placeholder are redacted. The machine's
/// use of it, in three languages, is in AnnouncementEdgeCaseTests ("Credentials").
final class SecretRedactionTests: XCTestCase {
  private let replacements = SecretRedaction.Replacements(
    title: "Something Went Wrong", text: "Details hidden to protect the password.")

  private func verdict(_ text: String, _ secrets: String...) -> SecretRedaction.Verdict {
    SecretRedaction(secrets: secrets).verdict(on: text)
  }

  // MARK: Spellings

  func test_spellings_areThePlainSecret_itsLiteralEscapes_andItsUnicodeEscapes() {
    XCTAssertEqual(
      SecretRedaction.spellings(of: #"C:\key"#), [#"C:\key"#, #"C:\\key"#, #"C:\\\\key"#])
    XCTAssertEqual(
      SecretRedaction.spellings(of: #"tr0ub"4dor"#),
      [#"tr0ub"4dor"#, #"tr0ub\"4dor"#, #"tr0ub\\\"4dor"#])
    XCTAssertEqual(
      SecretRedaction.spellings(of: "bell\u{7}"), ["bell\u{7}", #"bell\u{07}"#, #"bell\\u{07}"#])
    XCTAssertEqual(SecretRedaction.spellings(of: "café"), ["café", #"caf\u{00E9}"#])
    XCTAssertEqual(SecretRedaction.spellings(of: "plain"), ["plain"])
  }

  func test_aSecretEscapedByADescription_isMasked() {
    enum VaultError: Error { case wrongPassword(String) }
    for secret in [#"C:\key"#, #"tr0ub"4dor"#, "tab\tbell\u{7}", "it's-mine", "naïve-pass"] {
      let error = VaultError.wrongPassword(secret)
      XCTAssertEqual(
        verdict(String(describing: error), secret), .masked(#"wrongPassword("••••")"#), secret)
      // A description described again — a log line quoting it — escapes the secret twice.
      XCTAssertEqual(
        verdict(String(reflecting: String(describing: error)), secret),
        .masked(#""wrongPassword(\"••••\")""#), secret)
    }
  }

  // MARK: Four characters or more: masked

  func test_aLongSecret_isMaskedWherever_itOccurs() {
    XCTAssertEqual(
      verdict("could not decrypt with hunter2 (hunter2)", "hunter2"),
      .masked("could not decrypt with •••• (••••)"))
    XCTAssertEqual(verdict("bad key=hunter2;", "hunter2"), .masked("bad key=••••;"))
    XCTAssertEqual(verdict("passwords differ", "password"), .masked("••••s differ"))
    XCTAssertEqual(verdict("nothing to hide", "hunter2"), .unchanged)
  }

  func test_overlappingAndAdjacentOccurrences_becomeOneMask() {
    XCTAssertEqual(verdict("ababab", "abab"), .masked("••••"))
    XCTAssertEqual(verdict("[hunter2hunter2]", "hunter2"), .masked("[••••]"))
    XCTAssertEqual(verdict("x abab y abab", "abab"), .masked("x •••• y ••••"))
  }

  func test_aLongSecret_isComparedByScalars_alsoBeforeACombiningMark() {
    XCTAssertEqual(
      verdict("key: abcd\u{301}", "abcd"), .masked("key: ••••"),
      "the mark goes with the character it is part of")
  }

  func test_aSecret_matchesItsCanonicallyEquivalentSpellings() {
    XCTAssertEqual(verdict("bad key: cafe\u{301}-1234", "café-1234"), .masked("bad key: ••••"))
    XCTAssertEqual(verdict("bad key: café-1234", "cafe\u{301}-1234"), .masked("bad key: ••••"))
  }

  // MARK: One to three characters: withheld where they stand alone

  func test_aShortSecretStandingAlone_withholdsTheText() {
    XCTAssertEqual(verdict("Try again in 5 minutes.", "5"), .withheld)
    XCTAssertEqual(verdict(#"wrongPassword("e")"#, "e"), .withheld)
    XCTAssertEqual(verdict("PIN 123 refused", "123"), .withheld)
    XCTAssertEqual(verdict("pin=12&retry", "12"), .withheld)
    XCTAssertEqual(verdict("pin_7", "7"), .withheld)
    XCTAssertEqual(verdict("e", "e"), .withheld)
  }

  func test_aShortSecretInsideAWordOrANumber_leavesTheTextAsItIs() {
    XCTAssertEqual(verdict("Opening locked.pdf…", "e"), .unchanged)
    XCTAssertEqual(verdict("Try again in 15 minutes.", "5"), .unchanged)
    XCTAssertEqual(verdict("Incorrect password (1 attempt).", "pas"), .unchanged)
    XCTAssertEqual(verdict("say e\u{301}", "e"), .unchanged, "a combining mark is part of the word")
    XCTAssertEqual(verdict("Falsches Passwort", "a"), .unchanged)
  }

  func test_aShortSecretOfPunctuation_withholdsEveryTextThatHasIt() {
    XCTAssertEqual(verdict(#"wrongPassword("x")"#, "\""), .withheld)
    XCTAssertEqual(verdict("Oops!", "!"), .withheld)
    XCTAssertEqual(verdict(#"path C:\\temp"#, #"\"#), .withheld)
    XCTAssertEqual(verdict("no bang here", "!"), .unchanged)
  }

  func test_aShortSecret_isNeverMasked_evenBesideALongOne() {
    let redaction = SecretRedaction(secrets: ["5", "hunter2"])
    XCTAssertEqual(redaction.verdict(on: "hunter2 or 5"), .withheld)
    XCTAssertEqual(redaction.verdict(on: "hunter2 or 15"), .masked("•••• or 15"))
    XCTAssertEqual(
      redaction.redacting("PIN 5", withheldAs: replacements.text), replacements.text)
  }

  func test_noSecret_changesNothing() {
    XCTAssertTrue(SecretRedaction.none.isEmpty)
    XCTAssertTrue(SecretRedaction(secrets: ["", ""]).isEmpty)
    XCTAssertEqual(SecretRedaction.none.verdict(on: "e 5 hunter2"), .unchanged)
    XCTAssertEqual(verdict("", "e"), .unchanged)
  }

  // MARK: Placeholders

  func test_theTextsAWriterWasHanded_stay_theTextsItWrote_areRedacted() {
    let redaction = SecretRedaction(secrets: ["1"])
    let handed = StandardPlaceholder(
      title: "Locked", message: "Incorrect password (1 attempt).", symbolName: "lock")
    var written = handed
    XCTAssertEqual(redaction.redacting(written, over: handed, replacements), handed)
    written.recoverySuggestion = "Ask for PIN 1."
    let redacted = redaction.redacting(written, over: handed, replacements)
    XCTAssertEqual(redacted.message, "Incorrect password (1 attempt).", "the library's text")
    XCTAssertEqual(redacted.recoverySuggestion, replacements.text)
  }

  func test_aWithheldTitle_becomesTheBuiltInOne_andTheNeutralTextIsShownOnce() {
    let redaction = SecretRedaction(secrets: ["e"])
    let written = StandardPlaceholder(
      title: "Refused: e", message: "The password e is wrong.", recoverySuggestion: "Not e.",
      accessibilityAnnouncement: "Refused e")
    let redacted = redaction.redacting(written, over: nil, replacements)
    XCTAssertEqual(redacted.title, "Something Went Wrong")
    XCTAssertEqual(redacted.message, replacements.text)
    XCTAssertNil(redacted.recoverySuggestion)
    XCTAssertEqual(
      redacted.accessibilityAnnouncement, "Something Went Wrong. \(replacements.text)",
      "an explicit announcement gives way to the default one")

    let titleOnly = redaction.redacting(
      StandardPlaceholder(title: "Refused: e"), over: nil, replacements)
    XCTAssertEqual(titleOnly.message, replacements.text, "says why the title is not the app's")
  }

  func test_aPlaceholderOfAnotherType_isReturnedAsItIs_andAnUnchangedOneIsNotCopied() {
    struct Spoken: Placeholder { var accessibilityAnnouncement: String? { "PIN 5" } }
    let redaction = SecretRedaction(secrets: ["5"])
    XCTAssertTrue(redaction.redacting(Spoken(), over: nil, replacements) is Spoken)
    let standard: any Placeholder = StandardPlaceholder(title: "Loading…")
    let same = redaction.redacting(standard, over: nil, replacements)
    XCTAssertEqual(same as? StandardPlaceholder, standard as? StandardPlaceholder)
  }
}
