import DocumentViewerCore
import Foundation
import StatefulContent
import StatefulContentTerminal
import XCTest

/// `document-viewer --remember`: a PDF's password kept in the user's kernel keyring after it
/// unlocked, tried before the prompt however the PDF is named, forgotten when it no longer
/// opens it — and never on a command line, in the output or in a file.
///
/// The real viewer runs on a pseudo-terminal, as a person runs it, with `HOME`, the XDG
/// folders and `TMPDIR` in the test's own folder. The keys live in the user's keyring (`@u`):
/// each test removes every key it or the viewer may have added, whatever the test's outcome.
@MainActor
final class ViewerRememberTests: FixtureTestCase {
  /// The keys to remove after the test.
  private var names: [String] = []
  /// The wrappers that log the command lines of the tools the viewer runs.
  private var loggedTools: LoggedTools?
  private let output = TextCapture()
  private let errors = TextCapture()

  override func tearDown() async throws {
    // XCTest's own asynchronous tearDown does nothing; the fixtures go in the synchronous one.
    for name in names { _ = try? await KernelKeyring().remove(named: name) }
  }

  /// A password no other test (or run) uses, so that whatever contains it came from here.
  private func uniqueSecret() -> String {
    "kept horse \(UUID().uuidString.prefix(8))"
  }

  /// A locked PDF whose key is removed after the test, and the key's name.
  private func lockedPDF(_ name: String = "locked.pdf", password: String) async throws -> (
    path: String, keyName: String
  ) {
    let path = try await fixtures.lockedPDF(name, userPassword: password)
    let keyName = try await DocumentFingerprint.of(path).keyName
    names.append(keyName)
    return (path, keyName)
  }

  /// The wrappers that log the command lines of `keyctl`, `qpdf`, `pdftotext` and
  /// `sha256sum`, first on the `PATH` of the viewer's runs.
  private func tools() throws -> LoggedTools {
    if let loggedTools { return loggedTools }
    let tools = try LoggedTools(
      in: fixtures.directory("logged-bin"), log: fixtures.path("runs.log"))
    loggedTools = tools
    return tools
  }

  /// `HOME`, the XDG folders and `TMPDIR` of the viewer's runs, in the test's folder, and a
  /// `PATH` whose tools log their command lines.
  private func sandbox() throws -> [String: String] {
    let home = try fixtures.directory("home")
    return [
      "PATH": try tools().searchPath,
      "HOME": home, "XDG_CACHE_HOME": home + "/cache", "XDG_CONFIG_HOME": home + "/config",
      "XDG_DATA_HOME": home + "/data", "XDG_STATE_HOME": home + "/state",
      "XDG_RUNTIME_DIR": home + "/runtime", "TMPDIR": home,
    ]
  }

  /// Runs the viewer on a pseudo-terminal, waits for its password prompt, types `password`,
  /// and waits for it to end, watching every process's command line for `password` and
  /// `alsoWatched`.
  ///
  /// - Returns: Everything it drew, what it drew before the password was typed, its exit
  ///   status and what the watch of command lines saw meanwhile.
  private func runInATerminal(
    _ arguments: [String], typing password: String, prompt: String,
    alsoWatching alsoWatched: [String] = []
  ) throws -> (
    screen: String, beforePassword: String, status: Int32?,
    sightings: CommandLineWatcher.Sightings
  ) {
    let pair = try XCTUnwrap(PseudoTerminal(), "no pseudo-terminals here")
    defer { pair.close() }
    let environment = ["TERM": "xterm-256color"].merging(ToolProcess.englishLocale) { $1 }
      .merging(try sandbox()) { $1 }
    let watcher = CommandLineWatcher(secrets: [password] + alsoWatched)
    let viewer = try pair.spawn(
      documentViewer.executable, arguments: arguments,
      environment: environment.map { "\($0.key)=\($0.value)" })
    let prompted = pair.waitForText(prompt)
    let beforePassword = pair.text
    if prompted { pair.type(password + "\n") }
    let status = viewer.waitForExit()
    let sightings = watcher.stop()
    XCTAssertTrue(prompted, pair.text)
    return (pair.text, beforePassword, status, sightings)
  }

  /// Asserts that no process's command line contained a secret while the watch ran (and
  /// that the watch saw the viewer's own), and that no tool the viewer ran was given one as
  /// an argument — while it did run `expected` tools (a log line's start).
  private func assertNoCommandLineContains(
    _ secrets: [String], _ sightings: CommandLineWatcher.Sightings, toolsRan expected: [String],
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    XCTAssertEqual(sightings.leaks, [], file: file, line: line)
    XCTAssertTrue(
      sightings.programs.contains("document-viewer"), "the watch saw the viewer run",
      file: file, line: line)
    let runs = try tools().lines
    for secret in secrets {
      XCTAssertEqual(runs.filter { $0.contains(secret) }, [], file: file, line: line)
    }
    for start in expected {
      XCTAssertTrue(
        runs.contains { $0.hasPrefix(start) }, "ran \(start): \(runs)", file: file, line: line)
    }
  }

