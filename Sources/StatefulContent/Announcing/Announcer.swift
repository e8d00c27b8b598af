/// The host's way to speak a change to a person using assistive technology.
///
/// The machine calls ``announce(_:)`` with what a person needs to hear — the outcome of a load,
/// loading once it is shown, locked, a refused credential — following its
/// ``AnnouncementPolicy`` (see ``ContentStateMachine/setAnnouncer(_:policy:isolation:)``). On
/// Apple platforms an announcer posts a VoiceOver announcement; in a terminal it may speak
/// through a speech synthesizer or write a status line; in tests, `RecordingAnnouncer` of
/// `StatefulContentTesting` records what would be spoken.
///
/// ## Implementation requirements
/// - Speak or post ``Announcement/text`` as it is; it never holds a credential.
/// - Return quickly: the machine calls it on its actor, in the middle of a transition.
/// - Do not keep a strong reference to the model that owns the machine.
public protocol Announcer: AnyObject {
  /// Speaks an announcement.
  ///
  /// - Parameter announcement: What to speak, and the state it is about.
  func announce(_ announcement: Announcement)
}
