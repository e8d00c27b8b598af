/// A mistake in how a type adopts ``StatefulContent`` that compiles but would silently get a
/// default: the compiler warns about it, and the machine also reports it at run time, through
/// ``ContentStateMachine/adoptionMistakeHandler``, once per kind and machine.
///
/// A mistake never traps: by default it is a line on standard error
/// (``logToStandardError``), and the app keeps working.
///
/// StatefulViewController's spellings are both compiler warnings: `func hasContent()` leaves
/// the default ``StatefulContent/hasContent`` in place, which is deprecated ("deprecated
/// default implementation is used to satisfy property 'hasContent'…"), and
/// `handleErrorWhenContentAvailable(_:)` makes the default of
/// ``StatefulContent/handleErrorWhenContentsAvailable(_:)`` a deprecated one that forwards to
/// it ("… to satisfy instance method 'handleErrorWhenContentsAvailable'…: rename…").
public enum AdoptionMistake: Sendable, Hashable, CustomStringConvertible {
  /// The adopter implements StatefulViewController's `handleErrorWhenContentAvailable(_:)`
  /// instead of ``StatefulContent/handleErrorWhenContentsAvailable(_:)`` ("Contents"). It is
  /// called in its place, so the error is not lost.
  case oldErrorHookName
  /// The presenter given to the machine was released before it presented anything: nothing
  /// kept it. The machine holds its presenter weakly (as a view holds its delegate); keep it
  /// in the model or the view that made it.
  case presenterReleasedBeforePresenting
  /// ``StatefulContent/reload(isolation:)`` — the host's Retry or pull to refresh — asked the
  /// adopter for its load, but the adopter does not implement
  /// ``StatefulContent/loadContent()``, so nothing was loaded.
  case loadContentNotImplemented
  /// The adopter's ``StatefulContent/loadContent()`` ran off the actor that called
  /// ``StatefulContent/reload(isolation:)`` or ``StatefulContent/unlock(with:remember:animated:isolation:)``:
  /// in a class that no actor isolates, a plain `func loadContent() async` declared in an
  /// extension that does not name the conformance runs on the global executor. The load it
  /// started was run on the calling actor; declare the method
  /// `nonisolated(nonsending) func loadContent() async` so that all of it runs there.
  case loadContentRanOffItsActor
  /// ``StatefulContent/followConnectivity(_:isolation:)`` was called from no actor: the
  /// source's reports have no actor to come back to, so the source is not followed. Call it
  /// from the actor that owns the model (its `@MainActor` method, say).
  case connectivityFollowedOffAnActor

  /// What is wrong and how to fix it.
  public var description: String {
    switch self {
    case .oldErrorHookName:
      "StatefulContent: an adopter implements StatefulViewController's "
        + "`handleErrorWhenContentAvailable(_:)`; rename it "
        + "`handleErrorWhenContentsAvailable(_:)` (\"Contents\"). It is called meanwhile; "
        + "the compiler warns where the adopter conforms."
    case .presenterReleasedBeforePresenting:
      "StatefulContent: the presenter was released before it presented anything; the machine "
        + "holds its presenter weakly, like a delegate: keep a reference to it "
        + "(`let presenter = …` in the model or the view that made it)."
    case .loadContentNotImplemented:
      "StatefulContent: reload() (Retry, pull to refresh) asked for the adopter's load, but the "
        + "adopter does not implement `func loadContent() async`; implement it with the "
        + "adopter's `load` call, so that reload and Retry load again."
    case .loadContentRanOffItsActor:
      "StatefulContent: the adopter's `loadContent()` ran off the actor that called reload() or "
        + "unlock(with:) — a plain `func loadContent() async` declared outside the class body and "
        + "the conformance's extension runs on the global executor; declare it "
        + "`nonisolated(nonsending) func loadContent() async`. Its load was run on the calling "
        + "actor."
    case .connectivityFollowedOffAnActor:
      "StatefulContent: followConnectivity(_:) was called from no actor, so its reports have "
        + "nowhere to come back to and the source is not followed; call it from the actor "
        + "that owns the model (a @MainActor method, say)."
    }
  }

  /// The default handler: writes the mistake's description as one line to standard error,
  /// once per kind in the process (however many machines report it), and goes on.
  public static let logToStandardError: @Sendable (AdoptionMistake) -> Void = { mistake in
    guard logged.withLock({ $0.insert(mistake).inserted }) else { return }
    StandardError.write(mistake.description + "\n")
  }

  /// A handler for teams that want a mistake to stop a debug build: an assertion failure with
  /// the mistake's description in debug builds, nothing in release builds (the old spelling
  /// keeps working). Not the default: a trap in someone's app is no diagnosis.
  public static let assertInDebugBuilds: @Sendable (AdoptionMistake) -> Void = { mistake in
    assertionFailure(mistake.description)
  }

  /// The kinds ``logToStandardError`` has written.
  private static let logged = LockedState(Set<AdoptionMistake>())
}
