import Synchronization

/// Collects what a program writes to one of its streams.
final class TextSink: Sendable {
  private let collected = Mutex("")

  /// Everything written so far.
  var text: String { collected.withLock { $0 } }

  /// Appends text; pass it as the program's `write`.
  @Sendable func append(_ text: String) {
    collected.withLock { $0 += text }
  }
}
