import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

#if canImport(UIKit)
  import UIKit
#endif

/// Posts each announcement to VoiceOver where UIKit exists.
final class VoiceOverAnnouncer: Announcer {
  func announce(_ announcement: Announcement) {
    #if canImport(UIKit)
      UIAccessibility.post(notification: .announcement, argument: announcement.text)
    #endif
  }
}

// The Swift blocks of the Accessibility and Localization article, copied exactly and run
// (`DocExampleCoverageTests` checks the copies).

/// Writes each announcement as a status line.
final class StatusLineAnnouncer: Announcer {
  private(set) var lines: [String] = []

  func announce(_ announcement: Announcement) {
    lines.append(announcement.text)
  }
}

@MainActor
final class Inbox: @MainActor StatefulContent {
  let stateMachine = ContentStateMachine()
  var content: [String] = []  // contentCount is content.count: "12 results"
  let announcer = StatusLineAnnouncer()

  init() {
    stateMachine.setAnnouncer(announcer)
  }
}

/// An error that does not describe itself.
struct ServerUnreachable: Error {}

enum SyncError: LocalizedError {
  case offline

  var errorDescription: String? { "You’re Offline" }
  var failureReason: String? { "The inbox can’t be updated without a connection." }
  var recoverySuggestion: String? { "Connect to the internet and try again." }
}

/// A search model for the testing block.
final class SearchModel: StatefulContent {
  let stateMachine: ContentStateMachine
  var results: [String] = []
  var content: [String] { results }

  init(machine: ContentStateMachine) {
    stateMachine = machine
  }
}

@MainActor
final class AccessibilityAndLocalizationExampleTests: XCTestCase {
  func test_theStatusLineAnnouncer_hearsTheOutcomeOfALoad() async {
    let inbox = Inbox()
    inbox.stateMachine.strings = .english
    inbox.stateMachine.loadingPolicy = .immediate  // What shows at once is checked.
    await inbox.load(into: \.content) { _ in ["a", "b", "c"] }
    XCTAssertEqual(inbox.announcer.lines, ["Loading…"], "the count waits for the interval")
    XCTAssertNotNil(inbox.stateMachine.announcer as? StatusLineAnnouncer)
  }

  func test_theVoiceOverAnnouncer_isAnAnnouncer() async {
    let machine = ContentStateMachine()
    machine.setAnnouncer(VoiceOverAnnouncer())
    XCTAssertTrue(machine.announcer is VoiceOverAnnouncer)
  }

  func test_testingAnnouncements() async throws {
    let clock = ManualClock()
    let announcer = RecordingAnnouncer()
    let model = SearchModel(machine: ContentStateMachine(clock: clock))
    model.stateMachine.strings = .english
    model.stateMachine.loadingPolicy = .immediate  // "Loading…" is heard at once.
    model.stateMachine.setAnnouncer(announcer)

    model.startLoading()
    model.results = ["swift", "swiftly"]
    model.endLoading()
    XCTAssertEqual(announcer.texts, ["Loading…"])  // "2 results" waits for the interval.

    try await settle { clock.sleeperCount == 1 }
    clock.advance(by: .seconds(1))
    try await settle { announcer.texts.count == 2 }
    XCTAssertEqual(announcer.texts, ["Loading…", "2 results"])
  }

  func test_changingACopyOfTheStrings() async throws {
    var strings = PlaceholderStrings.german
    strings.retry = "Nochmal"
    strings.resultsText = CountedText(one: "{count} Treffer", other: "{count} Treffer")

    let machine = ContentStateMachine()
    machine.strings = strings

    XCTAssertEqual(machine.strings.results(1), "1 Treffer")
    XCTAssertEqual(machine.strings.results(7), "7 Treffer")
    let model = SearchModel(machine: machine)
    model.startLoading()
    model.endLoading(error: SyncError.offline)
    let placeholder = try XCTUnwrap(
      machine.presentedPresentation.placeholder as? StandardPlaceholder)
    XCTAssertEqual(placeholder.actions.map(\.title), ["Nochmal"])
  }

  func test_aPlaceholderRegisteredForAGermanMachine_startsFromTheGermanBuiltIn() async throws {
    let machine = ContentStateMachine()
    machine.strings = .german
    var failed = StandardPlaceholder.error(in: machine.strings)  // "Etwas ist schiefgelaufen"
    failed.message = "Keine Verbindung zum Server."
    try machine.setPlaceholder(failed, for: .error)  // its action: "Erneut versuchen"

    let model = SearchModel(machine: machine)
    model.startLoading()
    model.endLoading(error: ServerUnreachable())
    let placeholder = try XCTUnwrap(
      machine.presentedPresentation.placeholder as? StandardPlaceholder)
    XCTAssertEqual(placeholder.title, "Etwas ist schiefgelaufen")
    XCTAssertEqual(placeholder.message, "Keine Verbindung zum Server.")
    XCTAssertEqual(placeholder.actions.map(\.title), ["Erneut versuchen"])
  }

