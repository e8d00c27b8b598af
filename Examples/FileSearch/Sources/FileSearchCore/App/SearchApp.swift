import Foundation
import StatefulContent
import StatefulContentTerminal

/// The `file-search` program, with its streams, clock, signals and input injectable so that
/// tests can run it.
///
/// With `--queries`, or with standard input that is not a terminal, it runs a script: it
/// types each query as soon as it has it — each superseding the one before — and after the
/// last one loads every page of its matches, printing the matches (or, with `--timeline`,
/// one line per change of state). On a terminal it runs interactively: raw mode, a full
/// screen redrawn as matches arrive, keys to scroll, retry and quit; the terminal's settings
/// are restored however it ends. It runs on the main actor, where its model lives; the
/// folder is scanned off it.
///
/// ```swift
/// let status = await SearchApp().run(["--timeline", "--queries", "s,sw,swi", "Sources"])
/// // prints "0 s loading", "0 sw loading", "1 swi loading", "4 swi content" — or, when a
/// // query found matches before the next was typed, "… s content", "… sw previous", …
/// ```
@MainActor
public struct SearchApp {
  /// The process as the program sees it: its streams, terminal, clocks, Ctrl-C handling and
  /// where it looks for `espeak-ng` for `--speak`.
  public var environment: ToolEnvironment
  /// Makes the scanner of a folder, given the folder and whether hidden names are searched.
  public var makeScanner: (_ folder: String, _ includesHiddenFiles: Bool) -> any FolderScanning
  /// The queries of a script without `--queries`; `nil` for standard input's lines, read by
  /// ``StandardStreams/lines(of:strings:writeError:)`` with notes in ``strings``.
  public var standardInputLines: (() -> AsyncStream<String>)?
  /// The language of the program's own texts.
  public var strings: SearchStrings

  /// Creates the program.
  ///
  /// - Parameters:
  ///   - environment: The process as the program sees it. Defaults to the real one; without
  ///     `--queries`, the program is interactive when its standard input is a terminal.
  ///   - makeScanner: Makes the scanner of the folder. Defaults to a ``FileScanner``.
  ///   - standardInputLines: The queries of a script without `--queries`. Defaults to `nil`:
  ///     standard input's lines.
  ///   - strings: The language of the program's texts. Defaults to the process's
  ///     (``SearchStrings/current``).
  public init(
    environment: ToolEnvironment = ToolEnvironment(),
    makeScanner: @escaping (_ folder: String, _ includesHiddenFiles: Bool) -> any FolderScanning =
      { FileScanner(folder: $0, includesHiddenFiles: $1) },
    standardInputLines: (() -> AsyncStream<String>)? = nil,
    strings: SearchStrings = .current
  ) {
    self.environment = environment
    self.makeScanner = makeScanner
    self.standardInputLines = standardInputLines
    self.strings = strings
  }

  /// Runs the program.
  ///
  /// - Parameter arguments: The command-line arguments, without the program name.
  /// - Returns: The exit status: 0 whatever the search finds (and for `--help`), 1 when the
  ///   terminal cannot be set up, 2 for bad usage, 130 when Ctrl-C (as a byte) quits.
  public func run(_ arguments: [String]) async -> Int32 {
    let options: SearchCommand.Options
    do {
      guard case .search(let parsed) = try SearchCommand.parse(arguments) else {
        environment.writeOutput(strings.text(.usage))
        return 0
      }
      options = parsed
    } catch {
      return usageError(error)
    }
    if options.timeline && options.queries == nil && environment.inputIsTerminal {
      return usageError(.timelineNeedsQueries)
    }
    let announcers = ToolAnnouncers(
      speaks: options.speaks, announces: options.announces, toolName: "file-search",
      language: strings.language, searchPath: environment.searchPath, runner: environment.runner,
      writeError: environment.writeError)
    defer { announcers.stop() }
    let status: Int32
    if options.queries != nil || !environment.inputIsTerminal {
      status = await runScript(options, announcer: announcers.announcer)
    } else {
      status = await runInteractive(options, announcer: announcers.announcer)
    }
    await announcers.finish()
    return status
  }

