#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The typed errors of the unlock flow.
///
/// ``attemptLimitReached(attempts:)`` is meant for the person at the screen: it describes
/// itself as a `LocalizedError` in the process's language (``PlaceholderStrings/current``),
/// and the built-in error placeholder shows it in the language of its machine's
/// ``ContentStateMachine/strings``. ``noVerifier`` is a mistake of the app's, described in
/// English for its developer.
public enum UnlockError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// Too many wrong credentials were given; the state is error until a new load starts.
  ///
  /// - Parameter attempts: How many wrong credentials were given.
  case attemptLimitReached(attempts: Int)
  /// There is no way to verify a credential: no ``ContentStateMachine/credentialVerifier`` is
  /// set and the adopter's ``StatefulContent/loadContent()`` started no `load` whose operation
  /// could check it.
  case noVerifier

  /// A sentence for the error placeholder: the failure reason and the recovery suggestion.
  public var description: String {
    [failureReason, recoverySuggestion].compactMap { $0 }.joined(separator: " ")
  }

  /// `nil`: the error placeholder keeps its title ("Something Went Wrong").
  public var errorDescription: String? { nil }

  /// Why unlocking stopped: "Too many incorrect passwords (3 attempts)." in the process's
  /// language.
  public var failureReason: String? { failureReason(in: .current) }

  /// What to do: "Open the document again to retry." in the process's language.
  public var recoverySuggestion: String? { recoverySuggestion(in: .current) }

  /// Why unlocking stopped, in the language of some texts.
  func failureReason(in strings: PlaceholderStrings) -> String {
    switch self {
    case .attemptLimitReached(let attempts): strings.attemptLimit(attempts: attempts)
    case .noVerifier:
      "No way to verify the credential: set credentialVerifier, or implement loadContent() with "
        + "a load whose operation reads LoadContext.credential."
    }
  }

  /// What to do, in the language of some texts; `nil` for ``noVerifier``.
  func recoverySuggestion(in strings: PlaceholderStrings) -> String? {
    switch self {
    case .attemptLimitReached: strings.attemptLimitRecovery
    case .noVerifier: nil
    }
  }
}
