import Foundation
import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

/// A tool's content for the tests: lines, and optionally a header, status and footer.
private final class ToolContent: TerminalContent {
  var lines: [String] = []
  var header: [String] = []
  var footer: [String] = []
  var statusText: String?
  /// The regions the content was asked to fill.
  var regions: [TerminalPresenter.Region] = []

  func contentLines(for presentation: Presentation, in region: TerminalPresenter.Region)
    -> [String]
  {
    regions.append(region)
    return lines
  }

  func headerLines(in region: TerminalPresenter.Region) -> [String] { header }
  func footerLines(in region: TerminalPresenter.Region) -> [String] { footer }
  func status(for presentation: Presentation, in region: TerminalPresenter.Region) -> String? {
    statusText
  }
}

/// An error with a message of its own.
private struct DiskFull: Error, CustomStringConvertible {
  var description: String { "disk full" }
}

final class TerminalPresenterTests: XCTestCase {
  private var written: [String] = []
  private let clock = ManualClock()
  private let content = ToolContent()
  private var size: TerminalSize? = TerminalSize(columns: 40, rows: 10)

  private func makePresenter(
    _ mode: TerminalPresenter.Mode, colors: Bool = false
  ) -> TerminalPresenter {
    let presenter = TerminalPresenter(
      mode: mode, colors: colors, size: { self.size }, clock: clock, keys: [.retry: "r"],
      writeStatus: { self.written.append($0) }, write: { self.written.append($0) })
    presenter.content = content
    return presenter
  }

  private var text: String { written.joined() }

  private static func loading(_ progress: Double?, title: String = "Loading…") -> Presentation {
    var placeholder = StandardPlaceholder(title: title)
    placeholder.progress = progress
    return Presentation(state: .loading(progress: progress), placeholder: placeholder)
  }

  private static let failure = Presentation(
    state: .error(DiskFull()),
    placeholder: StandardPlaceholder(
      title: "Cannot open notes.txt", message: "The disk is full.",
      recoverySuggestion: "Free some space, then retry.", actions: [.retry(in: .english)]))

  // MARK: Progress bar

  func test_progressBar_showsFilledCellsAndPercentage() {
    XCTAssertEqual(TerminalPresenter.progressBar(0), "[..........] 0%")
    XCTAssertEqual(TerminalPresenter.progressBar(0.5), "[#####.....] 50%")
    XCTAssertEqual(TerminalPresenter.progressBar(0.999), "[#########.] 99%")
    XCTAssertEqual(TerminalPresenter.progressBar(1, cells: 4), "[####] 100%")
  }

  func test_progressBar_clampsBadFractionsAndCells() {
    XCTAssertEqual(TerminalPresenter.progressBar(1.7), "[##########] 100%")
    XCTAssertEqual(TerminalPresenter.progressBar(-1), "[..........] 0%")
    XCTAssertEqual(TerminalPresenter.progressBar(.nan), "[..........] 0%")
    XCTAssertEqual(TerminalPresenter.progressBar(1, cells: 0), "[#] 100%")
  }

  // MARK: Plain lines (a pipe)

  func test_plain_placeholder_isItsTitleMessageSuggestionAndActions_withoutEscapeCodes() {
    let presenter = makePresenter(.plain, colors: true)

    presenter.present(Self.failure, animated: false)

    XCTAssertFalse(presenter.colors, "never colours on a pipe")
    XCTAssertEqual(
      text,
      "Cannot open notes.txt\nThe disk is full.\nFree some space, then retry.\n[Retry]\n")
  }

  func test_plain_samePlaceholderAgain_writesNothing_andProgressOnlyWhenACellFills() {
    let presenter = makePresenter(.plain)

    for progress in [0.0, 0.01, 0.05, 0.1, 0.15, 0.5] {
      presenter.present(Self.loading(progress), animated: false)
    }

    XCTAssertEqual(
      written.joined().split(separator: "\n"),
      ["Loading…", "[..........] 0%", "[#.........] 10%", "[#####.....] 50%"])
  }

