/// A typed key that names a custom content state an app adds beside the built-in ones.
///
/// Declare keys as static members so that a misspelt state is a compile error rather than the
/// runtime crash that string-named custom states cause in the reference libraries:
///
/// ```swift
/// extension CustomStateKey {
///   static let offline = CustomStateKey("offline")
/// }
/// try model.showCustomState(.offline)
/// ```
public struct CustomStateKey: Hashable, Sendable, CustomStringConvertible {
  /// The key's name, as it appears in timelines and descriptions.
  public let name: String

  /// Creates a key with the given name.
  ///
  /// - Parameter name: The state's name; keys with equal names denote the same state.
  public init(_ name: String) {
    self.name = name
  }

  /// The key's name.
  public var description: String { name }
}
