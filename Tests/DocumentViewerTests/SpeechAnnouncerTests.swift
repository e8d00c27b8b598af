import DocumentViewerCore
import Foundation
import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

@MainActor
final class SpeechAnnouncerTests: FixtureTestCase {
  private let output = TextCapture()
  private let errors = TextCapture()

  private func makeApp(
    language: String = "en", runner: SpeechRunner = SpeechRunner(),
    speechSearchPath: String = "/usr/bin:/bin"
  ) -> ViewerApp {
    var environment = ToolEnvironment()
    (environment.writeOutput, environment.writeError) = (output.write, errors.write)
    environment.makeStopwatch = { { .zero } }
    (environment.searchPath, environment.runner) = (speechSearchPath, runner)
    return ViewerApp(
      environment: environment, style: .plain, terminalSize: { nil },
      standardInputPasswords: .lines([]), strings: ViewerStrings(language: language))
  }

  /// A folder holding an executable named `espeak-ng` that is never run (the runner is fake).
  private func fakeEspeakFolder() throws -> String {
    let folder = try fixtures.directory("bin")
    let espeak = (folder as NSString).appendingPathComponent("espeak-ng")
    try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: espeak))
    XCTAssertEqual(chmod(espeak, 0o755), 0)
    return folder
  }

  private func announcement(_ text: String) -> Announcement {
    Announcement(text: text, state: .content)
  }

  // MARK: --speak and --announce

  func test_run_speak_speaksEachDocumentsStatesInTheLanguageOfTheMessages() async throws {
    let runner = SpeechRunner()
    let file = try fixtures.file("empty.txt", text: "")
    let bin = try fakeEspeakFolder()

    let status = await makeApp(language: "de", runner: runner, speechSearchPath: bin)
      .run(["--speak", file])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(errors.text, "")
    XCTAssertEqual(
      runner.texts, ["Öffne empty.txt…", "Leere Datei. „empty.txt“ enthält keinen Text."])
    XCTAssertTrue(runner.invocations.allSatisfy { $0.arguments.prefix(2) == ["-v", "de"] })
    XCTAssertTrue(runner.invocations.allSatisfy { $0.executable.hasSuffix("/bin/espeak-ng") })
  }

  func test_run_speakWithoutEspeak_saysSoInTheLanguageAndOpensTheDocumentAnyway() async throws {
    let runner = SpeechRunner()
    let file = try fixtures.file("notes.txt", text: "hello\n")

    let status = await makeApp(language: "fr", runner: runner, speechSearchPath: "")
      .run(["--speak", file])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(
      errors.text,
      ToolAnnouncers.missingSpeechNote(toolName: "document-viewer", language: "fr") + "\n")
    XCTAssertTrue(errors.text.contains("espeak-ng"))
    XCTAssertTrue(output.text.contains("hello"))
    XCTAssertEqual(runner.invocations, [])
  }

  func test_run_withoutSpeak_runsNoSynthesizer() async throws {
    let runner = SpeechRunner()
    let file = try fixtures.file("notes.txt", text: "hello\n")

    let bin = try fakeEspeakFolder()

    _ = await makeApp(runner: runner, speechSearchPath: bin).run([file])

    XCTAssertEqual(runner.invocations, [])
    XCTAssertEqual(errors.text, "")
  }

  func test_run_announce_writesWhatWouldBeSpokenToStandardError() async throws {
    let file = try fixtures.file("empty.txt", text: "")

    let status = await makeApp(language: "fr").run(["--announce", "--timeline", file])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(output.text, "0 loading \(file)\n0 empty \(file)\n")
    XCTAssertEqual(
      errors.text,
      "announce: Ouverture de empty.txt…\n"
        + "announce: Fichier vide. «\u{A0}empty.txt\u{A0}» ne contient aucun texte.\n")
  }

  func test_run_tourWithAnnounce_neverAnnouncesThePassword() async throws {
    guard PDFTools().areInstalled else { throw XCTSkip("poppler-utils and qpdf are needed") }

    let status = await makeApp().run(["--timeline", "--announce"])

    XCTAssertEqual(status, 0)
    let announced = errors.text.split(separator: "\n").filter { $0.hasPrefix("announce: ") }
    XCTAssertTrue(announced.contains("announce: Content loaded."), "\(announced)")
    XCTAssertTrue(announced.contains { $0.contains("locked.pdf") }, "\(announced)")
    XCTAssertFalse(errors.text.contains(SampleDocuments.lockedPDFPassword), errors.text)
  }

  // MARK: The real espeak-ng

  func test_realEspeak_acceptsTheInvocationInEveryLanguage() async throws {
    guard let espeak = SpeechAnnouncer.locate() else {
      throw XCTSkip("espeak-ng is not installed (apt-get install espeak-ng)")
    }
    for language in ViewerStrings.languages {
      // Written to /dev/null as a WAV file: no audio device is needed.
      let announcer = SpeechAnnouncer(
        executable: espeak, voice: language, extraArguments: ["-w", "/dev/null"])
      let text = ViewerStrings(language: language).text(.emptyFileMessage, ["name": "-notes.txt"])

      let result = try await SystemProcessRunner().run(announcer.invocation(speaking: text))

      XCTAssertEqual(result.status, 0, "\(language): \(result.standardErrorText)")
      XCTAssertEqual(result.standardErrorText, "", "\(language)")
    }
  }

  // MARK: The viewer's own process

  func test_viewer_aNewerAnnouncementEndsTheOneBeingSpoken() async throws {
    try documentViewer.skipUnlessBuilt()
    let file = try fixtures.file("a.txt", text: "a\n")
    let espeak = try FakeSpeechEngine(in: fixtures.directory("bin"))
    defer { espeak.killAll() }
    // "Opening a.txt…" is spoken once loading shows, "Content loaded." 3 s later.
    let viewer = try documentViewer.start(
      ["--speak", "--delay", "3000", file], environment: ["PATH": espeak.searchPath])

    let both = await ToolProcess.wait { espeak.identifiers.count == 2 }

    XCTAssertTrue(both, "\(espeak.identifiers)")
    let first = try XCTUnwrap(espeak.identifiers.first)
    let stopped = await ToolProcess.wait { !espeak.runningIdentifiers.contains(first) }
    XCTAssertTrue(stopped, "the newer announcement ends the one being spoken")
    viewer.send(SIGTERM)
    XCTAssertEqual(viewer.waitForExit(), 128 + SIGTERM)
  }

  func test_viewer_noWayOutLeavesEspeakRunning() async throws {
    try documentViewer.skipUnlessBuilt()
    let file = try fixtures.file("a.txt", text: "a\n")
    for signal in [SIGTERM, SIGHUP, SIGINT] {
      let espeak = try FakeSpeechEngine(in: fixtures.directory("bin-\(signal)"))
      defer { espeak.killAll() }
      let viewer = try documentViewer.start(
        ["--speak", "--delay", "60000", file], environment: ["PATH": espeak.searchPath])
      let speaking = await ToolProcess.wait { !espeak.identifiers.isEmpty }
      XCTAssertTrue(speaking, "signal \(signal): 'Opening a.txt…' is spoken")

      viewer.send(signal)
      if signal == SIGINT {
        // The first Ctrl-C cancels the load, the second quits.
        XCTAssertTrue(viewer.waitForErrorText("press Ctrl-C again"), viewer.errorText)
        viewer.send(SIGINT)
      }

      XCTAssertEqual(viewer.waitForExit(), 128 + signal)
      let ended = await ToolProcess.wait {
        espeak.runningIdentifiers.isEmpty
      }
      XCTAssertTrue(ended, "signal \(signal): no espeak-ng is left running")
    }
  }
}
