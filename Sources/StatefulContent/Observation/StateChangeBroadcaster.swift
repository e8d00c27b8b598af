import Synchronization

/// Fans state changes out to any number of `AsyncStream` consumers.
///
/// A consumer that stops iterating (or whose task is cancelled) is removed at once through the
/// stream's termination handler, so it is released; the mutex makes that handler, which may run
/// on any thread, safe.
final class StateChangeBroadcaster: Sendable {
  private let consumers = LockedState<[UInt64: AsyncStream<ContentStateChange>.Continuation]>([:])
  private let nextID = Atomic<UInt64>(0)
  private let count = Atomic<Int>(0)

  /// Whether any consumer is attached; cheap enough to check on every change.
  var hasConsumers: Bool { count.load(ordering: .relaxed) > 0 }

  /// A new stream of every change from now on.
  func stream() -> AsyncStream<ContentStateChange> {
    let (stream, continuation) = AsyncStream<ContentStateChange>.makeStream()
    let id = nextID.add(1, ordering: .relaxed).newValue
    continuation.onTermination = { [weak self] _ in
      guard let self else { return }
      consumers.withLock { consumers in
        if consumers.removeValue(forKey: id) != nil { count.subtract(1, ordering: .relaxed) }
      }
    }
    consumers.withLock { consumers in
      consumers[id] = continuation
      count.add(1, ordering: .relaxed)
    }
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
      defer {
        consumers.removeAll()
        count.store(0, ordering: .relaxed)
      }
      return Array(consumers.values)
    }
    for continuation in targets { continuation.finish() }
  }
}
