import Foundation
import StatefulContentTerminal
import XCTest

/// A tool run as a real process: its streams, its exit status, signals and deadlines, with
/// `/bin/sh` and `/bin/cat` as the tools.
final class ToolProcessTests: XCTestCase {
  private func shell(_ script: String, environment: [String: String] = [:]) throws -> ToolProcess {
    try ToolProcess("/bin/sh", arguments: ["-c", script], environment: environment)
  }

  func test_exit_reportsTheStatus_andEverythingWrittenToBothStreams() throws {
    let tool = try shell("printf 'out'; printf 'err' >&2; exit 3")

    XCTAssertEqual(tool.waitForExit(), 3)
    XCTAssertEqual(tool.waitForExit(timeout: .zero), 3, "again, at once")
    XCTAssertEqual(tool.outputText, "out")
    XCTAssertEqual(tool.errorText, "err")
  }

  func test_environment_setsAndReplacesVariables_andKeepsTheTestsOthers() throws {
    let path = try XCTUnwrap(ProcessInfo.processInfo.environment["PATH"])
    let tool = try shell(
      #"printf '%s|%s' "$GREETING" "$PATH""#, environment: ["GREETING": "hello"])

    XCTAssertEqual(tool.waitForExit(), 0)
    XCTAssertEqual(tool.outputText, "hello|\(path)")
  }

  func test_englishLocale_setsLangAndEmptiesWhatWouldOverrideIt() throws {
    let tool = try shell(
      #"printf '%s|%s|%s|%s' "$LANG" "$LC_ALL" "$LC_MESSAGES" "$LANGUAGE""#,
      environment: ToolProcess.englishLocale)

    XCTAssertEqual(tool.waitForExit(), 0)
    XCTAssertEqual(tool.outputText, "C.UTF-8|||")
  }

  func test_standardInput_isTheNullDeviceByDefault() throws {
    let tool = try ToolProcess("/bin/cat")

    XCTAssertEqual(tool.waitForExit(), 0)
    XCTAssertEqual(tool.outputText, "")
  }

  func test_standardInput_fromAPipe_isReadUntilTheTestClosesIt() throws {
    let input = Pipe()
    let tool = try ToolProcess("/bin/cat", standardInput: .pipe(input))

    input.fileHandleForWriting.write(Data("first\n".utf8))
    XCTAssertTrue(tool.waitForOutputText("first\n"), tool.outputText)
    XCTAssertTrue(tool.isRunning, "cat waits for more")
    input.fileHandleForWriting.write(Data("second\n".utf8))
    try input.fileHandleForWriting.close()

    XCTAssertEqual(tool.waitForExit(), 0)
    XCTAssertEqual(tool.outputText, "first\nsecond\n")
  }

  func test_standardOutput_toAFileHandle_isWrittenThere_andNotCollected() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("ToolProcessTests-\(UUID().uuidString)").path
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let file = try XCTUnwrap(FileHandle(forWritingAtPath: path))

    let tool = try ToolProcess(
      "/bin/sh", arguments: ["-c", "echo to-the-file"], standardOutput: .fileHandle(file))

    XCTAssertEqual(tool.waitForExit(), 0)
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "to-the-file\n")
    XCTAssertEqual(tool.outputText, "")
  }

  func test_standardOutput_toAPipe_isWrittenThere_andNotCollected() throws {
    let output = Pipe()

    let tool = try ToolProcess(
      "/bin/sh", arguments: ["-c", "echo to-the-pipe"], standardOutput: .pipe(output))

    XCTAssertEqual(tool.waitForExit(), 0)
    let written = output.fileHandleForReading.availableData
    XCTAssertEqual(String(decoding: written, as: UTF8.self), "to-the-pipe\n")
    XCTAssertEqual(tool.outputText, "")
  }

  func test_closedStandardOutput_failsTheToolsWrites() throws {
    let tool = try ToolProcess(
      "/bin/sh", arguments: ["-c", "echo lost || echo 'write failed' >&2"],
      standardOutput: .closed)

    XCTAssertEqual(tool.waitForExit(), 0)
    XCTAssertTrue(tool.errorText.hasSuffix("write failed\n"), tool.errorText)
  }

  func test_unwritableOutputs_failEveryWrite_withTheirError() throws {
    let unwritable = ToolProcess.Output.unwritable()
    #if os(Linux)
      XCTAssertEqual(unwritable.map(\.redirection), ["> /dev/full", ">&-"])
      XCTAssertEqual(unwritable.map(\.reason), ["No space left on device", "Bad file descriptor"])
    #endif
    XCTAssertEqual(unwritable.last?.error, .EBADF)

    for output in unwritable {
      let tool = try ToolProcess(
        "/bin/sh", arguments: ["-c", "echo lost 2> /dev/null || exit 7"],
        standardOutput: output.output)

      XCTAssertEqual(tool.waitForExit(), 7, output.redirection)
    }
  }

  func test_closedStandardError_leavesStandardOutputCollected() throws {
    let tool = try ToolProcess(
      "/bin/sh", arguments: ["-c", "echo lost >&2 || echo 'write failed'"],
      standardError: .closed)

    XCTAssertEqual(tool.waitForExit(), 0)
    XCTAssertEqual(tool.outputText, "write failed\n")
  }

  func test_signal_endsTheTool_withTheStatusAShellReports() throws {
    let tool = try ToolProcess("/bin/cat", standardInput: .pipe(Pipe()))
    XCTAssertTrue(tool.isRunning)

    tool.send(SIGTERM)

    XCTAssertEqual(tool.waitForExit(), 128 + SIGTERM)
    XCTAssertFalse(tool.isRunning)
  }

  func test_stopAndContinue_showInIsStopped() async throws {
    try XCTSkipUnless(FileManager.default.fileExists(atPath: "/proc/self/stat"), "no /proc")
    let tool = try ToolProcess("/bin/cat", standardInput: .pipe(Pipe()))
    defer { tool.send(SIGKILL) }

    tool.send(SIGSTOP)
    let stopped = await ToolProcess.wait { tool.isStopped }
    XCTAssertTrue(stopped)
    tool.send(SIGCONT)
    let continued = await ToolProcess.wait { !tool.isStopped }
    XCTAssertTrue(continued)
    XCTAssertTrue(tool.isRunning)
  }

  func test_waitForExit_atTheDeadline_returnsNil_andKillsTheTool() throws {
    let tool = try ToolProcess("/bin/cat", standardInput: .pipe(Pipe()))

    XCTAssertNil(tool.waitForExit(timeout: .milliseconds(50)))

    XCTAssertEqual(tool.waitForExit(), 128 + SIGKILL)
  }

  func test_waitForText_returnsWhenWritten_andFalseAtTheDeadline() throws {
    let input = Pipe()
    let tool = try ToolProcess(
      "/bin/sh", arguments: ["-c", "read line; echo \"out $line\"; echo \"err $line\" >&2"],
      standardInput: .pipe(input))
    XCTAssertFalse(tool.waitForOutputText("out", timeout: .milliseconds(20)), "nothing yet")

    input.fileHandleForWriting.write(Data("go\n".utf8))

    XCTAssertTrue(tool.waitForOutputText("out go"), tool.outputText)
    XCTAssertTrue(tool.waitForErrorText("err go"), tool.errorText)
    XCTAssertFalse(tool.waitForErrorText("never", timeout: .milliseconds(20)))
    XCTAssertEqual(tool.waitForExit(), 0)
  }

  func test_missingExecutable_throws() {
    XCTAssertThrowsError(try ToolProcess("/nonexistent/tool-\(UUID().uuidString)"))
  }

  func test_wait_returnsOnceTheConditionHolds_andFalseAtTheDeadline() async {
    var checks = 0
    let held = await ToolProcess.wait {
      checks += 1
      return checks == 3
    }
    XCTAssertTrue(held)
    XCTAssertEqual(checks, 3)

    let never = await ToolProcess.wait(timeout: .milliseconds(20)) { false }
    XCTAssertFalse(never)
  }
}
