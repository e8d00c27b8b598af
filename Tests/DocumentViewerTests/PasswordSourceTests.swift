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

  func test_file_missingOrADirectory_throwsTheSystemsReason() {
    XCTAssertThrowsError(try PasswordSource.file(fixtures.path("missing"))) { error in
      XCTAssertEqual(error as? PasswordFileError, .unreadable(reason: "No such file or directory"))
    }
    XCTAssertThrowsError(try PasswordSource.file(NSTemporaryDirectory())) { error in
      XCTAssertEqual(error as? PasswordFileError, .unreadable(reason: "Is a directory"))
    }
  }

  func test_file_larger_thanTheLimit_throwsTooLarge() throws {
    let path = try fixtures.file(
      "big", [UInt8](repeating: UInt8(ascii: "a"), count: PasswordSource.maximumFileSize + 1))
    XCTAssertThrowsError(try PasswordSource.file(path)) { error in
      XCTAssertEqual(error as? PasswordFileError, .tooLarge(limit: PasswordSource.maximumFileSize))
    }
  }

  func test_file_aFIFO_isReadAsAStream() async throws {
    let path = try fixtures.directory("pipes") + "/fifo"
    XCTAssertEqual(mkfifo(path, 0o600), 0)
    let writer = Thread {
      guard let handle = FileHandle(forWritingAtPath: path) else { return }
      handle.write(Data("from a pipe\n".utf8))
      try? handle.close()
    }
    writer.start()

    let found = await passwords(try PasswordSource.file(path))

    XCTAssertEqual(found, ["from a pipe"])
  }

  func test_standardInputLines_areKeptForAllDocuments() async {
    let input = ChunkedInput("x\ny\n")
    let source = PasswordSource.standardInputLines(read: input.read)

    let first = await passwords(source, path: "one.pdf")
    let second = await passwords(source, path: "two.pdf")

    XCTAssertEqual(first, ["x", "y"])
    XCTAssertEqual(second, ["x", "y"])
  }

  func test_standardInputLines_endlessInput_isReadOnlyAsFarAsNeeded() async {
    let reads = Counter()
    let source = PasswordSource.standardInputLines { maximumCount in
      reads.increment()
      return Data(String(repeating: "y\n", count: maximumCount / 2).utf8)
    }

    for attempt in 0..<3 {
      let password = await source.password(for: "locked.pdf", attempt: attempt)
      XCTAssertEqual(password, "y")
    }

    XCTAssertEqual(reads.value, 1, "three lines fit in the first read")
  }

  func test_standardInputLines_crlfLastLineWithoutLineFeed_andEmptyLineEndsTheList() async {
    let input = ChunkedInput("a\r\nb", chunkSize: 1)
    let source = PasswordSource.standardInputLines(read: input.read)
    let all = await passwords(source, path: "x.pdf")
    XCTAssertEqual(all, ["a", "b"])

    let stopped = PasswordSource.standardInputLines(read: ChunkedInput("a\n\nb\n").read)
    let some = await passwords(stopped, path: "x.pdf")
    XCTAssertEqual(some, ["a"])
  }

  func test_standardInputLines_aVeryLongLine_isCutAtTheLimit() async {
    let long = String(repeating: "p", count: PasswordSource.maximumLineLength + 10)
    let source = PasswordSource.standardInputLines(read: ChunkedInput(long + "\nnext\n").read)
    let first = await source.password(for: "x.pdf", attempt: 0)
    let second = await source.password(for: "x.pdf", attempt: 1)
    XCTAssertEqual(first?.utf8.count, PasswordSource.maximumLineLength)
    XCTAssertEqual(second, "next")
  }
}

/// Standard input as a sequence of reads of at most `chunkSize` bytes.
private final class ChunkedInput: Sendable {
  private let remaining: LockedState<[UInt8]>
  private let chunkSize: Int

  init(_ text: String, chunkSize: Int = 3) {
    remaining = LockedState(Array(text.utf8))
    self.chunkSize = chunkSize
  }

  var read: @Sendable (Int) -> Data {
    { [self] maximumCount in
      remaining.withLock { bytes in
        let count = min(maximumCount, chunkSize, bytes.count)
        defer { bytes.removeFirst(count) }
        return Data(bytes.prefix(count))
      }
    }
  }
}

/// A counter shared with a `Sendable` closure.
private final class Counter: Sendable {
  private let count = LockedState(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}
