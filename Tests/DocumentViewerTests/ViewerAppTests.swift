import DocumentViewerCore
import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

@MainActor
final class ViewerAppTests: FixtureTestCase {
  private let output = TextCapture()
  private let errors = TextCapture()
  private var askedPaths: [String] = []

  private func makeApp(passwords: [String] = []) -> ViewerApp {
    let source = PasswordSource.lines(passwords)
    var environment = ToolEnvironment()
    (environment.writeOutput, environment.writeError) = (output.write, errors.write)
    environment.makeStopwatch = { { .zero } }
    return ViewerApp(
      environment: environment, style: .plain, terminalSize: { nil },
      standardInputPasswords: PasswordSource { path, attempt in
        self.askedPaths.append(path)
        return await source.password(for: path, attempt: attempt)
      }, strings: .english)
  }

  // MARK: Usage

  /// Asserts that running with `arguments` is a usage error: exit status 2, nothing on
  /// standard output, and on standard error the error and a hint, not the usage.
  private func assertUsageError(
    _ arguments: [String], says message: String,
    file: StaticString = #filePath, line: UInt = #line
  ) async {
    let status = await makeApp().run(arguments)

    XCTAssertEqual(status, 2, file: file, line: line)
    XCTAssertEqual(output.text, "", file: file, line: line)
    XCTAssertEqual(
      errors.text, "document-viewer: \(message)\nRun 'document-viewer --help' for usage.\n",
      file: file, line: line)
  }

  func test_run_unknownOption_printsTheErrorAndAHintNotTheUsageToStandardErrorAndExits2()
    async
  {
    await assertUsageError(["--bogus"], says: "unknown option '--bogus'")
  }

  func test_run_missingValue_printsTheErrorAndAHintNotTheUsageAndExits2() async {
    let status = await makeApp().run(["a.txt", "--password-file"])

    XCTAssertEqual(status, 2)
    XCTAssertEqual(output.text, "")
    XCTAssertEqual(
      errors.lines,
      [
        "document-viewer: option '--password-file' needs a value",
        "Run 'document-viewer --help' for usage.", "",
      ])
  }

  func test_run_escapeSequencesInArguments_neverReachTheTerminal() async {
    let status = await makeApp().run(["--bogus\u{1B}[2J", "--password-file", "x\u{1B}[31m"])
    XCTAssertEqual(status, 2)
    XCTAssertFalse(errors.text.contains("\u{1B}"), errors.text)
    XCTAssertTrue(errors.text.hasPrefix("document-viewer: unknown option '--bogus\u{FFFD}[2J'"))

    let missing = await makeApp().run(["--password-file", "/no/such\u{1B}[31m", "a.pdf"])
    XCTAssertEqual(missing, 1)
    XCTAssertFalse(errors.text.contains("\u{1B}"), errors.text)
  }

  func test_run_rawArgumentNotUTF8_isAUsageErrorNamingIt() async {
    let status = await makeApp().run(rawArguments: [[0x78, 0xFF, 0x2E, 0x74, 0x78, 0x74]])
    XCTAssertEqual(status, 2)
    XCTAssertTrue(
      errors.text.hasPrefix(
        "document-viewer: the argument 'x\u{FFFD}.txt' is not valid UTF-8"), errors.text)
  }

  func test_run_rawArguments_inUTF8_runAsUsual() async {
    let status = await makeApp().run(rawArguments: [Array("--help".utf8)])
    XCTAssertEqual(status, 0)
    XCTAssertTrue(output.text.contains("USAGE: "))
  }

  func test_run_invalidDelay_isAUsageErrorExiting2() async {
    for arguments in [["--delay", "abc", "a"], ["--delay", "-5", "a"], ["a", "--delay"]] {
      errors.clear()

      let status = await makeApp().run(arguments)

      XCTAssertEqual(status, 2, "\(arguments)")
      XCTAssertTrue(
        errors.text.hasSuffix("\nRun 'document-viewer --help' for usage.\n"), "\(arguments)")
      XCTAssertFalse(errors.text.contains("USAGE: "), "\(arguments)")
    }
    XCTAssertEqual(output.text, "")
  }

  func test_run_explainWithoutTimeline_isAUsageErrorExiting2() async {
    await assertUsageError(
      ["--explain", "a.txt"], says: "--explain needs --timeline, whose lines it explains")
  }

  func test_run_help_printsTheUsageAndExits0() async {
    let status = await makeApp().run(["--help"])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(output.text, ViewerCommand.usage)
    XCTAssertEqual(errors.text, "")
  }