  // MARK: In a real terminal

  func test_remember_thenARenamedCopy_opensWithoutAPrompt_andTheSecretIsNowhere() async throws {
    try documentViewer.skipUnlessBuilt()
    try skipUnlessPDFToolsAreInstalled()
    try await skipUnlessKernelKeyringWorks()
    let secret = uniqueSecret()
    let (locked, keyName) = try await lockedPDF(password: secret)

    let first = try runInATerminal(
      ["--remember", locked], typing: secret,
      prompt: "Password for 'locked.pdf' (empty to skip): ")

    XCTAssertEqual(first.status, 0, first.screen)
    XCTAssertTrue(first.screen.contains("Secret text."), first.screen)
    XCTAssertFalse(first.screen.contains(secret), "the password is typed without echo")
    try assertNoCommandLineContains(
      [secret], first.sightings,
      toolsRan: ["qpdf --password-file=- --requires-password", "keyctl padd user"])
    let remembered = try await KernelKeyring().secret(named: keyName)
    XCTAssertEqual(remembered, secret, "kept in the user's keyring under the PDF's /ID")

    try fixtures.directory("moved")
    let copy = fixtures.path("moved/renamed copy.pdf")
    try FileManager.default.copyItem(atPath: locked, toPath: copy)
    let second = try documentViewer.start(
      ["--timeline", "--explain", "--announce", copy], environment: try sandbox())
    XCTAssertEqual(second.waitForExit(), 0, second.errorText)

    let lines = second.outputText.split(separator: "\n").map(String.init)
    XCTAssertEqual(kinds(lines), ["loading", "content"], second.outputText)
    XCTAssertTrue(
      lines.last?.hasSuffix("a remembered credential opened it, nobody was asked") ?? false,
      second.outputText)
    XCTAssertTrue(second.errorText.contains("announce: "), second.errorText)
    XCTAssertFalse(second.errorText.contains("Password for"), "nobody was asked")
    for text in [second.outputText, second.errorText] {
      XCTAssertFalse(text.contains(secret), text)
    }
    let runs = try tools().lines
    XCTAssertTrue(runs.contains { $0.hasPrefix("keyctl pipe") }, "\(runs)")
    XCTAssertEqual(runs.filter { $0.contains(secret) }, [])
    XCTAssertEqual(files(under: fixtures.url.path, containing: secret), [])
  }

  func test_aRememberedPasswordThatNoLongerOpens_isForgotten_andThePromptSaysNothingWrong()
    async throws
  {
    try documentViewer.skipUnlessBuilt()
    try skipUnlessPDFToolsAreInstalled()
    try await skipUnlessKernelKeyringWorks()
    let (old, new) = (uniqueSecret(), uniqueSecret())
    let (locked, keyName) = try await lockedPDF("before.pdf", password: old)
    try await KernelKeyring().store(old, named: keyName)
    // The same PDF encrypted anew with another password keeps its /ID, so its fingerprint.
    let relocked = try await reencrypt(locked, from: old, to: new, as: "relocked.pdf")
    let sameKey = try await DocumentFingerprint.of(relocked).keyName
    XCTAssertEqual(sameKey, keyName)

    let run = try runInATerminal(
      [relocked], typing: new, prompt: "Password for 'relocked.pdf' (empty to skip): ",
      alsoWatching: [old])

    XCTAssertEqual(run.status, 0, run.screen)
    XCTAssertTrue(
      run.beforePassword.contains("'relocked.pdf' is protected by a password."),
      run.beforePassword)
    XCTAssertFalse(run.beforePassword.contains("Incorrect"), run.beforePassword)
    XCTAssertFalse(run.beforePassword.contains("Wrong password"), run.beforePassword)
    XCTAssertTrue(run.screen.contains("Secret text."), run.screen)
    let left = try await KernelKeyring().secret(named: keyName)
    XCTAssertNil(left, "the refused password is forgotten, and without --remember none is kept")
    try assertNoCommandLineContains(
      [old, new], run.sightings,
      toolsRan: ["keyctl pipe", "keyctl unlink", "qpdf --password-file=- --decrypt"])
    for secret in [old, new] {
      XCTAssertFalse(run.screen.contains(secret))
      XCTAssertEqual(files(under: fixtures.url.path, containing: secret), [])
    }
  }

