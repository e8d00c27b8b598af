import StatefulContent
import StatefulContentTesting
import XCTest

/// A load test case whose model's machine speaks English to a recording announcer that
/// announces every change at once.
class AnnouncingTestCase: LoadTestCase {
  var announcer = RecordingAnnouncer()

  override func setUp() async throws {
    try await super.setUp()
    announcer = RecordingAnnouncer()
    model.stateMachine.strings = .english
    model.stateMachine.setAnnouncer(announcer, policy: .immediate)
  }
}
