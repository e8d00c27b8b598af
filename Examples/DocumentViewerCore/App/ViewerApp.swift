import Foundation
import StatefulContent
import StatefulContentTerminal

/// The `document-viewer` program, with its streams, clock and password input injectable so
/// that tests can run it.
///
/// It runs on the main actor, where its sessions live; the documents are read off it, in the
/// loads' own tasks.
///
/// ```swift
/// let status = await ViewerApp().run(["--timeline", "/etc/hostname"])
/// // prints "0 loading /etc/hostname" and "0 content /etc/hostname"; status == 0
/// ```
@MainActor
public struct ViewerApp {
  /// The process as the viewer sees it: its streams, clocks (of `--delay` and the loading
  /// policy, and of a timeline), Ctrl-C handling, and where it looks for and how it runs
  /// `espeak-ng` for `--speak`.
  public var environment: ToolEnvironment
  /// How rendered output is drawn: in place on a terminal, or as plain lines.
  public var style: TerminalPresenter.Mode
  /// Returns the terminal's size, to which the lines of documents are cut, or `nil` to keep
  /// them whole; read at each redraw.
  public var terminalSize: @Sendable () -> TerminalSize?
  /// How documents are read.
  public var reader: DocumentReader
  /// Where passwords come from without `--password-file`, or `nil` for standard input: a
  /// prompt without echo on a terminal, otherwise its lines.
  public var standardInputPasswords: PasswordSource?
  /// The language of the viewer's own texts: help, messages, prompts and placeholders.
  public var strings: ViewerStrings
  /// Where passwords are remembered (`--remember`), looked up before a locked PDF prompts,
  /// and removed (`--forget`); its search path and runner also find and run `sha256sum` for
  /// a PDF without an `/ID` in `--forget`. Defaults to the user's kernel keyring as the
  /// environment finds and runs its tools (``StatefulContentTerminal/ToolEnvironment/keyring``).
  public var keyring: KernelKeyring

  /// Creates the program.
  ///
  /// - Parameters:
  ///   - environment: The process as the viewer sees it. Defaults to the real one.
  ///   - style: How to draw. Defaults to a region redrawn in place when standard output is a
  ///     terminal, plain lines otherwise.
  ///   - terminalSize: Returns the size to which the lines of documents are cut. Defaults to
  ///     the size of standard output when it is a terminal, read at each redraw, otherwise
  ///     `nil`.
  ///   - reader: How documents are read. Defaults to a reader with default limits.
  ///   - standardInputPasswords: Where passwords come from without `--password-file`.
  ///     Defaults to `nil`: standard input.
  ///   - strings: The language of the viewer's texts. Defaults to the process's
  ///     (``ViewerStrings/current``).
  public init(
    environment: ToolEnvironment = ToolEnvironment(),
    style: TerminalPresenter.Mode = .detect(),
    terminalSize: @escaping @Sendable () -> TerminalSize? = { TerminalSize(of: STDOUT_FILENO) },
    reader: DocumentReader = DocumentReader(),
    standardInputPasswords: PasswordSource? = nil,
    strings: ViewerStrings = .current
  ) {
    self.environment = environment
    self.keyring = environment.keyring
    self.style = style
    self.terminalSize = terminalSize
    self.reader = reader
    self.standardInputPasswords = standardInputPasswords
    self.strings = strings
  }

  /// Runs the program.
  ///
  /// - Parameter arguments: The command-line arguments, without the program name.
  /// - Returns: The exit status: 0 whatever state the documents end in (and for `--help`),
  ///   1 when the password file cannot be opened, the sample documents cannot be written or
  ///   `--forget` cannot reach the keyring, 2 for bad usage. A password file that fails
  ///   while it is read, when a locked PDF first asks, is a note on standard error: the PDF
  ///   stays locked and the status is 0.
  public func run(_ arguments: [String]) async -> Int32 {
    let command: ViewerCommand
    do {
      command = try ViewerCommand.parse(arguments)
    } catch {
      return usageError(error)
    }
    let options: ViewerOptions
    switch command {
    case .help:
      environment.writeOutput(ViewerCommand.usage(in: strings))
      return 0
    case .forget(let path):
      return await forget(path)
    case .view(let viewOptions):
      options = viewOptions
    }
    let announcers = makeAnnouncers(options)
    defer { announcers.stop() }
    if options.paths.isEmpty {
      let status = await tour(options, announcer: announcers.announcer)
      await announcers.finish()
      return status
    }
    let passwords: PasswordSource
    let language = strings.language
    if let file = options.passwordFile {
      do {
        passwords = try PasswordSource.file(
          file, toolName: Self.toolName, language: language, writeNote: environment.writeError)
      } catch {
        environment.writeError(
          PasswordSource.unreadableFileNote(
            file: file, error: error, toolName: Self.toolName, language: language) + "\n")
        return 1
      }
    } else {
      passwords =
        standardInputPasswords
        ?? environment.standardInputPasswords(toolName: Self.toolName, language: language)
    }
    let headings = options.paths.count > 1
    let documents = options.paths.map {
      Opening(heading: headings ? $0 : nil, path: $0, timelineName: $0, passwords: passwords)
    }
    await view(
      documents, options: options, announcer: announcers.announcer,
      memory: PasswordMemory(keyring: keyring, options: options))
    await announcers.finish()
    return 0
  }

