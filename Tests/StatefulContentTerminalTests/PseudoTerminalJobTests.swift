import Foundation
import StatefulContentTerminal
import XCTest

/// A tool under a shell's job control on a pseudo-terminal: Ctrl-Z, `bg`, a read that stops it
/// in the background, `fg`, and the steps the shell logs.
final class PseudoTerminalJobTests: XCTestCase {
  private var pair: PseudoTerminal?
  private var log = ""

  override func setUpWithError() throws {
    try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/bin/bash"), "no bash")
    pair = PseudoTerminal(rows: 24, columns: 80)
    try XCTSkipIf(pair == nil, "no pseudo-terminals here")
    log =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("PseudoTerminalJobTests-\(UUID().uuidString).log").path
  }

  override func tearDown() {
    pair?.close()
    try? FileManager.default.removeItem(atPath: log)
    super.tearDown()
  }

  func test_stoppedTool_isContinuedInTheBackground_stopsOnItsRead_andEndsInTheForeground()
    throws
  {
    let pair = try XCTUnwrap(pair)
    let job = try pair.spawnUnderJobControl("/bin/cat", log: log)
    defer { job.end() }
    let started = job.waitForStep("pid")
    let tool = try XCTUnwrap(job.tool, "\(job.steps)")
    XCTAssertEqual(started, "pid \(tool.identifier)")
    XCTAssertTrue(tool.waitUntil(stopped: false))

    tool.send(SIGTSTP)  // Ctrl-Z

    XCTAssertEqual(job.waitForStep("stopped"), "stopped \(128 + SIGTSTP)", "\(job.steps)")
    XCTAssertEqual(job.waitForStep("ended"), "ended \(128 + SIGTTIN)", "\(job.steps)")
    XCTAssertEqual(
      job.steps, ["pid \(tool.identifier)", "stopped \(128 + SIGTSTP)", "continued", "ended 149"])
    XCTAssertNil(job.waitForStep("finished", timeout: .milliseconds(20)), "cat reads again")
    pair.type("back\n")
    XCTAssertTrue(pair.waitForText("back\r\nback\r\n"), pair.text)
    pair.type("\u{04}")
    XCTAssertEqual(job.waitForStep("finished"), "finished 0", "\(job.steps)")
    XCTAssertEqual(job.shell.waitForExit(), 0)
  }

  func test_tool_runsWithTheTestsEnvironmentAndItsOwnVariables() throws {
    let pair = try XCTUnwrap(pair)
    let path = try XCTUnwrap(ProcessInfo.processInfo.environment["PATH"])
    let tool = ToolProcess.Tool("/bin/sh", environment: ["GREETING": "hello"])

    let job = try pair.spawnUnderJobControl(
      tool, arguments: ["-c", #"echo "$GREETING $PATH""#], log: log)
    defer { job.end() }

    XCTAssertTrue(pair.waitForText("hello \(path)"), pair.text)
    XCTAssertEqual(job.shell.waitForExit(), 0)
  }

  func test_end_killsTheToolAndTheShell() async throws {
    try XCTSkipUnless(FileManager.default.fileExists(atPath: "/proc/self/stat"), "no /proc")
    let pair = try XCTUnwrap(pair)
    let job = try pair.spawnUnderJobControl("/bin/cat", log: log)
    XCTAssertNotNil(job.waitForStep("pid"))
    let tool = try XCTUnwrap(job.tool)

    job.end()

    XCTAssertEqual(kill(job.shell.identifier, 0), -1, "the shell is reaped")
    // The tool's parent is gone: whoever adopts it may leave it a zombie for a while.
    let ended = await ToolProcess.wait {
      let stat = (try? String(contentsOfFile: "/proc/\(tool.identifier)/stat", encoding: .utf8))
      return stat.map { $0.split(separator: ")").last?.hasPrefix(" Z") == true } ?? true
    }
    XCTAssertTrue(ended, "cat is killed")
  }
}
