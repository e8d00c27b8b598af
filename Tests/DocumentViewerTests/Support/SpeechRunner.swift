import DocumentViewerCore
import Foundation
import StatefulContent
import StatefulContentTerminal

/// A process runner that stands in for `espeak-ng`: it records each invocation and, when
/// told to, speaks "forever" — until its task is cancelled — so that a test can check that a
/// newer announcement stops it. Nothing sleeps: a run that holds waits for its cancellation.
final class SpeechRunner: ProcessRunner {
  private let state = LockedState<(invocations: [ProcessInvocation], cancelled: [String])>(
    ([], []))
  private let holds: Bool
  private let started: AsyncStream<String>.Continuation
  /// The texts whose speech started, in order.
  let startedTexts: AsyncStream<String>

  /// Creates a runner.
  ///
  /// - Parameter holds: Whether each run lasts until it is cancelled. Defaults to `false`.
  init(holds: Bool = false) {
    self.holds = holds
    (startedTexts, started) = AsyncStream.makeStream()
  }

  /// Every invocation so far.
  var invocations: [ProcessInvocation] { state.withLock { $0.invocations } }
  /// The texts (the last argument) of every invocation.
  var texts: [String] { invocations.compactMap(\.arguments.last) }
  /// The texts whose speech was stopped.
  var cancelledTexts: [String] { state.withLock { $0.cancelled } }

  func run(
    _ pipeline: [ProcessInvocation], output: @escaping @Sendable (Data) -> Void
  ) async throws -> [ProcessResult] {
    let text = pipeline[0].arguments.last ?? ""
    state.withLock { $0.invocations += pipeline }
    started.yield(text)
    if holds {
      let (ended, end) = AsyncStream<Void>.makeStream()
      await withTaskCancellationHandler {
        for await _ in ended {}
      } onCancel: {
        end.finish()
      }
      state.withLock { $0.cancelled.append(text) }
      throw CancellationError()
    }
    return pipeline.map { _ in ProcessResult(status: 0) }
  }
}
