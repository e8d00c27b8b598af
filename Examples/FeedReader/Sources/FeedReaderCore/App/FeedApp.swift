import Foundation
import StatefulContent
import StatefulContentTerminal

/// The `feed-reader` program, with its streams, clock, loader and terminal injectable so that
/// tests can run it.
///
/// With `--once` or `--timeline`, or when standard input or output is no terminal, it loads
/// the feed's first page, then every next page, writes what it got — the items as lines, or
/// with `--timeline` one line per presented change — and exits, also when the first page
/// waits for the network (nothing is left to do but wait). On a terminal it takes the whole
/// screen: keys scroll, the next page loads when the window reaches the last item, `r`
/// refreshes, `q` or Ctrl-D quits; the terminal comes back as it was however it ends. In
/// both, the model follows the server's reachability (``connectivity``): a first page that
/// cannot reach the server waits for it, and loads once more when it is back.
///
/// ```swift
/// let status = await FeedApp().run(["--timeline", "http://127.0.0.1:8000/feed.json"])
/// // writes "0 loading http://127.0.0.1:8000/feed.json", then "23 content http://…"
/// ```
@MainActor
public struct FeedApp {
  /// What the model follows to know whether the feed's server can be reached.
  public typealias ConnectivitySource = any AsyncSequence<Reachability, Never> & Sendable

  /// The process as the program sees it: its streams, terminal, clocks (the loading
  /// policy's and the spinner's, and the timeline's) and Ctrl-C handling. Without `--once`,
  /// the program is interactive when both standard input and output are terminals.
  public var environment: ToolEnvironment
  /// What loads a page of the feed.
  public var loader: any FeedLoading
  /// The language of the program's own texts.
  public var strings: FeedStrings
  /// The folder where each feed's first page is kept between runs, or `nil` for none.
  public var cacheDirectory: String?
  /// Makes the connectivity source the model follows for a feed's address, or `nil` for
  /// none (then a failure to reach the server is an error, as any other).
  public var connectivity: @MainActor (URL) -> ConnectivitySource?

  /// Creates the program.
  ///
  /// - Parameters:
  ///   - environment: The process as the program sees it. Defaults to the real one.
  ///   - loader: What loads a page. Defaults to an ``HTTPFeedLoader``.
  ///   - strings: The language of the program's texts. Defaults to the process's.
  ///   - cacheDirectory: The folder of the first pages kept between runs (a week at most).
  ///     Defaults to ``defaultCacheDirectory(environment:)``.
  ///   - connectivity: Makes the connectivity source for a feed's address, or `nil` for none.
  ///     Defaults to a ``HostReachability`` of the feed's server, probed every second.
  public init(
    environment: ToolEnvironment = ToolEnvironment(),
    loader: any FeedLoading = HTTPFeedLoader(),
    strings: FeedStrings = .current,
    cacheDirectory: String? = FeedApp.defaultCacheDirectory(),
    connectivity: @escaping @MainActor (URL) -> ConnectivitySource? = { HostReachability(url: $0) }
  ) {
    self.environment = environment
    self.loader = loader
    self.strings = strings
    self.cacheDirectory = cacheDirectory
    self.connectivity = connectivity
  }

  /// Where the reader keeps first pages: `$XDG_CACHE_HOME/feed-reader`, or
  /// `$HOME/.cache/feed-reader` when `XDG_CACHE_HOME` is unset or not absolute (as the XDG
  /// Base Directory specification asks); `nil` when neither is known.
  ///
  /// - Parameter environment: The environment. Defaults to the process's.
  /// - Returns: The folder, made on the first save.
  public static func defaultCacheDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String? {
    if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
      return base + "/feed-reader"
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return home + "/.cache/feed-reader"
  }

  /// Runs the program.
  ///
  /// - Parameter arguments: The command-line arguments, without the program name.
  /// - Returns: The exit status: 0 when the feed settled or waits for the network (and for
  ///   `--help`; with `--timeline` also when it settled as an error or waits with no items),
  ///   1 when it failed or waits with no items without `--timeline`, or the terminal cannot be
  ///   set up, 2 for bad usage.
  public func run(_ arguments: [String]) async -> Int32 {
    let options: FeedCommand.Options
    do {
      guard case .read(let parsed) = try FeedCommand.parse(arguments) else {
        environment.writeOutput(strings.usage)
        return 0
      }
      options = parsed
    } catch {
      let text = TerminalText.clean(strings.text(for: error), tabs: .space)
      environment.writeError("feed-reader: \(text)\n\(strings.usageHint)\n")
      return 2
    }
    if options.once || !(environment.inputIsTerminal && environment.outputIsTerminal) {
      return await runOnce(options)
    }
    return await runInteractive(options)
  }

  /// What a `--timeline` line says after its time: the state, the marks, the feed's address.
  ///
  /// The state is the kind's name (`loading`, `content`, `empty`, `error`, `waiting`); the
  /// marks that hold follow (`TimelinePresenter.marks(of:)`), in this order: `stale` for items older than `--stale-after`,
  /// `offline` for items shown while the server cannot be reached, `refreshing` while a load
  /// runs with the items shown. Stale and offline are marks of the items: a waiting state is
  /// offline by what it is. Pages appended while the state stays content change no field and
  /// write no line.
  ///
  /// - Parameter url: The feed's address.
  /// - Returns: The fields of a presentation, such as
  ///   `content stale offline http://…/feed.json`.
  public nonisolated static func timelineFields(url: URL) -> (Presentation) -> String {
    { TimelinePresenter.fields(of: $0, subject: url.absoluteString) }
  }