  /// The announcers that `--speak` and `--announce` ask for.
  private func makeAnnouncers(_ options: ViewerOptions) -> ToolAnnouncers {
    ToolAnnouncers(
      speaks: options.speaks, announces: options.announces, toolName: Self.toolName,
      language: strings.language, searchPath: environment.searchPath, runner: environment.runner,
      writeError: environment.writeError)
  }

  /// The program's name, which starts its notes.
  nonisolated static let toolName = "document-viewer"

  /// Runs the program on the raw bytes of its arguments (see
  /// `CommandLineArguments.decode(_:)`).
  ///
  /// - Parameter rawArguments: The arguments' bytes, without the program name.
  /// - Returns: The exit status, as for ``run(_:)``; 2 when an argument is not UTF-8.
  public func run(rawArguments: [[UInt8]]) async -> Int32 {
    do {
      return await run(try CommandLineArguments.decode(rawArguments))
    } catch {
      return usageError(.commandLine(error))
    }
  }

  /// Reports bad usage with a hint to `--help`, not the whole usage text, which would push the
  /// error out of sight; returns the exit status 2.
  private func usageError(_ error: UsageError) -> Int32 {
    environment.writeError(
      "document-viewer: \(TerminalText.clean(error.description(in: strings)))\n"
        + "\(strings.text(.usageHint))\n")
    return 2
  }

  /// A document to open, under its heading when it has one, with its name in the timeline,
  /// where its passwords come from and whether to show them (the tour's are shown).
  private struct Opening {
    var heading: String?
    var path: String
    /// The path as given, or a sample's name in the tour.
    var timelineName: String
    var passwords: PasswordSource
    var shownPassword: String? = nil
  }

  /// What a `--timeline` line says after its time: the state kind's name, then the document
  /// when there is one (`12 loading notes.txt`; the document is the rest of the line and may
  /// contain spaces).
  ///
  /// - Parameters:
  ///   - kind: The kind of state presented.
  ///   - document: The document the line belongs to, or `nil` (or empty) for none.
  /// - Returns: The line's fields, such as `content notes.txt`.
  public static func timelineFields(kind: ContentState.Kind, document: String?) -> String {
    guard let document, !document.isEmpty else { return "\(kind)" }
    return "\(kind) \(document)"
  }

