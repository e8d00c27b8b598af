import Foundation

/// A tool started with `posix_spawn` as a shell starts one: no signal blocked, every signal's
/// default action, no descriptor but its standard streams — and in a process group of its own.
///
/// Foundation's `Process` passes on the signal mask of the thread that starts it, and the
/// threads of Dispatch and of Swift's concurrency, where loads and announcements run, block
/// nearly every signal: a tool started there could not be ended with `SIGTERM` or `SIGINT`,
/// and it kept the program's ignored `SIGPIPE`. Its own process group keeps a Ctrl-C or Ctrl-Z
/// typed at the terminal, which reaches the terminal's foreground group, from ending or
/// stopping it behind the program's back: the program ends what it started itself.
struct ChildProcess: Sendable {
  /// The process identifier; it names the process until ``reap()``.
  let identifier: pid_t

  /// Starts an executable.
  ///
  /// - Parameters:
  ///   - executable: The absolute path of the executable, run directly.
  ///   - arguments: Its arguments, without its name.
  ///   - streams: The descriptors that become its standard input, output and error.
  /// - Throws: `POSIXError` when it cannot be started, such as `ENOENT`.
  init(
    _ executable: String, arguments: [String], streams: (input: Int32, output: Int32, error: Int32)
  ) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, streams.input, STDIN_FILENO)
    posix_spawn_file_actions_adddup2(&actions, streams.output, STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, streams.error, STDERR_FILENO)
    Self.closeTheOtherDescriptors(&actions)

    let words: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) }
    defer { for word in words { free(word) } }
    var identifier: pid_t = 0
    let result = Self.withCleanSignals(flags: POSIX_SPAWN_SETPGROUP) { attributes in
      posix_spawnattr_setpgroup(&attributes, 0)
      return posix_spawn(&identifier, executable, &actions, &attributes, words + [nil], environ)
    }
    guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
    self.identifier = identifier
  }

  /// Runs `body` with spawn attributes that give a child a clean start — no signal blocked,
  /// every signal's default action, whatever this process blocks or ignores — and `flags`
  /// besides.
  ///
  /// - Parameters:
  ///   - flags: More `POSIX_SPAWN_` flags, such as `POSIX_SPAWN_SETPGROUP`.
  ///   - body: Sets what the flags need, and spawns.
  /// - Returns: What `body` returns.
  static func withCleanSignals<Result>(
    flags: Int32, _ body: (inout posix_spawnattr_t) -> Result
  ) -> Result {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | flags))
    return body(&attributes)
  }

  /// Waits until the process has ended, without reaping it: its identifier still names it,
  /// so that it can be signalled without hitting another process, until ``reap()``.
  func waitUntilEnded() {
    var info = siginfo_t()
    while waitid(P_PID, id_t(identifier), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
  }

  /// Collects the status of the process, waiting for its end; its identifier may name
  /// another process afterwards.
  ///
  /// - Returns: Its exit status, or the number of the signal that ended it.
  func reap() -> (status: Int32, wasSignalled: Bool) {
    var status: Int32 = 0
    while waitpid(identifier, &status, 0) == -1 && errno == EINTR {}
    // The exit status is in the second byte (WEXITSTATUS), a signal in the low seven bits.
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8 & 0xFF, false) : (signal, true)
  }

  private typealias CloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Glibc's module
  /// does not import.
  private static let addCloseFrom: CloseFrom? = dlsym(
    nil, "posix_spawn_file_actions_addclosefrom_np"
  ).map { unsafeBitCast($0, to: CloseFrom.self) }

  /// Closes every descriptor but the standard streams in the child: the program's pipes to
  /// other tools (Foundation's `Pipe` does not mark them close-on-exec) must not keep a
  /// reader from seeing its end.
  private static func closeTheOtherDescriptors(_ actions: inout posix_spawn_file_actions_t) {
    if let addCloseFrom {
      _ = addCloseFrom(&actions, 3)
      return
    }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for descriptor in names.compactMap({ Int32($0) }) where descriptor > STDERR_FILENO {
      posix_spawn_file_actions_addclose(&actions, descriptor)
    }
  }
}