  func test_plain_withoutProgressLines_writesThePlaceholderOnly() {
    let presenter = makePresenter(.plain)
    presenter.writesProgressLines = false

    presenter.present(Self.loading(0.3), animated: false)
    presenter.present(Self.loading(0.9), animated: false)

    XCTAssertEqual(text, "Loading…\n")
  }

  func test_plain_placeholder_isIndentedByItsInsets() {
    let presenter = makePresenter(.plain)

    presenter.present(
      Presentation(
        state: .empty, placeholder: StandardPlaceholder(title: "Nothing"),
        insets: EdgeInsets(top: 1, leading: 2)), animated: false)

    XCTAssertEqual(text, "\n  Nothing\n")
  }

  func test_plain_placeholderOfAnotherType_showsItsAnnouncement() {
    struct Banner: Placeholder {
      var accessibilityAnnouncement: String? { "Offline" }
    }
    let presenter = makePresenter(.plain)

    presenter.present(Presentation(state: .empty, placeholder: Banner()), animated: false)

    XCTAssertEqual(text, "Offline\n")
  }

  func test_plain_content_isWrittenOnce_andOnlyItsNewLinesAfterwards() {
    let presenter = makePresenter(.plain)
    content.lines = ["one", "two"]
    presenter.present(Presentation(state: .content, isRefreshing: true), animated: false)

    content.lines = ["one", "two", "three"]
    presenter.update()
    presenter.present(Presentation(state: .content), animated: false)
    content.lines = ["other"]
    presenter.update()

    XCTAssertEqual(text, "one\ntwo\nthree\nother\n")
  }

  func test_plain_writesTheContentToWrite_andWhatIsNotContentToWriteStatus() {
    var output = "", status = ""
    let presenter = TerminalPresenter(
      mode: .plain, size: { nil }, clock: clock, writeStatus: { status += $0 },
      write: { output += $0 })
    presenter.content = content
    presenter.present(Self.loading(0.5), animated: false)
    content.lines = ["1.2", "1.1"]
    presenter.present(Presentation(state: .content), animated: false)
    presenter.present(Self.failure, animated: false)

    XCTAssertEqual(output, "1.2\n1.1\n", "a pipe gets the content alone")
    XCTAssertTrue(status.hasPrefix("Loading…\n[#####.....] 50%\n"), status)
    XCTAssertTrue(
      status.hasSuffix(
        "Cannot open notes.txt\nThe disk is full.\nFree some space, then retry.\n[Retry]\n"), status
    )
  }

  func test_detect_isPlain_onADumbTerminal() throws {
    let pair = try XCTUnwrap(PseudoTerminal(), "no pseudo-terminals here")
    defer { pair.close() }
    XCTAssertEqual(
      TerminalPresenter.Mode.detect(for: pair.terminal, environment: ["TERM": "xterm"]), .inline)
    XCTAssertEqual(
      TerminalPresenter.Mode.detect(
        for: pair.terminal, terminal: .screen, environment: ["TERM": "dumb"]),
      .plain, "no cursor movement on a dumb terminal")
  }

  func test_plain_previousKeyAndAFailedPage_areALineEachOnce() {
    let presenter = makePresenter(.plain)
    content.lines = ["sw.txt"]
    presenter.present(Presentation(state: .content, key: LoadKey("sw")), animated: false)

    let previous = Presentation(state: .content, key: LoadKey("swi"), showsPreviousKey: true)
    presenter.present(previous, animated: false)
    presenter.present(previous, animated: false)
    content.lines = ["swi.txt"]
    presenter.present(Presentation(state: .content, key: LoadKey("swi")), animated: false)
    let failed = Presentation(state: .content, key: LoadKey("swi"), append: .failed(DiskFull()))
    presenter.present(failed, animated: false)
    presenter.update()

    XCTAssertEqual(
      text,
      "sw.txt\nLoading 'swi'… (the results above are for 'sw')\nswi.txt\n"
        + "Could not load more: disk full\n")
  }

