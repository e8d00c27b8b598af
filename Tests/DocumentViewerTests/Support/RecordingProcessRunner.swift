import DocumentViewerCore
import Foundation
import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting

/// A process runner that records every invocation and runs it with the real runner, after an
/// optional hook per invocation (to inspect the file system first, or to hold the run at a
/// gate).
final class RecordingProcessRunner: ProcessRunner {
  private let recorded = LockedState<[ProcessInvocation]>([])
  private let beforeRun: @Sendable (ProcessInvocation) async throws -> Void
  private let system = SystemProcessRunner()

  init(beforeRun: @escaping @Sendable (ProcessInvocation) async throws -> Void = { _ in }) {
    self.beforeRun = beforeRun
  }

  /// Every invocation so far, in order; the tools of a pipeline one after the other.
  var invocations: [ProcessInvocation] { recorded.withLock { $0 } }

  /// The tool names and arguments of every invocation, as one line each.
  var commandLines: [String] {
    invocations.map { ([$0.toolName] + $0.arguments).joined(separator: " ") }
  }

  func run(
    _ pipeline: [ProcessInvocation], output: @escaping @Sendable (Data) -> Void
  ) async throws -> [ProcessResult] {
    recorded.withLock { $0 += pipeline }
    for invocation in pipeline { try await beforeRun(invocation) }
    return try await system.run(pipeline, output: output)
  }
}
