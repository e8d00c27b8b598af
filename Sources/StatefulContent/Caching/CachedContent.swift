#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Content a successful load produced, as a ``ContentCache`` gives it back at the next launch.
public struct CachedContent<Value: Sendable>: Sendable {
  /// The content.
  public var value: Value
  /// When it was saved, by the wall clock (it outlives the process, and its monotonic clocks).
  public var savedAt: Date

  /// Creates cached content.
  ///
  /// - Parameters:
  ///   - value: The content.
  ///   - savedAt: When it was saved.
  public init(value: Value, savedAt: Date) {
    self.value = value
    self.savedAt = savedAt
  }

  /// How old the content is at a moment: 0 when it was saved later, as after the clock was set
  /// back.
  ///
  /// - Parameter now: The moment, usually `Date()`.
  /// - Returns: The age, at least zero, to the millisecond.
  public func age(at now: Date) -> Duration {
    let seconds = now.timeIntervalSince(savedAt)
    guard seconds > 0 else { return .zero }
    return .milliseconds(Int64(min(seconds * 1_000, Double(Int64.max / 2))))
  }
}

extension CachedContent: Equatable where Value: Equatable {}