  /// Opens each document in turn; in timeline mode only timeline lines are written.
  ///
  /// Each session announces through `announcer` (`--speak`, `--announce`) with the immediate
  /// policy: the documents are opened one after the other, each by a machine of its own, and
  /// a coalescing timer would outlive its document and speak after the next one began (or
  /// never, as the viewer exits). A newer announcement environment.interrupts the speech instead.
  ///
  /// The documents named on the command line get `memory`: a locked PDF is first tried with
  /// the password remembered for it; the tour's samples, made anew each time, get none.
  private func view(
    _ documents: [Opening], options: ViewerOptions, announcer: (any Announcer)?,
    memory: PasswordMemory? = nil
  ) async {
    var memory = memory
    let terminal: DocumentScreen?
    let presenter: any Presenter
    // The document each timeline line names: the one being opened.
    var timelineName: String?
    if options.timeline {
      let lines = TimelinePresenter(
        elapsed: environment.makeStopwatch(), explains: options.explains,
        fields: { Self.timelineFields(kind: $0.state.kind, document: timelineName) },
        write: environment.writeOutput)
      (terminal, presenter) = (nil, lines)
    } else {
      let screen = DocumentScreen(
        mode: style, size: terminalSize, strings: strings, write: environment.writeOutput)
      (terminal, presenter) = (screen, screen)
    }
    // The spinner moves while a document opens, whether or not it reports progress.
    let spinning = terminal.map { screen in Task { await screen.terminal.animate() } }
    defer { spinning?.cancel() }
    let opener = DocumentOpener(
      reader: reader, latency: options.delay ?? .zero, clock: environment.clock)
    for (index, document) in documents.enumerated() {
      if let terminal, let heading = document.heading {
        terminal.commit()
        environment.writeOutput((index > 0 ? "\n" : "") + terminal.heading(heading) + "\n")
      }
      let session = DocumentSession(
        path: document.path, opener: opener, presenter: presenter, clock: environment.clock,
        loadingPolicy: options.delay == nil ? .immediate : .smooth, strings: strings)
      if let announcer { session.stateMachine.setAnnouncer(announcer, policy: .immediate) }
      session.stateMachine.credentialMemory = memory?.memory
      terminal?.contentProvider = { [weak session] in session?.content }
      timelineName = document.timelineName
      switch await environment.interrupts.cancelOnInterrupt(
        session, writeNote: environment.writeError, strings: strings,
        during: { await session.open() })
      {
      case .locked:
        // Before the prompt when the keyring failed the lookup; after the unlock when it
        // failed to remember.
        noteUnremembered(&memory, terminal: terminal)
        await unlock(session, with: document, terminal: terminal)
        noteUnremembered(&memory, terminal: terminal)
      case .cancelled where session.currentState.kind == .idle:
        // Idle shows nothing: say so, or the last line would still read "Opening <name>…".
        if let terminal {
          terminal.commit()
          environment.writeOutput(terminal.cancellation(of: session.displayName) + "\n")
        }
      case .completed, .failed, .cancelled, .superseded:
        break
      }
    }
    terminal?.commit()
  }

  /// Writes the note of `--remember` when the keyring cannot keep passwords (once a run).
  private func noteUnremembered(_ memory: inout PasswordMemory?, terminal: DocumentScreen?) {
    guard let note = memory?.note(in: strings) else { return }
    terminal?.commit()
    environment.writeError(note)
  }

  /// Tries passwords on a locked session until it opens, a password is refused too often,
  /// the unlock is cancelled, or the source has none left.
  private func unlock(
    _ session: DocumentSession, with document: Opening, terminal: DocumentScreen?
  ) async {
    var attempt = 0
    while session.currentState.kind == .locked,
      let password = await document.passwords.password(for: document.path, attempt: attempt)
    {
      if let terminal, let shown = document.shownPassword {
        terminal.commit()
        environment.writeOutput(strings.text(.tourTypesPassword, ["password": shown]) + "\n")
      }
      attempt += 1
      let outcome = await environment.interrupts.cancelOnInterrupt(
        session, writeNote: environment.writeError, strings: strings
      ) {
        await session.unlock(with: Credential(password: password))
      }
      guard case .incorrectCredential = outcome else { return }
    }
  }

  private func tour(_ options: ViewerOptions, announcer: (any Announcer)?) async -> Int32 {
    // Removed when the tour ends, and by `SignalHandler.quit(status:)` when a signal ends it.
    let samples: [SampleDocuments.Sample]
    let directory: PrivateDirectory
    do {
      directory = try PrivateDirectory(prefix: "document-viewer-samples")
    } catch {
      environment.writeError(strings.text(.samplesUnwritable, ["reason": "\(error)"]) + "\n")
      return 1
    }
    defer { directory.remove() }
    do {
      samples = try await SampleDocuments.create(
        in: URL(fileURLWithPath: directory.path), pdfTools: reader.pdfTools, strings: strings)
    } catch {
      environment.writeError(
        strings.text(.samplesUnwritable, ["reason": TerminalText.clean("\(error)")]) + "\n")
      return 1
    }
    let missing = reader.pdfTools.missingTools
    let skippedPDFsNote =
      missing.isEmpty
      ? nil
      : strings.text(
        .skippingPDFSamples,
        [
          "tools": strings.listed(missing.map(\.rawValue)),
          "packages": strings.listed(missing.map(\.package)),
        ]) + "\n"
    if let skippedPDFsNote { environment.writeError(skippedPDFsNote) }
    let documents = samples.map { sample in
      Opening(
        heading: strings.text(.tourHeading, ["title": sample.title, "name": sample.name]),
        path: sample.path, timelineName: sample.name,
        passwords: .lines(sample.password.map { [$0] } ?? []), shownPassword: sample.password)
    }
    await view(documents, options: options, announcer: announcer)
    // Said again at the end: the tour's output has pushed the first one out of sight.
    if let skippedPDFsNote { environment.writeError(skippedPDFsNote) }
    return 0
  }
}
