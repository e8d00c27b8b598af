/// How the machine paces announcements: changes that come faster than speech are coalesced,
/// and the last one wins.
///
/// The first change after a quiet period is announced at once; changes within
/// ``coalescingInterval`` of the last announcement wait until the interval has passed, and
/// only the newest of them is announced then.
public struct AnnouncementPolicy: Hashable, Sendable {
  /// The shortest time between two announcements: about how long a screen reader takes to
  /// speak a short sentence. Zero (or less) announces every change at once; more than 365
  /// days counts as 365 days.
  public var coalescingInterval: Duration

  /// Creates a policy.
  ///
  /// - Parameter coalescingInterval: The shortest time between two announcements; negative
  ///   values count as zero.
  public init(coalescingInterval: Duration) {
    self.coalescingInterval = max(coalescingInterval, .zero)
  }

  /// Announcements at least one second apart: the newest change of that second wins.
  public static let standard = AnnouncementPolicy(coalescingInterval: .seconds(1))
  /// Every change announced at once, as it is presented.
  public static let immediate = AnnouncementPolicy(coalescingInterval: .zero)
}
