// The adoption mistakes the machine reports at run time (see `AdoptionMistake`). The compiler
// warns about both of StatefulViewController's spellings: `func hasContent()` leaves the
// deprecated default `hasContent` in place, and `handleErrorWhenContentAvailable(_:)` makes the
// default error hook a deprecated one that forwards to it and reports the mistake here.
extension ContentStateMachine {
  /// Reports an error with content to `host`'s ``StatefulContent/handleErrorWhenContentsAvailable(_:)``.
  @usableFromInline
  func reportErrorWithContent<Host: StatefulContent>(_ error: any Error, to host: Host) {
    callingHook { host.handleErrorWhenContentsAvailable(error) }
  }

  /// Reports an adoption mistake through ``adoptionMistakeHandler``, once per kind.
  func reportAdoptionMistake(_ mistake: AdoptionMistake) {
    guard reportedMistakes.insert(mistake).inserted else { return }
    adoptionMistakeHandler(mistake)
  }
}
