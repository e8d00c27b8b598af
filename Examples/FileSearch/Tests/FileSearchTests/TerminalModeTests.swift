import FileSearchCore
import Foundation
import StatefulContent
import StatefulContentTerminal
import XCTest

/// The interactive mode in a real terminal (a pseudo-terminal): raw mode while it runs, and
/// the terminal's settings and screen restored however it ends — Ctrl-D, or a signal — and
/// while it is stopped (Ctrl-Z); redrawn after `fg` and at a new size.
final class TerminalModeTests: FixtureTestCase {
  private var pair: PseudoTerminal?

  override func setUpWithError() throws {
    try super.setUpWithError()
    try fileSearch.skipUnlessBuilt()
    pair = PseudoTerminal()
    try XCTSkipIf(pair == nil, "no pseudo-terminals here")
  }

  override func tearDown() {
    pair?.close()
    super.tearDown()
  }

  /// Starts the program on the terminal and waits for its first screen.
  private func start(_ pair: PseudoTerminal) throws -> ToolProcess {
    let terminal = FileHandle(fileDescriptor: pair.terminal)
    let program = try fileSearch.start(
      [tree.path], standardInput: .fileHandle(terminal), standardOutput: .fileHandle(terminal))
    XCTAssertTrue(pair.waitForText("Search \(tree.path): "), pair.text)
    return program
  }

  func test_signals_quitAndRestoreTheTerminal() throws {
    try tree.file("a.txt", text: "swift")
    for signal in [SIGINT, SIGTERM, SIGHUP] {
      let pair = try XCTUnwrap(PseudoTerminal())
      defer { pair.close() }
      XCTAssertTrue(pair.isInLineModeWithEcho)
      let program = try start(pair)
      XCTAssertFalse(pair.isInLineModeWithEcho, "raw mode while the program runs")

      // With no search running, the first Ctrl-C quits.
      program.send(signal)

      XCTAssertEqual(program.waitForExit(), 128 + signal)
      XCTAssertTrue(pair.isInLineModeWithEcho, "signal \(signal): the settings are restored")
      XCTAssertTrue(pair.waitForText("\u{1B}[?1049l"), "the shell's screen comes back")
      XCTAssertEqual(program.errorText, "")
    }
  }

  func test_ctrlZ_givesTheShellItsScreenAndSettings_andFgRedrawsInRawMode() async throws {
    try tree.file("a.txt", text: "swift\n")
    let pair = try XCTUnwrap(pair)
    let program = try start(pair)
    pair.type("sw")
    XCTAssertTrue(pair.waitForText("1 match"), pair.text)
    let beforeStop = pair.mark

    program.send(SIGTSTP)  // Ctrl-Z

    let stopped = await ToolProcess.wait { program.isStopped }
    XCTAssertTrue(stopped, "the program stops")
    XCTAssertTrue(pair.isInLineModeWithEcho, "the shell's settings while it is stopped")
    XCTAssertTrue(pair.waitForText("\u{1B}[?1049l", after: beforeStop), "the shell's screen")
    let beforeContinue = pair.mark

    program.send(SIGCONT)  // fg

    XCTAssertTrue(pair.waitForText("\u{1B}[?1049h", after: beforeContinue), "its own screen")
    XCTAssertTrue(
      pair.waitForText("Search \(tree.path): sw\u{1B}[K", after: beforeContinue),
      "redrawn: \(pair.text)")
    let raw = await ToolProcess.wait { !pair.isInLineModeWithEcho }
    XCTAssertTrue(raw, "raw mode again")
    let beforeTyping = pair.mark
    pair.type("i")  // read at once, without Enter
    XCTAssertTrue(pair.waitForText("Search \(tree.path): swi", after: beforeTyping), pair.text)
    pair.type("\u{04}")
    XCTAssertEqual(program.waitForExit(), 0)
    XCTAssertTrue(pair.isInLineModeWithEcho)
  }

