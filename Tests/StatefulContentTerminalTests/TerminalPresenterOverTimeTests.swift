import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

/// A tool's content for these tests: lines and a status.
private final class FeedContent: TerminalContent {
  var lines = ["first item", "second item"]
  var statusText: String?

  func contentLines(for presentation: Presentation, in region: TerminalPresenter.Region)
    -> [String]
  { lines }

  func status(for presentation: Presentation, in region: TerminalPresenter.Region) -> String? {
    statusText
  }
}

/// A connection that went away, as the connectivity policy sees one.
private struct ConnectionLost: Error {}

/// How `TerminalPresenter` shows content over time: offline and stale content marked in the
/// status line (with the content's age) or as a line on a pipe, in English, German and French,
/// and the waiting state's box.
final class TerminalPresenterOverTimeTests: XCTestCase {
  private var written: [String] = []
  private var status: [String] = []
  private let clock = ManualClock()
  private let content = FeedContent()
  private var size: TerminalSize? = TerminalSize(columns: 60, rows: 8)

  private func makePresenter(
    _ mode: TerminalPresenter.Mode, colors: Bool = false, texts: TerminalPresenter.Texts = .english
  ) -> TerminalPresenter {
    let presenter = TerminalPresenter(
      mode: mode, colors: colors, size: { self.size }, clock: clock, texts: texts,
      keys: [.retry: "r"], writeStatus: { self.status.append($0) },
      write: { self.written.append($0) })
    presenter.content = content
    return presenter
  }

  /// A presentation of what the one decision makes of some inputs.
  private static func decided(_ inputs: StateInputs) -> Presentation {
    let decision = StateDecision.decide(inputs)
    var placeholder: StandardPlaceholder?
    if decision.state.kind == .waiting { placeholder = .waiting(in: .english) }
    return Presentation(
      state: decision.state, placeholder: placeholder, isRefreshing: decision.isRefreshing,
      progress: inputs.progress, decision: decision)
  }

  private static let fresh = decided(StateInputs(hasContent: true))
  private static let offline = decided(StateInputs(hasContent: true, reachability: .unreachable))
  /// Ten minutes old, where five is the most the policy allows.
  private static let stale = decided(
    StateInputs(
      hasContent: true, contentAge: .seconds(600),
      staleness: StalenessPolicy(maximumAge: .seconds(300))))
  private static let offlineAndStale = decided(
    StateInputs(
      hasContent: true, reachability: .unreachable, contentAge: .seconds(600),
      staleness: StalenessPolicy(maximumAge: .seconds(300))))
  private static let waiting = decided(
    StateInputs(isLoading: true, reachability: .unreachable, networkError: ConnectionLost()))

  func test_theDecisions_sayWhatTheseTestsShow() {
    XCTAssertTrue(Self.offline.isOffline)
    XCTAssertFalse(Self.offline.isStale)
    XCTAssertTrue(Self.stale.isStale)
    XCTAssertEqual(Self.stale.contentAge, .seconds(600))
    XCTAssertEqual(Self.waiting.state.kind, .waiting)
  }

  // MARK: Screen

  func test_screen_offlineContent_isMarkedAfterTheToolsStatus() {
    content.statusText = "2 items"
    let presenter = makePresenter(.screen)

    presenter.present(Self.offline, animated: false)

    XCTAssertEqual(
      Array(presenter.frame()[0...2]), ["2 items · Offline", "first item", "second item"])
  }

  func test_screen_staleContent_saysItsAge_andStartsTheLineWithoutAStatus() {
    let presenter = makePresenter(.screen)

    presenter.present(Self.stale, animated: false)

    XCTAssertEqual(presenter.frame()[0], "Not up to date · Updated 10 minutes ago")
  }

  func test_screen_marksOrder_refreshingThenOfflineThenStaleWithItsAge() {
    size = TerminalSize(columns: 80, rows: 8)
    content.statusText = "2 items"
    let presenter = makePresenter(.screen)

    presenter.present(
      Self.decided(
        StateInputs(
          isLoading: true, hasContent: true, progress: 0.4, reachability: .unreachable,
          contentAge: .seconds(600), staleness: StalenessPolicy(maximumAge: .seconds(300)))),
      animated: false)

    XCTAssertEqual(
      presenter.frame()[0],
      "⠋ 2 items · refreshing… 40% · Not up to date · Updated 10 minutes ago · Offline")
  }

