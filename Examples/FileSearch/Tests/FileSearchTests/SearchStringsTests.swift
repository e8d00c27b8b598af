import FileSearchCore
import XCTest

final class SearchStringsTests: XCTestCase {
  func test_everyLanguage_hasATextForEveryKeyWithTheEnglishArguments() {
    XCTAssertEqual(SearchStrings.tableProblems(), [])
  }

  func test_germanAndFrench_translateEveryTextAndQuoteTheirWay() {
    for language in ["de", "fr"] {
      let strings = SearchStrings(language: language)
      for key in SearchText.allCases {
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