  /// Reports bad usage with a one-line hint, not the whole usage text, which would push the
  /// error out of sight; returns the exit status 2.
  private func usageError(_ error: SearchCommand.UsageError) -> Int32 {
    environment.writeError(
      "file-search: \(TerminalText.clean(error.description(in: strings), tabs: .space))\n"
        + "\(strings.text(.usageHint))\n")
    return 2
  }

  private func makeModel(
    _ options: SearchCommand.Options, presenter: any Presenter, loadingPolicy: LoadingPolicy
  ) -> SearchModel {
    SearchModel(
      scanner: makeScanner(options.folder, options.includesHiddenFiles),
      pageSize: options.pageSize, presenter: presenter, clock: environment.clock,
      loadingPolicy: loadingPolicy, strings: strings)
  }

  // MARK: Script

  /// Types each query as it comes, then loads every page of the last one's matches.
  ///
  /// The queries of `--queries` are typed one right after the other: each search supersedes
  /// the one before, which gets as far as the scan goes meanwhile (on a small folder, to its
  /// first matches or its end). A line of standard input is typed when it is read: meanwhile
  /// the search before it goes on.
  ///
  /// What a `--timeline` line says after its time: the query the change belongs to
  /// (`Presentation.key`; `''` for none), which may contain spaces, then the state as the
  /// line's last word — the kind's name, or `previous` while the query searches with the
  /// previous query's matches still shown (`Presentation.showsPreviousKey`): `12 swi content`.
  /// Matches that arrive while the state stays content change no field, and write no line.
  ///
  /// - Parameter presentation: The presentation shown.
  /// - Returns: The line's fields, such as `swi previous`.
  public nonisolated static func timelineFields(of presentation: Presentation) -> String {
    let key = presentation.key?.description ?? ""
    let state = presentation.showsPreviousKey ? "previous" : "\(presentation.state.kind)"
    return "\(key.isEmpty ? "''" : key) \(state)"
  }

  /// Announcements are made at once (`AnnouncementPolicy.immediate`): a script ends right
  /// after its last page, before a coalescing timer would fire.
  private func runScript(
    _ options: SearchCommand.Options, announcer: (any Announcer)?
  ) async -> Int32 {
    let model: SearchModel
    // The presenter lives as long as the script: the model's machine holds it weakly.
    let presenter: any Presenter
    // Loading at once, not after a show delay: what a script sees does not depend on how
    // fast the folder is scanned.
    if options.timeline {
      let timeline = TimelinePresenter(
        elapsed: environment.makeStopwatch(), explains: options.explains,
        fields: Self.timelineFields,
        write: environment.writeOutput)
      presenter = timeline
      model = makeModel(options, presenter: timeline, loadingPolicy: .immediate)
    } else {
      let log = SearchScreen(
        folder: options.folder, size: { .fallback }, mode: .plain, strings: strings,
        write: environment.writeOutput)
      presenter = log
      model = makeModel(options, presenter: log, loadingPolicy: .immediate)
      log.model = model
      model.resultsDidChange = { [weak log] in log?.update() }
    }
    defer { withExtendedLifetime(presenter) {} }
    if let announcer { model.stateMachine.setAnnouncer(announcer, policy: .immediate) }
    var last: Task<LoadOutcome, Never>?
    func type(_ query: String) {
      last = model.search(query)
      watch(last, of: model, note: true)
    }
    if let queries = options.queries {
      for query in queries { type(query) }
    } else {
      let lines =
        standardInputLines?()
        ?? StandardInput.lines(strings: strings, writeError: environment.writeError)
      for await query in lines { type(query) }
    }
    guard var running = last else { return 0 }
    while await running.value == .completed, let next = model.loadNextPage() {
      watch(next, of: model, note: true)
      running = next
    }
    return 0
  }

