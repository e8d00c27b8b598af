import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

/// The built-in texts: the tables, plurals, the choice of the process's language, and a
/// machine's own texts.
final class PlaceholderStringsTests: XCTestCase {
  /// Every text of a table, fixed, so that a table can be checked for completeness.
  private func texts(of strings: PlaceholderStrings) -> [String] {
    [
      strings.loading, strings.empty, strings.error, strings.locked, strings.lockedMessage,
      strings.retry, strings.unlock, strings.contentShown, strings.retrying(attempt: 2),
      strings.incorrectCredential(attempts: 1), strings.incorrectCredential(attempts: 2),
      strings.noResults(for: "swi"), strings.noResultsTitle, strings.results(1),
      strings.results(3),
      strings.attemptLimit(attempts: 1), strings.attemptLimit(attempts: 3),
      strings.attemptLimitRecovery, strings.redactedText, strings.updated(ago: .zero),
      strings.updated(ago: .seconds(60)), strings.updated(ago: .seconds(300)),
      strings.updated(ago: .seconds(3_600)), strings.updated(ago: .seconds(7_200)),
      strings.updated(ago: .seconds(86_400)), strings.updated(ago: .seconds(3 * 86_400)),
    ]
  }

  private func standard(_ presenter: RecordingPresenter) -> StandardPlaceholder? {
    presenter.lastPresentation?.placeholder as? StandardPlaceholder
  }

  // MARK: The tables

  func test_builtIn_areEnglishGermanAndFrench() {
    XCTAssertEqual(PlaceholderStrings.builtIn.map(\.language), ["en", "de", "fr"])
    XCTAssertEqual(PlaceholderStrings.english.pluralRule, .oneForOne)
    XCTAssertEqual(PlaceholderStrings.german.pluralRule, .oneForOne)
    XCTAssertEqual(PlaceholderStrings.french.pluralRule, .oneForZeroAndOne)
  }

  func test_everyTable_isComplete_andHasNoTemplateLeft() {
    for strings in PlaceholderStrings.builtIn {
      for text in texts(of: strings) {
        XCTAssertFalse(text.isEmpty, strings.language)
        XCTAssertFalse(text.contains("{"), "\(strings.language): \(text)")
        XCTAssertEqual(text, text.trimmingCharacters(in: .whitespaces), strings.language)
      }
    }
  }

  func test_germanAndFrench_translateEveryText() {
    let english = texts(of: .english)
    for strings in [PlaceholderStrings.german, .french] {
      for (text, original) in zip(texts(of: strings), english) {
        XCTAssertNotEqual(text, original, strings.language)
      }
    }
  }

  func test_english() {
    let strings = PlaceholderStrings.english
    XCTAssertEqual(
      texts(of: strings),
      [
        "Loading…", "No Content", "Something Went Wrong", "Locked",
        "Enter the password to open this document.", "Retry", "Unlock", "Content loaded.",
        "Retrying (attempt 2)…", "Incorrect password (1 attempt).",
        "Incorrect password (2 attempts).", "No results for “swi”.", "No Results", "1 result",
        "3 results",
        "Too many incorrect passwords (1 attempt).", "Too many incorrect passwords (3 attempts).",
        "Open the document again to retry.", "Details hidden to protect the password.",
        "Updated just now", "Updated 1 minute ago", "Updated 5 minutes ago",
        "Updated 1 hour ago", "Updated 2 hours ago", "Updated 1 day ago", "Updated 3 days ago",
      ])
  }

  func test_german_usesGermanQuotationMarks() {
    let strings = PlaceholderStrings.german
    XCTAssertEqual(strings.loading, "Wird geladen…")
    XCTAssertEqual(strings.empty, "Kein Inhalt")
    XCTAssertEqual(strings.error, "Etwas ist schiefgelaufen")
    XCTAssertEqual(strings.retry, "Erneut versuchen")
    XCTAssertEqual(strings.locked, "Gesperrt")
    XCTAssertEqual(strings.unlock, "Entsperren")
    XCTAssertEqual(strings.noResults(for: "swi"), "Keine Ergebnisse für „swi“.")
    XCTAssertEqual(strings.noResultsTitle, "Keine Ergebnisse")
    XCTAssertEqual(strings.incorrectCredential(attempts: 2), "Falsches Passwort (2 Versuche).")
    XCTAssertEqual(strings.redactedText, "Details ausgeblendet, um das Passwort zu schützen.")
  }

