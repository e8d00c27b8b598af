import DocumentViewerCore
import Foundation
import StatefulContent
import StatefulContentTesting

/// A process runner that answers qpdf's check ("not encrypted") and plays pdftotext: it writes
/// its first output, then waits at ``gate`` before the rest, and stops there when its task was
/// cancelled meanwhile, as the real runner does.
final class ScriptedPDFRunner: ProcessRunner {
  let gate = Gate<Void>()
  private let firstOutput: Data
  private let rest: Data
  private let cancelled = LockedState(false)

  init(firstOutput: String, rest: String) {
    self.firstOutput = Data(firstOutput.utf8)
    self.rest = Data(rest.utf8)
  }

  /// Whether pdftotext's run ended because its task was cancelled.
  var wasCancelled: Bool { cancelled.withLock { $0 } }

  func run(
    _ pipeline: [ProcessInvocation], output: @escaping @Sendable (Data) -> Void
  ) async throws -> [ProcessResult] {
    guard pipeline.last?.toolName == "pdftotext" else { return [ProcessResult(status: 2)] }
    output(firstOutput)
    try await gate.wait()
    guard !Task.isCancelled else {
      cancelled.withLock { $0 = true }
      throw CancellationError()
    }
    output(rest)
    return [ProcessResult(status: 0)]
  }
}
