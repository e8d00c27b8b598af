import Foundation
import StatefulContent
import StatefulContentTerminal
import XCTest

/// The speech announcer: how it calls the synthesizer, one voice at a time, and the process
/// it starts by default.
final class SpeechAnnouncerTests: XCTestCase {
  /// A synthesizer that records its calls and speaks until its run is cancelled, as a long
  /// sentence does.
  private final class Synthesizer: ProcessRunner {
    private let state = LockedState((spoken: [[String]](), ended: 0))

    var spoken: [[String]] { state.withLock { $0.spoken } }
    var endedCount: Int { state.withLock { $0.ended } }

    func run(
      _ pipeline: [ProcessInvocation], output: @escaping @Sendable (Data) -> Void
    ) async throws -> [ProcessResult] {
      state.withLock { $0.spoken.append(pipeline[0].arguments) }
      while !Task.isCancelled { await Task.yield() }
      state.withLock { $0.ended += 1 }
      throw CancellationError()
    }
  }

  private func announcement(_ text: String) -> Announcement {
    Announcement(text: text, state: .content)
  }

  func test_arguments_giveTheVoiceTheExtrasThenTheTextAfterDoubleDash() {
    let announcer = SpeechAnnouncer(
      executable: "/usr/bin/espeak-ng", voice: "de", extraArguments: ["-w", "/dev/null"])
    XCTAssertEqual(
      announcer.arguments(speaking: "-n\tname\n"),
      ["-v", "de", "-w", "/dev/null", "--", "-n name\u{FFFD}"],
      "a text starting with - is no option, and its control characters are replaced")
  }

  @MainActor
  func test_aNewerAnnouncement_stopsTheOneBeingSpoken_thenSpeaks() async {
    let calls = Synthesizer()
    let announcer = SpeechAnnouncer(executable: "/x/espeak-ng", voice: "en", runner: calls)
    announcer.announce(announcement("Loading…"))
    while calls.spoken.isEmpty { await Task.yield() }
    announcer.announce(announcement("Content loaded."))
    announcer.announce(announcement(""))  // nothing to say: nothing changes
    while calls.spoken.count < 2 { await Task.yield() }
    XCTAssertEqual(calls.endedCount, 1, "the first voice ended before the second began")
    XCTAssertEqual(calls.spoken.map(\.last), ["Loading…", "Content loaded."])
    announcer.stop()
    await announcer.finish()
    XCTAssertEqual(calls.endedCount, 2)
  }

  func test_locate_findsAnExecutableFile_only() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("speech-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/espeak-ng"
    XCTAssertNil(SpeechAnnouncer.locate(searchPath: folder))
    try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: path))
    XCTAssertNil(SpeechAnnouncer.locate(searchPath: folder), "not executable yet")
    XCTAssertEqual(chmod(path, 0o755), 0)
    XCTAssertEqual(SpeechAnnouncer.locate(searchPath: "/nonexistent::" + folder + "/"), path)
  }

  func test_aStoppedAnnouncement_endsItsProcess() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("speech-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let marker = folder + "/pid"
    let script = folder + "/espeak-ng"
    // Writes its process identifier, then speaks for a minute.
    try Data("#!/bin/sh\necho $$ > '\(marker)'\nexec sleep 60\n".utf8)
      .write(to: URL(fileURLWithPath: script))
    XCTAssertEqual(chmod(script, 0o755), 0)
    let announcer = SpeechAnnouncer(executable: script, voice: "en")
    announcer.announce(announcement("hi"))
    var identifier: pid_t?
    for _ in 0..<500 where identifier == nil {
      identifier = (try? String(contentsOfFile: marker, encoding: .utf8))
        .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
      try await Task.sleep(for: .milliseconds(10))
    }
    let pid = try XCTUnwrap(identifier, "the process started")
    announcer.stop()
    await announcer.finish()
    XCTAssertEqual(kill(pid, 0), -1, "SIGKILL ended it, and it was reaped")
  }
}
