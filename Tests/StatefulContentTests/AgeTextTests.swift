import StatefulContent
import XCTest

/// How long ago content was updated, in words: the largest whole unit, in three languages.
final class AgeTextTests: XCTestCase {
  func test_english_saysTheLargestWholeUnit_roundedDown() {
    let strings = PlaceholderStrings.english
    XCTAssertEqual(strings.updated(ago: .seconds(59)), "Updated just now")
    XCTAssertEqual(strings.updated(ago: .seconds(119)), "Updated 1 minute ago")
    XCTAssertEqual(strings.updated(ago: .seconds(330)), "Updated 5 minutes ago")
    XCTAssertEqual(strings.updated(ago: .seconds(3_599)), "Updated 59 minutes ago")
    XCTAssertEqual(strings.updated(ago: .seconds(3_600)), "Updated 1 hour ago")
    XCTAssertEqual(strings.updated(ago: .seconds(86_399)), "Updated 23 hours ago")
    XCTAssertEqual(strings.updated(ago: .seconds(86_400)), "Updated 1 day ago")
    XCTAssertEqual(strings.updated(ago: .seconds(400 * 86_400)), "Updated 400 days ago")
  }

  func test_german() {
    let strings = PlaceholderStrings.german
    XCTAssertEqual(strings.updated(ago: .seconds(10)), "Gerade aktualisiert")
    XCTAssertEqual(strings.updated(ago: .seconds(60)), "Vor 1 Minute aktualisiert")
    XCTAssertEqual(strings.updated(ago: .seconds(300)), "Vor 5 Minuten aktualisiert")
    XCTAssertEqual(strings.updated(ago: .seconds(7_200)), "Vor 2 Stunden aktualisiert")
    XCTAssertEqual(strings.updated(ago: .seconds(3 * 86_400)), "Vor 3 Tagen aktualisiert")
  }

  func test_french_withANoBreakSpaceBeforeTheUnit() {
    let strings = PlaceholderStrings.french
    XCTAssertEqual(strings.updated(ago: .seconds(10)), "Mis à jour à l’instant")
    XCTAssertEqual(strings.updated(ago: .seconds(60)), "Mis à jour il y a 1\u{A0}minute")
    XCTAssertEqual(strings.updated(ago: .seconds(300)), "Mis à jour il y a 5\u{A0}minutes")
    XCTAssertEqual(strings.updated(ago: .seconds(3_600)), "Mis à jour il y a 1\u{A0}heure")
    XCTAssertEqual(strings.updated(ago: .seconds(2 * 86_400)), "Mis à jour il y a 2\u{A0}jours")
  }

  func test_aNegativeAge_fromAClockSetBack_isJustNow() {
    XCTAssertEqual(PlaceholderStrings.english.updated(ago: .seconds(-3_600)), "Updated just now")
    XCTAssertEqual(PlaceholderStrings.english.updated(ago: .milliseconds(-1)), "Updated just now")
  }

  func test_theLongestAge_isSaidInDays_withoutOverflow() {
    let text = PlaceholderStrings.english.updated(ago: .seconds(Int64.max))
    XCTAssertEqual(text, "Updated \(Int64.max / 86_400) days ago")
  }

  func test_anAgeBeyondInt64Seconds_isTheLongestAge_andBelowIt_justNow_neverACrash() {
    let strings = PlaceholderStrings.english
    let longest = strings.updated(ago: .seconds(Int64.max))
    XCTAssertEqual(strings.updated(ago: .seconds(Int64.max) * 4), longest)
    XCTAssertEqual(strings.updated(ago: .seconds(Int64.min) * 4), "Updated just now")
  }

  func test_aLanguageOfTheAppsOwn_setsItsTexts() {
    var strings = PlaceholderStrings.english
    strings.updatedText = AgeText(
      justNow: "Aggiornato ora",
      minutes: CountedText(one: "1 minuto fa", other: "{count} minuti fa"),
      hours: "{count} ore fa", days: "{count} giorni fa")
    XCTAssertEqual(strings.updated(ago: .seconds(60)), "1 minuto fa")
    XCTAssertEqual(strings.updated(ago: .seconds(180)), "3 minuti fa")
  }
}
