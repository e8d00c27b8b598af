import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The article "Command-Line Tools": its model, and its tool's lines run as a tool runs them —
// standard input and output are a pseudo-terminal (or a pipe) for the length of a test.

@MainActor final class ReleaseNotes: @MainActor StatefulContent, @MainActor TerminalContent {
  let stateMachine = ContentStateMachine()
  var content: [String] = []
  @MainActor func loadContent() async {
    await load(into: \.content) { _ in try await fetchReleaseNotes() }
  }
  func contentLines(for _: Presentation, in _: TerminalPresenter.Region) -> [String] { content }
}

/// The article's server: each test opens the gate it starts with the notes.
enum ReleaseNotesServer {
  static let gate = Locked(Gate<[String]>())

  /// A new gate, for the next load.
  static func start() -> Gate<[String]> {
    let gate = Gate<[String]>()
    Self.gate.withLock { $0 = gate }
    return gate
  }
}

func fetchReleaseNotes() async throws -> [String] {
  try await ReleaseNotesServer.gate.withLock { $0 }.wait()
}

// The article's texts of a deploy tool.
enum DeployText: String, ToolStringKey {
  case waiting, fileCount, fileCounts

  static let tables = ["en": english, "de": german, "fr": french]

  static let english: [DeployText: String] = [
    .waiting: "Waiting for '{server}'…",
    .fileCount: "{count} file",
    .fileCounts: "{count} files",
  ]
  static let german: [DeployText: String] = [
    .waiting: "Warte auf „{server}“…",
    .fileCount: "{count} Datei",
    .fileCounts: "{count} Dateien",
  ]
  static let french: [DeployText: String] = [
    .waiting: "Attente de «\u{A0}{server}\u{A0}»…",
    .fileCount: "{count} fichier",
    .fileCounts: "{count} fichiers",
  ]
}

@MainActor final class ProtectedNotes: @MainActor StatefulContent, @MainActor TerminalContent {
  let stateMachine = ContentStateMachine()
  let name: String
  var content: [String] = []
  init(name: String) { self.name = name }
  @MainActor func loadContent() async {
    await load(into: \.content) { context in
      try await fetchProtectedNotes(password: context.credential?.secret)
    }
  }
  func contentLines(for _: Presentation, in _: TerminalPresenter.Region) -> [String] { content }
}

/// The article's protected notes: their password, and a fingerprint of each test's own, whose
/// key the test removes.
enum ProtectedNotesServer {
  static let password = "s3cret horse"
  static let fingerprint = Locked("")

  /// A new fingerprint, for the next test; returns the name of its key in the keyring.
  static func start() -> String {
    let fingerprint = "sha256:test-\(UUID().uuidString)"
    Self.fingerprint.withLock { $0 = fingerprint }
    return "release-notes:" + fingerprint
  }
}

func fetchProtectedNotes(password: String?) async throws -> [String] {
  let fingerprint = CredentialFingerprint(ProtectedNotesServer.fingerprint.withLock { $0 })
  guard let password else {
    throw ContentLockedError(.credentialRequired, fingerprint: fingerprint)
  }
  guard password == ProtectedNotesServer.password else {
    throw ContentLockedError.incorrectCredential
  }
  return ["1.2: notes only the team reads"]
}

@MainActor func openNotes(
  _ notes: ProtectedNotes, passwordFile: String?, remembers: Bool,
  interrupts: InterruptController
) async -> Int32 {
  let store = KeyringCredentialStore(keyPrefix: "release-notes:", timeout: .seconds(3600))
  notes.stateMachine.credentialMemory = store.memory(remembering: remembers)
  let passwords: PasswordSource
  if let passwordFile {
    do {
      passwords = try .file(passwordFile, toolName: "release-notes", language: "en")
    } catch {
      StandardStreams.writeToError(
        PasswordSource.unreadableFileNote(
          file: passwordFile, error: error, toolName: "release-notes", language: "en") + "\n")
      return 1
    }
  } else {
    passwords = .standardInput(interrupts: interrupts, toolName: "release-notes", language: "en")
  }
  await notes.loadContent()
  var attempt = 0
  while notes.currentState.kind == .locked,
    let password = await passwords.password(for: notes.name, attempt: attempt)
  {
    attempt += 1
    await notes.unlock(with: Credential(password: password))
  }
  if remembers, let note = store.unrememberedNote(toolName: "release-notes", language: "en") {
    StandardStreams.writeToError(note + "\n")
  }
  // Notes that stay locked, or failed, are a failure for a script.
  return [.content, .empty].contains(notes.currentState.kind) ? 0 : 1
}