  /// Lets the next Ctrl-C cancel the model's search while `task` runs.
  private func watch(_ task: Task<LoadOutcome, Never>?, of model: SearchModel, note: Bool) {
    guard let task else { return }
    let (writeError, noteText) = (environment.writeError, strings.text(.interruptNote) + "\n")
    let interrupts = environment.interrupts
    let token = interrupts.cancelOnInterrupt {
      if note { writeError(noteText) }
      Task { @MainActor in model.cancel() }
    }
    Task {
      _ = await task.value
      interrupts.stopCancelling(token)
    }
  }

  // MARK: Interactive

  /// Reads keys in raw mode and redraws the screen until Ctrl-D, the end of input or a
  /// signal; the terminal's settings and screen come back on every way out, and while Ctrl-Z
  /// stops the program.
  ///
  /// Announcements follow the standard policy: typing is faster than speech, and the newest
  /// outcome wins.
  private func runInteractive(
    _ options: SearchCommand.Options, announcer: (any Announcer)?
  ) async -> Int32 {
    // The alternate screen, so that the shell's screen comes back as it was — when the program
    // ends, and while Ctrl-Z stops it; `fg` brings the program's screen back, redrawn.
    await TerminalSession.run(
      input: environment.terminalDescriptor, output: environment.screenDescriptor,
      options: [.rawMode, .alternateScreen],
      interrupts: environment.interrupts
    ) { session in
      guard session.isRaw else {
        environment.writeError(strings.text(.rawModeFailed) + "\n")
        return 1
      }
      let screen = SearchScreen(
        folder: options.folder, size: { session.size },
        colors: TerminalPresenter.colorsAllowed(for: environment.screenDescriptor),
        clock: environment.clock,
        strings: strings, write: environment.writeOutput)
      let model = makeModel(options, presenter: screen, loadingPolicy: .smooth)
      if let announcer { model.stateMachine.setAnnouncer(announcer) }
      screen.model = model
      model.resultsDidChange = { [weak screen] in screen?.update() }
      // After `fg` and after a resize.
      let requests = session.redraws()
      let redraws = Task { [weak screen] in
        for await _ in requests { screen?.redraw() }
      }
      defer { redraws.cancel() }
      screen.redraw()
      // The spinner moves while a search runs, whether or not it reports anything.
      let spinning = Task { await screen.terminal.animate() }
      defer { spinning.cancel() }
      for await key in session.keys() {
        if let status = handle(key, screen: screen, model: model) { return status }
      }
      return 0
    }
  }

  /// Performs a key; returns an exit status when the key ends the program.
  private func handle(_ key: Key, screen: SearchScreen, model: SearchModel) -> Int32? {
    switch key {
    case .text(let text): type(screen.input + text, screen: screen, model: model)
    case .backspace: type(String(screen.input.dropLast()), screen: screen, model: model)
    case .control("u"): type("", screen: screen, model: model)
    case .up: screen.scroll(by: -1)
    case .pageUp: screen.scroll(by: -screen.visibleRows)
    case .down, .pageDown:
      if screen.scroll(by: key == .down ? 1 : screen.visibleRows) {
        watch(model.loadNextPage(), of: model, note: false)
      }
    case .control("r"): watch(model.retry(), of: model, note: false)
    case .control("c"):
      // Ctrl-C as a byte, when the terminal does not turn it into SIGINT.
      if case .exit(let status) = environment.interrupts.interrupt() { return status }
    case .control("d"):
      // What was read with it and comes after it — a paste holding Ctrl-D — is dropped with
      // the program, as a shell's line editor drops it.
      return 0
    default: break
    }
    return nil
  }

  /// A new query: searched at once, superseding the last, shown from its first match.
  private func type(_ query: String, screen: SearchScreen, model: SearchModel) {
    guard query != screen.input || query != model.query else { return }
    screen.input = query
    screen.scrollToTop()
    watch(model.search(query), of: model, note: false)
    screen.redraw()
  }
}