  /// Decrypts a PDF (the password on qpdf's standard input) and encrypts the copy with
  /// another password, as a person changing a PDF's password with qpdf does.
  private func reencrypt(
    _ path: String, from old: String, to new: String, as name: String
  ) async throws -> String {
    let qpdf = try XCTUnwrap(PDFTools().locate(.qpdf))
    let plain = fixtures.path("decrypted-" + name)
    let decrypt = try await SystemProcessRunner().run(
      ProcessInvocation(
        executable: qpdf, arguments: ["--password-file=-", "--decrypt", path, plain],
        standardInput: Data((old + "\n").utf8)))
    XCTAssertEqual(decrypt.status, 0, decrypt.standardErrorText)
    try await PDFTools().encrypt(
      plain, to: fixtures.path(name), userPassword: new, ownerPassword: FixturePasswords.owner)
    try FileManager.default.removeItem(atPath: plain)
    return fixtures.path(name)
  }

  // MARK: Without the keyring

  private func makeApp(keyring: KernelKeyring, strings: ViewerStrings = .english) -> ViewerApp {
    var environment = ToolEnvironment()
    (environment.writeOutput, environment.writeError) = (output.write, errors.write)
    environment.makeStopwatch = { { .zero } }
    var app = ViewerApp(
      environment: environment, style: .plain, terminalSize: { nil },
      standardInputPasswords: .lines([FixturePasswords.user]), strings: strings)
    app.keyring = keyring
    return app
  }

  /// The state kinds of timeline lines (`12 loading a.pdf` gives `loading`).
  private func kinds(_ lines: [String]) -> [String] {
    lines.map { $0.split(separator: " ").dropFirst().first.map(String.init) ?? "" }
  }

  /// Runs the viewer in this process on a locked PDF, with `options`, where no `keyctl` is
  /// found; the password is given when asked.
  private func runOnALockedPDFWithoutKeyctl(_ options: [String]) async throws -> Int32 {
    try skipUnlessPDFToolsAreInstalled()
    let locked = try await fixtures.lockedPDF()
    let empty = try fixtures.directory("no-keyctl")
    return await makeApp(keyring: KernelKeyring(searchPath: empty)).run(options + [locked])
  }

  func test_remember_withoutKeyctl_saysSo_andAsksAsBefore() async throws {
    let status = try await runOnALockedPDFWithoutKeyctl(["--timeline", "--remember"])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(kinds(output.lines), ["loading", "locked", "loading", "content", ""])
    XCTAssertEqual(
      errors.text,
      "document-viewer: passwords are not remembered: keyctl was not found on PATH; install "
        + "keyutils to remember them.\n")
  }

  func test_withoutRememberOrKeyctl_nothingIsSaid() async throws {
    let status = try await runOnALockedPDFWithoutKeyctl(["--timeline", "--explain"])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(kinds(output.lines), ["loading", "locked", "loading", "content", ""])
    XCTAssertEqual(errors.text, "")
    XCTAssertFalse(output.text.contains("credential store"), "no store, no store's reasons")
  }

  func test_remember_withTheKeyringRefused_saysSoOnceInTheLanguage_andAsksAsBefore()
    async throws
  {
    try skipUnlessPDFToolsAreInstalled()
    let first = try await fixtures.lockedPDF("first.pdf")
    let second = try await fixtures.lockedPDF("second.pdf")
    try fixtures.directory("bin")
    let keyctl = try fixtures.file("bin/keyctl", text: "#!/bin/sh\nexit 1\n")
    chmod(keyctl, 0o755)
    let refusing = RecordingProcessRunner.scripted { _ in
      ProcessResult(status: 1, standardError: Data("keyctl_search: Permission denied\n".utf8))
    }
    var app = makeApp(
      keyring: KernelKeyring(searchPath: fixtures.path("bin"), runner: refusing),
      strings: ViewerStrings(language: "de"))
    app.standardInputPasswords = .lines([FixturePasswords.user, FixturePasswords.user])

    let status = await app.run(["--timeline", "--remember-for", "60", first, second])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(
      output.lines.filter { $0.contains(" content ") }.count, 2, output.text)
    XCTAssertEqual(
      errors.text,
      "document-viewer: Passwörter werden nicht gemerkt: der Kernel-Schlüsselbund lehnt ab: "
        + "keyctl_search: Permission denied\n")
    let added = refusing.invocations.filter { $0.arguments.first == "padd" }
    XCTAssertEqual(added.count, 2, "each unlock tried to remember, and the note came once")
    for invocation in refusing.invocations {
      XCTAssertFalse(invocation.arguments.contains { $0.contains(FixturePasswords.user) })
    }
  }
}