  func test_screen_atANarrowWidth_theLineIsCut_theLastMarksGoingFirst() {
    size = TerminalSize(columns: 27, rows: 8)
    content.statusText = "2 items"
    let presenter = makePresenter(.screen)

    presenter.present(Self.offlineAndStale, animated: false)

    let line = presenter.frame()[0]
    XCTAssertEqual(line, "2 items · Not up to date ·…")
    XCTAssertEqual(TerminalText.columns(of: line[...]), 27)
  }

  func test_screen_theAge_growsWhileTheStaleContentShows_drawnWhenItsTextChanges() {
    let presenter = makePresenter(.screen)
    presenter.present(Self.stale, animated: false)
    XCTAssertEqual(written.count, 1)

    clock.advance(by: .seconds(30))
    presenter.tick()
    XCTAssertEqual(written.count, 1, "still ten minutes: nothing to draw")

    clock.advance(by: .seconds(270))
    presenter.tick()

    XCTAssertEqual(written.count, 2)
    XCTAssertEqual(presenter.frame()[0], "Not up to date · Updated 15 minutes ago")
  }

  func test_screen_turningStale_isDrawnAtOnce_evenWithinTheThrottlesInterval() {
    let presenter = makePresenter(.screen)
    let refreshing = StateInputs(isLoading: true, hasContent: true, progress: 0.2)
    presenter.present(Self.decided(refreshing), animated: false)
    var stale = refreshing
    stale.contentAge = .seconds(600)
    stale.staleness = StalenessPolicy(maximumAge: .seconds(300))

    presenter.present(Self.decided(stale), animated: false)

    XCTAssertEqual(written.count, 2, "a stale flip is not a move of progress")
    XCTAssertTrue(written[1].contains("Not up to date"), written[1])
    var offline = refreshing
    offline.reachability = .unreachable
    presenter.present(Self.decided(offline), animated: false)
    XCTAssertEqual(written.count, 3, "nor is going offline")
    XCTAssertTrue(written[2].contains("Offline"), written[2])
  }

  func test_screen_freshContentAgain_dropsTheMarks() {
    let presenter = makePresenter(.screen)
    presenter.present(Self.offlineAndStale, animated: false)

    presenter.present(Self.fresh, animated: false)

    XCTAssertEqual(presenter.frame()[0], "")
    XCTAssertEqual(written.count, 2)
  }

  func test_colours_offlineOrStaleStatusIsYellow() {
    let presenter = makePresenter(.screen, colors: true)

    presenter.present(Self.offline, animated: false)

    XCTAssertEqual(presenter.frame()[0], "\u{1B}[33mOffline\u{1B}[0m")
  }

  func test_inline_offlineContent_hasAStatusLine_underTheContent() {
    let presenter = makePresenter(.inline)

    presenter.present(Self.offline, animated: false)

    XCTAssertEqual(written.last, "first item\nsecond item\nOffline")
  }

  // MARK: Plain

  func test_plain_marksAreALineToTheStatus_oncePerChange_neverRepeated() {
    let presenter = makePresenter(.plain)

    presenter.present(Self.offline, animated: false)
    presenter.present(Self.offline, animated: false)
    presenter.update()
    presenter.present(Self.offlineAndStale, animated: false)
    presenter.present(Self.fresh, animated: false)
    presenter.present(Self.stale, animated: false)

    XCTAssertEqual(written.joined(), "first item\nsecond item\n", "the content once, to write")
    XCTAssertEqual(
      status,
      [
        "Offline\n", "Not up to date · Updated 10 minutes ago · Offline\n",
        "Not up to date · Updated 10 minutes ago\n",
      ])
  }

  func test_plain_aFailedPageLine_isNotWrittenAgainWhenTheContentGoesOffline() {
    struct DiskFull: Error, CustomStringConvertible {
      var description: String { "disk full" }
    }
    let presenter = makePresenter(.plain)
    let decision = StateDecision.decide(StateInputs(hasContent: true))
    presenter.present(
      Presentation(state: .content, append: .failed(DiskFull()), decision: decision),
      animated: false)
    let offline = StateDecision.decide(StateInputs(hasContent: true, reachability: .unreachable))

    presenter.present(
      Presentation(state: .content, append: .failed(DiskFull()), decision: offline),
      animated: false)

    XCTAssertEqual(status, ["Could not load more: disk full\n", "Offline\n"])
    XCTAssertEqual(
      presenter.frame(), ["first item", "second item", "Could not load more: disk full", "Offline"])
  }

  // MARK: Languages

