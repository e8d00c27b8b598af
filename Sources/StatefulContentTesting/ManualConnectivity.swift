import StatefulContent

/// A connectivity source a test drives: each ``send(_:)`` is a report of the network, as an
/// adapter of `NWPathMonitor` would make on a device.
///
/// Give it to a model with ``StatefulContent/StatefulContent/followConnectivity(_:isolation:)``;
/// the reports reach the machine in order, on its actor, after the test yields (`settle`).
/// Reports sent while nobody iterates the source wait for the next iteration; every
/// iteration going on gets every report, so that a model may follow it again (the new
/// iteration replaces the old one) and several models may follow it at once.
///
/// ```swift
/// let connectivity = ManualConnectivity()
/// model.followConnectivity(connectivity)
/// connectivity.send(.unreachable)
/// try await settle { model.stateMachine.reachability == .unreachable }
/// ```
public final class ManualConnectivity: AsyncSequence, Sendable {
  /// A report of the network.
  public typealias Element = Reachability
  /// Reports never fail.
  public typealias Failure = Never

  private struct State {
    /// The iterations going on, by number.
    var listeners: [Int: AsyncStream<Reachability>.Continuation] = [:]
    var nextListener = 0
    /// Reports sent while nobody listened.
    var waiting: [Reachability] = []
    var isFinished = false
  }

  private let state = LockedState(State())

  /// Creates a source that has reported nothing yet.
  public init() {}

  deinit {
    finish()
  }

  /// Reports the network as reachable or not.
  ///
  /// - Parameter reachability: The report.
  public func send(_ reachability: Reachability) {
    state.withLock { state in
      guard !state.isFinished else { return }
      if state.listeners.isEmpty { state.waiting.append(reachability) }
      for listener in state.listeners.values { listener.yield(reachability) }
    }
  }

  /// Ends the reports, as a monitor that was cancelled does: every iteration ends after the
  /// reports sent before.
  public func finish() {
    let listeners = state.withLock { state in
      state.isFinished = true
      defer { state.listeners = [:] }
      return Array(state.listeners.values)
    }
    for listener in listeners { listener.finish() }
  }

  /// The reports, in order: those that waited for an iteration first.
  public func makeAsyncIterator() -> AsyncStream<Reachability>.Iterator {
    let (stream, continuation) = AsyncStream.makeStream(of: Reachability.self)
    let number = state.withLock { state in
      for report in state.waiting { continuation.yield(report) }
      state.waiting = []
      guard !state.isFinished else {
        continuation.finish()
        return -1
      }
      let number = state.nextListener
      state.nextListener += 1
      state.listeners[number] = continuation
      return number
    }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { _ = $0.listeners.removeValue(forKey: number) }
    }
    return stream.makeAsyncIterator()
  }
}
