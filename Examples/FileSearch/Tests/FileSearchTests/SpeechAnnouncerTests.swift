import FileSearchCore
import Foundation
import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

@MainActor
final class SpeechAnnouncerTests: FixtureTestCase {
  private let output = TextCapture()
  private let errors = TextCapture()

  /// Every call of the fake `espeak-ng`: its arguments.
  private let calls = Calls()

  /// A fake `espeak-ng` runner: it records the arguments of its calls, from any thread.
  private final class Calls: ProcessRunner, @unchecked Sendable {
    // Unchecked: `calls` is only touched under `lock`.
    private let lock = NSLock()
    private var calls: [[String]] = []

    var all: [[String]] { lock.withLock { calls } }

    func run(
      _ pipeline: [ProcessInvocation], output: @escaping @Sendable (Data) -> Void
    ) async throws -> [ProcessResult] {
      lock.withLock { calls.append(pipeline[0].arguments) }
      return [ProcessResult(status: 0)]
    }
  }

  private func run(_ arguments: [String], language: String, speechSearchPath: String) async
    -> Int32
  {
    var environment = ToolEnvironment()
    (environment.writeOutput, environment.writeError) = (output.write, errors.write)
    environment.makeStopwatch = { { .zero } }
    environment.inputIsTerminal = false
    (environment.searchPath, environment.runner) = (speechSearchPath, calls)
    let app = SearchApp(
      environment: environment, standardInputLines: { AsyncStream { $0.finish() } },
      strings: SearchStrings(language: language))
    return await app.run(arguments)
  }

  /// A folder with an executable `espeak-ng` that is never run (the speaker is fake).
  private func fakeEspeakFolder() throws -> String {
    let espeak = try tree.file("bin/espeak-ng", text: "#!/bin/sh\n")
    XCTAssertEqual(chmod(espeak, 0o755), 0)
    return (espeak as NSString).deletingLastPathComponent
  }

  func test_speak_speaksTheOutcomesInTheLanguageOfTheMessages() async throws {
    let folder = try tree.folder("empty")
    let bin = try fakeEspeakFolder()

    let status = await run(
      ["--speak", "--queries", "zzzq", folder], language: "de", speechSearchPath: bin)

    XCTAssertEqual(status, 0)
    XCTAssertEqual(errors.text, "")
    XCTAssertEqual(
      calls.all,
      [
        ["-v", "de", "--", "Suche nach „zzzq“…"],
        ["-v", "de", "--", "Keine Treffer für „zzzq“. 0 Dateien durchsucht."],
      ])
  }

  func test_speakWithoutEspeak_saysSoAndSearchesAnyway() async throws {
    let folder = try tree.folder("empty")

    let status = await run(
      ["--speak", "--queries", "zzzq", folder], language: "fr", speechSearchPath: "")

    XCTAssertEqual(status, 0)
    XCTAssertEqual(
      errors.text, ToolAnnouncers.missingSpeechNote(toolName: "file-search", language: "fr") + "\n")
    XCTAssertTrue(output.text.contains("Aucun résultat pour «\u{A0}zzzq\u{A0}»"), output.text)
    XCTAssertEqual(calls.all, [])
  }

  func test_announce_writesWhatWouldBeSpokenAndTheTimelineStaysEnglish() async throws {
    let folder = try tree.folder("empty")

    let status = await run(
      ["--announce", "--timeline", "--queries", "zzzq", folder], language: "fr",
      speechSearchPath: "")

    XCTAssertEqual(status, 0)
    XCTAssertEqual(output.text, "0 zzzq loading\n0 zzzq empty\n")
    XCTAssertEqual(
      errors.text,
      "announce: Recherche de «\u{A0}zzzq\u{A0}»…\n"
        + "announce: Aucun résultat pour «\u{A0}zzzq\u{A0}». 0 fichier parcouru.\n")
  }

  func test_announce_countsMatchesWithTheSearchsOwnWord_inEveryLanguage() async throws {
    try tree.file("found/notes.txt", text: "")
    try tree.file("found/notebook.txt", text: "")
    let expected = ["en": "2 matches", "de": "2 Treffer", "fr": "2 résultats"]
    for language in SearchStrings.languages {
      let status = await run(
        ["--announce", "--queries", "note", tree.path + "/found"], language: language,
        speechSearchPath: "")

      XCTAssertEqual(status, 0)
      // The runs write one after the other: the last line is this run's last announcement.
      let announced = errors.text.split(separator: "\n").last.map(String.init)
      XCTAssertEqual(announced, "announce: \(expected[language] ?? "?")", language)
    }
  }

  func test_realEspeak_speaksToAFileInEveryLanguage() async throws {
    guard let espeak = SpeechAnnouncer.locate() else {
      throw XCTSkip("espeak-ng is not installed (apt-get install espeak-ng)")
    }
    let wave = try tree.file("speech.wav", text: "")
    for language in SearchStrings.languages {
      let text = SearchStrings(language: language).text(.noMatches, ["query": "-swi"])
      let announcer = SpeechAnnouncer(
        executable: espeak, voice: language, extraArguments: ["-w", wave])

      let result = try await SystemProcessRunner().run(announcer.invocation(speaking: text))
      XCTAssertEqual(result.status, 0, language)

      let size = try FileManager.default.attributesOfItem(atPath: wave)[.size] as? Int
      XCTAssertGreaterThan(size ?? 0, 1000, language)
    }
  }

  func test_program_aNewerAnnouncementEndsTheOneBeingSpoken_andNoSignalLeavesEspeakRunning()
    async throws
  {
    try fileSearch.skipUnlessBuilt()
    try tree.file("a.txt", text: "swiftly\n")
    try tree.file("b.txt", text: "swift\n")  // "2 matches", then "1 match": news each time
    for signal in [SIGTERM, SIGHUP, SIGINT] {
      let espeak = try FakeSpeechEngine(in: tree.folder("bin-\(signal)"))
      defer { espeak.killAll() }
      let input = Pipe()
      let program = try fileSearch.start(
        ["--speak", tree.path], environment: ["PATH": espeak.searchPath],
        standardInput: .pipe(input))
      try input.fileHandleForWriting.write(contentsOf: Data("swift\n".utf8))
      let speaking = await ToolProcess.wait { !espeak.identifiers.isEmpty }
      XCTAssertTrue(speaking, "signal \(signal): the first query's news are spoken")
      let first = try XCTUnwrap(espeak.identifiers.first)

      try input.fileHandleForWriting.write(contentsOf: Data("swiftly\n".utf8))

      let stopped = await ToolProcess.wait { !espeak.runningIdentifiers.contains(first) }
      XCTAssertTrue(stopped, "signal \(signal): newer news end the ones being spoken")
      XCTAssertTrue(program.waitForOutputText("a.txt:1: swiftly\n"), program.outputText)
      program.send(signal)
      if signal == SIGINT {
        // A Ctrl-C while the search still runs cancels it, and the next one quits.
        let answered = await ToolProcess.wait {
          !program.isRunning || program.errorText.contains("press Ctrl-C again")
        }
        XCTAssertTrue(answered)
        if program.isRunning { program.send(SIGINT) }
      }

      XCTAssertEqual(program.waitForExit(), 128 + signal)
      let ended = await ToolProcess.wait {
        espeak.runningIdentifiers.isEmpty
      }
      XCTAssertTrue(ended, "signal \(signal): no espeak-ng is left running")
      try input.fileHandleForWriting.close()
    }
  }
}
