import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a command-line tool takes from its process: where its output and notes go, whether it
/// runs on a terminal, the clocks of its waits and of its timeline, what Ctrl-C does, and where
/// and how it runs other programs.
///
/// Every property starts as the real process has it, so a tool's entry point passes
/// `ToolEnvironment()`; a test replaces what it watches and keeps the rest:
///
/// ```swift
/// var environment = ToolEnvironment()
/// environment.writeOutput = { output.append($0) }
/// environment.inputIsTerminal = false
/// environment.makeStopwatch = { { .zero } }
/// ```
///
/// A tool keeps one environment instead of a stored property, an initializer parameter and
/// its documentation for each of these.
public struct ToolEnvironment {
  /// Writes to standard output. Defaults to ``StandardStreams/writeToOutput(_:)``.
  public var writeOutput: @Sendable (String) -> Void = StandardStreams.writeToOutput
  /// Writes to standard error: notes, usage errors, `announce:` lines. Defaults to
  /// ``StandardStreams/writeToError(_:)``.
  public var writeError: @Sendable (String) -> Void = StandardStreams.writeToError
  /// Whether standard input is a terminal, as `isatty` says when the environment is made.
  public var inputIsTerminal = isatty(STDIN_FILENO) == 1
  /// Whether standard output is a terminal, as `isatty` says when the environment is made.
  public var outputIsTerminal = isatty(STDOUT_FILENO) == 1
  /// The terminal whose keys a full-screen tool reads and whose settings it switches to raw
  /// mode. Defaults to standard input.
  public var terminalDescriptor = STDIN_FILENO
  /// The descriptor a full-screen tool draws on and whose size it takes. Defaults to standard
  /// output.
  public var screenDescriptor = STDOUT_FILENO
  /// The clock of the tool's loading policies and waits. Defaults to a `ContinuousClock`; a
  /// test passes a manual clock.
  public var clock: any Clock<Duration> = ContinuousClock()
  /// Makes the clock of a `--timeline`, started when it is called. Defaults to
  /// ``TimelinePresenter/stopwatch()``.
  public var makeStopwatch: () -> () -> Duration = TimelinePresenter.stopwatch
  /// Decides what Ctrl-C does; the tool tells it when a load runs. Defaults to a new
  /// controller.
  public var interrupts = InterruptController()
  /// The directories where the tool looks for the programs it runs (`espeak-ng`, `keyctl`, …),
  /// separated by `:`. Defaults to the `PATH`, or `/usr/bin:/bin` without one.
  public var searchPath = SystemProcessRunner.searchPath
  /// Runs those programs. Defaults to a ``SystemProcessRunner``.
  public var runner: any ProcessRunner = SystemProcessRunner()

  /// The handler of Ctrl-C, `SIGTERM`, `SIGHUP` and job control that
  /// ``process(toolName:language:quit:)`` installed, kept for as long as the environment is.
  public private(set) var signals: SignalHandler?

  /// The real process's environment, without signal handlers; change the properties a test
  /// watches.
  public init() {}

  /// The user's kernel keyring, with `keyctl` found in ``searchPath`` and run by ``runner``.
  public var keyring: KernelKeyring { KernelKeyring(searchPath: searchPath, runner: runner) }

  /// Passwords from standard input as this environment has it: a prompt without echo on
  /// ``terminalDescriptor``, written through ``writeError``, when ``inputIsTerminal``;
  /// otherwise standard input's lines, a line too long noted through ``writeError``.
  ///
  /// - Parameters:
  ///   - toolName: The tool's name, which starts the note of a line too long.
  ///   - language: The language of the prompt and the note: `en`, `de` or `fr`.
  /// - Returns: The source.
  public func standardInputPasswords(toolName: String, language: String) -> PasswordSource {
    .standardInput(
      interrupts: interrupts, toolName: toolName, language: language,
      isTerminal: inputIsTerminal, terminal: terminalDescriptor, writeError: writeError)
  }

  /// The environment of a tool's process, set up the way its entry point needs it: a closed
  /// standard descriptor stays closed, signals are handled (``SignalHandler/install(controller:quit:)``),
  /// and output goes through ``InterruptController/outputWriter(toolName:language:descriptor:writeNote:quit:)``,
  /// which stops the tool with status 141 when nobody reads it any more and with status 1 and
  /// one note when it cannot be written.
  ///
  /// Call it first, before anything opens a descriptor, and keep the environment until the
  /// tool exits:
  ///
  /// ```swift
  /// let environment = ToolEnvironment.process(toolName: "file-search", language: "en")
  /// exit(await SearchApp(environment: environment).run(Array(CommandLine.arguments.dropFirst())))
  /// ```
  ///
  /// - Parameters:
  ///   - toolName: The tool's name, which starts the note about output that cannot be written.
  ///   - language: The language of that note: `en`, `de` or `fr`.
  ///   - quit: Ends the process with a status after a quitting signal or a broken output.
  ///     Defaults to ``SignalHandler/quit(status:)``.
  /// - Returns: The environment, its signal handlers installed.
  public static func process(
    toolName: String, language: String,
    quit: @escaping @Sendable (Int32) -> Void = SignalHandler.quit(status:)
  ) -> ToolEnvironment {
    StandardStreams.keepClosedStandardDescriptorsClosed()
    var environment = ToolEnvironment()
    environment.signals = SignalHandler.install(controller: environment.interrupts, quit: quit)
    environment.writeOutput = environment.interrupts.outputWriter(
      toolName: toolName, language: language, quit: quit)
    return environment
  }
}
