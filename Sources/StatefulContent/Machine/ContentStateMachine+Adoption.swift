// The adoption mistakes the machine detects at run time: StatefulViewController's spelling of
// the hook for errors with content, which compiles but would silently never be called (see
// `AdoptionMistake`). StatefulViewController's `func hasContent()` is caught at compile time
// instead: the default `hasContent` it would leave in place is deprecated.
extension ContentStateMachine {
  /// Reports an error with content to `host`'s ``StatefulContent/handleErrorWhenContentsAvailable(_:)``
  /// — and to StatefulViewController's `handleErrorWhenContentAvailable(_:)`, when the adopter
  /// implements that instead.
  @usableFromInline
  func reportErrorWithContent<Host: StatefulContent>(_ error: any Error, to host: Host) {
    errorHookIsDefault = false
    callingHook { host.handleErrorWhenContentsAvailable(error) }
    // An adopter with a hook of the right name is not asked for the old one: a migration
    // shim that forwards one to the other would get every error twice.
    guard errorHookIsDefault else { return }
    oldSpellingIsDefault = false
    callingHook { host.handleErrorWhenContentAvailable(error) }
    if !oldSpellingIsDefault { report(.oldErrorHookName) }
  }

  /// Reports an adoption mistake through ``adoptionMistakeHandler``, once per kind.
  func report(_ mistake: AdoptionMistake) {
    guard reportedMistakes.insert(mistake).inserted else { return }
    adoptionMistakeHandler(mistake)
  }
}