// The article's presenter of a tool that takes its environment.
func makePresenter(_ environment: ToolEnvironment, strings: PlaceholderStrings)
  -> TerminalPresenter
{
  TerminalPresenter(
    mode: environment.outputIsTerminal ? .detect(for: environment.screenDescriptor) : .plain,
    clock: environment.clock, texts: TerminalPresenter.Texts(strings: strings),
    writeStatus: environment.writeError, write: environment.writeOutput)
}

final class CommandLineToolsExampleTests: XCTestCase {
  private let notesText = ["1.2: search in bytes", "1.1: a timeline"]

  /// Points a standard descriptor at another until the returned closure is called.
  private func redirect(_ descriptor: Int32, to other: Int32) -> () -> Void {
    let saved = dup(descriptor)
    XCTAssertEqual(dup2(other, descriptor), descriptor)
    return {
      dup2(saved, descriptor)
      close(saved)
    }
  }

  /// The article's tool: its `main.swift`, as written there.
  @MainActor
  private func runTheDozenLines() async -> (ReleaseNotes, TerminalPresenter) {
    let notes = ReleaseNotes(), presenter = TerminalPresenter()
    (notes.stateMachine.presenter, presenter.content) = (presenter, notes)
    let spinning = Task { await presenter.animate() }
    await notes.loadContent()
    spinning.cancel()
    presenter.commit()
    return (notes, presenter)
  }

  @MainActor
  func test_theDozenLines_onATerminal_showLoading_thenTheNotes() async throws {
    let pair = try XCTUnwrap(PseudoTerminal(rows: 10, columns: 40), "no pseudo-terminals here")
    defer { pair.close() }
    let gate = ReleaseNotesServer.start()
    let notesText = notesText
    // The server answers once the spinner and "Loading" are on screen.
    let server = Task.detached {
      let loadingShown = pair.waitForText("Loading")
      gate.open(with: notesText)
      return loadingShown
    }
    let restoreOutput = redirect(STDOUT_FILENO, to: pair.terminal)

    let (notes, presenter) = await runTheDozenLines()

    restoreOutput()
    let loadingShown = await server.value
    XCTAssertTrue(loadingShown, pair.text)
    XCTAssertTrue(pair.waitForText("1.1: a timeline"), pair.text)
    XCTAssertEqual(presenter.mode, .inline)
    XCTAssertEqual(notes.stateMachine.presentedState, .content)
    XCTAssertTrue(TerminalPresenter.spinnerFrames.contains { pair.text.contains($0) }, pair.text)
  }

