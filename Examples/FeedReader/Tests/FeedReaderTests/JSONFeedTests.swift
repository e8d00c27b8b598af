import FeedReaderCore
import Foundation
import XCTest

/// Reading a JSON Feed page: the fields the reader shows, and a typed error for everything a
/// server can send instead.
final class JSONFeedTests: XCTestCase {
  private func decode(_ text: String) throws(FeedError) -> JSONFeed {
    try JSONFeed.decode(Data(text.utf8))
  }

  private func assertError(
    _ text: String, is expected: FeedError, file: StaticString = #filePath, line: UInt = #line
  ) {
    do {
      let page = try decode(text)
      XCTFail("decoded \(page)", file: file, line: line)
    } catch {
      XCTAssertEqual(error, expected, file: file, line: line)
    }
  }

  func test_theBundledSample_decodes_withItsNextPage() throws {
    let url = FeedServer.packageFolder.appendingPathComponent("Samples/feed.json")

    let page = try JSONFeed.decode(Data(contentsOf: url))

    XCTAssertEqual(page.version, "https://jsonfeed.org/version/1.1")
    XCTAssertEqual(page.title, "StatefulContent news")
    XCTAssertEqual(page.items.count, 4)
    XCTAssertEqual(page.items.first?.id, "release-3")
    XCTAssertEqual(page.items.first?.url?.absoluteString, "https://example.org/news/release-3")
    XCTAssertEqual(page.nextURL?.relativeString, "feed-2.json")
    // 2026-11-28T16:30:00+01:00
    XCTAssertEqual(page.items[1].datePublished, Date(timeIntervalSince1970: 1_795_879_800))
  }

  func test_aLastPage_hasNoNextURL_andOptionalFieldsMayBeMissing() throws {
    let page = try decode(
      #"{"version":"https://jsonfeed.org/version/1.1","title":"T","items":[{"id":"1"}]}"#)

    XCTAssertNil(page.nextURL)
    XCTAssertEqual(page.items, [JSONFeed.Item(id: "1")])
  }

  func test_version1_isRead_withANumericID_andFractionalSecondsInDates() throws {
    let page = try decode(
      #"""
      {"version":"https://jsonfeed.org/version/1","title":"T","items":[
        {"id":42,"content_text":"x","date_published":"2026-01-02T03:04:05.678Z"}]}
      """#)

    XCTAssertEqual(page.items.first?.id, "42")
    XCTAssertEqual(
      page.items.first?.datePublished?.timeIntervalSince1970 ?? 0, 1_767_323_045.678,
      accuracy: 0.001)
  }

  func test_aDateThatIsNotRFC3339_isLeftOut() throws {
    let page = try decode(
      #"""
      {"version":"https://jsonfeed.org/version/1.1","title":"T","items":[
        {"id":"1","date_published":"yesterday"}]}
      """#)

    XCTAssertEqual(page.items.count, 1)
    XCTAssertNil(page.items.first?.datePublished)
  }

  func test_missingFields_areNamed() {
    assertError(
      #"{"version":"https://jsonfeed.org/version/1.1","items":[]}"#, is: .missingField("title"))
    assertError(
      #"{"version":"https://jsonfeed.org/version/1.1","title":"T"}"#, is: .missingField("items"))
    assertError(
      #"{"version":"https://jsonfeed.org/version/1.1","title":"T","items":[{"id":"1"},{}]}"#,
      is: .missingField("items[1].id"))
    assertError(#"{"title":"T","items":[]}"#, is: .missingField("version"))
  }

  func test_wrongTypes_areNamed_andADocumentThatIsNoObject() {
    assertError(
      #"{"version":"https://jsonfeed.org/version/1.1","title":7,"items":[]}"#,
      is: .wrongType("title"))
    assertError(
      #"{"version":"https://jsonfeed.org/version/1.1","title":"T","items":{}}"#,
      is: .wrongType("items"))
    assertError(#"["https://jsonfeed.org/version/1.1"]"#, is: .wrongType(""))
  }

  func test_anUnknownVersion_isReported_beforeAnyMissingField() {
    assertError(
      #"{"version":"https://jsonfeed.org/version/2"}"#,
      is: .unsupportedVersion("https://jsonfeed.org/version/2"))
    assertError(
      #"{"version":"1.1","title":"T","items":[]}"#, is: .unsupportedVersion("1.1"))
  }

  func test_garbage_isNotJSON() {
    assertError("<html><body>Bad gateway</body></html>", is: .notJSON)
    assertError("{\"version\": nope}", is: .notJSON)
  }

  func test_aBodyCutShort_orEmpty_isTruncated() throws {
    let url = FeedServer.packageFolder.appendingPathComponent("Samples/feed.json")
    let whole = try Data(contentsOf: url)

    for length in [1, 50, whole.count / 2, whole.count - 3] {
      XCTAssertThrowsError(try JSONFeed.decode(whole.prefix(length))) { error in
        XCTAssertEqual(error as? FeedError, .truncated(received: length, expected: nil))
      }
    }
    assertError("", is: .truncated(received: 0, expected: nil))
    assertError("  \n", is: .truncated(received: 3, expected: nil))
  }

  func test_theHeadline_isTheTitle_elseTheTextsFirstLine_elseTheURL_elseTheID() {
    XCTAssertEqual(JSONFeed.Item(id: "1", title: "T", contentText: "x").headline, "T")
    XCTAssertEqual(JSONFeed.Item(id: "1", title: " ", contentText: "one\ntwo").headline, "one")
    XCTAssertEqual(
      JSONFeed.Item(id: "1", url: URL(string: "https://example.org/a")).headline,
      "https://example.org/a")
    XCTAssertEqual(JSONFeed.Item(id: "1").headline, "1")
  }
}