  // MARK: Boxes

  func test_screen_placeholder_isABox_withItsActionsKeys() {
    let presenter = makePresenter(.screen)

    presenter.present(Self.failure, animated: false)

    XCTAssertEqual(
      Array(presenter.frame()[1...8]),
      [
        "┌──────────────────────────────┐",
        "│ Cannot open notes.txt        │",
        "│ The disk is full.            │",
        "│ Free some space, then retry. │",
        "│ [r] Retry                    │",
        "└──────────────────────────────┘",
        "", "",
      ])
  }

  func test_box_atANarrowWidth_wrapsItsTextAndCutsItsTitle() {
    size = TerminalSize(columns: 16, rows: 12)
    let presenter = makePresenter(.screen)

    presenter.present(Self.failure, animated: false)

    let box = presenter.frame().filter { !$0.isEmpty }
    XCTAssertEqual(box.first, "┌──────────────┐")
    XCTAssertEqual(box[1], "│ Cannot open… │")
    XCTAssertEqual(box[2], "│ The disk is  │")
    XCTAssertEqual(box[3], "│ full.        │")
    for line in box {
      XCTAssertEqual(TerminalText.columns(of: line[...]), 16, line)
    }
  }

  func test_box_tooNarrowForAFrame_isItsLinesCut() {
    size = TerminalSize(columns: 6, rows: 12)
    let presenter = makePresenter(.screen)

    presenter.present(Self.failure, animated: false)

    XCTAssertEqual(Array(presenter.frame()[1...4]), ["Canno…", "The d…", "Free …", "[Retr…"])
  }

  func test_box_withWideAndCombiningCharacters_linesUpItsBorder() {
    size = TerminalSize(columns: 14, rows: 8)
    let presenter = makePresenter(.screen)

    presenter.present(
      Presentation(
        state: .empty,
        placeholder: StandardPlaceholder(title: "文書がありません", message: "Cafe\u{301} ok")),
      animated: false)

    let box = presenter.frame().filter { !$0.isEmpty }
    XCTAssertEqual(box[1], "│ 文書があ… │", "cut to 10 columns: a wide character more is 11")
    XCTAssertEqual(box[2], "│ Cafe\u{301} ok   │", "the accent takes no column")
    for line in box {
      XCTAssertEqual(TerminalText.columns(of: line[...]), 13, line)
    }
  }

  // MARK: Colours

  func test_colours_onlyWhenAsked_andTheTitleIsColouredByItsState() {
    let coloured = makePresenter(.screen, colors: true)
    coloured.present(Self.failure, animated: false)
    let plain = makePresenter(.screen, colors: false)
    plain.present(Self.failure, animated: false)

    XCTAssertTrue(coloured.frame()[2].contains("\u{1B}[1;31mCannot open notes.txt\u{1B}[0m"))
    XCTAssertFalse(plain.frame().joined().contains("\u{1B}"))
  }

  func test_colorsAllowed_neverWithNO_COLOR_orADumbTerminal() {
    XCTAssertTrue(TerminalPresenter.colorsAllowed(environment: [:]))
    XCTAssertTrue(TerminalPresenter.colorsAllowed(environment: ["NO_COLOR": ""]), "empty: unset")
    XCTAssertFalse(TerminalPresenter.colorsAllowed(environment: ["NO_COLOR": "1"]))
    XCTAssertFalse(TerminalPresenter.colorsAllowed(environment: ["TERM": "dumb"]))
    let pipe = Pipe()
    XCTAssertFalse(
      TerminalPresenter.colorsAllowed(
        for: pipe.fileHandleForWriting.fileDescriptor, environment: [:]),
      "never on a pipe")
    XCTAssertEqual(
      TerminalPresenter.Mode.detect(for: pipe.fileHandleForWriting.fileDescriptor), .plain)
  }

  // MARK: Screen

