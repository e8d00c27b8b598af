import StatefulContent

/// An announcer that runs a closure for each announcement, after recording it.
final class ClosureAnnouncer: Announcer {
  private(set) var texts: [String] = []
  var onAnnounce: ((Announcement) -> Void)?

  func announce(_ announcement: Announcement) {
    texts.append(announcement.text)
    onAnnounce?(announcement)
  }

  /// An announcer that runs `action` once, from the first announcement of `state`.
  static func once(
    when state: ContentState.Kind, _ action: @escaping () -> Void
  ) -> ClosureAnnouncer {
    let announcer = ClosureAnnouncer()
    var pending = true
    announcer.onAnnounce = { announcement in
      guard pending, announcement.state == state else { return }
      pending = false
      action()
    }
    return announcer
  }
}