  func test_resize_redrawsAtTheNewWidth() throws {
    try tree.file("a.txt", text: "swift " + String(repeating: "x", count: 100) + "\n")
    let pair = try XCTUnwrap(pair)
    let program = try start(pair)
    pair.type("swift")
    XCTAssertTrue(pair.waitForText("1 match"), pair.text)
    let beforeResize = pair.mark

    pair.resize(rows: 24, columns: 40)
    program.send(SIGWINCH)  // the terminal is not the program's controlling terminal

    let cut = "a.txt:1: swift " + String(repeating: "x", count: 24) + "…"
    XCTAssertTrue(pair.waitForText(cut + "\u{1B}[K", after: beforeResize), pair.text)
    pair.type("\u{04}")
    XCTAssertEqual(program.waitForExit(), 0)
  }

  func test_typing_searchesAsYouType_andCtrlDQuits() throws {
    try tree.file("notes/swift.txt", text: "")
    try tree.file("b.txt", text: "line one\nswift here\n")
    let pair = try XCTUnwrap(pair)
    let program = try start(pair)

    pair.type("sw")
    pair.type("i")

    XCTAssertTrue(pair.waitForText("2 matches"), pair.text)
    XCTAssertTrue(pair.text.contains("b.txt:2: swift here"))
    XCTAssertTrue(pair.text.contains("notes/swift.txt"))

    pair.type("zz")
    XCTAssertTrue(pair.waitForText("No matches for 'swizz'"), pair.text)

    pair.type("\u{04}")

    XCTAssertEqual(program.waitForExit(), 0)
    XCTAssertTrue(pair.isInLineModeWithEcho)
  }

  func test_missingFolder_isAnErrorWithRetry() throws {
    let pair = try XCTUnwrap(pair)
    let terminal = FileHandle(fileDescriptor: pair.terminal)
    let missing = tree.path + "/missing"
    let program = try fileSearch.start(
      [missing], standardInput: .fileHandle(terminal), standardOutput: .fileHandle(terminal))
    XCTAssertTrue(pair.waitForText("Search \(missing): "), pair.text)

    pair.type("x")

    XCTAssertTrue(
      pair.waitForText("[Ctrl-R] \(PlaceholderStrings.english.retry)"), pair.text)
    // In a box, the message wraps: the path may start a line of its own.
    XCTAssertTrue(pair.text.contains("no folder at"), pair.text)
    XCTAssertTrue(pair.text.contains("'\(missing)'"), pair.text)
    try tree.file("missing/x.txt", text: "")
    pair.type("\u{12}")
    XCTAssertTrue(pair.waitForText("x.txt"), pair.text)

    pair.type("\u{04}")
    XCTAssertEqual(program.waitForExit(), 0)
  }

  func test_strayByte_swallowsNoKeys_andNoControlByteReachesThePromptLine() throws {
    try tree.file("a.txt", text: "swift\n")
    let pair = try XCTUnwrap(pair)
    let program = try start(pair)

    // "swx", a Latin-1 "é", then Backspace: the stray byte is dropped, Backspace deletes "x".
    pair.type("swx")
    pair.type(bytes: [0xE9, 0x7F])
    pair.type("ift")

    XCTAssertTrue(pair.waitForText("Search \(tree.path): swift"), pair.text)
    XCTAssertTrue(pair.waitForText("1 match"), pair.text)
    XCTAssertFalse(pair.text.contains("\u{7F}"), "Backspace is no text")
    XCTAssertFalse(pair.text.contains("\u{FFFD}"), "the stray byte is not drawn")
    pair.type("\u{04}")
    XCTAssertEqual(program.waitForExit(), 0)
  }

