import Foundation

/// A process runner for tests that records every invocation, and runs it or answers it with a
/// scripted result.
///
/// A test hands it to the code under test instead of a ``SystemProcessRunner``, then checks
/// what ran — that no secret appears in any argument, that the secret went to standard input —
/// or makes a tool fail in a way the machine cannot be made to.
///
/// ```swift
/// let runner = RecordingProcessRunner.scripted { _ in
///   ProcessResult(status: 1, standardError: Data("keyctl_search: Permission denied\n".utf8))
/// }
/// let keyring = KernelKeyring(runner: runner)
/// // … use the keyring …
/// XCTAssertFalse(runner.commandLines.contains { $0.contains(secret) })
/// ```
public final class RecordingProcessRunner: ProcessRunner {
  private let recorded = Locked<[ProcessInvocation]>([])
  private let beforeRun: @Sendable (ProcessInvocation) async throws -> Void
  private let answer: (@Sendable (ProcessInvocation) -> ProcessResult)?
  private let system = SystemProcessRunner()

  /// Creates a runner that runs every invocation with a ``SystemProcessRunner``.
  ///
  /// - Parameter beforeRun: Called with each invocation before the pipeline runs, to look at
  ///   the file system first or to hold the run at a gate; what it throws ends the run.
  ///   Defaults to nothing.
  public init(beforeRun: @escaping @Sendable (ProcessInvocation) async throws -> Void = { _ in }) {
    self.beforeRun = beforeRun
    self.answer = nil
  }

  private init(answer: @escaping @Sendable (ProcessInvocation) -> ProcessResult) {
    self.beforeRun = { _ in }
    self.answer = answer
  }

  /// A runner that runs nothing: it answers each invocation with a result.
  ///
  /// - Parameter answer: The result of an invocation; its standard output is handed over as
  ///   the tool's.
  /// - Returns: The runner.
  public static func scripted(
    _ answer: @escaping @Sendable (ProcessInvocation) -> ProcessResult
  ) -> RecordingProcessRunner {
    RecordingProcessRunner(answer: answer)
  }

  /// Every invocation so far, in order; the tools of a pipeline one after the other.
  public var invocations: [ProcessInvocation] { recorded.withLock { $0 } }

  /// The tool name and arguments of every invocation, one line each, such as
  /// `keyctl padd user my-tool:sha256:9cb3… @u`.
  public var commandLines: [String] {
    invocations.map { ([$0.toolName] + $0.arguments).joined(separator: " ") }
  }

  /// Records the pipeline, then runs it or answers it.
  ///
  /// - Parameters:
  ///   - pipeline: The tools; see ``ProcessRunner/run(_:output:)``.
  ///   - output: Receives the last tool's standard output.
  /// - Returns: How each tool ended, run or scripted.
  /// - Throws: What `beforeRun` or the real run throws.
  public func run(
    _ pipeline: [ProcessInvocation], output: @escaping @Sendable (Data) -> Void
  ) async throws -> [ProcessResult] {
    recorded.withLock { $0 += pipeline }
    guard let answer else {
      for invocation in pipeline { try await beforeRun(invocation) }
      return try await system.run(pipeline, output: output)
    }
    return pipeline.map { invocation in
      var result = answer(invocation)
      output(result.standardOutput)
      result.standardOutput = Data()
      return result
    }
  }
}
