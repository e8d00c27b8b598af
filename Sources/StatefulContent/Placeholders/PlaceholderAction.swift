/// A button-like action a placeholder offers, such as Retry or Unlock.
///
/// The presenter shows it; when the user triggers it, the host performs the action's ``role``
/// (for example ``StatefulContent/reload(isolation:)`` for ``Role/retry``).
public struct PlaceholderAction: Hashable, Sendable {
  /// What triggering the action does.
  public enum Role: Hashable, Sendable {
    /// Runs the last load again.
    case retry
    /// Asks for a credential and unlocks the content.
    case unlock
    /// An app-defined action, named by the string.
    case custom(String)
  }

  /// The label shown to the user.
  public var title: String
  /// What triggering the action does.
  public var role: Role
  /// Whether the action asks the user for masked input (a password) before it runs.
  public var requestsMaskedInput: Bool

  /// Creates an action.
  ///
  /// - Parameters:
  ///   - title: The label shown to the user.
  ///   - role: What triggering the action does.
  ///   - requestsMaskedInput: Whether the action asks for masked input first.
  public init(title: String, role: Role, requestsMaskedInput: Bool = false) {
    self.title = title
    self.role = role
    self.requestsMaskedInput = requestsMaskedInput
  }

  /// A Retry action, titled in the process's language (``PlaceholderStrings/current``).
  public static let retry = retry(in: .current)
  /// An Unlock action that asks for masked input, titled in the process's language.
  public static let unlock = unlock(in: .current)

  /// A Retry action titled in the language of some texts, for a placeholder of a machine whose
  /// ``ContentStateMachine/strings`` are not the process's.
  ///
  /// - Parameter strings: The texts, such as ``PlaceholderStrings/german``.
  /// - Returns: The action, titled ``PlaceholderStrings/retry``.
  public static func retry(in strings: PlaceholderStrings) -> PlaceholderAction {
    PlaceholderAction(title: strings.retry, role: .retry)
  }

  /// An Unlock action that asks for masked input, titled in the language of some texts.
  ///
  /// - Parameter strings: The texts, such as ``PlaceholderStrings/german``.
  /// - Returns: The action, titled ``PlaceholderStrings/unlock``.
  public static func unlock(in strings: PlaceholderStrings) -> PlaceholderAction {
    PlaceholderAction(title: strings.unlock, role: .unlock, requestsMaskedInput: true)
  }
}
