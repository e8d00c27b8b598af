import Dispatch
import StatefulContent

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A speech synthesizer started with `posix_spawn` as a shell starts one: no signal blocked, every
/// signal's default action, its standard streams on `/dev/null` and no other descriptor, in a
/// process group of its own.
///
/// Foundation's `Process` passes on the signal mask of the thread that starts it, and the
/// threads of Dispatch and of Swift's concurrency, where announcements are spoken, block
/// nearly every signal: `SIGTERM` did not end the `espeak-ng` they started, so a newer
/// announcement did not stop the one being spoken. Its own process group keeps a Ctrl-C typed
/// at the terminal from ending it behind the program's back.
///
/// Every one still running is listed, so that a quitting program can end them
/// (``terminateAll()``); a process is reaped only under its lock, so that ``terminate()``
/// never signals an identifier that names another process by then.
final class SpeechProcess: Sendable {
  /// The process identifier, until the process is reaped.
  private let identifier: LockedState<pid_t?>

  /// The processes started and not reaped yet, and whether the program is quitting: then
  /// nothing more is started.
  private static let running = LockedState(
    (processes: [ObjectIdentifier: SpeechProcess](), isQuitting: false))

  /// Starts an executable, unless the program is quitting.
  ///
  /// It starts under the lock of the list, so that ``terminateAll()`` finds it, or it does
  /// not start.
  ///
  /// - Parameters:
  ///   - executable: The absolute path of the executable, run directly.
  ///   - arguments: Its arguments, without its name.
  /// - Throws: `CancellationError` when the program is quitting; ``SpeechProcess/StartError``
  ///   when it cannot be started, such as with `ENOENT`.
  init(_ executable: String, arguments: [String]) throws {
    identifier = LockedState(nil)
    try Self.running.withLock { running in
      guard !running.isQuitting else { throw CancellationError() }
      let started = try Self.spawn(executable, arguments: arguments)
      identifier.withLock { $0 = started }
      running.processes[ObjectIdentifier(self)] = self
    }
  }

  /// Starts a process as the type's summary says.
  private static func spawn(_ executable: String, arguments: [String]) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (descriptor, flags) in [
      (STDIN_FILENO, O_RDONLY), (STDOUT_FILENO, O_WRONLY), (STDERR_FILENO, O_WRONLY),
    ] {
      posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", flags, 0)
    }
    if let addCloseFrom = Self.addCloseFrom { _ = addCloseFrom(&actions, 3) }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

    let words: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) }
    defer { for word in words { free(word) } }
    var identifier: pid_t = 0
    let result = posix_spawn(&identifier, executable, &actions, &attributes, words + [nil], environ)
    guard result == 0 else { throw StartError(code: result) }
    return identifier
  }

  /// Why a process could not be started: `posix_spawn`'s error number.
  struct StartError: Error {
    let code: Int32
  }

  /// Sends `SIGTERM`, unless the process has been reaped.
  func terminate() {
    identifier.withLock { identifier in
      if let identifier { kill(identifier, SIGTERM) }
    }
  }

  /// Waits until the process has ended, then reaps it; blocks the calling thread.
  func waitUntilEnded() {
    guard let pid = identifier.withLock({ $0 }) else { return }
    var info = siginfo_t()
    // WNOWAIT: ended but not reaped, the identifier still names it for `terminate()`.
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1 && errno == EINTR {}
    identifier.withLock { identifier in
      var status: Int32 = 0
      while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
      identifier = nil
    }
    _ = Self.running.withLock { $0.processes.removeValue(forKey: ObjectIdentifier(self)) }
  }

  /// Sends `SIGTERM` to every process started and not reaped yet, and starts none after.
  static func terminateAll() {
    let processes = running.withLock { running in
      running.isQuitting = true
      return Array(running.processes.values)
    }
    for process in processes { process.terminate() }
  }

  private typealias CloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Glibc's module
  /// does not import; without it, the program's own descriptors are all close-on-exec.
  private static let addCloseFrom: CloseFrom? = dlsym(
    nil, "posix_spawn_file_actions_addclosefrom_np"
  ).map { unsafeBitCast($0, to: CloseFrom.self) }
}
