/// Fans state changes out to any number of `AsyncStream` consumers.
///
/// A consumer that stops iterating (or whose task is cancelled) is removed at once through the
/// stream's termination handler, so it is released; the lock makes that handler, which may run
/// on any thread, safe.
///
/// Everything it shares sits behind one `LockedState` rather than in `Synchronization`'s
/// atomics, which would raise the package's deployment floor to macOS 15 and iOS 18. Only a
/// machine that was asked for `stateChanges()` has a broadcaster, so `hasConsumers` takes the
/// uncontended lock only there.
final class StateChangeBroadcaster: Sendable {
  private struct Consumers {
    var continuations: [UInt64: AsyncStream<ContentStateChange>.Continuation] = [:]
    var nextID: UInt64 = 0
  }

  private let consumers = LockedState(Consumers())

  /// Whether any consumer is attached; cheap enough to check on every change.
  var hasConsumers: Bool { consumers.withLock { !$0.continuations.isEmpty } }

  /// A new stream of every change from now on.
  func stream() -> AsyncStream<ContentStateChange> {
    let (stream, continuation) = AsyncStream<ContentStateChange>.makeStream()
    let id = consumers.withLock { consumers in
      defer { consumers.nextID += 1 }
      return consumers.nextID
    }
    continuation.onTermination = { [weak self] _ in
      guard let self else { return }
      consumers.withLock { _ = $0.continuations.removeValue(forKey: id) }
    }
    consumers.withLock { $0.continuations[id] = continuation }
    return stream
  }

  /// How many consumers are attached.
  var consumerCount: Int { consumers.withLock { $0.continuations.count } }

  /// Delivers a change to every consumer.
  func yield(_ change: ContentStateChange) {
    let targets = consumers.withLock { Array($0.continuations.values) }
    for continuation in targets { continuation.yield(change) }
  }

  /// Ends every consumer's stream.
  func finish() {
    let targets = consumers.withLock { consumers in
      defer { consumers.continuations.removeAll() }
      return Array(consumers.continuations.values)
    }
    for continuation in targets { continuation.finish() }
  }
}