  func test_french_usesGuillemetsWithNoBreakSpaces() {
    let strings = PlaceholderStrings.french
    XCTAssertEqual(strings.loading, "Chargement…")
    XCTAssertEqual(strings.empty, "Aucun contenu")
    XCTAssertEqual(strings.error, "Un problème est survenu")
    XCTAssertEqual(strings.retry, "Réessayer")
    XCTAssertEqual(strings.locked, "Verrouillé")
    XCTAssertEqual(strings.unlock, "Déverrouiller")
    XCTAssertEqual(strings.noResults(for: "swi"), "Aucun résultat pour «\u{A0}swi\u{A0}».")
    XCTAssertEqual(strings.redactedText, "Détails masqués pour protéger le mot de passe.")
    XCTAssertEqual(strings.noResultsTitle, "Aucun résultat")
  }

  // MARK: Plurals

  func test_plurals_english() {
    let strings = PlaceholderStrings.english
    XCTAssertEqual(strings.incorrectCredential(attempts: 1), "Incorrect password (1 attempt).")
    XCTAssertEqual(strings.incorrectCredential(attempts: 2), "Incorrect password (2 attempts).")
    XCTAssertEqual(strings.results(0), "0 results")
    XCTAssertEqual(strings.results(1), "1 result")
    XCTAssertEqual(strings.results(3), "3 results")
  }

  func test_plurals_german() {
    let strings = PlaceholderStrings.german
    XCTAssertEqual(strings.results(0), "0 Ergebnisse")
    XCTAssertEqual(strings.results(1), "1 Ergebnis")
    XCTAssertEqual(strings.results(3), "3 Ergebnisse")
    XCTAssertEqual(strings.incorrectCredential(attempts: 1), "Falsches Passwort (1 Versuch).")
  }

  func test_plurals_french_zeroAndOneAreSingular() {
    let strings = PlaceholderStrings.french
    XCTAssertEqual(strings.results(0), "0 résultat")
    XCTAssertEqual(strings.results(1), "1 résultat")
    XCTAssertEqual(strings.results(2), "2 résultats")
    XCTAssertEqual(
      strings.incorrectCredential(attempts: 0), "Mot de passe incorrect (0 tentative).")
    XCTAssertEqual(
      strings.incorrectCredential(attempts: 2), "Mot de passe incorrect (2 tentatives).")
  }

  func test_pluralRule_categories() {
    XCTAssertEqual([0, 1, 2, -1].map(PluralRule.oneForOne.category), [.other, .one, .other, .one])
    XCTAssertEqual([0, 1, 2].map(PluralRule.oneForZeroAndOne.category), [.one, .one, .other])
    XCTAssertEqual([0, 1, 2].map(PluralRule.noPlural.category), [.other, .other, .other])
    XCTAssertEqual(
      [1, 2, 5, 11, 12, 21, 22, 25, 111].map(PluralRule.eastSlavic.category),
      [.one, .few, .many, .many, .many, .one, .few, .many, .many])
    XCTAssertEqual(
      [1, 2, 5, 12, 21, 22].map(PluralRule.polish.category),
      [.one, .few, .many, .many, .many, .few])
  }

  func test_pluralRule_ofALanguage() {
    XCTAssertEqual(PluralRule(language: "fr_CA.UTF-8"), .oneForZeroAndOne)
    XCTAssertEqual(PluralRule(language: "DE-at"), .oneForOne)
    XCTAssertEqual(PluralRule(language: "ru"), .eastSlavic)
    XCTAssertEqual(PluralRule(language: "ja"), .noPlural)
    XCTAssertEqual(PluralRule(language: "xx"), .oneForOne)
  }

