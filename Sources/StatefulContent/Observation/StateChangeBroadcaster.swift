import Synchronization

/// Fans state changes out to any number of `AsyncStream` consumers.
///
/// A consumer that stops iterating (or whose task is cancelled) is removed at once through the
/// stream's termination handler, so it is released; the mutex makes that handler, which may run
/// on any thread, safe.
final class StateChangeBroadcaster: Sendable {
  private let consumers = Mutex<[UInt64: AsyncStream<ContentStateChange>.Continuation]>([:])
  private let nextID = Atomic<UInt64>(0)

  /// A new stream of every change from now on.
  func stream() -> AsyncStream<ContentStateChange> {
    let (stream, continuation) = AsyncStream<ContentStateChange>.makeStream()
    let id = nextID.add(1, ordering: .relaxed).newValue
    continuation.onTermination = { [weak self] _ in
      _ = self?.consumers.withLock { $0.removeValue(forKey: id) }
    }
    consumers.withLock { $0[id] = continuation }
    return stream
  }

  /// How many consumers are attached.
  var consumerCount: Int { consumers.withLock { $0.count } }

  /// Delivers a change to every consumer.
  func yield(_ change: ContentStateChange) {
    let targets = consumers.withLock { Array($0.values) }
    for continuation in targets { continuation.yield(change) }
  }

  /// Ends every consumer's stream.
  func finish() {
    let targets = consumers.withLock { consumers in
      defer { consumers.removeAll() }
      return Array(consumers.values)
    }
    for continuation in targets { continuation.finish() }
  }
}
