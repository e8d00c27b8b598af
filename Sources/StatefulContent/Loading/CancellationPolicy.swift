#if canImport(FoundationEssentials)
  import FoundationEssentials
#elseif canImport(Foundation)
  import Foundation
#endif

/// Decides which errors mean "cancelled" rather than "failed": cancellation is not an error,
/// so a load or an `endLoading` that ends with one brings back the state from before instead
/// of showing the error placeholder.
///
/// ``standard`` recognizes Swift's `CancellationError`, Foundation's `URLError.cancelled`
/// (recognized by its domain and code, `NSURLErrorDomain` -999, so that the library needs no
/// networking module) and `CocoaError.userCancelled`. An app adds its own:
///
/// ```swift
/// machine.cancellationPolicy = .standard.adding { $0 is CheckoutAbandoned }
/// ```
public struct CancellationPolicy: Sendable {
  /// Whether an error means the work was cancelled.
  public var isCancellation: @Sendable (any Error) -> Bool

  /// Creates a policy.
  ///
  /// - Parameter isCancellation: Whether an error means the work was cancelled.
  public init(isCancellation: @escaping @Sendable (any Error) -> Bool) {
    self.isCancellation = isCancellation
  }

  /// `CancellationError`, `URLError.cancelled` and `CocoaError.userCancelled`.
  public static let standard = CancellationPolicy(isCancellation: isPlatformCancellation)

  /// This policy, also recognizing the errors `isCancellation` accepts.
  ///
  /// - Parameter isCancellation: Whether an error of the app's means cancelled.
  /// - Returns: A policy that accepts what either accepts.
  public func adding(_ isCancellation: @escaping @Sendable (any Error) -> Bool)
    -> CancellationPolicy
  {
    let recognizes = self.isCancellation
    return CancellationPolicy { recognizes($0) || isCancellation($0) }
  }

  /// Whether an error is one of the platform's cancellations: `CancellationError`, or an error
  /// bridged from `NSURLErrorDomain` code -999 (`URLError.cancelled`) or `NSCocoaErrorDomain`
  /// code 3072 (`CocoaError.userCancelled`).
  ///
  /// - Parameter error: Any error.
  /// - Returns: `true` for a cancellation.
  public static func isPlatformCancellation(_ error: any Error) -> Bool {
    if error is CancellationError { return true }
    if let error = error as? CocoaError { return error.code == .userCancelled }
    switch (error._domain, error._code) {
    case ("NSURLErrorDomain", -999), ("NSCocoaErrorDomain", 3072): return true
    default: return false
    }
  }
}
