#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension PseudoTerminal {
  /// A tool run by a shell under job control, and the steps the shell has logged.
  public struct Job: Hashable, Sendable {
    /// The shell; it ends once the tool has ended in the foreground.
    public let shell: Child
    /// The file the shell appends its steps to.
    public let log: String

    /// The steps the shell has logged so far, a line each: `pid <tool's pid>`,
    /// `stopped <status>`, `continued`, `ended <status>`, `finished <tool's exit status>`.
    public var steps: [String] {
      let descriptor = open(log, O_RDONLY)
      guard descriptor >= 0 else { return [] }
      defer { closeDescriptor(descriptor) }
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 1024)
      while case let count = read(descriptor, &buffer, buffer.count), count > 0 {
        bytes += buffer[..<count]
      }
      // A step is whole once its line feed is written.
      return String(decoding: bytes, as: UTF8.self)
        .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// The tool, once the shell has logged its process identifier.
    public var tool: Child? {
      steps.first { $0.hasPrefix("pid ") }.flatMap { pid_t($0.dropFirst(4)) }
        .map(Child.init(identifier:))
    }

    /// Waits until the shell has logged a step.
    ///
    /// - Parameters:
    ///   - step: The step's first word: `pid`, `stopped`, `continued`, `ended` or `finished`.
    ///   - timeout: The deadline, reached only when a test fails. Defaults to 10 seconds.
    /// - Returns: The step's line, such as `ended 149`, or `nil` at the deadline.
    public func waitForStep(_ step: String, timeout: Duration = .seconds(10)) -> String? {
      let deadline = ContinuousClock.now + timeout
      while true {
        let line = steps.first { $0 == step || $0.hasPrefix(step + " ") }
        if line != nil || ContinuousClock.now >= deadline { return line }
        _ = poll(nil, 0, 5)
      }
    }

    /// Kills the tool and the shell, and reaps the shell: for the end of a test, whatever
    /// happened in it.
    public func end() {
      tool?.send(SIGKILL)
      shell.send(SIGKILL)
      _ = shell.waitForExit()
    }
  }

  /// Starts a tool the way a person's shell runs it, under job control, to test Ctrl-Z, `bg`
  /// and `fg`: the tool runs in the foreground; once it stops (send it `SIGTSTP`, as Ctrl-Z
  /// does), the shell continues it in the background (`bg`); once it stops again — a tool
  /// reading its terminal in the background is stopped by `SIGTTIN` — the shell brings it back
  /// to the foreground (`fg`) and waits for it to end.
  ///
  /// The shell (`/bin/bash`, with this terminal as its controlling terminal) logs each step to
  /// `log`, a line each: `pid <tool's pid>`, `stopped <status>`, `continued`, `ended <status>`
  /// (the status `wait` reported: 128 + `SIGTTIN` when the tool stopped on its read), and
  /// `finished <tool's exit status>`.
  ///
  /// ```swift
  /// let job = try terminal.spawnUnderJobControl(tool, log: log)
  /// defer { job.end() }
  /// XCTAssertTrue(terminal.waitForText("Search: "), terminal.text)
  /// try XCTUnwrap(job.tool).send(SIGTSTP)  // Ctrl-Z; the shell's `bg` follows
  /// XCTAssertEqual(job.waitForStep("ended"), "ended \(128 + SIGTTIN)", "\(job.steps)")
  /// terminal.type("\u{04}")  // after the shell's `fg`
  /// XCTAssertEqual(job.waitForStep("finished"), "finished 0", "\(job.steps)")
  /// ```
  ///
  /// - Parameters:
  ///   - executable: The tool's path.
  ///   - arguments: Its arguments, without its name.
  ///   - environment: The environment, as `NAME=value` strings. Defaults to
  ///     `TERM=xterm-256color` and the test's `PATH`.
  ///   - log: The file the shell appends its steps to.
  /// - Returns: The shell running the tool.
  /// - Throws: ``SpawnError`` when the shell cannot be started.
  public func spawnUnderJobControl(
    _ executable: String, arguments: [String] = [], environment: [String]? = nil, log: String
  ) throws(SpawnError) -> Job {
    let quoted = "'" + log.replacing("'", with: "'\\''") + "'"
    // The tool starts in the foreground, so that its first read finds the terminal its own: a
    // tool started in the background and brought forward by `fg` could read, and be stopped
    // by SIGTTIN, before `fg` handed it the terminal. A shell logs its process identifier,
    // then becomes the tool (`exec` keeps the identifier).
    let script = """
      set -m
      /bin/sh -c 'echo "pid $$" >> "$1"; shift; exec "$0" "$@"' "$0" \(quoted) "$@"
      echo "stopped $?" >> \(quoted)
      bg %1 > /dev/null
      echo "continued" >> \(quoted)
      wait $!
      echo "ended $?" >> \(quoted)
      fg %1 > /dev/null
      echo "finished $?" >> \(quoted)
      """
    let shell = try spawn(
      "/bin/bash", arguments: ["-c", script, executable] + arguments, environment: environment)
    return Job(shell: shell, log: log)
  }

  /// Starts a tool under job control, as ``spawnUnderJobControl(_:arguments:environment:log:)``
  /// does, with the test's environment and the tool's own variables.
  ///
  /// - Parameters:
  ///   - tool: The tool, with the variables every run of it gets.
  ///   - arguments: Its arguments, without its name.
  ///   - log: The file the shell appends its steps to.
  /// - Returns: The shell running the tool.
  /// - Throws: ``SpawnError`` when the shell cannot be started.
  public func spawnUnderJobControl(
    _ tool: ToolProcess.Tool, arguments: [String] = [], log: String
  ) throws(SpawnError) -> Job {
    try spawnUnderJobControl(
      tool.executable, arguments: arguments,
      environment: tool.runEnvironment.map { "\($0)=\($1)" }, log: log)
  }
}
