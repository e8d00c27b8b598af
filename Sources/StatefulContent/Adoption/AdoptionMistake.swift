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
  /// The presenter given to the machine was released before it presented anything: nothing
  /// kept it. The machine holds its presenter weakly (as a view holds its delegate); keep it
  /// in the model or the view that made it.
  case presenterReleasedBeforePresenting
  /// ``StatefulContent/reload(isolation:)`` — the host's Retry or pull to refresh — asked the
  /// adopter for its load, but the adopter does not implement
  /// ``StatefulContent/loadContent()``, so nothing was loaded.
  case loadContentNotImplemented

  /// What is wrong and how to fix it.
  public var description: String {
    switch self {
    case .oldErrorHookName:
      "StatefulContent: the adopter implements StatefulViewController's "
        + "`handleErrorWhenContentAvailable(_:)`; rename it "
        + "`handleErrorWhenContentsAvailable(_:)` (it is called meanwhile)."
    case .presenterReleasedBeforePresenting:
      "StatefulContent: the presenter was released before it presented anything; the machine "
        + "holds its presenter weakly, like a delegate: keep a reference to it "
        + "(`let presenter = …` in the model or the view that made it)."
    case .loadContentNotImplemented:
      "StatefulContent: reload() (Retry, pull to refresh) asked for the adopter's load, but the "
        + "adopter does not implement `func loadContent() async`; implement it with the "
        + "adopter's `load` call, so that reload and Retry load again."
    }
  }

  /// The default handler: in debug builds, an assertion failure with the mistake's
  /// description, so that it is fixed before shipping; in release builds, nothing (the old
  /// spelling keeps working).
  public static let assertInDebugBuilds: @Sendable (AdoptionMistake) -> Void = { mistake in
    assertionFailure(mistake.description)
  }
}