  func test_bgAfterCtrlZ_stopsTheProgramOnItsRead_andFgBringsItBackRedrawn() async throws {
    try tree.file("a.txt", text: "swift\n")
    let pair = try XCTUnwrap(pair)
    let log = try tree.file("job.log", text: "")
    // A shell with job control, the terminal its controlling terminal: the program runs in the
    // foreground, is stopped (Ctrl-Z), continued in the background (`bg`), and once `wait` says
    // it stopped again, brought back to the foreground (`fg`).
    let job = try pair.spawnUnderJobControl(fileSearch, arguments: [tree.path], log: log)
    defer { job.end() }
    XCTAssertTrue(pair.waitForText("Search \(tree.path): "), pair.text)

    // Only `fg` draws the screen again: Ctrl-Z leaves it, `bg` finds the terminal the shell's.
    let beforeForeground = pair.mark
    try XCTUnwrap(job.tool).send(SIGTSTP)  // Ctrl-Z; then the shell's `bg`

    // In the background, a read of the terminal stops the program (SIGTTIN), as `wait` says;
    // "ended 0" would be a program that ended on its own.
    XCTAssertEqual(job.waitForStep("ended"), "ended \(128 + SIGTTIN)", "\(job.steps)")
    // `fg`: its screen, redrawn, and its keys.
    XCTAssertTrue(pair.waitForText("\u{1B}[?1049h", after: beforeForeground), "its own screen")
    XCTAssertTrue(pair.waitForText("Search \(tree.path): ", after: beforeForeground), pair.text)
    pair.type("swift")
    XCTAssertTrue(pair.waitForText("1 match", after: beforeForeground), pair.text)
    pair.type("\u{04}")
    XCTAssertEqual(job.waitForStep("finished"), "finished 0", "Ctrl-D after fg ends it")
  }

  func test_ctrlDInAPaste_quitsThere_andDropsWhatWasPastedAfterIt() throws {
    try tree.file("a.txt", text: "swift\n")
    let pair = try XCTUnwrap(pair)
    let program = try start(pair)

    pair.type("sw\u{04}zz\n")  // one write: read in one piece

    XCTAssertEqual(program.waitForExit(), 0, "Ctrl-D quits")
    XCTAssertTrue(pair.isInLineModeWithEcho, "the terminal is restored")
    XCTAssertFalse(pair.text.contains("swz"), "nothing after Ctrl-D was typed: \(pair.text)")
    var pending = pollfd(fd: pair.terminal, events: Int16(POLLIN), revents: 0)
    XCTAssertEqual(poll(&pending, 1, 100), 0, "nor left for the shell as a half-typed line")
  }

  func test_keysTypedAfterCtrlD_whileTheLastAnnouncementIsSpoken_reachTheShell() async throws {
    try tree.file("a.txt", text: "swift\n")
    let pair = try XCTUnwrap(pair)
    let espeak = try FakeSpeechEngine(in: tree.folder("bin"))
    defer { espeak.killAll() }
    let terminal = FileHandle(fileDescriptor: pair.terminal)
    let program = try fileSearch.start(
      ["--speak", tree.path], environment: ["PATH": espeak.searchPath],
      standardInput: .fileHandle(terminal), standardOutput: .fileHandle(terminal))
    XCTAssertTrue(pair.waitForText("Search \(tree.path): "), pair.text)
    pair.type("swift")
    XCTAssertTrue(pair.waitForText("1 match"), pair.text)
    let speaking = await ToolProcess.wait { !espeak.identifiers.isEmpty }
    XCTAssertTrue(speaking)

    pair.type("\u{04}")  // Ctrl-D: the program restores the terminal, then waits for speech
    let restored = await ToolProcess.wait { pair.isInLineModeWithEcho }
    XCTAssertTrue(restored)
    pair.type("echo next\n")  // the person's next command, typed for the shell
    let echoed = pair.waitForText("echo next")
    XCTAssertTrue(echoed)
    espeak.killAll()  // the announcement ends; so does the program
    XCTAssertEqual(program.waitForExit(), 0)

    var pending = pollfd(fd: pair.terminal, events: Int16(POLLIN), revents: 0)
    var left = ""
    if poll(&pending, 1, 1000) > 0 {
      var buffer = [UInt8](repeating: 0, count: 256)
      let count = read(pair.terminal, &buffer, buffer.count)
      if count > 0 { left = String(decoding: buffer[..<count], as: UTF8.self) }
    }
    XCTAssertEqual(left, "echo next\n", "the line typed after Ctrl-D was read by the program")
  }
}
