import Dispatch
import Foundation
import StatefulContent

/// Runs tools with `posix_spawn`: no shell, pipes between them, cancellable.
///
/// The first tool's standard input is written and every standard error is read on threads of
/// their own while the last tool's standard output is read, so a tool that writes much to both
/// streams, or reads no input at all, cannot deadlock the program. Standard error is kept up to
/// ``maximumStandardErrorSize`` bytes per tool (the rest is read and dropped). `SIGPIPE` is
/// ignored for the whole process (once, on the first run), so that writing to a tool that
/// exited early fails with `EPIPE` instead of killing the program. The tools themselves start
/// with no signal blocked or ignored, whatever thread starts them, in a process group of
/// their own (see `ChildProcess`).
///
/// ```swift
/// let result = try await SystemProcessRunner().run(
///   ProcessInvocation(executable: "/usr/bin/qpdf", arguments: ["--version"]))
/// ```
public struct SystemProcessRunner: ProcessRunner {
  /// The most bytes of a tool's standard error kept: enough for its reason.
  public static let maximumStandardErrorSize = 64 << 10

  /// Creates a runner.
  public init() {}

  /// Runs tools connected by pipes to their end, on a thread of its own.
  ///
  /// - Parameters:
  ///   - pipeline: The tools; see ``ProcessRunner/run(_:output:)``.
  ///   - output: Receives the last tool's standard output, chunk by chunk.
  /// - Returns: How each tool ended.
  /// - Throws: `CancellationError` when the task is cancelled (the tools are sent `SIGKILL`);
  ///   the system's error when a tool cannot be started (those already started are ended).
  public func run(
    _ pipeline: [ProcessInvocation], output: @escaping @Sendable (Data) -> Void
  ) async throws -> [ProcessResult] {
    Self.ignoreBrokenPipes
    let run = PipelineRun(pipeline)
    Self.running.withLock { $0[ObjectIdentifier(run)] = run }
    defer { _ = Self.running.withLock { $0.removeValue(forKey: ObjectIdentifier(run)) } }
    let results = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
          continuation.resume(with: Result { try run.runToEnd(output: output) })
        }
      }
    } onCancel: {
      run.cancel()
    }
    if run.wasCancelled { throw CancellationError() }
    return results
  }

  /// The directories of the `PATH` environment variable, or `/usr/bin:/bin` when it is not
  /// set: where ``locate(_:searchPath:)`` looks by default.
  public static var searchPath: String {
    getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
  }

  /// The absolute path of an executable, as a shell finds a command: the first executable
  /// regular file of that name in the directories of a search path, or `nil`.
  ///
  /// ```swift
  /// SystemProcessRunner.locate("keyctl")   // "/usr/bin/keyctl", or nil without keyutils
  /// ```
  ///
  /// - Parameters:
  ///   - name: The executable's name, such as `qpdf`.
  ///   - searchPath: The directories to search, separated by `:`; empty entries are skipped.
  ///     Defaults to ``searchPath``.
  /// - Returns: The executable's path, or `nil` when no directory of the search path has it.
  public static func locate(_ name: String, searchPath: String = searchPath) -> String? {
    for directory in searchPath.split(separator: ":", omittingEmptySubsequences: true) {
      let candidate =
        directory.hasSuffix("/") ? String(directory) + name : String(directory) + "/" + name
      var info = stat()
      guard stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }

  private static let ignoreBrokenPipes: Void = {
    _ = signal(SIGPIPE, SIG_IGN)
  }()

  /// The runs whose tools may still be running, so that a quitting program can end them.
  private static let running = LockedState<[ObjectIdentifier: PipelineRun]>([:])

  /// Ends every tool still running, with `SIGKILL`; call it before the process exits early, so
  /// that no tool outlives the program (re-parented to init, still reading or writing a document).
  public static func endAll() {
    let runs = running.withLock { runs in
      defer { runs.removeAll() }
      return Array(runs.values)
    }
    for run in runs { run.cancel() }
  }

  /// Ends every tool still running, as ``endAll()`` does, then calls `exit` before any other
  /// run can start a tool: a load or an announcement that starts while the program quits
  /// leaves no tool behind either.
  ///
  /// - Parameter exit: Ends the process, such as `_exit(status)`.
  public static func endAll(thenExit exit: () -> Never) -> Never {
    // The list stays locked: a new run waits to be listed until the process is gone.
    running.withLock { runs in
      for run in runs.values { run.cancel() }
      exit()
    }
  }

  /// One pipeline's processes, shared by the thread that runs them and the task's cancellation
  /// handler.
  private final class PipelineRun: Sendable {
    private enum Phase {
      case notStarted
      case running
      case cancelled
      case ended
    }

    private let invocations: [ProcessInvocation]
    /// The phase, and the processes started and not reaped yet: only those may be signalled, and
    /// they are reaped under the lock, so that their identifiers still name them.
    private let state = LockedState((phase: Phase.notStarted, unreaped: [ChildProcess]()))

    init(_ invocations: [ProcessInvocation]) {
      self.invocations = invocations
    }

    var wasCancelled: Bool { state.withLock { $0.phase == .cancelled } }

    /// Ends the tools that run, or keeps them from starting.
    func cancel() {
      state.withLock { state in
        if state.phase != .ended { state.phase = .cancelled }
        // SIGKILL, not SIGTERM: no tool can put its end off.
        for process in state.unreaped { kill(process.identifier, SIGKILL) }
      }
    }

    /// Starts the tools, feeds the first one's input, hands over the last one's output, and waits
    /// for all to exit.
    func runToEnd(output: @Sendable (Data) -> Void) throws -> [ProcessResult] {
      let input = Pipe()
      let errors = invocations.map { _ in Pipe() }
      let links = invocations.map { _ in Pipe() }
      let processes = try start(input: input, links: links, errors: errors)
      // The tools' ends of the pipes belong to them now (a reader sees its end only once every
      // writer has closed); the program keeps the input's writer, the errors' readers and the
      // last output's reader.
      try? input.fileHandleForReading.close()
      for pipe in errors { try? pipe.fileHandleForWriting.close() }
      for link in links { try? link.fileHandleForWriting.close() }
      for link in links.dropLast() { try? link.fileHandleForReading.close() }

      let standardInput = invocations[0].standardInput
      let writer = input.fileHandleForWriting
      DispatchQueue.global().async {
        try? writer.write(contentsOf: standardInput)
        try? writer.close()
      }
      let collectedErrors = errors.map { _ in LockedState(Data()) }
      let errorsRead = DispatchGroup()
      for (pipe, collected) in zip(errors, collectedErrors) {
        errorsRead.enter()
        let reader = pipe.fileHandleForReading
        DispatchQueue.global().async {
          Self.drain(reader) { chunk in
            collected.withLock { kept in
              kept += chunk.prefix(SystemProcessRunner.maximumStandardErrorSize - kept.count)
            }
          }
          errorsRead.leave()
        }
      }
      Self.drain(links[links.count - 1].fileHandleForReading, into: output)
      errorsRead.wait()
      let ends = processes.map(reap)
      state.withLock { state in if state.phase == .running { state.phase = .ended } }

      return zip(ends, collectedErrors).map { end, collected in
        ProcessResult(
          status: end.status, wasSignalled: end.wasSignalled,
          standardError: collected.withLock { $0 })
      }
    }

    /// Starts every process, in order, each reading the one before, unless the run was
    /// cancelled; on a failure, ends those already started.
    private func start(input: Pipe, links: [Pipe], errors: [Pipe]) throws -> [ChildProcess] {
      try state.withLock { state in
        guard state.phase == .notStarted else { throw CancellationError() }
        do {
          for (index, invocation) in invocations.enumerated() {
            let reader = index == 0 ? input : links[index - 1]
            let process = try ChildProcess(
              invocation.executable, arguments: invocation.arguments,
              streams: (
                reader.fileHandleForReading.fileDescriptor,
                links[index].fileHandleForWriting.fileDescriptor,
                errors[index].fileHandleForWriting.fileDescriptor
              ))
            state.unreaped.append(process)
          }
        } catch {
          for process in state.unreaped {
            kill(process.identifier, SIGKILL)
            _ = process.reap()
          }
          state.unreaped.removeAll()
          state.phase = .ended
          throw error
        }
        state.phase = .running
        return state.unreaped
      }
    }

    /// Waits for a process to end, then reaps it under the lock, so that ``cancel()`` never
    /// signals an identifier that names another process by then.
    private func reap(_ process: ChildProcess) -> (status: Int32, wasSignalled: Bool) {
      process.waitUntilEnded()
      return state.withLock { state in
        state.unreaped.removeAll { $0.identifier == process.identifier }
        return process.reap()
      }
    }

    /// Reads a pipe to its end, handing over each chunk as it arrives.
    private static func drain(_ reader: FileHandle, into consume: (Data) -> Void) {
      // `availableData` returns what one read gets; `read(upToCount:)` would wait for the count.
      while case let chunk = reader.availableData, !chunk.isEmpty { consume(chunk) }
    }
  }
}
