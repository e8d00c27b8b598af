import StatefulContent
import XCTest

@testable import StatefulContentTerminal

/// The texts of a made-up notes tool, as a tool declares its own.
enum NotesText: String, ToolStringKey {
  case noNotes, noteCount, noteCounts, englishOnly

  static let tables: [String: [NotesText: String]] = [
    "en": [
      .noNotes: "No notes in '{folder}'", .noteCount: "{count} note", .noteCounts: "{count} notes",
      .englishOnly: "Only in English",
    ],
    "de": [
      .noNotes: "Keine Notizen in „{folder}“", .noteCount: "{count} Notiz",
      .noteCounts: "{count} Notizen", .englishOnly: "Nur auf Englisch",
    ],
    "fr": [
      .noNotes: "Aucune note dans «\u{A0}{folder}\u{A0}»", .noteCount: "{count} note",
      .noteCounts: "{count} notes", .englishOnly: "Seulement en anglais",
    ],
  ]
}

/// Tables with every mistake the check finds.
enum BrokenText: String, ToolStringKey {
  case greeting, farewell, unnamed, forgotten

  static let tables: [String: [BrokenText: String]] = [
    "en": [.greeting: "Hello, {name}", .farewell: "Bye", .unnamed: "Hm"],
    "de": [.greeting: "Hallo, {nam}", .farewell: ""],
  ]

  static func placeholderStrings(_ builtIn: PlaceholderStrings, in strings: ToolStrings<Self>)
    -> PlaceholderStrings
  {
    var placeholderStrings = builtIn
    placeholderStrings.retry = strings.text(.farewell)
    return placeholderStrings
  }
}

final class ToolStringsTests: XCTestCase {
  private typealias Notes = ToolStrings<NotesText>

  // MARK: Filling in

  func test_text_fillsInEachArgumentInOnePass_andKeepsTheBracesOfAnArgument() {
    XCTAssertEqual(
      Notes(language: "de").text(.noNotes, ["folder": "{folder}/{x}"]),
      "Keine Notizen in „{folder}/{x}“")
    XCTAssertEqual(Notes.english.text(.noNotes, ["folder": "a"]), "No notes in 'a'")
  }

  func test_text_aStrayBraceBeforeAnArgument_keepsTheBrace_andFillsTheArgument() {
    typealias Strings = ToolStrings<NotesText>
    XCTAssertEqual(Strings.filling("{ opens {folder}", with: ["folder": "a"]), "{ opens a")
    XCTAssertEqual(Strings.filling("{{folder}}", with: ["folder": "a"]), "{a}")
    XCTAssertEqual(Strings.filling("} then {folder} {", with: ["folder": "a"]), "} then a {")
    XCTAssertEqual(Strings.filling("{} {", with: ["": "x"]), "x {")
    XCTAssertEqual(
      Strings.argumentNames(in: "{ opens {folder} and {{count}}"), ["count", "folder"])
  }

  func test_text_leavesANameWithoutAnArgumentAsWritten() {
    XCTAssertEqual(Notes.english.text(.noNotes), "No notes in '{folder}'")
    XCTAssertEqual(Notes.english.text(.englishOnly, ["folder": "a"]), "Only in English")
  }

  func test_text_fallsBackToEnglish_thenToTheKeysName() {
    let german = ToolStrings<BrokenText>(language: "de")
    XCTAssertNil(german.template(for: .unnamed))
    XCTAssertEqual(german.text(.unnamed), "Hm")
    XCTAssertEqual(ToolStrings<BrokenText>(language: "fr").language, "en")
    XCTAssertEqual(ToolStrings<BrokenText>(language: "fr").text(.farewell), "Bye")
    XCTAssertEqual(german.text(.forgotten), "forgotten")
  }

  // MARK: Language

  func test_init_takesALocaleName_andIsEnglishForALanguageWithoutATable() {
    XCTAssertEqual(Notes(language: "de_DE.UTF-8").language, "de")
    XCTAssertEqual(Notes(language: "fr-CA").language, "fr")
    XCTAssertEqual(Notes(language: "es").language, "en")
    XCTAssertEqual(Notes(language: "").text(.noteCount, ["count": "2"]), "2 note")
    XCTAssertEqual(Notes.languages, ["en", "de", "fr"])
  }

  func test_language_readsLCALLThenLCMESSAGESThenLANG_likeThePlaceholders() {
    XCTAssertEqual(Notes.language(environment: ["LANG": "de_DE.UTF-8"]), "de")
    XCTAssertEqual(Notes.language(environment: ["LC_MESSAGES": "fr_FR", "LANG": "de_DE"]), "fr")
    XCTAssertEqual(Notes.language(environment: ["LC_ALL": "", "LANG": "de_DE@euro"]), "de")
    XCTAssertEqual(Notes(environment: ["LANGUAGE": "fr:de", "LANG": "de_DE.UTF-8"]).language, "fr")
    for environment in [
      ["LC_ALL": "C", "LANG": "de_DE"], ["LANG": "POSIX"], ["LANG": "pt_BR"], [:],
    ] {
      XCTAssertEqual(Notes(environment: environment).language, "en", "\(environment)")
    }
  }