  func test_german_marksSayTheLibrarysGermanWords() {
    size = TerminalSize(columns: 80, rows: 8)
    content.statusText = "2 Einträge"
    let presenter = makePresenter(.screen, texts: .german)

    presenter.present(Self.offlineAndStale, animated: false)

    XCTAssertEqual(
      presenter.frame()[0], "2 Einträge · Nicht aktuell · Vor 10 Minuten aktualisiert · Offline")
    XCTAssertEqual(
      TerminalPresenter.Texts.german.refreshing(0.4), " · wird aktualisiert… 40\u{A0}%")
    XCTAssertEqual(TerminalPresenter.Texts.german.appendLoading, "Weitere werden geladen…")
  }

  func test_french_plainLine_saysTheLibrarysFrenchWords() {
    let presenter = makePresenter(.plain, texts: TerminalPresenter.Texts(strings: .french))

    presenter.present(Self.offlineAndStale, animated: false)

    XCTAssertEqual(
      status, ["Pas à jour · Mis à jour il y a 10\u{A0}minutes · Hors ligne\n"])
    XCTAssertEqual(
      TerminalPresenter.Texts(strings: .french).appendFailedLine("disque plein"),
      "Impossible de charger la suite\u{A0}: disque plein")
  }

  func test_textsOfStrings_takeTheMarksWordsFromTheStrings_andTheRestByLanguage() {
    var strings = PlaceholderStrings.german
    strings.offline = "Keine Verbindung"
    let german = TerminalPresenter.Texts(strings: strings)
    XCTAssertEqual(german.offline, " · Keine Verbindung")
    XCTAssertEqual(german.refreshing(nil), " · wird aktualisiert…")
    XCTAssertEqual(german.stale(nil), " · Nicht aktuell")

    var other = PlaceholderStrings.english
    other.language = "sv"
    other.stale = "Inte aktuellt"
    let swedish = TerminalPresenter.Texts(strings: other)
    XCTAssertEqual(swedish.stale(.seconds(30)), " · Inte aktuellt · Updated just now")
    XCTAssertEqual(swedish.appendLoading, "Loading more…", "English where no table exists")
  }

  // MARK: Waiting

  func test_screen_waiting_isABox_withItsRetryKey_andNoOfflineMark() {
    let presenter = makePresenter(.screen, colors: true)

    presenter.present(Self.waiting, animated: false)

    let frame = presenter.frame()
    XCTAssertEqual(frame[0], "", "the box says it: no Offline mark over it")
    XCTAssertTrue(frame[1].hasPrefix("\u{1B}[2m┌"), frame[1])
    XCTAssertTrue(
      frame[2].contains("\u{1B}[1;33mWaiting for the network…\u{1B}[0m"), frame[2])
    XCTAssertTrue(frame.contains { $0.contains("\u{1B}[1m[r] Retry\u{1B}[0m") }, "\(frame)")
  }

  func test_plain_waiting_isItsTitleMessageAndAction_toTheStatus() {
    let presenter = makePresenter(.plain)

    presenter.present(Self.waiting, animated: false)
    presenter.present(Self.waiting, animated: false)

    XCTAssertEqual(
      status,
      [
        "Waiting for the network…\nThe content loads as soon as the connection is back.\n"
          + "[Retry]\n"
      ])
    XCTAssertEqual(written, [])
  }

  func test_narrowBox_waiting_wrapsItsMessage_withinTheWidth() {
    size = TerminalSize(columns: 20, rows: 12)
    let presenter = makePresenter(.screen)

    presenter.present(Self.waiting, animated: false)

    let box = presenter.frame().filter { !$0.isEmpty }
    XCTAssertEqual(box[1], "│ Waiting for the… │")
    XCTAssertTrue(box.contains("│ [r] Retry        │"), "\(box)")
    for line in box {
      XCTAssertEqual(TerminalText.columns(of: line[...]), 20, line)
    }
  }

  // MARK: The tool's own age text

  func test_idleContent_isLookedAtAgainEvery5Seconds_soThatTheToolsAgeTextFollowsTheClock() {
    content.statusText = "2 items · Updated just now"
    let presenter = makePresenter(.screen)
    presenter.present(Self.fresh, animated: false)
    XCTAssertEqual(presenter.frame()[0], "2 items · Updated just now")
    let drawn = written.count

    content.statusText = "2 items · Updated 1 minute ago"
    clock.advance(by: .seconds(4))
    presenter.tick()
    XCTAssertEqual(written.count, drawn, "not yet: idle content is looked at every 5 s")
    clock.advance(by: .seconds(1))
    presenter.tick()
    XCTAssertEqual(written.count, drawn + 1)
    XCTAssertTrue(written.last?.contains("Updated 1 minute ago") == true)

    clock.advance(by: .seconds(5))
    presenter.tick()
    XCTAssertEqual(written.count, drawn + 1, "nothing changed: nothing written")
  }
}
