import Foundation
import StatefulContentTerminal
import XCTest

/// The pseudo-terminal tools are tested with: a child on it as a person's terminal runs it.
final class PseudoTerminalTests: XCTestCase {
  private var pair: PseudoTerminal?

  override func setUpWithError() throws {
    pair = PseudoTerminal(rows: 24, columns: 80)
    try XCTSkipIf(pair == nil, "no pseudo-terminals here")
  }

  override func tearDown() {
    pair?.close()
    super.tearDown()
  }

  func test_spawn_givesTheToolTheTerminalAtItsSize() throws {
    let pair = try XCTUnwrap(pair)
    XCTAssertEqual(pair.size, TerminalSize(columns: 80, rows: 24))

    let stty = try pair.spawn("/bin/stty", arguments: ["size"])

    XCTAssertEqual(stty.waitForExit(), 0)
    XCTAssertTrue(pair.waitForText("24 80"), pair.text)
    XCTAssertTrue(pair.isInLineModeWithEcho)
  }

  func test_afterTheToolExits_textHoldsItsLastLine_withoutTheFence() throws {
    let pair = try XCTUnwrap(pair)
    let script = "i=0; while [ $i -lt 3000 ]; do echo line $i; i=$((i+1)); done; echo the end"

    let shell = try pair.spawn("/bin/sh", arguments: ["-c", script])

    XCTAssertEqual(shell.waitForExit(), 0)
    let text = pair.text
    XCTAssertTrue(text.hasSuffix("line 2999\r\nthe end\r\n"), String(text.suffix(80)))
    XCTAssertFalse(text.contains("pseudo-terminal fence"))
    XCTAssertFalse(text.contains("\u{0}"))
  }

  func test_catchUp_takesItsFenceOutAgain() throws {
    let pair = try XCTUnwrap(pair)
    let cat = try pair.spawn("/bin/cat")
    pair.type("one\n")
    XCTAssertTrue(pair.waitForText("one\r\none\r\n"), pair.text)

    pair.catchUp()
    pair.catchUp()

    XCTAssertEqual(pair.text, "one\r\none\r\n")
    pair.type("\u{04}")
    XCTAssertEqual(cat.waitForExit(), 0)
  }

  func test_spawnTool_runsWithTheTestsEnvironment_itsOwnVariables_andATerminalType() throws {
    let pair = try XCTUnwrap(pair)
    let path = try XCTUnwrap(ProcessInfo.processInfo.environment["PATH"])
    let tool = ToolProcess.Tool("/bin/sh", environment: ["GREETING": "hello"])

    let child = try pair.spawn(
      tool, arguments: ["-c", #"[ -t 0 ] && echo "$GREETING $TERM $PATH""#])

    XCTAssertEqual(child.waitForExit(), 0)
    XCTAssertTrue(pair.waitForText("hello xterm-256color \(path)"), pair.text)
  }

  func test_spawnTool_keepsTheTerminalTypeTheToolNames() throws {
    let pair = try XCTUnwrap(pair)
    let tool = ToolProcess.Tool("/bin/sh", environment: ["TERM": "dumb"])

    let child = try pair.spawn(tool, arguments: ["-c", #"echo "term=$TERM""#])

    XCTAssertEqual(child.waitForExit(), 0)
    XCTAssertTrue(pair.waitForText("term=dumb"), pair.text)
  }

  func test_typedText_isEchoedAndReadByTheTool() throws {
    let pair = try XCTUnwrap(pair)
    let cat = try pair.spawn("/bin/cat")

    pair.type("hello\n")

    XCTAssertTrue(pair.waitForText("hello\r\nhello\r\n"), pair.text)
    pair.type("\u{04}")
    XCTAssertEqual(cat.waitForExit(), 0)
  }

  func test_typedCtrlC_interruptsTheToolAsItsControllingTerminal() throws {
    let pair = try XCTUnwrap(pair)
    let cat = try pair.spawn("/bin/cat")
    pair.type("x\n")
    XCTAssertTrue(pair.waitForText("x\r\nx"), pair.text)

    pair.type("\u{03}")

    XCTAssertEqual(cat.waitForExit(), 128 + SIGINT)
  }

  func test_resize_sendsSIGWINCHToTheForegroundJob() throws {
    let pair = try XCTUnwrap(pair)
    let shell = try pair.spawn(
      "/bin/sh",
      arguments: ["-c", "trap 'stty size' WINCH; echo ready; while :; do sleep 0.02; done"])
    XCTAssertTrue(pair.waitForText("ready"), pair.text)

    pair.resize(rows: 30, columns: 100)

    XCTAssertTrue(pair.waitForText("30 100"), pair.text)
    XCTAssertEqual(pair.size, TerminalSize(columns: 100, rows: 30))
    shell.send(SIGTERM)
    XCTAssertEqual(shell.waitForExit(), 128 + SIGTERM)
  }

  func test_stopAndContinue_areSeen() throws {
    let pair = try XCTUnwrap(pair)
    let cat = try pair.spawn("/bin/cat")

    cat.send(SIGSTOP)
    XCTAssertTrue(cat.waitUntil(stopped: true))
    cat.send(SIGCONT)
    XCTAssertTrue(cat.waitUntil(stopped: false))

    cat.send(SIGKILL)
    XCTAssertEqual(cat.waitForExit(), 128 + SIGKILL)
  }

  func test_spawn_missingTool_throws() throws {
    let pair = try XCTUnwrap(pair)
    XCTAssertThrowsError(try pair.spawn("/nonexistent/tool")) { error in
      XCTAssertEqual((error as? PseudoTerminal.SpawnError)?.code, ENOENT)
    }
  }
}
