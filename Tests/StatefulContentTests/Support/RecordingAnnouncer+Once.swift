import StatefulContent
import StatefulContentTesting

extension RecordingAnnouncer {
  /// A recording announcer that runs `action` once, from the first announcement of `state`.
  static func once(when state: ContentState.Kind, _ action: @escaping () -> Void)
    -> RecordingAnnouncer
  {
    let announcer = RecordingAnnouncer()
    var pending = true
    announcer.onAnnounce = { announcement in
      guard pending, announcement.state == state else { return }
      pending = false
      action()
    }
    return announcer
  }
}
