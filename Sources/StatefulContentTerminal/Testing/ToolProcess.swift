import Foundation

/// A command-line tool run by a test as a real child process, for what only a real process
/// shows: its exit status, what it writes to its standard streams, how signals end it, how it
/// copes with a closed or full output.
///
/// The tool inherits the test's environment, with the variables you pass set or replaced. Its
/// standard input is `/dev/null` unless you pass another; its standard output and error are
/// read all along, on threads of their own, into ``outputText`` and ``errorText``, so that the
/// tool never blocks on a full pipe. It is started by Foundation's `Process`, which passes on
/// the signal mask of the thread that starts it and the signals the test process ignores: a
/// `SIGPIPE` that another test ignored stays ignored in the tool. Every wait is for an event —
/// the exit, a text written, a condition — with a deadline that only a failing test reaches:
/// nothing sleeps.
///
/// ```swift
/// let tool = try ToolProcess("/path/to/my-tool", arguments: ["--verbose", "input.txt"])
/// XCTAssertTrue(tool.waitForOutputText("ready"), tool.outputText)
/// tool.send(SIGTERM)
/// XCTAssertEqual(tool.waitForExit(), 128 + SIGTERM)
/// XCTAssertEqual(tool.errorText, "")
/// ```
///
/// A ``Tool`` value keeps what every run of one tool shares — its path, the variables it always
/// gets — and finds a tool built by the same package as the tests. To run a tool in a terminal,
/// as a person does, use ``PseudoTerminal`` instead, or pass its ``PseudoTerminal/terminal``
/// side as a file handle.
public final class ToolProcess: Sendable {
  private let process = Process()
  private let exited = DispatchSemaphore(value: 0)
  private let output = Collector()
  private let errors = Collector()

  /// Starts a tool.
  ///
  /// - Parameters:
  ///   - executable: The tool's path.
  ///   - arguments: Its arguments, without its name. Defaults to none.
  ///   - environment: Variables to set or replace in the test's environment, which the tool
  ///     inherits. Defaults to none.
  ///   - standardInput: Where its standard input comes from. Defaults to `/dev/null`.
  ///   - standardOutput: Where its standard output goes. Defaults to a pipe read into
  ///     ``outputText``.
  ///   - standardError: Where its standard error goes. Defaults to a pipe read into
  ///     ``errorText``.
  /// - Throws: The error of Foundation's `Process` when the tool cannot be started, such as
  ///   for a path where no executable is. With a ``Output/closed`` stream, `/bin/sh` starts the
  ///   tool: it exits with status 127 instead when it cannot.
  public init(
    _ executable: String, arguments: [String] = [], environment: [String: String] = [:],
    standardInput: Input = .nullDevice, standardOutput: Output = .collected,
    standardError: Output = .collected
  ) throws {
    // A shell's `>&-` starts a program with a stream closed: `/bin/sh` closes it, then `exec`s.
    let closes = [(standardOutput, " >&-"), (standardError, " 2>&-")]
      .filter { $0.0.isClosed }.map(\.1)
    if closes.isEmpty {
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = arguments
    } else {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", #"exec "$0" "$@""# + closes.joined(), executable] + arguments
    }
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = standardInput.stream
    process.standardOutput = standardOutput.stream(collectedBy: output)
    process.standardError = standardError.stream(collectedBy: errors)
    process.terminationHandler = { [exited] _ in exited.signal() }
    try process.run()
    if case .collected = standardOutput { output.start() }
    if case .collected = standardError { errors.start() }
  }

  /// The variables that make a tool speak English, whatever the language of the machine the
  /// test runs on: `LANG` is `C.UTF-8`, and `LC_ALL`, `LC_MESSAGES` and `LANGUAGE`, which
  /// would override it, are empty. Pass them in `environment`, merged with a test's own.
  public static let englishLocale = [
    "LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": "",
  ]

  /// The tool's process identifier.
  public var identifier: pid_t { process.processIdentifier }

  /// What the tool wrote to standard output so far, when it is ``Output/collected``.
  public var outputText: String { output.text }

  /// What the tool wrote to standard error so far, when it is ``Output/collected``.
  public var errorText: String { errors.text }

  /// Waits until the tool's standard output contains a text.
  ///
  /// - Parameters:
  ///   - text: The text to wait for.
  ///   - timeout: The deadline, reached only when a test fails. Defaults to 20 seconds.
  /// - Returns: Whether ``outputText`` contains `text` by the deadline.
  public func waitForOutputText(_ text: String, timeout: Duration = .seconds(20)) -> Bool {
    output.wait(for: text, timeout: timeout)
  }