  // MARK: Text documents

  func test_run_timeline_printsOnlyTimelineLinesAndExits0WhateverTheState() async throws {
    let path = try fixtures.file("a.txt", text: "a\n")

    let missing = fixtures.path("missing")

    let status = await makeApp().run(["--timeline", path, missing])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(
      output.text,
      "0 loading \(path)\n0 content \(path)\n0 loading \(missing)\n0 error \(missing)\n")
    XCTAssertEqual(errors.text, "")
  }

  func test_run_onePath_rendersItWithoutHeading() async throws {
    let path = try fixtures.file("a.txt", text: "a\n")

    let status = await makeApp().run([path])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(output.text, "Opening a.txt…\na\n(1 line, 2 bytes)\n")
  }

  func test_run_severalPaths_rendersEachUnderAHeading() async throws {
    let first = try fixtures.file("a.txt", text: "a\n")
    let second = try fixtures.file("empty.txt", [])

    let status = await makeApp().run([first, second])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(
      output.lines,
      [
        "== \(first) ==", "Opening a.txt…", "a", "(1 line, 2 bytes)", "",
        "== \(second) ==", "Opening empty.txt…", "Empty File", "'empty.txt' contains no text.", "",
      ])
  }

  // MARK: Locked PDFs

  func test_run_timelineWithPasswordFile_rightPassword_isLockedThenLoadingThenContent()
    async throws
  {
    try skipUnlessPDFToolsAreInstalled()
    let locked = try await fixtures.lockedPDF()
    let passwords = try fixtures.file("passwords", text: FixturePasswords.user + "\n")

    let status = await makeApp().run(["--timeline", "--password-file", passwords, locked])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(
      output.lines, ["0 loading", "0 locked", "0 loading", "0 content", ""].named(locked))
    XCTAssertEqual(errors.text, "")
    XCTAssertEqual(askedPaths, [], "the password file replaces standard input")
  }

  func test_run_timelineWithPasswordFile_wrongPassword_isLockedAgainAndExits0() async throws {
    try skipUnlessPDFToolsAreInstalled()
    let locked = try await fixtures.lockedPDF()
    let passwords = try fixtures.file("passwords", text: "wrong\n")

    let status = await makeApp().run(["--timeline", "--password-file=\(passwords)", locked])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(
      output.lines, ["0 loading", "0 locked", "0 loading", "0 locked", ""].named(locked))
  }

  func test_run_passwordFileWithSeveralLines_triesThemInOrderUntilOneOpens() async throws {
    try skipUnlessPDFToolsAreInstalled()
    let locked = try await fixtures.lockedPDF()
    let passwords = try fixtures.file(
      "passwords", text: "first wrong\r\nsecond wrong\n\(FixturePasswords.user)\nnever tried\n")

    let status = await makeApp().run(["--timeline", "--password-file", passwords, locked])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(
      output.lines.map { $0.split(separator: " ").dropFirst().first.map(String.init) ?? "" },
      ["loading", "locked", "loading", "locked", "loading", "locked", "loading", "content", ""])
  }

  func test_run_passwords_neverAppearInOutputOrErrors() async throws {
    try skipUnlessPDFToolsAreInstalled()
    let locked = try await fixtures.lockedPDF()
    let passwords = try fixtures.file("passwords", text: "wrong guess\n\(FixturePasswords.user)\n")

    _ = await makeApp().run(["--password-file", passwords, locked])
    _ = await makeApp().run(["--timeline", "--password-file", passwords, locked])
    _ = await makeApp().run(["--timeline", "--explain", "--password-file", passwords, locked])

    XCTAssertTrue(output.text.contains(" because rule 1: "), output.text)
    for secret in ["wrong guess", FixturePasswords.user] {
      XCTAssertFalse(output.text.contains(secret))
      XCTAssertFalse(errors.text.contains(secret))
    }
    XCTAssertTrue(
      output.text.contains(PlaceholderStrings.english.incorrectCredential(attempts: 1)))
    XCTAssertTrue(output.text.contains("Secret text."))
  }

  func test_run_lockedPDFWithoutPasswords_staysLockedAndExits0() async throws {
    try skipUnlessPDFToolsAreInstalled()
    let locked = try await fixtures.lockedPDF()

    let status = await makeApp().run([locked])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(
      output.lines,
      [
        "Opening locked.pdf…", PlaceholderStrings.english.locked,
        "'locked.pdf' is protected by a password.", "[\(PlaceholderStrings.english.unlock)]", "",
      ])
    XCTAssertEqual(askedPaths, [locked], "asked once, stopped at the end of input")
  }

