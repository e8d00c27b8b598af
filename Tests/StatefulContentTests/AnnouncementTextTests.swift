import XCTest

@testable import StatefulContent

/// What a presentation says (`Announcement.of`), without a machine.
final class AnnouncementTextTests: XCTestCase {
  private let builtIns = BuiltInPlaceholders(.english)

  private func said(
    _ presentation: Presentation, redaction: SecretRedaction = .none
  ) -> String? {
    Announcement.of(presentation, builtIns: builtIns, redaction: redaction)?.text
  }

  func test_content_saysItsCountFromItsDecision_orThatItLoaded() {
    let counted = StateDecision.decide(StateInputs(hasContent: true, contentCount: 3))
    XCTAssertEqual(said(Presentation(state: .content, decision: counted)), "3 results")
    XCTAssertEqual(said(Presentation(state: .content)), "Content loaded.")
  }

  func test_contentThatALoadKeepsRefreshing_orAPageBeingAppended_saysNothing() {
    XCTAssertNil(said(Presentation(state: .content, isRefreshing: true)))
    XCTAssertNil(said(Presentation(state: .content, append: .loading)))
    XCTAssertNil(said(Presentation(state: .idle)))
  }

  func test_aPageThatFailedToAppend_saysItsError() {
    let text = said(Presentation(state: .content, append: .failed(TestError("page 2 gone"))))
    XCTAssertEqual(text?.contains("page 2 gone"), true, text ?? "nil")
  }

  func test_anAppsPlaceholder_isRedacted_andSpokenOnOneLine() {
    struct Banner: Placeholder {
      var accessibilityAnnouncement: String? { "could not open with s3cret-pass\u{07}\nnow" }
    }
    let text = said(
      Presentation(state: .empty, placeholder: Banner()),
      redaction: SecretRedaction(secrets: ["s3cret-pass"]))
    XCTAssertEqual(text?.contains("s3cret-pass"), false, text ?? "nil")
    XCTAssertEqual(text?.contains("\n"), false)
    XCTAssertEqual(Announcement.speakable("a\u{1B}[2J  \tb"), "a [2J b")
  }
}
