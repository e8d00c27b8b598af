import Dispatch
import Foundation

/// Runs tools with Foundation's `Process`: no shell, three pipes, cancellable.
///
/// The standard input is written and the standard error is read on threads of their own while
/// the standard output is read, so a tool that writes much to both streams, or reads no input
/// at all, cannot deadlock the viewer. `SIGPIPE` is ignored for the whole process (once, on the
/// first run), so that writing to a tool that exited early fails with `EPIPE` instead of
/// killing the viewer.
///
/// ```swift
/// let result = try await SystemProcessRunner().run(
///   ProcessInvocation(executable: "/usr/bin/qpdf", arguments: ["--version"]))
/// ```
public struct SystemProcessRunner: ProcessRunner {
  /// Creates a runner.
  public init() {}

  /// Runs a tool to its end, on a thread of its own.
  ///
  /// - Parameter invocation: What to run.
  /// - Returns: The tool's exit status and output.
  /// - Throws: `CancellationError` when the task is cancelled (the tool is sent `SIGTERM`);
  ///   the system's error when the tool cannot be started.
  public func run(_ invocation: ProcessInvocation) async throws -> ProcessResult {
    Self.ignoreBrokenPipes
    let run = ToolRun(invocation)
    Self.running.withLock { $0[ObjectIdentifier(run)] = run }
    defer { _ = Self.running.withLock { $0.removeValue(forKey: ObjectIdentifier(run)) } }
    let result = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
          continuation.resume(with: Result { try run.runToEnd() })
        }
      }
    } onCancel: {
      run.cancel()
    }
    if run.wasCancelled { throw CancellationError() }
    return result
  }

  private static let ignoreBrokenPipes: Void = {
    _ = signal(SIGPIPE, SIG_IGN)
  }()

  /// The runs whose tools may still be running, so that a quitting viewer can end them.
  fileprivate static let running = Locked<[ObjectIdentifier: ToolRun]>([:])

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

/// One tool's process, shared by the thread that runs it and the task's cancellation handler.
private final class ToolRun: Sendable {
  private enum Phase {
    case notStarted
    case running
    case cancelled
    case ended
  }

  private let invocation: ProcessInvocation
  private let process = Process()
  private let phase = Locked(Phase.notStarted)

  init(_ invocation: ProcessInvocation) {
    self.invocation = invocation
  }

  var wasCancelled: Bool { phase.withLock { $0 == .cancelled } }

  /// Ends the tool if it runs, or keeps it from starting.
  func cancel() {
    let terminate = phase.withLock { phase -> Bool in
      defer { if phase != .ended { phase = .cancelled } }
      return phase == .running
    }
    // Only while running: the process has been started and has not been waited for, so its
    // identifier still names it.
    // SIGKILL, not SIGTERM: the tool may inherit a blocked signal mask from the thread that
    // started it, and a blocked SIGTERM would let it run (and keep its files) to the end.
    if terminate { kill(process.processIdentifier, SIGKILL) }
  }

  /// Starts the tool, feeds its input, collects its output and waits for it to exit.
  func runToEnd() throws -> ProcessResult {
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.executableURL = URL(fileURLWithPath: invocation.executable)
    process.arguments = invocation.arguments
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }

    let started = try phase.withLock { phase -> Bool in
      guard phase == .notStarted else { return false }
      try process.run()
      phase = .running
      return true
    }
    guard started else { throw CancellationError() }

    let standardInput = invocation.standardInput
    let writer = input.fileHandleForWriting
    let collectedErrors = Collected()
    let errorsRead = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      try? writer.write(contentsOf: standardInput)
      try? writer.close()
    }
    let errorReader = errors.fileHandleForReading
    DispatchQueue.global().async {
      collectedErrors.set((try? errorReader.readToEnd()) ?? Data())
      errorsRead.signal()
    }
    let standardOutput = (try? output.fileHandleForReading.readToEnd()) ?? Data()
    errorsRead.wait()
    exited.wait()
    phase.withLock { phase in if phase == .running { phase = .ended } }

    return ProcessResult(
      status: process.terminationStatus,
      wasSignalled: process.terminationReason == .uncaughtSignal,
      standardOutput: standardOutput, standardError: collectedErrors.get())
  }
}

/// Bytes handed from a reading thread to the thread that waits for it.
private final class Collected: Sendable {
  private let data = Locked(Data())

  func set(_ value: Data) { data.withLock { $0 = value } }
  func get() -> Data { data.withLock { $0 } }
}