  func test_run_lockedPDFFollowedByAPlainOne_asksOnlyForTheLockedOne() async throws {
    try skipUnlessPDFToolsAreInstalled()
    let locked = try await fixtures.lockedPDF()
    let plain = try fixtures.textPDF()

    let status = await makeApp(passwords: [FixturePasswords.user]).run(
      ["--timeline", locked, plain])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(
      output.lines,
      ["0 loading", "0 locked", "0 loading", "0 content"].named(locked)
        + ["0 loading", "0 content", ""].named(plain))
    XCTAssertEqual(askedPaths, [locked])
  }

  func test_run_unreadablePasswordFile_exits1() async {
    let status = await makeApp().run(["--password-file", fixtures.path("none"), "a.pdf"])

    XCTAssertEqual(status, 1)
    XCTAssertTrue(errors.text.hasPrefix("document-viewer: cannot read the password file '"))
    XCTAssertEqual(output.text, "")
  }

  func test_run_pipedStandardInput_isReadAsPasswordLines() async throws {
    try skipUnlessPDFToolsAreInstalled()
    let locked = try await fixtures.lockedPDF()
    var app = makeApp()
    let input = LockedState(Array("bad\n\(FixturePasswords.user)\n".utf8))
    app.standardInputPasswords = .standardInputLines(toolName: "document-viewer", language: "en") {
      maximumCount in
      input.withLock { bytes in
        defer { bytes.removeFirst(min(maximumCount, bytes.count)) }
        return Data(bytes.prefix(maximumCount))
      }
    }

    let status = await app.run(["--timeline", locked])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(output.lines.last(where: { !$0.isEmpty }), "0 content \(locked)")
  }

  func test_process_pipedStandardInputStillOpen_triesEachPasswordAsItArrives() async throws {
    try documentViewer.skipUnlessBuilt()
    try skipUnlessPDFToolsAreInstalled()
    let locked = try await fixtures.lockedPDF()
    let input = Pipe()
    let viewer = try documentViewer.start(["--timeline", locked], standardInput: .pipe(input))
    defer { try? input.fileHandleForWriting.close() }
    func lockedLines() -> Int { viewer.outputText.components(separatedBy: " locked ").count - 1 }

    // A writer that sends a password and waits for what it did, as a password manager may.
    try input.fileHandleForWriting.write(contentsOf: Data("wrong\n".utf8))
    let tried = await ToolProcess.wait(timeout: .seconds(10)) { lockedLines() == 2 }
    XCTAssertTrue(tried, "the line is tried before more input comes: \(viewer.outputText)")
    try input.fileHandleForWriting.write(contentsOf: Data((FixturePasswords.user + "\n").utf8))
    try input.fileHandleForWriting.close()

    XCTAssertEqual(viewer.waitForExit(), 0)
    XCTAssertTrue(viewer.outputText.hasSuffix(" content \(locked)\n"), viewer.outputText)
  }

  // MARK: Delay

  func test_run_delay_showsLoadingAfterTheShowDelayAndKeepsItTheMinimumTime() async throws {
    let path = try fixtures.file("a.txt", text: "a\n")
    let clock = ManualClock()
    var app = makeApp()
    app.environment.clock = clock
    app.environment.makeStopwatch = {
      let start = clock.now
      return { start.duration(to: clock.now) }
    }

    let run = Task { await app.run(["--timeline", "--delay", "300", path]) }
    try await settle { clock.sleeperCount == 2 }  // the show delay and the simulated source
    clock.advance(by: .milliseconds(150))
    try await settle { self.output.text == "150 loading \(path)\n" }
    clock.advance(to: .init(offset: .milliseconds(300)))
    // Read at 300 ms; loading was shown at 150 ms and stays until 550 ms.
    try await settle { clock.nextDeadline?.offset == .milliseconds(550) }
    XCTAssertEqual(output.text, "150 loading \(path)\n")
    clock.advance(to: .init(offset: .milliseconds(550)))
    let status = await run.value

    XCTAssertEqual(status, 0)
    XCTAssertEqual(output.text, "150 loading \(path)\n550 content \(path)\n")
  }

  // MARK: Tour