  @MainActor
  func test_theDozenLines_onAPipe_writePlainLines() async throws {
    ReleaseNotesServer.start().open(with: notesText)
    var descriptors: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&descriptors), 0)
    let restoreOutput = redirect(STDOUT_FILENO, to: descriptors[1])
    close(descriptors[1])

    let (_, presenter) = await runTheDozenLines()

    restoreOutput()
    let output = FileHandle(fileDescriptor: descriptors[0], closeOnDealloc: true)
    let written = String(decoding: output.readDataToEndOfFile(), as: UTF8.self)
    XCTAssertEqual(presenter.mode, .plain)
    XCTAssertEqual(written, "1.2: search in bytes\n1.1: a timeline\n")
  }

  @MainActor
  func test_fullScreen_drawsTheNotes_redrawsAtANewSize_andRestoresTheTerminalOnQ() async throws {
    let pair = try XCTUnwrap(PseudoTerminal(rows: 10, columns: 40), "no pseudo-terminals here")
    defer { pair.close() }
    ReleaseNotesServer.start().open(with: notesText)
    // A person reads the notes, makes the window narrower, then quits.
    let person = Task.detached {
      guard pair.waitForText("1.1: a timeline") else { return false }
      let mark = pair.mark
      pair.resize(rows: 8, columns: 12)
      // The kernel signals the terminal's foreground process group; this test's process is
      // not in it (the pseudo-terminal is not its controlling terminal), so it signals itself.
      kill(getpid(), SIGWINCH)
      let redrawn = pair.waitForText("1.2: search…", after: mark)
      pair.type("q")
      return redrawn
    }
    let restoreInput = redirect(STDIN_FILENO, to: pair.terminal)
    let restoreOutput = redirect(STDOUT_FILENO, to: pair.terminal)
    let notes = ReleaseNotes()

    let environment = ToolEnvironment.process(toolName: "release-notes", language: "en")
    let status = await TerminalSession.run(interrupts: environment.interrupts) { session in
      let presenter = TerminalPresenter(
        mode: .detect(terminal: .screen), size: { session.size }, keys: [.retry: "r"])
      (notes.stateMachine.presenter, presenter.content) = (presenter, notes)
      let spinning = Task { await presenter.animate() }
      defer { spinning.cancel() }
      let redraws = Task {
        for await redraw in session.redraws() {
          switch redraw {
          case .resized(let size): presenter.resize(to: size)
          case .continued: presenter.redraw()
          }
        }
      }
      defer { redraws.cancel() }
      Task { await notes.loadContent() }
      for await key in session.keys() {
        switch key {
        case .text("r"): Task { await notes.reload() }
        case .text("q"), .control("d"): return Int32(0)
        default: continue
        }
      }
      return Int32(0)
    }
    // In `main.swift` the environment is a global; here it must outlive the session.
    withExtendedLifetime(environment) {}

    restoreOutput()
    restoreInput()
    let redrawn = await person.value
    XCTAssertEqual(status, 0)
    XCTAssertTrue(redrawn, "not redrawn at 12 columns: \(pair.text.debugDescription)")
    XCTAssertTrue(pair.waitForText("\u{1B}[?25h\u{1B}[?1049l"), "left, cursor shown")
    XCTAssertTrue(pair.text.hasPrefix("\u{1B}[?1049h\u{1B}[?25l"), "the alternate screen")
    XCTAssertTrue(pair.isInLineModeWithEcho, "raw mode restored")
  }

  // MARK: A tool's own texts

  @MainActor
  func test_toolStrings_speakTheToolsLanguage_andGiveTheMachineTheMatchingPlaceholders() {
    let strings = ToolStrings<DeployText>(language: "fr")
    let waiting = strings.text(.waiting, ["server": "eu-1"])  // "Attente de « eu-1 »…"
    let files = strings.counted(1, .fileCount, .fileCounts)  // "1 fichier"
    let machine = ContentStateMachine()
    machine.strings = strings.placeholderStrings  // "Réessayer", as the tool speaks French

    XCTAssertEqual(waiting, "Attente de «\u{A0}eu-1\u{A0}»…")
    XCTAssertEqual(files, "1 fichier")
    XCTAssertEqual(machine.strings.retry, "Réessayer")
  }

  func test_everyLanguage_hasEveryTextWithTheEnglishArguments() {
    XCTAssertEqual(ToolStrings<DeployText>.tableProblems(), [])
  }

  /// What a tool wrote, collected from any thread.
  private final class Collected: Sendable {
    private let texts = Locked<[String]>([])
    var text: String { texts.withLock { $0.joined() } }
    func append(_ text: String) { texts.withLock { $0.append(text) } }
  }

  /// The section on a tool's environment: a tool that says where it runs and how long its timeline has run.
  private func tool(_ environment: ToolEnvironment) {
    let elapsed = environment.makeStopwatch()
    let place = environment.inputIsTerminal ? "a terminal" : "a script"
    environment.writeOutput("run by \(place) after \(elapsed())\n")
    environment.writeError("note\n")
  }

  func test_toolEnvironment_givesTheToolWhatTheTestWatches() {
    let output = Collected()

    var environment = ToolEnvironment()
    environment.writeOutput = { output.append($0) }
    environment.makeStopwatch = { { .zero } }
    (environment.inputIsTerminal, environment.outputIsTerminal) = (false, false)

    let errors = Collected()
    environment.writeError = { errors.append($0) }
    tool(environment)
    XCTAssertEqual(output.text, "run by a script after 0.0 seconds\n")
    XCTAssertEqual(errors.text, "note\n")
  }

  @MainActor
  func test_makePresenter_writesWhereTheEnvironmentSays_inTheToolsLanguage() {
    let (output, errors) = (Collected(), Collected())
    var environment = ToolEnvironment()
    environment.writeOutput = { output.append($0) }
    environment.writeError = { errors.append($0) }
    (environment.inputIsTerminal, environment.outputIsTerminal) = (false, false)
    let notes = ReleaseNotes()
    notes.stateMachine.loadingPolicy = .immediate
    notes.stateMachine.strings = .german

    let presenter = makePresenter(environment, strings: .german)
    (notes.stateMachine.presenter, presenter.content) = (presenter, notes)
    notes.startLoading()
    notes.content = notesText
    notes.endLoading()

    XCTAssertEqual(presenter.mode, .plain)
    XCTAssertEqual(output.text, "1.2: search in bytes\n1.1: a timeline\n")
    XCTAssertEqual(errors.text, "Wird geladen…\n")
    XCTAssertEqual(presenter.texts.appendLoading, TerminalPresenter.Texts.german.appendLoading)
  }

  // MARK: Remembering credentials and reading secrets

  /// Runs `body` with standard error going to a pipe, and returns what it wrote.
  @MainActor
  private func capturingStandardError<Result>(_ body: () async -> Result) async -> (
    Result, String
  ) {
    var descriptors: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&descriptors), 0)
    let restore = redirect(STDERR_FILENO, to: descriptors[1])
    close(descriptors[1])
    let result = await body()
    restore()
    let errors = FileHandle(fileDescriptor: descriptors[0], closeOnDealloc: true)
    return (result, String(decoding: errors.readDataToEndOfFile(), as: UTF8.self))
  }

  @MainActor
  func test_openNotes_withAPasswordFile_triesItsLines_andRemembersTheOneThatOpens()
    async throws
  {
    let keyName = ProtectedNotesServer.start()
    let folder = try PrivateDirectory(prefix: "protected-notes")
    defer { folder.remove() }
    let passwordFile = folder.path + "/passwords"
    try Data("wrong\n\(ProtectedNotesServer.password)\n".utf8)
      .write(to: URL(fileURLWithPath: passwordFile))
    let notes = ProtectedNotes(name: "notes.pdf")
    let keyringWorks = await KernelKeyring().isAvailable()

    let (status, errors) = await capturingStandardError {
      await openNotes(
        notes, passwordFile: passwordFile, remembers: true, interrupts: InterruptController())
    }

    XCTAssertEqual(status, 0)
    XCTAssertEqual(notes.content, ["1.2: notes only the team reads"])
    XCTAssertFalse(errors.contains(ProtectedNotesServer.password), errors)
    guard keyringWorks else {
      XCTAssertTrue(errors.hasPrefix("release-notes: passwords are not remembered"), errors)
      return
    }
    XCTAssertEqual(errors, "")
    let remembered = try await KernelKeyring().secret(named: keyName)
    _ = try await KernelKeyring().remove(named: keyName)
    XCTAssertEqual(remembered, ProtectedNotesServer.password)
  }

  @MainActor
  func test_openNotes_atATerminal_promptsWithoutEcho() async throws {
    _ = ProtectedNotesServer.start()
    let pair = try XCTUnwrap(PseudoTerminal(), "no pseudo-terminals here")
    defer { pair.close() }
    // A person types the password once the prompt has turned the echo off.
    let person = Task.detached {
      let start = ContinuousClock.now
      while pair.echoes {
        guard ContinuousClock.now - start < .seconds(20) else { return false }
        await Task.yield()
      }
      pair.type(ProtectedNotesServer.password + "\n")
      return true
    }
    let restoreInput = redirect(STDIN_FILENO, to: pair.terminal)
    let notes = ProtectedNotes(name: "notes.pdf")

    let (status, errors) = await capturingStandardError {
      await openNotes(notes, passwordFile: nil, remembers: false, interrupts: InterruptController())
    }

    restoreInput()
    let typed = await person.value
    XCTAssertTrue(typed, "the prompt never turned the echo off")
    XCTAssertEqual(status, 0)
    XCTAssertEqual(notes.content, ["1.2: notes only the team reads"])
    XCTAssertEqual(errors, "Password for 'notes.pdf' (empty to skip): \n")
    XCTAssertTrue(pair.echoes, "the echo is back")
    XCTAssertFalse(pair.text.contains(ProtectedNotesServer.password), "typed unseen")
  }

  @MainActor
  func test_openNotes_whenNoPasswordOpensThem_exits1() async throws {
    _ = ProtectedNotesServer.start()
    let folder = try PrivateDirectory(prefix: "protected-notes")
    defer { folder.remove() }
    let passwordFile = folder.path + "/passwords"
    try Data("wrong\n".utf8).write(to: URL(fileURLWithPath: passwordFile))
    let notes = ProtectedNotes(name: "notes.pdf")

    let (status, _) = await capturingStandardError {
      await openNotes(
        notes, passwordFile: passwordFile, remembers: false, interrupts: InterruptController())
    }

    XCTAssertEqual(status, 1)
    XCTAssertEqual(notes.currentState, .locked(.incorrectCredential(attempts: 1)))
  }

  @MainActor
  func test_openNotes_withAMissingPasswordFile_saysSoAndExits1() async {
    _ = ProtectedNotesServer.start()
    let notes = ProtectedNotes(name: "notes.pdf")

    let (status, errors) = await capturingStandardError {
      await openNotes(
        notes, passwordFile: "/nonexistent/pw", remembers: false,
        interrupts: InterruptController())
    }

    XCTAssertEqual(status, 1)
    XCTAssertEqual(
      errors,
      "release-notes: cannot read the password file '/nonexistent/pw': No such file or "
        + "directory\n")
    XCTAssertEqual(notes.currentState.kind, .idle, "nothing was opened")
  }
}