  func test_screen_layout_headerStatusContentAppendFooter_inTheRowsLeft() {
    size = TerminalSize(columns: 30, rows: 7)
    let presenter = makePresenter(.screen)
    content.header = ["Search: sw"]
    content.footer = ["q quit"]
    content.statusText = "3 matches"
    content.lines = ["a", "b", "c", "d", "e"]

    presenter.present(
      Presentation(state: .content, isRefreshing: true, progress: 0.4, append: .loading),
      animated: false)

    XCTAssertEqual(
      presenter.frame(),
      [
        "Search: sw", "⠋ 3 matches · refreshing… 40%", "a", "b", "c", "⠋ Loading more…",
        "q quit",
      ])
    XCTAssertEqual(
      content.regions.last, TerminalPresenter.Region(columns: 30, rows: 3, mode: .screen))
  }

  func test_screen_previousKeysContent_isDimmed_andTheStatusNamesBothKeys() {
    let presenter = makePresenter(.screen, colors: true)
    content.lines = ["sw.txt"]
    presenter.present(Presentation(state: .content, key: LoadKey("sw")), animated: false)

    presenter.present(
      Presentation(state: .content, key: LoadKey("swi"), showsPreviousKey: true), animated: false)

    XCTAssertEqual(presenter.frame()[0], "\u{1B}[36m⠋ 'sw' shown, loading 'swi'…\u{1B}[0m")
    XCTAssertEqual(presenter.frame()[1], "\u{1B}[2msw.txt\u{1B}[22m")
  }

  func test_screen_failedPage_isTheFooter() {
    let presenter = makePresenter(.screen)
    content.lines = ["a"]

    presenter.present(Presentation(state: .content, append: .failed(DiskFull())), animated: false)

    XCTAssertEqual(presenter.frame().last, "Could not load more (disk full)")
  }

  func test_screen_drawsFromTheTopLeft_andSkipsADrawThatChangesNothing() {
    let presenter = makePresenter(.screen)
    content.lines = ["a"]
    presenter.present(Presentation(state: .content), animated: false)

    presenter.update()
    presenter.present(Presentation(state: .content), animated: false)

    XCTAssertEqual(written.count, 1)
    XCTAssertTrue(text.hasPrefix("\u{1B}[H\u{1B}[K\r\na\u{1B}[K\r\n"), text)
    XCTAssertTrue(text.hasSuffix("\u{1B}[J"), text)
    presenter.redraw()
    XCTAssertEqual(written.count, 2, "redraw draws again, as after SIGCONT")
  }

  func test_resize_drawsAtTheNewSize() {
    let presenter = makePresenter(.screen)
    presenter.present(Self.failure, animated: false)

    presenter.resize(to: TerminalSize(columns: 12, rows: 5))

    XCTAssertEqual(presenter.frame().count, 5)
    XCTAssertTrue(written.last?.contains("│ Cannot … │") == true, written.last ?? "")
  }

  func test_screen_withFewerRowsThanItsParts_drawsNoMoreLinesThanTheScreenHas() {
    content.header = ["Search: sw"]
    content.footer = ["q quit"]
    content.lines = ["a", "b"]
    let presenter = makePresenter(.screen)
    presenter.present(Presentation(state: .content, append: .loading), animated: false)

    for rows in [1, 2, 3, 4] {
      presenter.resize(to: TerminalSize(columns: 20, rows: rows))

      XCTAssertEqual(presenter.frame().count, rows, "more lines scroll the screen")
      XCTAssertEqual(
        written.last?.components(separatedBy: "\r\n").count, rows, written.last ?? "")
    }
  }

  func test_placeholder_indentedMoreThanTheScreenIsWide_staysWithinTheWidth() {
    size = TerminalSize(columns: 10, rows: 12)
    let loading = Self.loading(0.5)
    let placeholders = [Self.failure, loading].map {
      Presentation(state: $0.state, placeholder: $0.placeholder, insets: EdgeInsets(leading: 30))
    }

    for mode in [TerminalPresenter.Mode.screen, .inline] {
      for presentation in placeholders {
        let presenter = makePresenter(mode)
        presenter.present(presentation, animated: false)

        for line in presenter.frame() {
          XCTAssertLessThanOrEqual(TerminalText.columns(of: line[...]), 10, "\(mode): \(line)")
        }
      }
    }
  }

