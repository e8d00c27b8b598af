import DocumentViewerCore
import XCTest

final class ViewerStringsTests: XCTestCase {
  private static let translations: [ViewerLanguage] = [.german, .french]

  /// The `{name}`s of a template.
  private func argumentNames(_ template: String) -> Set<String> {
    var names: Set<String> = []
    var rest = template[...]
    while let open = rest.firstIndex(of: "{"),
      let close = rest[open...].firstIndex(of: "}")
    {
      names.insert(String(rest[rest.index(after: open)..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return names
  }

  /// A template as written in a table, its arguments left in braces.
  private func template(_ key: ViewerStrings.Key, _ language: ViewerLanguage) -> String {
    ViewerStrings(language).template(for: key) ?? ""
  }

  // MARK: Tables

  func test_everyLanguage_hasATextForEveryKey() {
    for language in ViewerLanguage.allCases {
      let strings = ViewerStrings(language)
      for key in ViewerStrings.Key.allCases {
        let template = strings.template(for: key)
        XCTAssertNotNil(template, "\(language) lacks \(key)")
        XCTAssertFalse(template?.isEmpty ?? true, "\(language) \(key)")
      }
    }
  }

  func test_everyTranslation_takesTheSameArgumentsAsTheEnglish() {
    for language in Self.translations {
      for key in ViewerStrings.Key.allCases {
        XCTAssertEqual(
          argumentNames(template(key, language)), argumentNames(template(key, .english)),
          "\(language) \(key)")
      }
    }
  }

  func test_everyTranslation_translatesItsKeyMessages() {
    // Texts that read the same in a language (a number's format, "page 1") may stay; every
    // sentence a person reads must not.
    let sameInGerman: Set<ViewerStrings.Key> = [.summaryText, .tourHeading]
    let sameInFrench: Set<ViewerStrings.Key> = [
      .summaryText, .pageOne, .pageOther, .shownPagesOne, .shownPagesOther,
    ]
    for (language, same) in [(ViewerLanguage.german, sameInGerman), (.french, sameInFrench)] {
      for key in ViewerStrings.Key.allCases where !same.contains(key) {
        XCTAssertNotEqual(
          template(key, language), template(key, .english), "\(language) \(key) is English")
      }
    }
  }

  func test_translations_quoteTheirLanguagesWay() {
    for key in ViewerStrings.Key.allCases where key != .usage {
      let german = template(key, .german)
      let french = template(key, .french)
      XCTAssertFalse(german.contains("'{") || german.contains("\"{"), "de \(key): \(german)")
      XCTAssertFalse(french.contains("'{") || french.contains("\"{"), "fr \(key): \(french)")
      XCTAssertFalse(french.contains("«{") || french.contains("} »"), "fr \(key): \(french)")
      XCTAssertFalse(french.contains(" :"), "fr \(key) needs a no-break space: \(french)")
    }
    XCTAssertEqual(
      ViewerStrings(.german).text(.emptyFileMessage, ["name": "a.txt"]),
      "„a.txt“ enthält keinen Text.")
    XCTAssertEqual(
      ViewerStrings(.french).text(.emptyFileMessage, ["name": "a.txt"]),
      "«\u{A0}a.txt\u{A0}» ne contient aucun texte.")
  }

  func test_usage_mentionsEveryOptionInEveryLanguage() {
    for language in ViewerLanguage.allCases {
      let usage = ViewerCommand.usage(in: ViewerStrings(language))
      for option in [
        "--timeline", "--explain", "--speak", "--announce", "--delay", "--password-file",
        "--forget", "--remember", "--remember-for", "--help",
      ] {
        XCTAssertTrue(usage.contains(option), "\(language) \(option)")
      }
      XCTAssertTrue(usage.hasSuffix("\n"), "\(language)")
    }
  }

  // MARK: Filling in

  func test_text_fillsInEachArgumentOnceAndKeepsBracesOfAValue() {
    let strings = ViewerStrings.english

    XCTAssertEqual(
      strings.text(.errorUnreadable, ["path": "{reason}.txt", "reason": "denied"]),
      "Cannot read '{reason}.txt': denied.")
  }

  func test_counted_followsEachLanguagesPluralRule() {
    XCTAssertEqual(ViewerStrings.english.counted(0, .lineOne, .lineOther), "0 lines")
    XCTAssertEqual(ViewerStrings(.german).counted(1, .lineOne, .lineOther), "1 Zeile")
    XCTAssertEqual(ViewerStrings(.german).counted(0, .lineOne, .lineOther), "0 Zeilen")
    XCTAssertEqual(ViewerStrings(.french).counted(0, .lineOne, .lineOther), "0 ligne")
    XCTAssertEqual(ViewerStrings(.french).counted(2, .lineOne, .lineOther), "2 lignes")
  }

  func test_formattedSize_usesTheLanguagesDecimalSeparator() {
    XCTAssertEqual(Document.formattedSize(5 << 20), "5.0 MiB")
    XCTAssertEqual(Document.formattedSize(5 << 20, in: ViewerStrings(.german)), "5,0 MiB")
    XCTAssertEqual(Document.formattedSize(3, in: ViewerStrings(.french)), "3 octets")
  }

  func test_documentError_describesItselfInEachLanguage() {
    let error = DocumentError.notFound(path: "/tmp/a")

    XCTAssertEqual(
      error.description, "Cannot open '/tmp/a': no file or folder exists at this path.")
    XCTAssertEqual(
      error.description(in: ViewerStrings(.german)),
      "„/tmp/a“ kann nicht geöffnet werden: unter diesem Pfad gibt es weder Datei noch Ordner.")
    XCTAssertTrue(
      DocumentError.toolsMissing(path: "a.pdf", tools: [.pdftotext, .qpdf])
        .description(in: ViewerStrings(.french)).contains("pdftotext et qpdf"))
    XCTAssertEqual(
      DocumentError.unsupportedFileType(path: "p", type: "FIFO")
        .description(in: ViewerStrings(.german)),
      "„p“ kann nicht geöffnet werden: es ist ein FIFO, keine Datei und kein Ordner.")
  }

  // MARK: Language

  func test_language_readsLCALLThenLCMESSAGESThenLANG() {
    XCTAssertEqual(ViewerLanguage(environment: ["LANG": "de_DE.UTF-8"]), .german)
    XCTAssertEqual(ViewerLanguage(environment: ["LANG": "fr_CA.UTF-8"]), .french)
    XCTAssertEqual(
      ViewerLanguage(environment: ["LC_MESSAGES": "fr_FR", "LANG": "de_DE.UTF-8"]), .french)
    XCTAssertEqual(
      ViewerLanguage(environment: ["LC_ALL": "C", "LC_MESSAGES": "fr_FR", "LANG": "de_DE"]),
      .english)
    XCTAssertEqual(ViewerLanguage(environment: ["LC_ALL": "", "LANG": "de_DE@euro"]), .german)
  }

  func test_language_isEnglishForCPOSIXAndLanguagesItDoesNotSpeak() {
    for value in ["C", "POSIX", "C.UTF-8", "es_ES.UTF-8", ""] {
      XCTAssertEqual(ViewerLanguage(environment: ["LANG": value]), .english, value)
    }
    XCTAssertEqual(ViewerLanguage(environment: [:]), .english)
    XCTAssertEqual(
      ViewerLanguage.languageCode(environment: ["LANG": "pt_BR"]), "en",
      "a language the library has no texts for is English, for the viewer as for the library")
    XCTAssertEqual(
      ViewerLanguage(environment: ["LANGUAGE": "fr:de", "LANG": "de_DE.UTF-8"]), .french,
      "GNU LANGUAGE comes first, as for the library's placeholders")
  }
}
