#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A terminal switched to what a full-screen tool needs — raw mode, the alternate screen, a
/// hidden cursor — and restored on every way out.
///
/// ``run(input:output:options:interrupts:isolation:_:)`` enters the modes, runs its body and
/// restores the terminal when the body returns or throws. The restoring is also registered as a
/// clean-up of an ``InterruptController``, so that Ctrl-C, `SIGTERM` and `SIGHUP` restore the
/// terminal before the tool quits, and Ctrl-Z gives the shell its screen and settings while the
/// tool is stopped; `fg` (`SIGCONT`) enters the modes again and asks for a redraw
/// (``Redraw/continued(_:)``), and so does a change of the terminal's size (`SIGWINCH`,
/// ``Redraw/resized(_:)``).
///
/// The settings follow the input and the escape sequences the output: when the output is not a
/// terminal (a pipe, a file) the session writes no escape sequence and ``isTerminal`` is
/// `false`, while an input that is a terminal is still switched to raw mode, so that keys can
/// be read (see ``isRaw``); when neither is a terminal, the body runs as it is.
///
/// ```swift
/// let status = try await TerminalSession.run(interrupts: interrupts) { session in
///   Task { for await _ in session.redraws() { await screen.redraw(size: session.size) } }
///   for await key in session.keys() {
///     if key == .control("d") { return 0 }
///     await screen.handle(key)
///   }
///   return 0
/// }
/// ```
public final class TerminalSession: Sendable {
  /// What a session switches on.
  public struct Options: OptionSet, Hashable, Sendable {
    /// The option's bit.
    public let rawValue: Int

    /// Creates options from their bits.
    ///
    /// - Parameter rawValue: The bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Raw mode: each key read as it is typed, no echo, no flow control (Ctrl-S, Ctrl-Q reach
    /// the tool), no translation of a carriage return. Ctrl-C, Ctrl-\ and Ctrl-Z still send
    /// their signals.
    public static let rawMode = Options(rawValue: 1 << 0)
    /// The alternate screen, so that the shell's screen comes back as it was.
    public static let alternateScreen = Options(rawValue: 1 << 1)
    /// The cursor hidden.
    public static let hiddenCursor = Options(rawValue: 1 << 2)
    /// Echo off and nothing else: lines are still edited by the terminal, as for a password.
    public static let noEcho = Options(rawValue: 1 << 3)
    /// Raw mode, the alternate screen and a hidden cursor.
    public static let fullScreen: Options = [.rawMode, .alternateScreen, .hiddenCursor]
  }

  /// Why a tool should draw its screen again.
  public enum Redraw: Hashable, Sendable {
    /// The terminal changed its size (`SIGWINCH`).
    ///
    /// - Parameter size: The new size.
    case resized(TerminalSize)
    /// The tool goes on after a stop (`SIGCONT`): the modes are entered again, and the screen
    /// is the tool's again but holds what the shell drew meanwhile.
    ///
    /// - Parameter size: The size now; it may have changed while the tool was stopped.
    case continued(TerminalSize)
  }

  /// The terminal read from, whose settings change: standard input by default.
  public let input: Int32
  /// The terminal drawn on, which receives the escape sequences: standard output by default.
  public let output: Int32
  /// What the session switches on.
  public let options: Options
  private let settings: Settings?
  private let outputIsTerminal: Bool
  private let state = Locked(State())

  private struct State {
    var observers: [Int: AsyncStream<Redraw>.Continuation] = [:]
    var nextObserver = 0
    var keyReader: KeyReader?
    var isRaw = false
    var hasEnded = false
  }

  /// Whether both descriptors are terminals: only then does the session write escape
  /// sequences (the alternate screen, the cursor).
  public var isTerminal: Bool { settings != nil && outputIsTerminal }

  /// Whether the terminal took the settings of ``Options/rawMode`` (or ``Options/noEcho``)
  /// when the session began; `false` on something that is not a terminal.
  public var isRaw: Bool { state.withLock { $0.isRaw } }

  /// The terminal's size now, or ``TerminalSize/fallback`` when it does not say.
  public var size: TerminalSize {
    TerminalSize(of: output) ?? TerminalSize(of: input) ?? .fallback
  }

  private init(input: Int32, output: Int32, options: Options) {
    self.input = input
    self.output = output
    self.options = options
    settings = Settings(descriptor: input)
    outputIsTerminal = isatty(output) == 1
  }

