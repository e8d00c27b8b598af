import DocumentViewerCore
import Foundation
import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting

/// A process runner that answers qpdf's check ("not encrypted") and plays pdftotext: it writes
/// its first output, then waits at ``gate`` before the rest, and stops at once when its task
/// is cancelled, as the real runner does.
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
    // A cancelled run ends at once, as a terminated process does: the gate's wait honours
    // cancellation, and a cancellation just after it opened is seen too.
    do {
      try await gate.wait()
      try Task.checkCancellation()
    } catch let cancellation as CancellationError {
      cancelled.withLock { $0 = true }
      throw cancellation
    }
    output(rest)
    return [ProcessResult(status: 0)]
  }
}