  func test_placeholderStrings_areTheLibrarysInTheSameLanguage_inTheToolsWords() {
    XCTAssertEqual(Notes(language: "fr").placeholderStrings, .french)
    XCTAssertEqual(Notes.english.placeholderStrings, .english)
    XCTAssertEqual(ToolStrings<BrokenText>(language: "de").placeholderStrings.retry, "")
    XCTAssertEqual(ToolStrings<BrokenText>.english.placeholderStrings.retry, "Bye")
  }

  func test_equality_isTheLanguage() {
    XCTAssertEqual(Notes(language: "de_AT"), Notes(language: "de"))
    XCTAssertNotEqual(Notes(language: "de"), Notes.english)
    XCTAssertEqual(Set([Notes(language: "fr"), Notes(language: "fr_FR")]).count, 1)
  }

  // MARK: Counts, lists, numbers

  func test_counted_followsEachLanguagesPluralRule() {
    XCTAssertEqual(Notes.english.counted(0, .noteCount, .noteCounts), "0 notes")
    XCTAssertEqual(Notes.english.counted(1, .noteCount, .noteCounts), "1 note")
    XCTAssertEqual(Notes(language: "de").counted(0, .noteCount, .noteCounts), "0 Notizen")
    XCTAssertEqual(Notes(language: "fr").counted(0, .noteCount, .noteCounts), "0 note")
    XCTAssertEqual(Notes(language: "fr").counted(2, .noteCount, .noteCounts), "2 notes")
  }

  func test_countedText_isTheLibrarysCountedTextOfTheTwoTemplates() {
    let counted = Notes(language: "de").countedText(.noteCount, .noteCounts)
    XCTAssertEqual(counted.text(for: 1, rule: .oneForOne), "1 Notiz")
    XCTAssertEqual(counted.text(for: 3, rule: .oneForOne), "3 Notizen")
  }

  func test_listed_joinsNamesTheLanguagesWay() {
    XCTAssertEqual(Notes.english.listed([]), "")
    XCTAssertEqual(Notes.english.listed(["a"]), "a")
    XCTAssertEqual(Notes.english.listed(["a", "b", "c"]), "a, b and c")
    XCTAssertEqual(Notes(language: "de").listed(["a", "b"]), "a und b")
    XCTAssertEqual(Notes(language: "fr").listed(["a", "b"]), "a et b")
  }

  func test_decimal_usesTheLanguagesSeparator() {
    XCTAssertEqual(Notes.english.decimal(tenths: 50), "5.0")
    XCTAssertEqual(Notes(language: "de").decimal(tenths: 123), "12,3")
    XCTAssertEqual(Notes(language: "fr").decimal(tenths: 7), "0,7")
  }

  func test_decimal_ofANegativeNumber_putsTheSignInFrontOnly() {
    XCTAssertEqual(Notes.english.decimal(tenths: -5), "-0.5")
    XCTAssertEqual(Notes(language: "de").decimal(tenths: -123), "-12,3")
    XCTAssertEqual(Notes.english.decimal(tenths: Int.min), "-922337203685477580.8")
  }

  // MARK: Checking the tables

  func test_tableProblems_noneForWholeTables_includingTheProductsOwn() {
    XCTAssertEqual(Notes.tableProblems(), [])
    XCTAssertEqual(ToolStrings<TerminalNote>.tableProblems(), [])
  }

  func test_tableProblems_nameEveryMissingLanguageKeyAndArgument() {
    let problems = ToolStrings<BrokenText>.tableProblems()

    XCTAssertEqual(
      problems,
      [
        .missingKey(language: "en", key: .forgotten),
        .arguments(language: "de", key: .greeting, arguments: ["nam"], english: ["name"]),
        .emptyTemplate(language: "de", key: .farewell),
        .missingKey(language: "de", key: .unnamed), .missingKey(language: "de", key: .forgotten),
        .missingLanguage("fr"),
      ])
    XCTAssertEqual(
      problems.map(\.description),
      [
        "en lacks forgotten", "de greeting takes [\"nam\"], the English [\"name\"]",
        "de farewell is empty",
        "de lacks unnamed", "de lacks forgotten", "no table for fr",
      ])
    XCTAssertEqual(
      ToolStrings<BrokenText>.tableProblems(languages: ["en"]),
      [.missingKey(language: "en", key: .forgotten)])
  }
}
