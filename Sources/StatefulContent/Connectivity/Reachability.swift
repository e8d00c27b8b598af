/// Whether the network can be reached, as a connectivity source reports it.
///
/// A model gives its machine a source of these values
/// (``StatefulContent/followConnectivity(_:isolation:)``) — an adapter of `NWPathMonitor` on
/// Apple platforms, a probe of the server, a test's `ManualConnectivity` — and the machine
/// decides from them: a load that fails while the network is unreachable waits for it
/// (``ContentState/waiting``) instead of spending retries, and content stays, marked offline
/// (``Presentation/isOffline``). See <doc:ContentOverTime>.
public enum Reachability: Sendable, Hashable, CustomStringConvertible {
  /// The network can be reached.
  case reachable
  /// The network cannot be reached.
  case unreachable

  /// "reachable" or "unreachable".
  public var description: String {
    switch self {
    case .reachable: "reachable"
    case .unreachable: "unreachable"
    }
  }
}
