import Foundation
import StatefulContentTerminal
import XCTest

/// The fake `espeak-ng`: found first on its `PATH`, it records each run and runs until killed.
final class FakeSpeechEngineTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws {
    try super.setUpWithError()
    folder =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("FakeSpeechEngineTests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(atPath: folder)
    try super.tearDownWithError()
  }

  func test_searchPath_findsTheFakeFirst_asAnExecutableScript() throws {
    let engine = try FakeSpeechEngine(in: folder)

    let lookup = try ToolProcess(
      "/bin/sh", arguments: ["-c", "command -v \(SpeechAnnouncer.executableName)"],
      environment: ["PATH": engine.searchPath])

    XCTAssertEqual(lookup.waitForExit(), 0)
    XCTAssertEqual(lookup.outputText, folder + "/" + SpeechAnnouncer.executableName + "\n")
    XCTAssertTrue(engine.searchPath.hasPrefix(folder + ":"))
    XCTAssertEqual(engine.identifiers, [], "nothing ran yet")
  }

  func test_runs_areRecordedInOrder_runUntilKilled_andKillAllEndsThem() async throws {
    try XCTSkipUnless(FileManager.default.fileExists(atPath: "/proc/self/stat"), "no /proc")
    try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/bin/bash"), "no bash")
    let engine = try FakeSpeechEngine(in: folder)
    defer { engine.killAll() }
    let speak = engine.folder + "/" + SpeechAnnouncer.executableName
    let first = try ToolProcess(speak, arguments: ["one"])
    let recorded = await ToolProcess.wait { engine.identifiers.count == 1 }
    XCTAssertTrue(recorded)
    let second = try ToolProcess(speak, arguments: ["two"])
    let both = await ToolProcess.wait { engine.identifiers.count == 2 }
    XCTAssertTrue(both)

    XCTAssertEqual(engine.identifiers, [first.identifier, second.identifier], "bash execs sleep")
    XCTAssertEqual(engine.runningIdentifiers, engine.identifiers)
    XCTAssertTrue(first.isRunning && second.isRunning, "it speaks for a minute")

    engine.killAll()

    XCTAssertEqual(first.waitForExit(), 128 + SIGKILL)
    XCTAssertEqual(second.waitForExit(), 128 + SIGKILL)
    XCTAssertEqual(engine.runningIdentifiers, [], "reaped: gone")
    XCTAssertEqual(engine.identifiers.count, 2, "the record stays")
  }

  func test_missingFolder_throws() {
    XCTAssertThrowsError(try FakeSpeechEngine(in: folder + "/missing"))
  }
}