  /// The article's table of built-in texts.
  func test_theTableOfBuiltInTexts_isTheLibrarys() {
    let rows: [(KeyPath<PlaceholderStrings, String>, [String])] = [
      (\.loading, ["Loading…", "Wird geladen…", "Chargement…"]),
      (\.empty, ["No Content", "Kein Inhalt", "Aucun contenu"]),
      (\.noResultsTitle, ["No Results", "Keine Ergebnisse", "Aucun résultat"]),
      (\.error, ["Something Went Wrong", "Etwas ist schiefgelaufen", "Un problème est survenu"]),
      (\.retry, ["Retry", "Erneut versuchen", "Réessayer"]),
      (\.locked, ["Locked", "Gesperrt", "Verrouillé"]),
      (
        \.redactedText,
        [
          "Details hidden to protect the password.",
          "Details ausgeblendet, um das Passwort zu schützen.",
          "Détails masqués pour protéger le mot de passe.",
        ]
      ),
    ]
    let tables: [PlaceholderStrings] = [.english, .german, .french]
    for (text, expected) in rows {
      XCTAssertEqual(tables.map { $0[keyPath: text] }, expected)
    }
    XCTAssertEqual(tables.map { $0.results(3) }, ["3 results", "3 Ergebnisse", "3 résultats"])
  }

  func test_aLocalizedErrorFillsTheErrorPlaceholder() async throws {
    let machine = ContentStateMachine()
    machine.strings = .english
    let model = SearchModel(machine: machine)
    model.startLoading()
    model.endLoading(error: SyncError.offline)
    let placeholder = try XCTUnwrap(
      machine.presentedPresentation.placeholder as? StandardPlaceholder)
    XCTAssertEqual(placeholder.title, "You’re Offline")
    XCTAssertEqual(placeholder.message, "The inbox can’t be updated without a connection.")
    XCTAssertEqual(placeholder.recoverySuggestion, "Connect to the internet and try again.")
  }

  func test_addingALanguage() async throws {
    let italian = PlaceholderStrings(
      language: "it",
      loading: "Caricamento…", empty: "Nessun contenuto", error: "Si è verificato un problema",
      locked: "Bloccato", lockedMessage: "Inserisci la password per aprire questo documento.",
      retry: "Riprova", unlock: "Sblocca", contentShown: "Contenuto caricato.",
      retrying: "Nuovo tentativo (tentativo {count})…",
      incorrectCredential: CountedText(
        one: "Password errata ({count} tentativo).",
        other: "Password errata ({count} tentativi)."),
      noResults: "Nessun risultato per «{key}».",
      noResultsTitle: "Nessun risultato",
      results: CountedText(one: "{count} risultato", other: "{count} risultati"),
      attemptLimit: CountedText(
        one: "Troppe password errate ({count} tentativo).",
        other: "Troppe password errate ({count} tentativi)."),
      attemptLimitRecovery: "Riapri il documento per riprovare.",
      redacted: "Dettagli nascosti per proteggere la password.",
      updated: AgeText(
        justNow: "Aggiornato ora",
        minutes: CountedText(one: "{count} minuto fa", other: "{count} minuti fa"),
        hours: CountedText(one: "{count} ora fa", other: "{count} ore fa"),
        days: CountedText(one: "{count} giorno fa", other: "{count} giorni fa")))

    let machine = ContentStateMachine()
    let languages = PlaceholderStrings.languages(environment: ProcessInfo.processInfo.environment)
    if languages.first == "it" {
      machine.strings = italian
    }

    XCTAssertEqual(italian.results(1), "1 risultato")
    XCTAssertEqual(italian.results(3), "3 risultati")
    XCTAssertEqual(italian.incorrectCredential(attempts: 2), "Password errata (2 tentativi).")
    machine.strings = italian
    machine.loadingPolicy = .immediate  // What shows at once is checked.
    let model = SearchModel(machine: machine)
    model.startLoading()
    let placeholder = try XCTUnwrap(
      machine.presentedPresentation.placeholder as? StandardPlaceholder)
    XCTAssertEqual(placeholder.title, "Caricamento…")
  }
}
