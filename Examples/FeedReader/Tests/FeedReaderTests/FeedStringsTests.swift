import FeedReaderCore
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The reader's texts in English, German and French.
final class FeedStringsTests: XCTestCase {
  private let errors: [FeedError] = [
    .httpStatus(500), .truncated(received: 10, expected: 20),
    .truncated(received: 0, expected: nil),
    .tooLarge(limit: 100), .notJSON, .missingField("items"), .wrongType("title"), .wrongType(""),
    .unsupportedVersion("2"), .unreachable(.cannotConnectToHost), .unreachable(.timedOut),
    .unreachable(.cannotFindHost), .unreachable(.notConnectedToInternet),
    .unreachable(.badServerResponse), .unreachable(.unsupportedURL),
  ]

  func test_everyLanguage_hasATextForEveryKeyWithTheEnglishArguments() {
    XCTAssertEqual(FeedStrings.tableProblems(), [])
  }

  func test_everyError_saysSomething_ineachLanguage_andTheLanguagesDiffer() {
    for error in errors {
      let texts = FeedStrings.languages.map { FeedStrings(language: $0).texts(for: error) }
      for text in texts {
        XCTAssertFalse(text.title.isEmpty, "\(error)")
        XCTAssertFalse(text.message.isEmpty, "\(error)")
        XCTAssertFalse(text.recoverySuggestion.isEmpty, "\(error)")
      }
      XCTAssertEqual(Set(texts.map(\.message)).count, 3, "\(error): \(texts)")
    }
  }

  func test_errorTexts_nameWhatWentWrong() {
    let english = FeedStrings.english
    XCTAssertEqual(
      english.texts(for: .truncated(received: 10, expected: 20)).message,
      "The response stopped after 10 of 20 bytes.")
    XCTAssertEqual(
      FeedStrings(language: "de").texts(for: .missingField("items[1].id")).message,
      "Das Feld „items[1].id“ fehlt.")
    XCTAssertEqual(
      FeedStrings(language: "fr").texts(for: .unsupportedVersion("2")).message,
      "Le flux se dit «\u{A0}2\u{A0}»\u{A0}; ce lecteur lit JSON Feed 1 et 1.1.")
    XCTAssertEqual(
      english.texts(for: .unreachable(.timedOut)).message, "The server did not answer in time.")
  }

  func test_theErrorsDescription_isTheEnglishMessage() {
    XCTAssertEqual("\(FeedError.httpStatus(502))", "It did not send the feed (HTTP status 502).")
    XCTAssertEqual(FeedError.httpStatus(502).errorDescription, "The server answered 502")
  }

  func test_onlyAnUnreachableServer_isAConnectionFailure_notOneThatIsSlow() {
    XCTAssertEqual(
      errors.filter(\.isConnectionFailure),
      [
        .unreachable(.cannotConnectToHost), .unreachable(.cannotFindHost),
        .unreachable(.notConnectedToInternet),
      ])
  }

  func test_anUnknownLanguage_isEnglish() {
    XCTAssertEqual(FeedStrings(language: "es").language, "en")
    XCTAssertEqual(FeedStrings(language: "es").usage, FeedStrings.english.usage)
  }

  func test_theStatusCountsItems_theFrenchWayForZeroAndOne() {
    XCTAssertEqual(FeedStrings.english.status(count: 1, hasMore: false), "1 item")
    XCTAssertEqual(FeedStrings.english.status(count: 0, hasMore: false), "0 items")
    XCTAssertEqual(
      FeedStrings(language: "fr").status(count: 0, hasMore: true), "0 élément · suite plus bas")
    XCTAssertEqual(FeedStrings(language: "de").status(count: 12, hasMore: false), "12 Einträge")
  }

  func test_theTerminalsMarks_speakTheLanguage() {
    let german = FeedStrings(language: "de").terminalTexts
    XCTAssertEqual(german.refreshing(0.4), " · wird neu geladen… 40%")
    XCTAssertEqual(german.refreshing(nil), " · wird neu geladen…")
    XCTAssertEqual(
      german.appendFailedLine(german.describe(FeedError.httpStatus(500))),
      "Die nächste Seite ließ sich nicht laden: Er schickte den Feed nicht (HTTP-Status 500).")
  }
}
