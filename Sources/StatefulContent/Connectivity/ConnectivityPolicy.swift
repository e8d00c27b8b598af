#if canImport(FoundationEssentials)
  import FoundationEssentials
#elseif canImport(Foundation)
  import Foundation
#endif

/// Which errors mean "no connection", and how long reachability must settle before the load
/// that waits for the network is tried again.
///
/// It applies once the model follows a connectivity source
/// (``StatefulContent/followConnectivity(_:isolation:)``): a load that fails with an error
/// it recognizes — or with any error while the source reports the network unreachable —
/// spends no retry attempt and starts no backoff timer: it waits for the network, and is
/// tried once more when the source reports it reachable again. Without a source, these
/// errors fail a load as any other does.
///
/// ``standard`` recognizes `URLError`'s connection codes (recognized by their domain and
/// code, `NSURLErrorDomain`, so that the library needs no networking module) and the POSIX
/// errors of a refused or unreachable connection. An app adds its own:
///
/// ```swift
/// model.stateMachine.connectivityPolicy = .standard.adding { ($0 as? FeedError)?.isOffline == true }
/// ```
public struct ConnectivityPolicy: Sendable {
  /// Whether an error means the network could not be reached.
  public var isConnectionError: @Sendable (any Error) -> Bool
  /// How long the source must report the network reachable before the waiting load is tried
  /// again: changes closer together than this give one retry. Negative means zero.
  public var reconnectionDelay: Duration
  /// How long a load that failed with a connection error while the source reported the
  /// network reachable waits for the source to say it is gone: without a report of an
  /// unreachable network by then, the network was there after all — a server that refuses
  /// connections on a working network — and the failure is decided as one while reachable
  /// (the retry policy, then the error). Negative means zero.
  public var confirmationDelay: Duration

  /// Creates a policy.
  ///
  /// - Parameters:
  ///   - reconnectionDelay: How long reachability must settle before the retry. Defaults
  ///     to 300 ms.
  ///   - confirmationDelay: How long a connection error on a network the source calls
  ///     reachable waits for the source to confirm it is gone. Defaults to 2 seconds.
  ///   - isConnectionError: Whether an error means the network could not be reached.
  public init(
    reconnectionDelay: Duration = .milliseconds(300),
    confirmationDelay: Duration = .seconds(2),
    isConnectionError: @escaping @Sendable (any Error) -> Bool
  ) {
    self.reconnectionDelay = reconnectionDelay
    self.confirmationDelay = confirmationDelay
    self.isConnectionError = isConnectionError
  }

  /// `URLError`'s connection codes and the POSIX errors of a refused or unreachable
  /// connection, with a 300 ms reconnection delay and a 2-second confirmation delay.
  public static let standard = ConnectivityPolicy(isConnectionError: isPlatformConnectionError)

  /// This policy, also recognizing the errors `isConnectionError` accepts.
  ///
  /// - Parameter isConnectionError: Whether an error of the app's means no connection.
  /// - Returns: A policy that accepts what either accepts, with this one's delay.
  public func adding(_ isConnectionError: @escaping @Sendable (any Error) -> Bool)
    -> ConnectivityPolicy
  {
    let recognizes = self.isConnectionError
    return ConnectivityPolicy(
      reconnectionDelay: reconnectionDelay, confirmationDelay: confirmationDelay
    ) {
      recognizes($0) || isConnectionError($0)
    }
  }

  /// Whether an error is one of the platform's "no connection" errors: `URLError`'s
  /// `notConnectedToInternet`, `networkConnectionLost`, `cannotConnectToHost`,
  /// `cannotFindHost`, `dnsLookupFailed`, `internationalRoamingOff`, `callIsActive` and
  /// `dataNotAllowed` (recognized by domain and code), or a `POSIXError` of a refused, reset
  /// or unreachable connection. A timeout is not one: a slow server is not a missing network.
  ///
  /// - Parameter error: Any error.
  /// - Returns: `true` for a connection error.
  public static func isPlatformConnectionError(_ error: any Error) -> Bool {
    if let error = error as? POSIXError {
      return [.ECONNREFUSED, .ECONNRESET, .ENETDOWN, .ENETUNREACH, .EHOSTUNREACH, .EHOSTDOWN]
        .contains(error.code)
    }
    guard error._domain == "NSURLErrorDomain" else { return false }
    return [-1009, -1005, -1004, -1003, -1006, -1018, -1019, -1020].contains(error._code)
  }
}
