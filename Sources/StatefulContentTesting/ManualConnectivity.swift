import StatefulContent

/// A connectivity source a test drives: each ``send(_:)`` is a report of the network, as an
/// adapter of `NWPathMonitor` would make on a device.
///
/// Give it to a model with ``StatefulContent/StatefulContent/followConnectivity(_:isolation:)``;
/// the reports reach the machine in order, on its actor, after the test yields (`settle`).
/// One model follows it at a time.
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

  private let stream: AsyncStream<Reachability>
  private let continuation: AsyncStream<Reachability>.Continuation

  /// Creates a source that has reported nothing yet.
  public init() {
    (stream, continuation) = AsyncStream.makeStream(of: Reachability.self)
  }

  deinit {
    continuation.finish()
  }

  /// Reports the network as reachable or not.
  ///
  /// - Parameter reachability: The report.
  public func send(_ reachability: Reachability) {
    continuation.yield(reachability)
  }

  /// Ends the reports, as a monitor that was cancelled does.
  public func finish() {
    continuation.finish()
  }

  /// The reports, in order.
  public func makeAsyncIterator() -> AsyncStream<Reachability>.Iterator {
    stream.makeAsyncIterator()
  }
}
