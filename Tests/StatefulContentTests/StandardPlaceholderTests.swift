import StatefulContentTesting
import XCTest

@testable import StatefulContent

/// `StandardPlaceholder`'s announcement follows what it shows, unless one is set.
final class StandardPlaceholderTests: XCTestCase {
  func test_builtInPlaceholders_inSomeTexts_speakTheirLanguage() {
    let german = PlaceholderStrings.german
    XCTAssertEqual(StandardPlaceholder.loading(in: german).title, "Wird geladen…")
    XCTAssertEqual(StandardPlaceholder.empty(in: german).title, german.empty)
    let error = StandardPlaceholder.error(in: german)
    XCTAssertEqual(error.title, german.error)
    XCTAssertEqual(error.actions, [PlaceholderAction(title: "Erneut versuchen", role: .retry)])
    let locked = StandardPlaceholder.locked(in: .french)
    XCTAssertEqual(locked.title, PlaceholderStrings.french.locked)
    XCTAssertEqual(locked.message, PlaceholderStrings.french.lockedMessage)
    XCTAssertEqual(locked.actions, [.unlock(in: .french)])
    XCTAssertTrue(locked.actions[0].requestsMaskedInput)
  }

  func test_theProcesssBuiltInPlaceholders_areThoseOfItsTexts() {
    XCTAssertEqual(StandardPlaceholder.loading, .loading(in: .current))
    XCTAssertEqual(StandardPlaceholder.empty, .empty(in: .current))
    XCTAssertEqual(StandardPlaceholder.error, .error(in: .current))
    XCTAssertEqual(StandardPlaceholder.locked, .locked(in: .current))
    XCTAssertEqual(PlaceholderAction.retry, .retry(in: .current))
    XCTAssertEqual(PlaceholderAction.unlock, .unlock(in: .current))
  }

  func test_announcement_followsAMessageFilledInLater() {
    var placeholder = StandardPlaceholder(title: "Something Went Wrong")
    XCTAssertEqual(placeholder.accessibilityAnnouncement, "Something Went Wrong")
    placeholder.message = "disk full"
    XCTAssertEqual(placeholder.accessibilityAnnouncement, "Something Went Wrong. disk full")
    placeholder.recoverySuggestion = "Free some space."
    XCTAssertEqual(
      placeholder.accessibilityAnnouncement, "Something Went Wrong. disk full. Free some space.")
    placeholder.title = "Could Not Save"
    XCTAssertEqual(
      placeholder.accessibilityAnnouncement, "Could Not Save. disk full. Free some space.")
  }

  func test_announcement_addsNoPeriodAfterPunctuation() {
    func announcement(_ title: String, _ message: String) -> String? {
      StandardPlaceholder(title: title, message: message).accessibilityAnnouncement
    }
    XCTAssertEqual(
      announcement("Loading…", "Retrying (attempt 2)…"), "Loading… Retrying (attempt 2)…")
    XCTAssertEqual(announcement("Done.", "Next"), "Done. Next")
    XCTAssertEqual(announcement("Oops!", "Again"), "Oops! Again")
    XCTAssertEqual(announcement("Really?", "Yes"), "Really? Yes")
    XCTAssertEqual(announcement("Er sagte „Halt.“", "Gut"), "Er sagte „Halt.“ Gut")
    XCTAssertEqual(
      announcement("Il a dit «\u{A0}Stop.\u{A0}»", "Bien"), "Il a dit «\u{A0}Stop.\u{A0}» Bien")
    XCTAssertEqual(announcement("No Content", "Add one"), "No Content. Add one")
    XCTAssertEqual(announcement("A", ""), "A", "an empty message adds nothing")
    XCTAssertEqual(StandardPlaceholder(title: "", message: "B").accessibilityAnnouncement, "B")
  }

  func test_anExplicitAnnouncement_wins_untilSetToNil() {
    var placeholder = StandardPlaceholder(
      title: "Loading…", message: "Chapter 1", accessibilityAnnouncement: "Opening the book")
    placeholder.message = "Chapter 2"
    XCTAssertEqual(placeholder.accessibilityAnnouncement, "Opening the book")
    placeholder.accessibilityAnnouncement = nil
    XCTAssertEqual(placeholder.accessibilityAnnouncement, "Loading… Chapter 2")
    placeholder.accessibilityAnnouncement = "Reading"
    XCTAssertEqual(placeholder.accessibilityAnnouncement, "Reading")
  }

  func test_equality_anExplicitAnnouncementEqualToTheDefault_isEqual() {
    let plain = StandardPlaceholder(title: "A", message: "B")
    let explicit = StandardPlaceholder(title: "A", message: "B", accessibilityAnnouncement: "A. B")
    XCTAssertEqual(plain, explicit)
    XCTAssertEqual(plain.hashValue, explicit.hashValue)
    XCTAssertNotEqual(
      plain, StandardPlaceholder(title: "A", message: "B", accessibilityAnnouncement: "C"))
    XCTAssertNotEqual(plain, StandardPlaceholder(title: "A", message: "B", recoverySuggestion: "D"))
    XCTAssertEqual(Set([plain, explicit]).count, 1)
  }

  func test_theMachineAnnounces_theMessageItFilledIn() {
    let announcer = RecordingAnnouncer()
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let model = TestModel(presenter: keptPresenter)
    model.stateMachine.strings = .english
    model.stateMachine.setAnnouncer(announcer, policy: .immediate)
    model.startLoading(animated: false)
    model.stateMachine.recordLoadAttempt(2)
    model.transitionToDecidedState(animated: false)
    XCTAssertEqual(announcer.texts, ["Loading…", "Loading… Retrying (attempt 2)…"])
  }

  func test_theMachineAnnounces_theErrorsDescription() {
    let announcer = RecordingAnnouncer()
    let presenter = RecordingPresenter()
    let model = HooklessModel(machine: ContentStateMachine(presenter: presenter))
    model.stateMachine.strings = .german
    model.stateMachine.setAnnouncer(announcer, policy: .immediate)
    model.startLoading(animated: false)
    model.endLoading(animated: false, error: TestError("Festplatte voll"))
    XCTAssertEqual(announcer.texts.last, "Etwas ist schiefgelaufen. Festplatte voll")
  }
}

/// An adopter without hooks.
private final class HooklessModel: StatefulContent {
  let stateMachine: ContentStateMachine
  var content: [String] = []
  init(machine: ContentStateMachine) { stateMachine = machine }
}