  func test_run_tourInTimelineMode_reachesEverySamplesStatesAndUnlocksTheLockedPDF() async throws {
    let samples = try await SampleDocuments.create(in: fixtures.url, largeFileByteCount: 64)

    let status = await makeApp().run(["--timeline"])

    XCTAssertEqual(status, 0)
    let expected = samples.flatMap { sample in
      sample.expectedKinds.map { "0 \($0) \(sample.name)" }
    }
    XCTAssertEqual(output.lines.dropLast(), expected[...])
    XCTAssertEqual(askedPaths, [], "the tour types its own password")
    guard PDFTools().areInstalled else { return }
    XCTAssertEqual(
      Set(samples.flatMap(\.expectedKinds)), [.loading, .content, .empty, .error, .locked],
      "the tour shows every state a document can reach")
  }

  func test_run_tour_rendersAHeadingPerSampleAProgressBarAndThePassword() async throws {
    try skipUnlessPDFToolsAreInstalled()

    let status = await makeApp().run([])

    XCTAssertEqual(status, 0)
    let headings = output.lines.filter { $0.hasPrefix("== ") }
    XCTAssertEqual(
      headings,
      [
        "== A text file: welcome.txt ==", "== A folder: folder ==",
        "== A large file, shown as it is read: large.txt ==", "== An empty file: empty.txt ==",
        "== An empty folder: empty-folder ==", "== A missing file: missing.txt ==",
        "== A path through a file: welcome.txt/notes.txt ==", "== A binary file: image.bin ==",
        "== A PDF with text: report.pdf ==", "== A PDF without text (a scan): scan.pdf ==",
        "== A damaged PDF: damaged.pdf ==",
        "== A password-protected PDF (password: tour-secret): locked.pdf ==",
        "== A PDF with only an owner password: owner-only.pdf ==",
      ])
    XCTAssertTrue(output.lines.contains { $0.hasPrefix("[#####.....] ") }, "a bar half full")
    XCTAssertEqual(output.lines.filter { $0 == "[\(PlaceholderStrings.english.retry)]" }.count, 4)
    XCTAssertTrue(output.lines.contains("(the tour types the password 'tour-secret')"))
    XCTAssertTrue(output.lines.contains("No text in this document"))
    XCTAssertEqual(errors.text, "")
  }

  func test_run_tourWithoutPDFTools_skipsThePDFSamplesWithANote() async throws {
    var app = makeApp()
    app.reader = DocumentReader(pdfTools: PDFTools(searchPath: ""))

    let status = await app.run(["--timeline"])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(output.lines.count, 8 * 2 + 1)
    XCTAssertEqual(errors.lines, [Self.skippedPDFsNote, Self.skippedPDFsNote, ""])
  }

  func test_run_tourWithoutPDFTools_repeatsTheNoteAtTheEndSoThatItDoesNotScrollAway()
    async throws
  {
    let screen = TextCapture()
    var app = makeApp()
    app.reader = DocumentReader(pdfTools: PDFTools(searchPath: ""))
    app.environment.writeOutput = screen.write
    app.environment.writeError = screen.write

    let status = await app.run([])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(screen.lines.first, Self.skippedPDFsNote)
    XCTAssertEqual(
      screen.lines.suffix(3),
      ["[\(PlaceholderStrings.english.retry)]", Self.skippedPDFsNote, ""])
    XCTAssertEqual(screen.lines.filter { $0 == Self.skippedPDFsNote }.count, 2)
  }

  private static let skippedPDFsNote =
    "document-viewer: skipping the PDF samples: pdftotext and qpdf not found on PATH; "
    + "install poppler-utils and qpdf to see them."