  func test_countedText_fallsBackToOther_andUsesAZeroFormForZero() {
    let text = CountedText(zero: "none", one: "{count} file", other: "{count} files")
    XCTAssertEqual(text.text(for: 0, rule: .oneForOne), "none")
    XCTAssertEqual(text.text(for: 0, rule: .oneForZeroAndOne), "none")
    XCTAssertEqual(text.text(for: 1, rule: .oneForOne), "1 file")
    XCTAssertEqual(text.text(for: 3, rule: .eastSlavic), "3 files", "few falls back to other")
    let literal: CountedText = "{count} × {count}"
    XCTAssertEqual(literal.text(for: 7, rule: .oneForOne), "7 × 7")
    XCTAssertEqual(literal.form(for: .many), "{count} × {count}")
  }

  func test_overridingTexts_ofACopy() {
    var strings = PlaceholderStrings.english
    strings.retry = "Try Again"
    strings.resultsText = CountedText(
      zero: "Nothing found", one: "One match", other: "{count} matches")
    strings.noResultsText = "Nothing for {key}"
    XCTAssertEqual(strings.retry, "Try Again")
    XCTAssertEqual(strings.results(0), "Nothing found")
    XCTAssertEqual(strings.results(1), "One match")
    XCTAssertEqual(strings.results(4), "4 matches")
    XCTAssertEqual(strings.noResults(for: "x"), "Nothing for x")
    XCTAssertNotEqual(strings, .english)
  }

  func test_aLanguageOfTheAppsOwn_getsTheRuleOfItsLanguage() {
    let polish = PlaceholderStrings(
      language: "pl", loading: "Ładowanie…", empty: "Brak treści", error: "Coś poszło nie tak",
      locked: "Zablokowane", lockedMessage: "Wpisz hasło, aby otworzyć ten dokument.",
      retry: "Ponów", unlock: "Odblokuj", contentShown: "Załadowano treść.",
      retrying: "Ponawianie (próba {count})…",
      incorrectCredential: CountedText(
        one: "Nieprawidłowe hasło ({count} próba).", few: "Nieprawidłowe hasło ({count} próby).",
        many: "Nieprawidłowe hasło ({count} prób).", other: "Nieprawidłowe hasło ({count} próby)."),
      noResults: "Brak wyników dla „{key}”.",
      results: CountedText(
        one: "{count} wynik", few: "{count} wyniki", many: "{count} wyników",
        other: "{count} wyniku"),
      attemptLimit: "Zbyt wiele nieprawidłowych haseł ({count}).",
      attemptLimitRecovery: "Otwórz dokument ponownie, aby spróbować jeszcze raz.")
    XCTAssertEqual(polish.pluralRule, .polish)
    XCTAssertEqual(polish.noResultsTitle, "Brak treści", "without one of its own: the empty title")
    XCTAssertEqual(
      [1, 2, 5, 22].map(polish.results), ["1 wynik", "2 wyniki", "5 wyników", "22 wyniki"])
  }

  // MARK: Choosing the language

