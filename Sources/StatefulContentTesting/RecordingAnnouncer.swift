import StatefulContent

/// An announcer that records what would be spoken, for tests.
///
/// ```swift
/// let announcer = RecordingAnnouncer()
/// model.stateMachine.setAnnouncer(announcer, policy: .immediate)
/// await model.load { _ in ["a", "b"] } apply: { model, items in model.content = items }
/// XCTAssertEqual(announcer.texts, ["Loading…", "2 results"])
/// ```
public final class RecordingAnnouncer: Announcer {
  /// Every announcement received, in order.
  public private(set) var announcements: [Announcement] = []
  /// Called after each announcement is recorded; for re-entrancy tests, like
  /// `RecordingPresenter.onPresent`.
  public var onAnnounce: ((Announcement) -> Void)?

  /// Creates an announcer that has recorded nothing.
  public init() {}

  /// Records an announcement.
  ///
  /// - Parameter announcement: The announcement the machine made.
  public func announce(_ announcement: Announcement) {
    announcements.append(announcement)
    onAnnounce?(announcement)
  }

  /// The texts announced, in order.
  public var texts: [String] { announcements.map(\.text) }

  /// Forgets what was recorded, so that a test can check what follows.
  public func removeAll() {
    announcements.removeAll()
  }
}
