import Foundation
import StatefulContent
import StatefulContentTerminal
import XCTest

/// The announcers that `--speak` and `--announce` ask for.
final class ToolAnnouncersTests: XCTestCase {
  /// A fake `espeak-ng` runner that records the texts it is asked to speak.
  private final class Voice: ProcessRunner {
    private let texts = LockedState([String]())
    var spoken: [String] { texts.withLock { $0 } }

    func run(
      _ pipeline: [ProcessInvocation], output: @escaping @Sendable (Data) -> Void
    ) async throws -> [ProcessResult] {
      texts.withLock { $0.append(pipeline[0].arguments.last ?? "") }
      return [ProcessResult(status: 0)]
    }
  }

  private final class Lines {
    var text = ""
  }

  private let announcement = Announcement(text: "3 matches", state: .content)

  /// A folder holding an executable file named `espeak-ng`, never run (the voice is fake).
  private func folderWithEspeak() throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("announcers-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let espeak = folder + "/espeak-ng"
    try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: espeak))
    XCTAssertEqual(chmod(espeak, 0o755), 0)
    return folder
  }

  func test_neither_asksForNoAnnouncerAndWritesNothing() {
    let lines = Lines()
    let announcers = ToolAnnouncers(
      speaks: false, announces: false, toolName: "tool", language: "en", searchPath: "",
      writeError: { lines.text += $0 })
    XCTAssertNil(announcers.announcer)
    XCTAssertNil(announcers.speech)
    XCTAssertEqual(lines.text, "")
  }

  func test_announce_writesAnAnnounceLine() {
    let lines = Lines()
    let announcers = ToolAnnouncers(
      speaks: false, announces: true, toolName: "tool", language: "en", searchPath: "",
      writeError: { lines.text += $0 })
    announcers.announcer?.announce(announcement)
    XCTAssertEqual(lines.text, "announce: 3 matches\n")
  }

  @MainActor
  func test_speakAndAnnounce_bothGetEveryAnnouncement_inTheVoiceOfTheLanguage() async throws {
    let folder = try folderWithEspeak()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let lines = Lines()
    let voice = Voice()
    let announcers = ToolAnnouncers(
      speaks: true, announces: true, toolName: "tool", language: "de", searchPath: folder,
      runner: voice, writeError: { lines.text += $0 })

    announcers.announcer?.announce(announcement)
    await announcers.finish()

    XCTAssertEqual(announcers.speech?.voice, "de")
    XCTAssertEqual(voice.spoken, ["3 matches"])
    XCTAssertEqual(lines.text, "announce: 3 matches\n")
  }

  func test_speakWithoutEspeak_writesTheNoteInTheLanguage_andSpeaksNothing() {
    for (language, start) in [
      ("en", "tool: --speak: espeak-ng was not found"),
      ("de", "tool: --speak: espeak-ng wurde nicht im PATH gefunden"),
      ("fr", "tool\u{A0}: --speak\u{A0}: espeak-ng est introuvable"),
      ("it", "tool: --speak: espeak-ng was not found"),
    ] {
      let lines = Lines()
      let announcers = ToolAnnouncers(
        speaks: true, announces: false, toolName: "tool", language: language, searchPath: "",
        writeError: { lines.text += $0 })
      XCTAssertNil(announcers.speech, language)
      XCTAssertNil(announcers.announcer, language)
      XCTAssertTrue(lines.text.hasPrefix(start), lines.text)
      XCTAssertTrue(lines.text.hasSuffix("(apt-get install espeak-ng).\n"), lines.text)
    }
  }
}
