import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

/// A terminal session on a pseudo-terminal: the modes it enters, and the terminal restored on
/// every way out — the body returning or throwing, a signal quitting, Ctrl-Z; `fg` and resizes
/// asking for a redraw. Signals are simulated through the controller, as the signal handler
/// calls it, except `SIGWINCH`, sent to this process.
final class TerminalSessionTests: XCTestCase {
  private var pair: PseudoTerminal?
  private static let enterFullScreen = "\u{1B}[?1049h\u{1B}[?25l"
  private static let leaveFullScreen = "\u{1B}[?25h\u{1B}[?1049l"

  private struct Failure: Error {}

  override func setUpWithError() throws {
    pair = PseudoTerminal(rows: 24, columns: 80)
    try XCTSkipIf(pair == nil, "no pseudo-terminals here")
  }

  override func tearDown() {
    pair?.close()
    super.tearDown()
  }

  private func run<Result>(
    interrupts: InterruptController? = nil, options: TerminalSession.Options = .fullScreen,
    _ body: (TerminalSession, PseudoTerminal) async throws -> Result
  ) async throws -> Result {
    let pair = try XCTUnwrap(pair)
    return try await TerminalSession.run(
      input: pair.terminal, output: pair.terminal, options: options, interrupts: interrupts
    ) { session in try await body(session, pair) }
  }

  func test_run_entersRawModeTheAlternateScreenAndAHiddenCursor_andRestoresOnReturn() async throws {
    let pair = try XCTUnwrap(pair)
    XCTAssertTrue(pair.isInLineModeWithEcho)

    let size = try await run { session, pair in
      XCTAssertTrue(session.isTerminal)
      XCTAssertTrue(session.isRaw)
      XCTAssertFalse(pair.isInLineModeWithEcho)
      XCTAssertFalse(pair.echoes)
      XCTAssertTrue(pair.waitForText(Self.enterFullScreen), pair.text)
      return session.size
    }

    XCTAssertEqual(size, TerminalSize(columns: 80, rows: 24))
    XCTAssertTrue(pair.isInLineModeWithEcho, "the settings are restored")
    XCTAssertTrue(pair.waitForText(Self.enterFullScreen + Self.leaveFullScreen), pair.text)
  }

  func test_run_restoresWhenTheBodyThrows() async throws {
    let pair = try XCTUnwrap(pair)
    let interrupts = InterruptController()

    do {
      try await run(interrupts: interrupts) { _, _ in throw Failure() }
      XCTFail("the error is rethrown")
    } catch is Failure {}

    XCTAssertTrue(pair.isInLineModeWithEcho)
    XCTAssertTrue(pair.waitForText(Self.leaveFullScreen), pair.text)
    interrupts.suspend()
    XCTAssertFalse(
      pair.text.hasSuffix(Self.leaveFullScreen + Self.leaveFullScreen), "no clean-up left")
  }

  func test_run_whileASignalIsQuitting_leavesTheTerminalAsItWas() async throws {
    let interrupts = InterruptController()
    // The signals' queue ran the clean-ups and is about to end the process.
    interrupts.terminate(signal: SIGTERM)

    try await run(interrupts: interrupts) { _, pair in
      XCTAssertTrue(pair.isInLineModeWithEcho, "no raw mode for the exit to leave behind")
      XCTAssertTrue(pair.waitForText(Self.enterFullScreen + Self.leaveFullScreen), pair.text)
    }
  }

  func test_ctrlC_SIGTERM_SIGHUP_restoreBeforeQuitting() async throws {
    for quit in ["interrupt", "SIGTERM", "SIGHUP"] {
      let interrupts = InterruptController()
      let status = try await run(interrupts: interrupts) { _, pair in
        XCTAssertFalse(pair.isInLineModeWithEcho)
        let mark = pair.mark
        let status: Int32
        switch quit {
        case "interrupt":
          guard case .exit(let code) = interrupts.interrupt() else { return Int32(0) }
          status = code
        case "SIGTERM": status = interrupts.terminate(signal: SIGTERM)
        default: status = interrupts.terminate(signal: SIGHUP)
        }
        // The signal's handler would quit now: the terminal is the shell's already.
        XCTAssertTrue(pair.isInLineModeWithEcho, quit)
        XCTAssertTrue(pair.waitForText(Self.leaveFullScreen, after: mark), quit)
        return status
      }
      XCTAssertEqual(status, ["interrupt": 130, "SIGTERM": 143, "SIGHUP": 129][quit], quit)
    }
  }

