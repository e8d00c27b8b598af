/// The error a load's operation throws to end in a custom state instead of the error
/// placeholder, as ``ContentLockedError`` ends in the locked state.
///
/// The load still fails (its outcome carries this error), but the state becomes
/// ``ContentState/custom(_:)`` with the key — with no error placeholder presented first —
/// provided a placeholder is registered for it; otherwise the error placeholder shows it, as
/// for any error. With content, the content stays (rule 2). An adopter can map its own errors
/// the same way with ``StatefulContent/customState(for:)``.
///
/// ```swift
/// extension CustomStateKey {
///   static let offline = CustomStateKey("offline")  // the app declares its keys
/// }
///
/// await model.load(into: \.content) { _ in
///   guard await network.isReachable else { throw CustomStateError(.offline) }
///   return try await api.items()
/// }
/// ```
public struct CustomStateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The custom state to show.
  public var key: CustomStateKey

  /// Creates the error.
  ///
  /// - Parameter key: The custom state to show.
  public init(_ key: CustomStateKey) {
    self.key = key
  }

  /// `Shows the custom state '<key>'`.
  public var description: String { "Shows the custom state '\(key)'" }
}
