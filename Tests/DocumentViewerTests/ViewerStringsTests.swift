import DocumentViewerCore
import XCTest

final class ViewerStringsTests: XCTestCase {
  /// A template as written in a table, its arguments left in braces.
  private func template(_ key: ViewerText, _ language: String) -> String {
    ViewerStrings(language: language).template(for: key) ?? ""
  }

  // MARK: Tables

  func test_everyLanguage_hasATextForEveryKey_withTheEnglishArguments() {
    XCTAssertEqual(ViewerStrings.tableProblems(), [])
  }

  func test_everyTranslation_translatesItsKeyMessages() {
    // Texts that read the same in a language (a number's format, "page 1") may stay; every
    // sentence a person reads must not.
    let sameInGerman: Set<ViewerText> = [.summaryText, .tourHeading]
    let sameInFrench: Set<ViewerText> = [
      .summaryText, .pageOne, .pageOther, .shownPagesOne, .shownPagesOther,
    ]
    for (language, same) in [("de", sameInGerman), ("fr", sameInFrench)] {
      for key in ViewerText.allCases where !same.contains(key) {
        XCTAssertNotEqual(
          template(key, language), template(key, "en"), "\(language) \(key) is English")
      }
    }
  }

  func test_translations_quoteTheirLanguagesWay() {
    for key in ViewerText.allCases where key != .usage {
      let german = template(key, "de")
      let french = template(key, "fr")
      XCTAssertFalse(german.contains("'{") || german.contains("\"{"), "de \(key): \(german)")
      XCTAssertFalse(french.contains("'{") || french.contains("\"{"), "fr \(key): \(french)")
      XCTAssertFalse(french.contains("«{") || french.contains("} »"), "fr \(key): \(french)")
      XCTAssertFalse(french.contains(" :"), "fr \(key) needs a no-break space: \(french)")
    }
    XCTAssertEqual(
      ViewerStrings(language: "de").text(.emptyFileMessage, ["name": "a.txt"]),
      "„a.txt“ enthält keinen Text.")
    XCTAssertEqual(
      ViewerStrings(language: "fr").text(.emptyFileMessage, ["name": "a.txt"]),
      "«\u{A0}a.txt\u{A0}» ne contient aucun texte.")
  }

  func test_usage_mentionsEveryOptionInEveryLanguage() {
    for language in ViewerStrings.languages {
      let usage = ViewerCommand.usage(in: ViewerStrings(language: language))
      for option in [
        "--timeline", "--explain", "--speak", "--announce", "--delay", "--password-file",
        "--forget", "--remember", "--remember-for", "--help",
      ] {
        XCTAssertTrue(usage.contains(option), "\(language) \(option)")
      }
      XCTAssertTrue(usage.hasSuffix("\n"), "\(language)")
    }
  }

  // MARK: Counts and numbers

  func test_counted_followsEachLanguagesPluralRule() {
    XCTAssertEqual(ViewerStrings.english.counted(0, .lineOne, .lineOther), "0 lines")
    XCTAssertEqual(ViewerStrings(language: "de").counted(1, .lineOne, .lineOther), "1 Zeile")
    XCTAssertEqual(ViewerStrings(language: "de").counted(0, .lineOne, .lineOther), "0 Zeilen")
    XCTAssertEqual(ViewerStrings(language: "fr").counted(0, .lineOne, .lineOther), "0 ligne")
    XCTAssertEqual(ViewerStrings(language: "fr").counted(2, .lineOne, .lineOther), "2 lignes")
  }

  func test_formattedSize_usesTheLanguagesDecimalSeparator() {
    XCTAssertEqual(Document.formattedSize(5 << 20), "5.0 MiB")
    XCTAssertEqual(Document.formattedSize(5 << 20, in: ViewerStrings(language: "de")), "5,0 MiB")
    XCTAssertEqual(Document.formattedSize(3, in: ViewerStrings(language: "fr")), "3 octets")
  }

  func test_documentError_describesItselfInEachLanguage() {
    let error = DocumentError.notFound(path: "/tmp/a")

    XCTAssertEqual(
      error.description, "Cannot open '/tmp/a': no file or folder exists at this path.")
    XCTAssertEqual(
      error.description(in: ViewerStrings(language: "de")),
      "„/tmp/a“ kann nicht geöffnet werden: unter diesem Pfad gibt es weder Datei noch Ordner.")
    XCTAssertTrue(
      DocumentError.toolsMissing(path: "a.pdf", tools: [.pdftotext, .qpdf])
        .description(in: ViewerStrings(language: "fr")).contains("pdftotext et qpdf"))
    XCTAssertEqual(
      DocumentError.unsupportedFileType(path: "p", type: "FIFO")
        .description(in: ViewerStrings(language: "de")),
      "„p“ kann nicht geöffnet werden: es ist ein FIFO, keine Datei und kein Ordner.")
  }
}
