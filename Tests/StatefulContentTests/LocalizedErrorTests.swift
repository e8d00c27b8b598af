import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

/// An error that describes itself the platform's way (`LocalizedError`) fills the error
/// placeholder's title, message and recovery suggestion.
final class LocalizedErrorTests: XCTestCase {
  /// An adopter without hooks: the built-in placeholders as the machine fills them in.
  private final class Document: StatefulContent {
    let stateMachine: ContentStateMachine
    var content: [String] = []

    init(presenter: RecordingPresenter, strings: PlaceholderStrings = .english) {
      stateMachine = ContentStateMachine(presenter: presenter)
      stateMachine.strings = strings
    }
  }

  private let presenter = RecordingPresenter()

  /// The error placeholder a document shows for an error.
  private func errorPlaceholder(
    for error: any Error & Sendable, strings: PlaceholderStrings = .english,
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> StandardPlaceholder {
    let document = Document(presenter: presenter, strings: strings)
    document.startLoading(animated: false)
    document.endLoading(animated: false, error: error)
    XCTAssertEqual(document.currentState.kind, .error, file: file, line: line)
    return try XCTUnwrap(
      presenter.lastPresentation?.placeholder as? StandardPlaceholder, file: file, line: line)
  }

  func test_aLocalizedError_fillsTitleMessageAndRecoverySuggestion() throws {
    let placeholder = try errorPlaceholder(for: DescribedError.full)
    XCTAssertEqual(placeholder.title, "The file could not be saved.")
    XCTAssertEqual(placeholder.message, "The disk is full.")
    XCTAssertEqual(placeholder.recoverySuggestion, "Free some space and try again.")
    XCTAssertEqual(placeholder.actions.map(\.role), [.retry])
    XCTAssertEqual(
      placeholder.accessibilityAnnouncement,
      "The file could not be saved. The disk is full. Free some space and try again.")
  }

  func test_aLocalizedErrorWithOnlyADescription_isTheTitle_withoutAMessage() throws {
    let placeholder = try errorPlaceholder(for: DescribedError.descriptionOnly)
    XCTAssertEqual(placeholder.title, "The file could not be saved.")
    XCTAssertNil(placeholder.message)
    XCTAssertNil(placeholder.recoverySuggestion)
  }

  func test_aLocalizedErrorWithOnlyAReason_keepsTheBuiltInTitle() throws {
    let placeholder = try errorPlaceholder(for: DescribedError.reasonOnly, strings: .german)
    XCTAssertEqual(placeholder.title, "Etwas ist schiefgelaufen")
    XCTAssertEqual(placeholder.message, "The disk is full.")
  }

  func test_aLocalizedErrorThatSaysNothing_isDescribedAsBefore() throws {
    let placeholder = try errorPlaceholder(for: DescribedError.silent)
    XCTAssertEqual(placeholder.title, "Something Went Wrong")
    XCTAssertEqual(placeholder.message, String(describing: DescribedError.silent))
    XCTAssertNil(placeholder.recoverySuggestion)
  }

  func test_anErrorThatIsNotLocalized_keepsTodaysBehaviour_inTheMachinesLanguage() throws {
    let english = try errorPlaceholder(for: TestError("disk full"))
    XCTAssertEqual(english.title, "Something Went Wrong")
    XCTAssertEqual(english.message, "disk full")
    XCTAssertNil(english.recoverySuggestion)
    XCTAssertEqual(english.accessibilityAnnouncement, "Something Went Wrong. disk full")
    let french = try errorPlaceholder(for: TestError("disque plein"), strings: .french)
    XCTAssertEqual(french.title, "Un problème est survenu")
    XCTAssertEqual(french.message, "disque plein")
  }

  // MARK: UnlockError

  func test_unlockError_attemptLimit_speaksTheMachinesLanguage() throws {
    let error = UnlockError.attemptLimitReached(attempts: 3)
    let german = try errorPlaceholder(for: error, strings: .german)
    XCTAssertEqual(german.title, "Etwas ist schiefgelaufen")
    XCTAssertEqual(german.message, "Zu viele falsche Passwörter (3 Versuche).")
    XCTAssertEqual(
      german.recoverySuggestion, "Dokument erneut öffnen, um es noch einmal zu versuchen.")
    let french = try errorPlaceholder(for: error, strings: .french)
    XCTAssertEqual(french.message, "Trop de mots de passe incorrects (3 tentatives).")
    XCTAssertEqual(french.recoverySuggestion, "Rouvrez le document pour réessayer.")
  }

  func test_unlockError_describesItselfInTheProcesssLanguage() {
    let error = UnlockError.attemptLimitReached(attempts: 1)
    let strings = PlaceholderStrings.current
    XCTAssertNil(error.errorDescription)
    XCTAssertEqual(error.failureReason, strings.attemptLimit(attempts: 1))
    XCTAssertEqual(error.recoverySuggestion, strings.attemptLimitRecovery)
    XCTAssertEqual(
      error.description, "\(strings.attemptLimit(attempts: 1)) \(strings.attemptLimitRecovery)")
  }

  func test_unlockError_noVerifier_isForTheDeveloper_inEnglish() throws {
    let placeholder = try errorPlaceholder(for: UnlockError.noVerifier, strings: .german)
    XCTAssertEqual(placeholder.title, "Etwas ist schiefgelaufen")
    XCTAssertEqual(placeholder.message, UnlockError.noVerifier.description)
    XCTAssertTrue(UnlockError.noVerifier.description.hasPrefix("No way to verify the credential"))
    XCTAssertNil(placeholder.recoverySuggestion)
  }

  // MARK: Registered placeholders

  func test_aRegisteredPlaceholderWithItsOwnTexts_keepsThem() throws {
    let document = Document(presenter: presenter)
    let own = StandardPlaceholder(title: "Could Not Save", message: "Try later.")
    try document.stateMachine.setPlaceholder(own, for: .error)
    document.startLoading(animated: false)
    document.endLoading(animated: false, error: DescribedError.full)
    let shown = try XCTUnwrap(presenter.lastPresentation?.placeholder as? StandardPlaceholder)
    XCTAssertEqual(shown.title, "Could Not Save")
    XCTAssertEqual(shown.message, "Try later.")
    XCTAssertEqual(shown.recoverySuggestion, "Free some space and try again.")
  }
}