  /// Whether a decision presented leaves `--once` nothing to do but wait: the first page
  /// waits for the network, and the screen says so — waiting, or the items marked offline.
  ///
  /// - Parameters:
  ///   - decision: The decision behind what shows.
  ///   - waitsForNetwork: Whether a load waits for the network (the machine's
  ///     `waitsForNetwork`).
  /// - Returns: `true` when the run can end.
  public nonisolated static func onlyWaits(_ decision: StateDecision, waitsForNetwork: Bool)
    -> Bool
  {
    guard waitsForNetwork else { return false }
    switch decision.state.kind {
    case .waiting: return true
    case .content: return decision.isOffline
    default: return false
    }
  }

  private func makeModel(
    _ options: FeedCommand.Options, presenter: any Presenter, loadingPolicy: LoadingPolicy
  ) -> FeedModel {
    FeedModel(
      url: options.url, loader: loader, presenter: presenter, clock: environment.clock,
      loadingPolicy: loadingPolicy,
      cache: cacheDirectory.map { FileContentCache(directory: $0, maximumAge: .seconds(604_800)) },
      staleAfter: options.staleAfter, strings: strings)
  }

  /// Makes the model follow the server's reachability, when the app has a source for it.
  private func follow(_ model: FeedModel) {
    guard let source = connectivity(model.url) else { return }
    model.followConnectivity(source)
  }

  // MARK: Once

  /// Loads the first page and every next one, writing the items or the timeline, until no
  /// load runs — or until the first page waits for the network and the screen says so, when
  /// the run ends rather than wait. Loading shows at once, not after a show delay: what a
  /// script sees does not depend on how fast the server answers.
  private func runOnce(_ options: FeedCommand.Options) async -> Int32 {
    let screen = FeedScreen(strings: strings)
    // The presenter lives as long as the run: the model's machine holds it weakly.
    let presenter: any Presenter
    if options.timeline {
      presenter = TimelinePresenter(
        elapsed: environment.makeStopwatch(), explains: options.explains,
        fields: Self.timelineFields(url: options.url), write: environment.writeOutput)
    } else {
      let terminal = TerminalPresenter(
        mode: .plain, colors: false, size: { nil }, clock: environment.clock,
        texts: strings.terminalTexts,
        writeStatus: environment.writeError, write: environment.writeOutput)
      terminal.content = screen
      presenter = terminal
    }
    defer { withExtendedLifetime(presenter) {} }
    let model = makeModel(options, presenter: presenter, loadingPolicy: .immediate)
    screen.model = model
    let changes = model.stateMachine.stateChanges()
    follow(model)
    let reading = Task {
      await model.open()
      while model.hasMorePages, await model.loadNextPage() == .completed {}
    }
    let watching = Task {
      for await change in changes
      where Self.onlyWaits(change.decision, waitsForNetwork: model.stateMachine.waitsForNetwork) {
        // What shows is the run's last word: the load that waits is cancelled unseen.
        model.stateMachine.presenter = nil
        reading.cancel()
        return
      }
    }
    await reading.value
    watching.cancel()
    let showsItems = model.currentState.kind == .content
    return !options.timeline && !showsItems && model.currentState.kind != .empty ? 1 : 0
  }

  // MARK: Interactive

  /// Shows the feed on the whole screen until `q`, Ctrl-D, the end of input or a signal.
  private func runInteractive(_ options: FeedCommand.Options) async -> Int32 {
    await TerminalSession.run(interrupts: environment.interrupts) { session in
      guard session.isRaw else {
        environment.writeError(strings.rawModeFailed + "\n")
        return 1
      }
      let screen = FeedScreen(strings: strings)
      let presenter = TerminalPresenter(
        mode: .screen, size: { session.size }, clock: environment.clock,
        texts: strings.terminalTexts,
        keys: [.retry: "r"], write: environment.writeOutput)
      presenter.content = screen
      let model = makeModel(options, presenter: presenter, loadingPolicy: .smooth)
      screen.model = model
      follow(model)
      let requests = session.redraws()
      let redraws = Task {
        for await request in requests {
          switch request {
          case .resized(let size): presenter.resize(to: size)
          case .continued: presenter.redraw()
          }
        }
      }
      defer { redraws.cancel() }
      let spinning = Task { await presenter.animate() }
      defer { spinning.cancel() }
      presenter.redraw()
      Task {
        await model.open()
        await fill(screen, model)
      }
      for await key in session.keys() {
        if let status = handle(key, screen: screen, presenter: presenter, model: model) {
          return status
        }
      }
      return 0
    }
  }

  /// Loads next pages while the items do not fill the screen: a first page shorter than the
  /// screen leaves nothing to scroll past.
  private func fill(_ screen: FeedScreen, _ model: FeedModel) async {
    while model.hasMorePages, screen.showsTheLastItem, await model.loadNextPage() == .completed {}
  }

  /// Performs a key; returns an exit status when the key ends the program.
  private func handle(
    _ key: Key, screen: FeedScreen, presenter: TerminalPresenter, model: FeedModel
  ) -> Int32? {
    let rows = screen.visibleRows
    let moves: [Key: Int] = [
      .up: -1, .down: 1, .pageUp: -rows, .pageDown: rows, .home: -Int.max / 2, .end: Int.max / 2,
    ]
    switch key {
    case .text("q"), .control("d"): return 0
    case .text("r"):
      Task {
        await model.reload()
        await fill(screen, model)
      }
    case .control("c"):
      // Ctrl-C as a byte, when the terminal does not turn it into SIGINT.
      if case .exit(let status) = environment.interrupts.interrupt() { return status }
    default:
      guard let move = moves[key] else { return nil }
      if screen.scroll(by: move) && move > 0 {
        Task {
          await model.loadNextPage()
          await fill(screen, model)
        }
      }
      presenter.update()
    }
    return nil
  }
}