  func test_ctrlZ_givesTheShellItsTerminal_andFgReentersRawModeAndAsksForARedraw() async throws {
    let interrupts = InterruptController()
    try await run(interrupts: interrupts) { session, pair in
      let redraws = session.redraws()
      let beforeStop = pair.mark

      interrupts.suspend()  // Ctrl-Z

      XCTAssertTrue(pair.isInLineModeWithEcho, "the shell's settings while stopped")
      XCTAssertTrue(pair.waitForText(Self.leaveFullScreen, after: beforeStop), pair.text)
      pair.restoreLineModeWithEcho()  // as the shell does
      let beforeContinue = pair.mark

      interrupts.resume()  // fg

      XCTAssertFalse(pair.isInLineModeWithEcho, "raw mode again")
      XCTAssertTrue(pair.waitForText(Self.enterFullScreen, after: beforeContinue), pair.text)
      var iterator = redraws.makeAsyncIterator()
      let redraw = await iterator.next()
      XCTAssertEqual(redraw, .continued(TerminalSize(columns: 80, rows: 24)))
    }
  }

  func test_SIGWINCH_asksForARedrawAtTheNewSize() async throws {
    try await run { session, pair in
      let redraws = session.redraws()

      pair.resize(rows: 30, columns: 100)
      kill(getpid(), SIGWINCH)

      var iterator = redraws.makeAsyncIterator()
      let redraw = await iterator.next()
      XCTAssertEqual(redraw, .resized(TerminalSize(columns: 100, rows: 30)))
      XCTAssertEqual(session.size, TerminalSize(columns: 100, rows: 30))
    }
  }

  func test_redraws_endWithTheSession() async throws {
    let redraws = try await run { session, _ in session.redraws() }
    var iterator = redraws.makeAsyncIterator()
    let next = await iterator.next()
    XCTAssertNil(next)
  }

  func test_keys_areDecodedAsTyped_andEscAloneArrivesAfterThePause() async throws {
    try await run { session, pair in
      var keys = session.keys().makeAsyncIterator()

      pair.type("a\u{1B}[B")
      let first = await keys.next()
      let second = await keys.next()
      pair.type("\u{1B}")
      let third = await keys.next()

      XCTAssertEqual([first, second, third], [.text("a"), .down, .escape])
    }
  }

  func test_onAPipe_changesNothingAndWritesNoEscapeSequence() async throws {
    var input: [Int32] = [-1, -1]
    var output: [Int32] = [-1, -1]
    XCTAssertEqual(pipe(&input), 0)
    XCTAssertEqual(pipe(&output), 0)
    defer { for end in input + output { close(end) } }

    let interrupts = InterruptController()
    let seen = await TerminalSession.run(
      input: input[0], output: output[1], interrupts: interrupts
    ) { session in
      interrupts.suspend()
      interrupts.resume()
      return (session.isTerminal, session.isRaw, session.size)
    }

    XCTAssertFalse(seen.0)
    XCTAssertFalse(seen.1)
    XCTAssertEqual(seen.2, .fallback)
    _ = fcntl(output[0], F_SETFL, O_NONBLOCK)
    var bytes = [UInt8](repeating: 0, count: 64)
    XCTAssertEqual(read(output[0], &bytes, bytes.count), -1, "nothing was written")
    XCTAssertEqual(errno, EAGAIN)
  }

  func test_noEcho_keepsLineEditing() async throws {
    try await run(options: .noEcho) { session, pair in
      XCTAssertTrue(session.isRaw)
      XCTAssertFalse(pair.echoes)
      XCTAssertFalse(pair.isInLineModeWithEcho)
    }
    let pair = try XCTUnwrap(pair)
    XCTAssertTrue(pair.isInLineModeWithEcho)
    XCTAssertEqual(pair.text, "", "no screen switched")
  }
}