  // MARK: Throttle and spinner

  func test_progressOnly_isDrawnAtMost30TimesASecond_andTheHeldBackFrameOnTheNextTick() {
    let presenter = makePresenter(.screen)
    presenter.present(Self.loading(0.1), animated: false)
    presenter.present(Self.loading(0.2), animated: false)
    presenter.present(Self.loading(0.3), animated: false)
    XCTAssertEqual(written.count, 1, "held back: within 1/30 s of the last frame")

    clock.advance(by: TerminalPresenter.minimumRedrawInterval)
    presenter.tick()

    XCTAssertEqual(written.count, 2)
    XCTAssertTrue(written[1].contains("[###.......] 30%"), written[1])
  }

  func test_aNewState_isDrawnAtOnce_evenWithinTheInterval() {
    let presenter = makePresenter(.screen)
    presenter.present(Self.loading(0.1), animated: false)

    presenter.present(Self.failure, animated: false)

    XCTAssertEqual(written.count, 2)
    XCTAssertTrue(written[1].contains("Cannot open notes.txt"))
  }

  func test_spinner_movesWithTheClock_onTicks() {
    let presenter = makePresenter(.screen)
    presenter.present(Self.loading(nil), animated: false)
    XCTAssertEqual(presenter.frame()[1], "⠋ Loading…")

    clock.advance(by: .milliseconds(250))
    presenter.tick()

    XCTAssertEqual(presenter.frame()[1], "⠹ Loading…")
    XCTAssertEqual(written.count, 2)
    presenter.present(Self.failure, animated: false)
    presenter.tick()
    XCTAssertEqual(written.count, 3, "nothing spins: a tick draws nothing")
  }

  @MainActor
  func test_animate_ticksOnTheClock_untilCancelled() async throws {
    let presenter = makePresenter(.screen)
    presenter.present(Self.loading(nil), animated: false)
    let spinning = Task { await presenter.animate() }
    try await settle { self.clock.sleeperCount == 1 }

    clock.advance(by: TerminalPresenter.spinnerInterval)
    try await settle { self.written.count == 2 }

    XCTAssertTrue(written[1].contains("⠙ Loading…"), written[1])
    spinning.cancel()
    await spinning.value
    XCTAssertEqual(clock.sleeperCount, 0)
  }

  // MARK: Inline

  func test_inline_redrawsItsRegionInPlace_andWritesContentAboveIt() {
    let presenter = makePresenter(.inline)
    presenter.present(Self.loading(0.5, title: "Opening a.txt…"), animated: false)
    XCTAssertEqual(written.last, "⠋ Opening a.txt…\n  [#####.....] 50%")

    content.lines = ["hello"]
    presenter.present(Presentation(state: .content), animated: false)

    XCTAssertEqual(written.last, "\r\u{1B}[1A\u{1B}[Jhello\n")
  }

  func test_inline_commit_leavesTheRegion_andTheNextStartsBelow() {
    let presenter = makePresenter(.inline)
    presenter.present(Self.failure, animated: false)

    presenter.commit()
    presenter.commit()
    presenter.present(Self.loading(nil), animated: false)

    XCTAssertEqual(written.filter { $0 == "\n" }.count, 1)
    XCTAssertEqual(written.last, "⠋ Loading…", "not over the box")
  }

  // MARK: Ownership

  func test_content_isHeldWeakly() {
    let presenter = TerminalPresenter(mode: .plain, size: { nil }, write: { _ in })
    weak var released: ToolContent?
    do {
      let content = ToolContent()
      presenter.content = content
      released = content
    }
    XCTAssertNil(released)
    XCTAssertNil(presenter.content)
  }
}
