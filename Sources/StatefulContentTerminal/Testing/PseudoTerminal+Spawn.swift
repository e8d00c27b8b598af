#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension PseudoTerminal {
  /// A tool started on a pseudo-terminal.
  public struct Child: Hashable, Sendable {
    /// The tool's process identifier.
    public let identifier: pid_t
    /// The terminal it was started on, caught up with after the tool ends.
    private let terminal: PseudoTerminal?

    /// A tool known by its process identifier.
    ///
    /// - Parameter identifier: The process identifier.
    public init(identifier: pid_t) {
      self.init(identifier: identifier, terminal: nil)
    }

    init(identifier: pid_t, terminal: PseudoTerminal?) {
      self.identifier = identifier
      self.terminal = terminal
    }

    /// Whether two values are the same tool: the same process identifier.
    ///
    /// - Parameters:
    ///   - left: A tool.
    ///   - right: Another tool.
    /// - Returns: Whether their identifiers are equal.
    public static func == (left: Child, right: Child) -> Bool {
      left.identifier == right.identifier
    }

    /// Hashes the process identifier, the tool's identity.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(identifier)
    }

    /// Sends a signal to the tool.
    ///
    /// - Parameter signal: The signal's number, such as `SIGTERM`.
    public func send(_ signal: Int32) {
      kill(identifier, signal)
    }

    /// Waits until the tool ends, reaps it, and waits until everything it drew is in the
    /// terminal's ``PseudoTerminal/text`` (``PseudoTerminal/catchUp(timeout:)``).
    ///
    /// - Parameter timeout: The deadline, reached only when a test fails; the tool is then
    ///   killed. Defaults to 10 seconds.
    /// - Returns: Its exit status, 128 + the signal's number when a signal ended it (as a shell
    ///   reports it), or `nil` at the deadline.
    public func waitForExit(timeout: Duration = .seconds(10)) -> Int32? {
      let deadline = ContinuousClock.now + timeout
      var status: Int32 = 0
      while true {
        let result = waitpid(identifier, &status, WNOHANG)
        if result == identifier { break }
        if result < 0 && errno != EINTR { return nil }
        guard ContinuousClock.now < deadline else {
          send(SIGKILL)
          _ = waitpid(identifier, &status, 0)
          return nil
        }
        _ = poll(nil, 0, 5)
      }
      // What it wrote last may still be on its way to the controller side.
      terminal?.catchUp()
      // The low 7 bits are the signal that ended it; 0 when it exited.
      let signal = status & 0x7F
      return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Waits until the tool is stopped (Ctrl-Z, `SIGTSTP`) or goes on, without reaping it.
    ///
    /// - Parameters:
    ///   - stopped: `true` to wait for a stop, `false` for going on.
    ///   - timeout: The deadline. Defaults to 10 seconds.
    /// - Returns: Whether the tool reached that state before the deadline.
    public func waitUntil(stopped: Bool, timeout: Duration = .seconds(10)) -> Bool {
      let deadline = ContinuousClock.now + timeout
      while isStopped != stopped {
        guard ContinuousClock.now < deadline else { return false }
        _ = poll(nil, 0, 5)
      }
      return true
    }

    /// Whether the tool is stopped now, as `/proc` says (Linux); `false` where there is none.
    public var isStopped: Bool { state == UInt8(ascii: "T") }

    /// The process's state letter in `/proc/<pid>/stat` (Linux), such as `R`, `S`, `T` for
    /// stopped or `Z` for a zombie; `nil` once it is reaped, or where there is no `/proc`.
    var state: UInt8? {
      let descriptor = open("/proc/\(identifier)/stat", O_RDONLY)
      guard descriptor >= 0 else { return nil }
      defer { closeDescriptor(descriptor) }
      var buffer = [UInt8](repeating: 0, count: 512)
      let count = read(descriptor, &buffer, buffer.count)
      guard count > 0 else { return nil }
      // The state follows the command's name, which is in parentheses.
      let stat = buffer[..<count]
      guard let end = stat.lastIndex(of: UInt8(ascii: ")")), end + 2 < count else { return nil }
      return stat[end + 2]
    }
  }

  /// Why a tool could not be started: `posix_spawn`'s error number.
  public struct SpawnError: Error, Hashable, Sendable {
    /// The error number, such as `ENOENT`.
    public let code: Int32
  }

  /// Starts a tool with this terminal as its standard input, output and error, and as its
  /// controlling terminal, in a session of its own.
  ///
  /// - Parameters:
  ///   - executable: The tool's path.
  ///   - arguments: Its arguments, without its name.
  ///   - environment: Its environment, as `NAME=value` strings. Defaults to `TERM=xterm-256color`
  ///     and the test's `PATH`.
  /// - Returns: The started tool.
  /// - Throws: ``SpawnError`` when it cannot be started.
  public func spawn(
    _ executable: String, arguments: [String] = [], environment: [String]? = nil
  ) throws(SpawnError) -> Child {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opened after `setsid`, without O_NOCTTY: the terminal becomes the session's.
    posix_spawn_file_actions_addopen(&actions, 0, path, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    let environment = environment ?? ["TERM=xterm-256color", "PATH=\(path)"]
    var identifier: pid_t = 0
    let words = ([executable] + arguments).map { strdup($0) }
    let variables = environment.map { strdup($0) }
    defer { for word in words + variables { free(word) } }
    let result = ChildProcess.withCleanSignals(flags: Self.startsSession) { attributes in
      posix_spawn(&identifier, executable, &actions, &attributes, words + [nil], variables + [nil])
    }
    guard result == 0 else { throw SpawnError(code: result) }
    return Child(identifier: identifier, terminal: self)
  }

  /// Starts a tool on this terminal, as ``spawn(_:arguments:environment:)`` does, with the
  /// test's environment and the tool's own variables (such as ``ToolProcess/englishLocale``),
  /// and `TERM=xterm-256color` unless the tool's variables name another terminal.
  ///
  /// ```swift
  /// let tool = ToolProcess.Tool.built(named: "my-tool", environment: ToolProcess.englishLocale)
  /// let child = try pair.spawn(tool, arguments: ["notes.txt"])
  /// ```
  ///
  /// - Parameters:
  ///   - tool: The tool, with the variables every run of it gets.
  ///   - arguments: Its arguments, without its name.
  /// - Returns: The started tool.
  /// - Throws: ``SpawnError`` when it cannot be started.
  public func spawn(_ tool: ToolProcess.Tool, arguments: [String] = []) throws(SpawnError)
    -> Child
  {
    var environment = tool.runEnvironment
    environment["TERM"] = tool.environment["TERM"] ?? "xterm-256color"
    return try spawn(
      tool.executable, arguments: arguments, environment: environment.map { "\($0)=\($1)" })
  }

  /// `POSIX_SPAWN_SETSID`, which Glibc's module does not import: the child calls `setsid`.
  #if canImport(Darwin)
    private static let startsSession = Int32(POSIX_SPAWN_SETSID)
  #else
    private static let startsSession: Int32 = 0x80
  #endif
}
