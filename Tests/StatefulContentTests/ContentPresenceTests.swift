import StatefulContent
import StatefulContentTesting
import XCTest

/// What `hasContent` is by default for the content types apps use.
@MainActor
final class ContentPresenceTests: XCTestCase {
  private struct Article: Sendable { var title: String }

  private final class ArticleModel: StatefulContent {
    let stateMachine = ContentStateMachine()
    var content: Article?
  }

  private final class OptionalListModel: StatefulContent {
    let stateMachine = ContentStateMachine()
    var content: [String]?
  }

  func test_optionalContent_holdingAValue_isContent_andNilIsEmpty() async {
    let model = ArticleModel()
    XCTAssertFalse(model.hasContent)
    let loaded = await model.load(into: \.content) { _ in Article(title: "Hello") }
    XCTAssertEqual(loaded, .completed)
    XCTAssertEqual(model.currentState, .content, "an optional holding a value is content")
    await model.load(into: \.content) { _ in nil }
    XCTAssertEqual(model.currentState, .empty, "nil is empty")
  }

  func test_optionalCollection_followsItsElements() {
    let model = OptionalListModel()
    XCTAssertFalse(model.hasContent)
    model.content = []
    XCTAssertFalse(model.hasContent, "an empty collection is no content")
    model.content = ["a"]
    XCTAssertTrue(model.hasContent)
  }
}
