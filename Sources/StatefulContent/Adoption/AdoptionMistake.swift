/// A mistake in how a type adopts ``StatefulContent`` that compiles but would silently get a
/// default: the machine detects it at run time and reports it through
/// ``ContentStateMachine/adoptionMistakeHandler``.
///
/// Swift cannot reject this one at compile time: a method with an old library's name is
/// just another method of the adopter. The machine detects it when it reports an error with
/// content, calls the old spelling as it would the new one, and reports the mistake once per
/// machine. (StatefulViewController's `func hasContent()` is caught at compile time: the
/// default ``StatefulContent/hasContent`` it would leave in place is deprecated.)
public enum AdoptionMistake: Sendable, Hashable, CustomStringConvertible {
  /// The adopter implements StatefulViewController's `handleErrorWhenContentAvailable(_:)`
  /// instead of ``StatefulContent/handleErrorWhenContentsAvailable(_:)`` ("Contents"). It is
  /// called.
  case oldErrorHookName

  /// What is wrong and how to fix it.
  public var description: String {
    switch self {
    case .oldErrorHookName:
      "StatefulContent: the adopter implements StatefulViewController's "
        + "`handleErrorWhenContentAvailable(_:)`; rename it "
        + "`handleErrorWhenContentsAvailable(_:)` (it is called meanwhile)."
    }
  }

  /// The default handler: in debug builds, an assertion failure with the mistake's
  /// description, so that it is fixed before shipping; in release builds, nothing (the old
  /// spelling keeps working).
  public static let assertInDebugBuilds: @Sendable (AdoptionMistake) -> Void = { mistake in
    assertionFailure(mistake.description)
  }
}
