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
    // A FIFO: reading it waits until the process has written its identifier — no polling.
    let marker = folder + "/pid"
    XCTAssertEqual(mkfifo(marker, 0o600), 0)
    let script = folder + "/espeak-ng"
    // Writes its process identifier, then speaks for a minute.
    try Data("#!/bin/sh\necho $$ > '\(marker)'\nexec sleep 60\n".utf8)
      .write(to: URL(fileURLWithPath: script))
    XCTAssertEqual(chmod(script, 0o755), 0)
    let announcer = SpeechAnnouncer(executable: script, voice: "en")
    announcer.announce(announcement("hi"))
    let written = await withCheckedContinuation { continuation in
      // A thread of Dispatch's: the read waits for the writer, with a deadline reached only
      // when the test fails.
      DispatchQueue.global().async {
        continuation.resume(returning: Self.readLine(fromFIFO: marker, timeoutMilliseconds: 10_000))
      }
    }
    let identifier = written.flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    let pid = try XCTUnwrap(identifier, "the process started")
    announcer.stop()
    await announcer.finish()
    XCTAssertEqual(kill(pid, 0), -1, "SIGKILL ended it, and it was reaped")
  }

  /// Reads what a FIFO's writer writes, waiting for it at most `timeoutMilliseconds`.
  private static func readLine(fromFIFO path: String, timeoutMilliseconds: Int32) -> String? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&ready, 1, timeoutMilliseconds) == 1 else { return nil }
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = read(descriptor, &bytes, bytes.count)
    return count > 0 ? String(decoding: bytes[..<count], as: UTF8.self) : nil
  }
}
