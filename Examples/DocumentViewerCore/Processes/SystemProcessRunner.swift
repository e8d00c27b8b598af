import Dispatch
import Foundation

/// Runs tools with Foundation's `Process`: no shell, pipes between them, cancellable.
///
/// The first tool's standard input is written and every standard error is read on threads of
/// their own while the last tool's standard output is read, so a tool that writes much to both
/// streams, or reads no input at all, cannot deadlock the viewer. Standard error is kept up to
/// ``maximumStandardErrorSize`` bytes per tool (the rest is read and dropped). `SIGPIPE` is
/// ignored for the whole process (once, on the first run), so that writing to a tool that
/// exited early fails with `EPIPE` instead of killing the viewer.
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

  private static let ignoreBrokenPipes: Void = {
    _ = signal(SIGPIPE, SIG_IGN)
  }()

  /// The runs whose tools may still be running, so that a quitting viewer can end them.
  fileprivate static let running = Locked<[ObjectIdentifier: PipelineRun]>([:])

  /// Ends every tool still running, with `SIGKILL`; call it before the process exits early, so
  /// that no tool outlives the viewer (re-parented to init, still reading or writing a document).
  public static func endAll() {
    let runs = running.withLock { runs in
      defer { runs.removeAll() }
      return Array(runs.values)
    }
    for run in runs { run.cancel() }
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
  private let processes: [Process]
  /// How many processes have been started; only those may be signalled.
  private let phase = Locked((Phase.notStarted, started: 0))

  init(_ invocations: [ProcessInvocation]) {
    self.invocations = invocations
    processes = invocations.map { _ in Process() }
  }

  var wasCancelled: Bool { phase.withLock { $0.0 == .cancelled } }

  /// Ends the tools that run, or keeps them from starting.
  func cancel() {
    let started = phase.withLock { phase -> Int in
      defer { if phase.0 != .ended { phase.0 = .cancelled } }
      return phase.0 == .ended ? 0 : phase.started
    }
    // Only started processes that have not been waited for: their identifiers still name them.
    // SIGKILL, not SIGTERM: a tool may inherit a blocked signal mask from the thread that
    // started it, and a blocked SIGTERM would let it run to the end.
    for process in processes.prefix(started) { kill(process.processIdentifier, SIGKILL) }
  }

  /// Starts the tools, feeds the first one's input, hands over the last one's output, and waits
  /// for all to exit.
  func runToEnd(output: @Sendable (Data) -> Void) throws -> [ProcessResult] {
    let input = Pipe()
    let errors = invocations.map { _ in Pipe() }
    var links: [Pipe] = []
    let exited = DispatchGroup()
    for (index, process) in processes.enumerated() {
      process.executableURL = URL(fileURLWithPath: invocations[index].executable)
      process.arguments = invocations[index].arguments
      process.standardInput = index == 0 ? input : links[index - 1]
      links.append(Pipe())
      process.standardOutput = links[index]
      process.standardError = errors[index]
      exited.enter()
      process.terminationHandler = { _ in exited.leave() }
    }
    try start()
    // The pipes between tools belong to the tools now; the viewer keeps only the last output.
    for link in links.dropLast() {
      try? link.fileHandleForReading.close()
      try? link.fileHandleForWriting.close()
    }

    let standardInput = invocations[0].standardInput
    let writer = input.fileHandleForWriting
    DispatchQueue.global().async {
      try? writer.write(contentsOf: standardInput)
      try? writer.close()
    }
    let collectedErrors = errors.map { _ in Locked(Data()) }
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
    exited.wait()
    phase.withLock { phase in if phase.0 == .running { phase.0 = .ended } }

    return zip(processes, collectedErrors).map { process, collected in
      ProcessResult(
        status: process.terminationStatus,
        wasSignalled: process.terminationReason == .uncaughtSignal,
        standardError: collected.withLock { $0 })
    }
  }

  /// Starts every process, in order, unless the run was cancelled; on a failure, ends those
  /// already started.
  private func start() throws {
    try phase.withLock { phase in
      guard phase.0 == .notStarted else { throw CancellationError() }
      do {
        for process in processes {
          try process.run()
          phase.started += 1
        }
      } catch {
        for process in processes.prefix(phase.started) {
          kill(process.processIdentifier, SIGKILL)
          process.waitUntilExit()
        }
        phase.0 = .ended
        throw error
      }
      phase.0 = .running
    }
  }

  /// Reads a pipe to its end, handing over each chunk as it arrives.
  private static func drain(_ reader: FileHandle, into consume: (Data) -> Void) {
    // `availableData` returns what one read gets; `read(upToCount:)` would wait for the count.
    while case let chunk = reader.availableData, !chunk.isEmpty { consume(chunk) }
  }
}