  func test_language_fromTheEnvironment_LC_ALLThenLC_MESSAGESThenLANG() {
    func language(_ environment: [String: String]) -> String {
      PlaceholderStrings.language(environment: environment)
    }
    XCTAssertEqual(language(["LANG": "de_DE.UTF-8"]), "de")
    XCTAssertEqual(language(["LANG": "fr_CA"]), "fr")
    XCTAssertEqual(language(["LANG": "de"]), "de")
    XCTAssertEqual(language(["LC_MESSAGES": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"]), "fr")
    XCTAssertEqual(
      language(["LC_ALL": "de_AT.UTF-8@euro", "LC_MESSAGES": "fr_FR", "LANG": "en_US"]), "de")
    XCTAssertEqual(
      language(["LC_ALL": "", "LC_MESSAGES": "", "LANG": "fr_BE"]), "fr", "empty is unset")
  }

  func test_language_fallsBackToEnglish() {
    func language(_ environment: [String: String]) -> String {
      PlaceholderStrings.language(environment: environment)
    }
    XCTAssertEqual(language([:]), "en")
    XCTAssertEqual(language(["LANG": "C"]), "en")
    XCTAssertEqual(language(["LANG": "POSIX"]), "en")
    XCTAssertEqual(language(["LANG": "C.UTF-8"]), "en")
    XCTAssertEqual(language(["LANG": "ja_JP.UTF-8"]), "en")
    XCTAssertEqual(language(["LC_ALL": "C", "LANG": "de_DE.UTF-8"]), "en", "LC_ALL=C wins")
  }

  func test_language_LANGUAGE_listComesFirst_unlessTheLocaleIsC() {
    func language(_ environment: [String: String]) -> String {
      PlaceholderStrings.language(environment: environment)
    }
    XCTAssertEqual(language(["LANGUAGE": "fr:de", "LANG": "de_DE.UTF-8"]), "fr")
    XCTAssertEqual(language(["LANGUAGE": "ja:de_CH", "LANG": "fr_FR.UTF-8"]), "de")
    XCTAssertEqual(
      language(["LANGUAGE": "ja", "LANG": "fr_FR.UTF-8"]), "en",
      "as gettext: a list without a translation shows the untranslated texts")
    XCTAssertEqual(language(["LANGUAGE": "", "LANG": "fr_FR"]), "fr")
    XCTAssertEqual(language(["LANGUAGE": "de", "LANG": "C"]), "en", "ignored in the C locale")
    XCTAssertEqual(language(["LANGUAGE": "de"]), "en", "ignored without a locale")
    XCTAssertEqual(
      PlaceholderStrings.languages(environment: ["LANGUAGE": "fr_CA:de::EN", "LANG": "de_DE"]),
      ["fr", "de", "en"])
  }

  func test_preferredLanguages_firstWithATable() {
    XCTAssertEqual(PlaceholderStrings.preferred(languages: ["ja", "fr-CA", "de"]), .french)
    XCTAssertEqual(PlaceholderStrings.preferred(languages: ["ja"]), .english)
    XCTAssertEqual(PlaceholderStrings.preferred(languages: []), .english)
    XCTAssertEqual(PlaceholderStrings.builtIn(language: "DE_ch"), .german)
    XCTAssertNil(PlaceholderStrings.builtIn(language: "it"))
  }

  func test_current_isTheTableOfThisProcesssEnvironment() {
    #if !canImport(Darwin)
      XCTAssertEqual(
        PlaceholderStrings.current,
        PlaceholderStrings.preferred(environment: ProcessInfo.processInfo.environment))
    #endif
    XCTAssertEqual(StandardPlaceholder.loading.title, PlaceholderStrings.current.loading)
    XCTAssertEqual(PlaceholderAction.retry.title, PlaceholderStrings.current.retry)
    XCTAssertEqual(PlaceholderAction.unlock.title, PlaceholderStrings.current.unlock)
  }

  // MARK: A machine's texts

  func test_aMachinesTexts_areTheProcesssUntilTheAppSetsItsOwn() {
    let machine = ContentStateMachine()
    XCTAssertEqual(machine.strings, .current)
    machine.strings = .french
    XCTAssertEqual(machine.strings, .french)
    XCTAssertEqual(ContentStateMachine().strings, .current, "per machine")
  }

  func test_aMachineWithItsOwnTexts_presentsThem() throws {
    let presenter = RecordingPresenter()
    let german = TestModel(presenter: presenter)
    german.stateMachine.strings = .german
    german.startLoading(animated: false)
    XCTAssertEqual(standard(presenter)?.title, "Wird geladen…")
    german.endLoading(animated: false)
    XCTAssertEqual(standard(presenter)?.title, "Kein Inhalt")

    let other = RecordingPresenter()
    let french = TestModel(presenter: other)
    french.stateMachine.strings = .french
    french.startLoading(animated: false)
    french.endLoading(animated: false, error: TestError("disk full"))
    let error = try XCTUnwrap(standard(other))
    XCTAssertEqual(error.actions.map(\.title), ["Réessayer"])
  }

  func test_aMachineWithItsOwnTexts_announcesInThem() {
    let announcer = RecordingAnnouncer()
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let model = TestModel(presenter: keptPresenter)
    model.stateMachine.strings = .french
    model.stateMachine.setAnnouncer(announcer, policy: .immediate)
    model.startLoading(animated: false)
    model.content = ["a"]
    model.endLoading(animated: false)
    XCTAssertEqual(announcer.texts, ["Chargement…", "1 résultat"])
  }
}
