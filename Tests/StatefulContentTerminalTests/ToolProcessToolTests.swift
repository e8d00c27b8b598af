import Foundation
import StatefulContentTerminal
import XCTest

/// A tool that tests run again and again: where it is, and the variables every run gets.
final class ToolProcessToolTests: XCTestCase {
  func test_start_runsTheTool_withItsVariables_andARunsOwnOverThem() throws {
    let tool = ToolProcess.Tool("/bin/sh", environment: ["FIRST": "tool", "SECOND": "tool"])

    let run = try tool.start(
      ["-c", #"printf '%s %s' "$FIRST" "$SECOND""#], environment: ["SECOND": "run"])

    XCTAssertEqual(run.waitForExit(), 0)
    XCTAssertEqual(run.outputText, "tool run")
    XCTAssertEqual(tool.environment, ["FIRST": "tool", "SECOND": "tool"], "a run changes none")
  }

  func test_start_passesTheStreams() throws {
    let input = Pipe()
    let run = try ToolProcess.Tool("/bin/cat").start(
      standardInput: .pipe(input), standardError: .closed)

    input.fileHandleForWriting.write(Data("typed".utf8))
    try input.fileHandleForWriting.close()

    XCTAssertEqual(run.waitForExit(), 0)
    XCTAssertEqual(run.outputText, "typed")
  }

  func test_builtTool_isBesideTheTestBundle_andNotBuiltUnderAnUnknownName() throws {
    try XCTSkipUnless(FileManager.default.fileExists(atPath: "/proc/self/exe"), "no /proc")
    let name = "no-such-tool-\(UUID().uuidString)"
    let tests = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()

    let tool = ToolProcess.Tool.built(named: name, environment: ToolProcess.englishLocale)

    XCTAssertEqual(tool.name, name)
    XCTAssertEqual(
      URL(fileURLWithPath: tool.executable).deletingLastPathComponent().path,
      tests.deletingLastPathComponent().path)
    XCTAssertEqual(tool.environment, ToolProcess.englishLocale)
    XCTAssertFalse(tool.isBuilt)
    XCTAssertThrowsError(try tool.start(), "a tool not built cannot start")
  }

  func test_isBuilt_isWhetherAnExecutableIsThere() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("ToolProcessToolTests-\(UUID().uuidString)").path
    XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data("text".utf8)))
    defer { try? FileManager.default.removeItem(atPath: file) }

    XCTAssertTrue(ToolProcess.Tool("/bin/sh").isBuilt)
    XCTAssertFalse(ToolProcess.Tool(file).isBuilt, "a file, not executable")
    XCTAssertFalse(ToolProcess.Tool(file + "-missing").isBuilt)
  }
}
