import DocumentViewerCore
import Foundation
import StatefulContent
import XCTest

@MainActor
final class PasswordSourceTests: FixtureTestCase {
  private func passwords(_ source: PasswordSource, path: String = "a.pdf") async -> [String] {
    var result: [String] = []
    while let next = await source.password(for: path, attempt: result.count) {
      result.append(next)
      if result.count > 10 { break }
    }
    return result
  }

  func test_lines_areTriedInOrderAndStopAtTheFirstEmptyOne() async {
    let found = await passwords(.lines(["a", "b", "", "c"]))
    XCTAssertEqual(found, ["a", "b"])
  }

  func test_lines_startAgainForEveryDocument() async {
    let source = PasswordSource.lines(["a", "b"])

    let first = await source.password(for: "one.pdf", attempt: 0)
    let second = await source.password(for: "two.pdf", attempt: 0)

    XCTAssertEqual(first, "a")
    XCTAssertEqual(second, "a")
  }

  func test_emptyAnswer_stopsAskingLikeTheEndOfInput() async {
    let found = await passwords(PasswordSource { _, _ in "" })
    XCTAssertEqual(found, [])
    let none = await passwords(.none)
    XCTAssertEqual(none, [])
  }

  func test_splitLines_dropsLineBreaksAndCarriageReturns() {
    XCTAssertEqual(PasswordSource.splitLines("a\nb\r\nc"), ["a", "b", "c"])
    XCTAssertEqual(PasswordSource.splitLines("a\n"), ["a"])
    XCTAssertEqual(PasswordSource.splitLines("a\n\n"), ["a", ""])
    XCTAssertEqual(PasswordSource.splitLines(" spaced \n"), [" spaced "])
    XCTAssertEqual(PasswordSource.splitLines(""), [])
  }

  func test_file_readsOnePasswordPerLine() async throws {
    let path = try fixtures.file("passwords", text: "first\nsecond\n")

    let found = await passwords(try PasswordSource.file(path))

    XCTAssertEqual(found, ["first", "second"])
  }

  func test_file_missing_throws() {
    XCTAssertThrowsError(try PasswordSource.file(fixtures.path("missing")))
  }

  func test_standardInputLines_readsStandardInputOnceForAllDocuments() async {
    let reads = Counter()
    let source = PasswordSource.standardInputLines {
      reads.increment()
      return Data("x\ny\n".utf8)
    }

    let first = await passwords(source, path: "one.pdf")
    let second = await passwords(source, path: "two.pdf")

    XCTAssertEqual(first, ["x", "y"])
    XCTAssertEqual(second, ["x", "y"])
    XCTAssertEqual(reads.value, 1)
  }
}

/// A counter shared with a `Sendable` closure.
private final class Counter: Sendable {
  private let count = LockedState(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}