  /// Runs `body` in a session, and restores the terminal however it ends.
  ///
  /// The modes are entered before `body` runs and left when it returns or throws; also, through
  /// `interrupts`, when a signal quits the tool, and for as long as Ctrl-Z stops it. Without a
  /// controller, only the body's own ways out restore: a tool handles its signals with
  /// ``SignalHandler/install(controller:quit:)`` and passes the controller here.
  ///
  /// - Parameters:
  ///   - input: The terminal to read from and to switch. Defaults to standard input.
  ///   - output: The terminal to draw on. Defaults to standard output.
  ///   - options: The modes. Defaults to ``Options/fullScreen``.
  ///   - interrupts: The controller whose clean-ups restore the terminal on a signal, or `nil`.
  ///   - isolation: The actor `body` runs on; the caller's.
  ///   - body: The tool's work, given the session.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws, after the terminal is restored.
  public static func run<Result>(
    input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, options: Options = .fullScreen,
    interrupts: InterruptController?, isolation: isolated (any Actor)? = #isolation,
    _ body: (TerminalSession) async throws -> Result
  ) async rethrows -> Result {
    let session = TerminalSession(input: input, output: output, options: options)
    // The clean-up first, and the terminal left again when a signal began quitting before it
    // was added: however the quitting and the entering interleave, leaving comes last.
    let token = interrupts?.addCleanup({ session.leave() }, reenter: { session.reenter() })
    session.enter()
    if interrupts?.terminationStatus != nil { session.leave() }
    let resizes =
      session.isTerminal
      ? SignalHandler.resizes(of: output) { session.requestRedraw(.resized($0)) } : nil
    defer {
      withExtendedLifetime(resizes) {}
      session.end()
      session.leave()
      if let token { interrupts?.removeCleanup(token) }
    }
    return try await body(session)
  }

  /// The keys typed, read on a thread of its own until the end of input or the session's end.
  ///
  /// Each call reads from the same reader, which starts with the first call; read the stream
  /// in one place. What is typed after the session ended stays in the terminal for the next
  /// program, such as the shell. An escape sequence split across two reads is joined when its
  /// rest follows within ``KeyReader/escapeTimeout``; see ``Key/Decoder``.
  ///
  /// - Returns: The keys, ending at the end of input, a read error or the session's end.
  public func keys() -> AsyncStream<Key> {
    state.withLock { state in
      if let reader = state.keyReader { return reader.keys }
      let reader = KeyReader(descriptor: input)
      state.keyReader = reader
      return reader.keys
    }
  }

  /// The requests to draw the screen again: after a resize and after `fg`.
  ///
  /// Each call makes a new stream that gets every request from then on; the streams end with
  /// the session.
  ///
  /// - Returns: The requests, newest kept when the reader is slow.
  public func redraws() -> AsyncStream<Redraw> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Redraw.self, bufferingPolicy: .bufferingNewest(1))
    let token = state.withLock { state in
      defer { state.nextObserver += 1 }
      state.observers[state.nextObserver] = continuation
      return state.nextObserver
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0.observers.removeValue(forKey: token) }
    }
    return stream
  }

  /// Asks the readers of ``redraws()`` to draw again; safe to call from any thread.
  ///
  /// - Parameter redraw: Why.
  public func requestRedraw(_ redraw: Redraw) {
    let observers = state.withLock { Array($0.observers.values) }
    for observer in observers { observer.yield(redraw) }
  }

  /// Writes text to the terminal drawn on; on something that is not a terminal too.
  ///
  /// - Parameter text: The text, escape sequences included.
  public func write(_ text: String) {
    _ = StandardStreams.write(text, to: output)
  }

  /// Enters the modes; safe to call again after ``leave()``.
  private func enter() {
    if let settings, !options.isDisjoint(with: [.rawMode, .noEcho]) {
      let isRaw = settings.enter(raw: options.contains(.rawMode))
      state.withLock { $0.isRaw = isRaw }
    }
    guard isTerminal else { return }
    var sequence = ""
    if options.contains(.alternateScreen) { sequence += "\u{1B}[?1049h" }
    if options.contains(.hiddenCursor) { sequence += "\u{1B}[?25l" }
    if !sequence.isEmpty { write(sequence) }
  }

  /// Leaves the modes: the cursor shown, the shell's screen and settings back; safe to call
  /// from any thread, more than once.
  private func leave() {
    if isTerminal {
      var sequence = ""
      if options.contains(.hiddenCursor) { sequence += "\u{1B}[?25h" }
      if options.contains(.alternateScreen) { sequence += "\u{1B}[?1049l" }
      if !sequence.isEmpty { write(sequence) }
    }
    settings?.restore()
  }

  /// Enters the modes again after a stop, when the terminal is the tool's, and asks for a
  /// redraw. Continued in the background (`bg`), the terminal is the shell's until `fg`: the
  /// key reader then reads, and the terminal's job control stops the tool until `fg`.
  private func reenter() {
    guard !state.withLock({ $0.hasEnded }) else { return }
    guard settings?.isInForeground ?? true else {
      state.withLock { $0.keyReader }?.lookAgain()
      return
    }
    enter()
    requestRedraw(.continued(size))
  }

  /// Stops reading keys and ends the redraw streams; a stop from then on is not entered
  /// again.
  private func end() {
    let (reader, observers) = state.withLock { state in
      defer { state.observers.removeAll() }
      state.hasEnded = true
      return (state.keyReader, Array(state.observers.values))
    }
    reader?.stop()
    for observer in observers { observer.finish() }
  }
}
