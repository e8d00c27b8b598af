import FileSearchCore
import XCTest

final class SearchStringsTests: XCTestCase {
  private func argumentNames(_ template: String) -> Set<String> {
    var names: Set<String> = []
    var rest = template[...]
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      names.insert(String(rest[rest.index(after: open)..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return names
  }

  func test_everyLanguage_hasATextForEveryKeyWithTheEnglishArguments() {
    for language in SearchStrings.languages {
      let strings = SearchStrings(language: language)
      XCTAssertEqual(strings.language, language)
      for key in SearchStrings.Key.allCases {
        let template = strings.template(for: key)
        XCTAssertNotNil(template, "\(language) lacks \(key)")
        XCTAssertEqual(
          argumentNames(template ?? ""),
          argumentNames(SearchStrings.english.template(for: key) ?? ""), "\(language) \(key)")
      }
    }
  }

  func test_germanAndFrench_translateEveryTextAndQuoteTheirWay() {
    for language in ["de", "fr"] {
      let strings = SearchStrings(language: language)
      for key in SearchStrings.Key.allCases {
        let template = strings.template(for: key) ?? ""
        // "{count} Ordner" and "{count} Treffer" read the same in both numbers.
        if !(language == "de" && [.folderOther, .matchOther].contains(key)) {
          XCTAssertNotEqual(
            template, SearchStrings.english.template(for: key), "\(language) \(key)")
        }
        XCTAssertFalse(template.contains("'{"), "\(language) \(key): \(template)")
      }
    }
    XCTAssertEqual(
      SearchStrings(language: "de").text(.noMatches, ["query": "swi"]), "Keine Treffer für „swi“")
    XCTAssertEqual(
      SearchStrings(language: "fr").text(.noMatches, ["query": "swi"]),
      "Aucun résultat pour «\u{A0}swi\u{A0}»")
  }

  func test_languageCode_readsLCALLThenLCMESSAGESThenLANG() {
    XCTAssertEqual(SearchStrings.languageCode(environment: ["LANG": "de_DE.UTF-8"]), "de")
    XCTAssertEqual(
      SearchStrings.languageCode(environment: ["LC_MESSAGES": "fr_FR", "LANG": "de_DE"]), "fr")
    XCTAssertEqual(
      SearchStrings.languageCode(environment: ["LC_ALL": "POSIX", "LANG": "de_DE"]), "en")
    XCTAssertEqual(SearchStrings.languageCode(environment: ["LC_ALL": "", "LANG": "C"]), "en")
    XCTAssertEqual(SearchStrings(language: "es").language, "en")
  }

  @MainActor
  func test_summary_countsInEachLanguage() async {
    XCTAssertEqual(SearchModel.summary(of: ScanCursor()), "Searched 0 files.")
    XCTAssertEqual(
      SearchModel.summary(of: ScanCursor(), in: SearchStrings(language: "de")),
      "0 Dateien durchsucht.")
    XCTAssertEqual(
      SearchModel.summary(of: ScanCursor(), in: SearchStrings(language: "fr")),
      "0 fichier parcouru.")
  }

  func test_usage_mentionsEveryOptionInEveryLanguage() {
    for language in SearchStrings.languages {
      let usage = SearchStrings(language: language).text(.usage)
      for option in [
        "--queries", "--timeline", "--explain", "--speak", "--announce", "--page-size",
        "--hidden", "--help",
      ] {
        XCTAssertTrue(usage.contains(option), "\(language) \(option)")
      }
    }
  }
}