  func test_tour_withTMPDIRNamingAMissingFolder_saysSoAndCreatesNothing() throws {
    try documentViewer.skipUnlessBuilt()
    let missing = fixtures.path("missing/deeper")

    let viewer = try documentViewer.start([], environment: ["TMPDIR": missing])

    XCTAssertEqual(viewer.waitForExit(), 1)
    XCTAssertEqual(
      viewer.errorText,
      "document-viewer: cannot write the sample documents: cannot create a folder in "
        + "'\(missing)' (TMPDIR): No such file or directory\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: fixtures.path("missing")))
  }

  func test_sampleDocuments_areWhatTheirExpectedKindsSay() async throws {
    let samples = try await SampleDocuments.create(in: fixtures.url, largeFileByteCount: 2 << 20)

    for sample in samples {
      let session = DocumentSession(path: sample.path, presenter: nil, strings: .english)
      await session.open()
      if let password = sample.password {
        XCTAssertEqual(session.currentState.kind, .locked, sample.title)
        await session.unlock(with: Credential(password: password))
      }
      XCTAssertEqual(session.currentState.kind, sample.expectedKind, sample.title)
    }
  }

  // MARK: Languages

  /// Runs the built viewer's tour in a language, and returns its output and errors.
  private func runTour(
    lang: String, arguments: [String] = []
  ) throws -> (status: Int32?, output: String, errors: String) {
    try documentViewer.skipUnlessBuilt()
    let viewer = try documentViewer.start(
      arguments, environment: ["LANG": lang, "LC_ALL": "", "LC_MESSAGES": ""])
    let status = viewer.waitForExit()
    return (status, viewer.outputText, viewer.errorText)
  }

  func test_tour_inGerman_showsTheViewersTextsInGerman() throws {
    let tour = try runTour(lang: "de_DE.UTF-8")

    XCTAssertEqual(tour.status, 0, tour.errors)
    for text in [
      "== Eine Textdatei: welcome.txt ==", "Öffne welcome.txt…", "(8 Zeilen, 441 Bytes)",
      "== Ein leerer Ordner: empty-folder ==", "Leerer Ordner",
      "„empty-folder“ hat keine Einträge.", "Leere Datei", "„empty.txt“ enthält keinen Text.",
      "Nicht gefunden", "Keine Textdatei", "5,0 MiB",
    ] {
      XCTAssertTrue(tour.output.contains(text), "missing \(text) in\n\(tour.output)")
    }
    XCTAssertFalse(tour.output.contains("Empty File"), tour.output)
    if PDFTools().areInstalled {
      XCTAssertTrue(tour.output.contains("„locked.pdf“ ist durch ein Passwort geschützt."))
      XCTAssertTrue(tour.output.contains("(der Rundgang tippt das Passwort „tour-secret“)"))
    }
  }

  func test_tour_inFrench_showsTheViewersTextsInFrench() throws {
    let tour = try runTour(lang: "fr_FR.UTF-8")

    XCTAssertEqual(tour.status, 0, tour.errors)
    for text in [
      "== Un fichier texte\u{A0}: welcome.txt ==", "Ouverture de welcome.txt…",
      "(8 lignes, 441 octets)", "Dossier vide",
      "«\u{A0}empty-folder\u{A0}» ne contient aucune entrée.",
      "Fichier vide", "Introuvable", "Pas un fichier texte",
    ] {
      XCTAssertTrue(tour.output.contains(text), "missing \(text) in\n\(tour.output)")
    }
    XCTAssertFalse(tour.output.contains("Empty Folder"), tour.output)
  }

  func test_tour_timelineInGerman_staysEnglishForScripts() throws {
    let tour = try runTour(lang: "de_DE.UTF-8", arguments: ["--timeline"])

    XCTAssertEqual(tour.status, 0, tour.errors)
    let lines = tour.output.split(separator: "\n").map { $0.split(separator: " ").dropFirst() }
    XCTAssertTrue(lines.contains { $0.joined(separator: " ") == "empty empty.txt" }, tour.output)
    XCTAssertTrue(
      lines.allSatisfy {
        ["loading", "content", "empty", "error", "locked"].contains($0.first ?? "")
      }, tour.output)
  }

  func test_help_inGermanAndFrench_isTranslatedAndMentionsSpeak() throws {
    try documentViewer.skipUnlessBuilt()
    for (lang, heading) in [("de_DE.UTF-8", "AUFRUF: "), ("fr_FR.UTF-8", "UTILISATION\u{A0}: ")] {
      let viewer = try documentViewer.start(["--help"], environment: ["LANG": lang, "LC_ALL": ""])

      XCTAssertEqual(viewer.waitForExit(), 0)
      XCTAssertTrue(viewer.outputText.hasPrefix(heading), viewer.outputText)
      XCTAssertTrue(viewer.outputText.contains("--speak"), viewer.outputText)
    }
  }

  func test_largeText_isExactlyTheSizeAskedAndEndsWithALineFeed() {
    let text = SampleDocuments.largeText(byteCount: 1000)

    XCTAssertEqual(text.count, 1000)
    XCTAssertEqual(text.last, UInt8(ascii: "\n"))
    XCTAssertEqual(SampleDocuments.largeText(byteCount: 0), [])
  }
}

extension [String] {
  /// Timeline lines followed by the document they belong to; an empty line (the end of the
  /// output) stays empty.
  fileprivate func named(_ document: String) -> [String] {
    map { $0.isEmpty ? $0 : "\($0) \(document)" }
  }
}
