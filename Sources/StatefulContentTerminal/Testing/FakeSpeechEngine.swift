import Foundation

/// A stand-in for `espeak-ng` that speaks "forever", for testing that a tool ends the speech it
/// starts: a script that records its process identifier and then sleeps a minute.
///
/// Put its folder first on the `PATH` of the tool under test (``searchPath``), and a
/// ``SpeechAnnouncer`` in that tool runs it instead of the real engine. The script is a bash
/// script because bash keeps the signal mask it starts with, where dash unblocks every signal:
/// a `SIGTERM` that the tool blocked, and its engine inherited, shows as a run that a `SIGTERM`
/// does not end.
///
/// ```swift
/// let engine = try FakeSpeechEngine(in: folder)
/// defer { engine.killAll() }
/// let tool = try ToolProcess(path, arguments: ["--speak"], environment: ["PATH": engine.searchPath])
/// let speaking = await ToolProcess.wait { !engine.identifiers.isEmpty }
/// tool.send(SIGTERM)
/// XCTAssertEqual(tool.waitForExit(), 128 + SIGTERM)
/// let ended = await ToolProcess.wait { engine.runningIdentifiers.isEmpty }
/// XCTAssertTrue(ended, "the tool ends its speech when it ends")
/// ```
public struct FakeSpeechEngine: Sendable {
  /// The folder that holds the script, for the front of the `PATH`.
  public let folder: String

  /// Writes the script, named ``SpeechAnnouncer/executableName``, into a folder.
  ///
  /// - Parameter folder: An existing folder of the test's own; the script records the runs in
  ///   a file `pids` beside itself.
  /// - Throws: The error of writing the script, such as for a folder that does not exist.
  public init(in folder: String) throws {
    self.folder = folder
    let pids = "'" + (folder as NSString).appendingPathComponent("pids") + "'"
    let script = "#!/bin/bash\necho $$ >> \(pids)\nexec sleep 60\n"
    let path = (folder as NSString).appendingPathComponent(SpeechAnnouncer.executableName)
    try Data(script.utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
  }

  /// The test's `PATH` with ``folder`` in front, so that the fake is found before the engine.
  public var searchPath: String {
    folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
  }

  /// The process identifiers of the runs so far, in the order they started.
  public var identifiers: [pid_t] {
    let pids = (folder as NSString).appendingPathComponent("pids")
    let text = (try? String(contentsOfFile: pids, encoding: .utf8)) ?? ""
    // A line is whole once its newline is written.
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      .compactMap { pid_t($0) }
  }

  /// The process identifiers of the runs that have not ended: neither gone nor a zombie.
  ///
  /// Reads `/proc` (Linux); empty where there is none.
  public var runningIdentifiers: [pid_t] {
    identifiers.filter { identifier in
      let state = PseudoTerminal.Child(identifier: identifier).state
      return state != nil && state != UInt8(ascii: "Z")
    }
  }

  /// Kills the runs that have not ended, after a test that failed to have them ended.
  public func killAll() {
    for identifier in runningIdentifiers { kill(identifier, SIGKILL) }
  }
}