  /// Waits until the tool's standard error contains a text.
  ///
  /// - Parameters:
  ///   - text: The text to wait for.
  ///   - timeout: The deadline, reached only when a test fails. Defaults to 20 seconds.
  /// - Returns: Whether ``errorText`` contains `text` by the deadline.
  public func waitForErrorText(_ text: String, timeout: Duration = .seconds(20)) -> Bool {
    errors.wait(for: text, timeout: timeout)
  }

  /// Whether the tool has not ended yet.
  public var isRunning: Bool { process.isRunning }

  /// Whether the tool is stopped now (by `SIGTSTP`, say), as `/proc` says (Linux); `false`
  /// where there is none.
  public var isStopped: Bool { PseudoTerminal.Child(identifier: identifier).isStopped }

  /// Sends the tool a signal.
  ///
  /// - Parameter signal: The signal's number, such as `SIGTERM`.
  public func send(_ signal: Int32) {
    kill(identifier, signal)
  }

  /// Waits until the tool ends, and until what it wrote to its collected streams has been read.
  ///
  /// Once the tool has ended, every further call returns its status at once.
  ///
  /// - Parameter timeout: The deadline, reached only when a test fails; the tool is then
  ///   killed. Defaults to 20 seconds.
  /// - Returns: Its exit status, 128 + the signal's number when a signal ended it (as a shell
  ///   reports it), or `nil` at the deadline.
  public func waitForExit(timeout: Duration = .seconds(20)) -> Int32? {
    let deadline = ContinuousClock.now + timeout
    guard exited.wait(timeout: .now() + Collector.seconds(timeout)) == .success else {
      send(SIGKILL)
      return nil
    }
    exited.signal()  // for the next wait
    // A process that the tool started and that shares its streams may keep them open longer:
    // then the text read so far is all there is.
    output.waitUntilEnded(before: deadline)
    errors.waitUntilEnded(before: deadline)
    let status = process.terminationStatus
    return process.terminationReason == .uncaughtSignal ? 128 + status : status
  }

  /// Waits, by yielding, until a condition holds: for what a tool does that its streams do not
  /// show, such as a file it writes or a state of its process.
  ///
  /// ```swift
  /// let written = await ToolProcess.wait { FileManager.default.fileExists(atPath: report) }
  /// XCTAssertTrue(written)
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: The deadline, reached only when a test fails. Defaults to 20 seconds.
  ///   - isolation: The actor that checks the condition; inferred from the caller.
  ///   - condition: Checked now and after each yield.
  /// - Returns: Whether the condition held by the deadline.
  public static func wait(
    timeout: Duration = .seconds(20), isolation: isolated (any Actor)? = #isolation,
    until condition: () -> Bool
  ) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
      guard ContinuousClock.now < deadline else { return false }
      await Task.yield()
    }
    return true
  }
}

extension ToolProcess {
  /// What a stream brought so far, read on a thread of its own.
  final class Collector: Sendable {
    let pipe = Pipe()
    private let state = Locked(State())
    private let changed = NSCondition()

    private struct State {
      var bytes = Data()
      var isStarted = false
      var hasEnded = false
    }

    var text: String { String(decoding: state.withLock { $0.bytes }, as: UTF8.self) }

    /// Reads the pipe until its end; call it once the tool has its writing end.
    func start() {
      state.withLock { $0.isStarted = true }
      Thread { [state, changed, pipe] in
        // `availableData` returns what one read gets; `read(upToCount:)` waits for the count.
        while case let chunk = pipe.fileHandleForReading.availableData, !chunk.isEmpty {
          changed.lock()
          state.withLock { $0.bytes += chunk }
          changed.broadcast()
          changed.unlock()
        }
        changed.lock()
        state.withLock { $0.hasEnded = true }
        changed.broadcast()
        changed.unlock()
      }.start()
    }

    func wait(for text: String, timeout: Duration) -> Bool {
      wait(before: ContinuousClock.now + timeout) { self.text.contains(text) }
    }

    func waitUntilEnded(before deadline: ContinuousClock.Instant) {
      _ = wait(before: deadline) { state.withLock { !$0.isStarted || $0.hasEnded } }
    }

    private func wait(before deadline: ContinuousClock.Instant, until condition: () -> Bool)
      -> Bool
    {
      changed.lock()
      defer { changed.unlock() }
      while !condition() {
        let limit = Date(
          timeIntervalSinceNow: Self.seconds(ContinuousClock.now.duration(to: deadline)))
        guard changed.wait(until: limit) else { return condition() }
      }
      return true
    }

    /// A duration in seconds, for the waits of Dispatch and Foundation.
    static func seconds(_ duration: Duration) -> Double {
      let (seconds, attoseconds) = duration.components
      return Double(seconds) + Double(attoseconds) / 1e18
    }
  }
}
