import Foundation
import StatefulContent
import StatefulContentTerminal
import XCTest

/// The speech announcer: how it calls the synthesizer, one voice at a time, and the process
/// it starts by default.
final class SpeechAnnouncerTests: XCTestCase {
  /// The calls of a fake synthesizer, each waiting until released.
  private final class Calls: @unchecked Sendable {
    // Unchecked: every member is touched under `lock`.
    private let lock = NSLock()
    private var arguments: [[String]] = []
    private var ended = 0

    func record(_ words: [String]) { lock.withLock { arguments.append(words) } }
    func end() { lock.withLock { ended += 1 } }
    var spoken: [[String]] { lock.withLock { arguments } }
    var endedCount: Int { lock.withLock { ended } }
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
    let calls = Calls()
    let announcer = SpeechAnnouncer(executable: "/x/espeak-ng", voice: "en") { _, words in
      calls.record(words)
      // Speaks until cancelled, as a long sentence does.
      while !Task.isCancelled { await Task.yield() }
      calls.end()
    }
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

  func test_runProcess_cancelled_endsTheProcess() async throws {
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
    // Run from a thread of Swift's concurrency, which blocks nearly every signal.
    let speaking = Task.detached { await SpeechAnnouncer.runProcess(script, ["hi"]) }
    var identifier: pid_t?
    for _ in 0..<500 where identifier == nil {
      identifier = (try? String(contentsOfFile: marker, encoding: .utf8))
        .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
      try await Task.sleep(for: .milliseconds(10))
    }
    let pid = try XCTUnwrap(identifier, "the process started")
    speaking.cancel()
    await speaking.value
    XCTAssertEqual(kill(pid, 0), -1, "SIGTERM ended it, and it was reaped")
  }
}
