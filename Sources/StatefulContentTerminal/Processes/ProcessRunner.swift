import Foundation
import StatefulContent

/// Runs command-line tools: a tool's only way to start a process.
///
/// Injectable so that tests can record every invocation (and check that no password appears
/// in any argument) or simulate a tool's answer. ``SystemProcessRunner`` runs them for real.
///
/// ## Implementation requirements
/// - Run each executable directly (never through a shell), with the invocation's arguments;
///   connect each tool's standard output to the next one's standard input; write the first
///   tool's standard input and close it; hand the last tool's standard output to `output` as
///   it arrives, without keeping it; collect each standard error (a bounded prefix is enough),
///   without deadlocking on full pipes.
/// - When the calling task is cancelled, end every tool and throw `CancellationError`.
public protocol ProcessRunner: Sendable {
  /// Runs tools connected by pipes, like a shell's `a | b`, to their end.
  ///
  /// - Parameters:
  ///   - pipeline: The tools, in order; at least one. Only the first one's
  ///     ``ProcessInvocation/standardInput`` is written; the others read the tool before them.
  ///   - output: Receives the last tool's standard output, chunk by chunk, on any thread.
  /// - Returns: How each tool ended, in order, with its standard error; their
  ///   ``ProcessResult/standardOutput`` is empty.
  /// - Throws: `CancellationError` when the task is cancelled; the system's error when a
  ///   tool cannot be started.
  func run(
    _ pipeline: [ProcessInvocation], output: @escaping @Sendable (Data) -> Void
  ) async throws -> [ProcessResult]
}

extension ProcessRunner {
  /// Runs one tool to its end and collects its standard output, for tools that write little
  /// (a version check).
  ///
  /// - Parameter invocation: What to run.
  /// - Returns: The tool's exit status and output.
  /// - Throws: What ``run(_:output:)`` throws.
  public func run(_ invocation: ProcessInvocation) async throws -> ProcessResult {
    let collected = LockedState(Data())
    let results = try await run([invocation]) { chunk in collected.withLock { $0 += chunk } }
    var result = results[0]
    result.standardOutput = collected.withLock { $0 }
    return result
  }
}
