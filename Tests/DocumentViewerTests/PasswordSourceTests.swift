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

    let found = await passwords(try PasswordSource.file(path, strings: .english))

    XCTAssertEqual(found, ["first", "second"])
  }

  func test_file_missingOrADirectory_throwsTheSystemsReason() {
    XCTAssertThrowsError(try PasswordSource.file(fixtures.path("missing"), strings: .english)) {
      error in
      XCTAssertEqual(error as? PasswordFileError, .unreadable(reason: "No such file or directory"))
    }
    XCTAssertThrowsError(try PasswordSource.file(NSTemporaryDirectory(), strings: .english)) {
      error in
      XCTAssertEqual(error as? PasswordFileError, .unreadable(reason: "Is a directory"))
    }
  }

  func test_file_larger_thanTheLimit_throwsTooLarge() throws {
    let path = try fixtures.file(
      "big", [UInt8](repeating: UInt8(ascii: "a"), count: PasswordSource.maximumFileSize + 1))
    XCTAssertThrowsError(try PasswordSource.file(path, strings: .english)) { error in
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

    let found = await passwords(try PasswordSource.file(path, strings: .english))

    XCTAssertEqual(found, ["from a pipe"])
  }

  func test_standardInputLines_areKeptForAllDocuments() async {
    let input = ChunkedInput("x\ny\n")
    let source = PasswordSource.standardInputLines(read: input.read, strings: .english)

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
    let source = PasswordSource.standardInputLines(read: input.read, strings: .english)
    let all = await passwords(source, path: "x.pdf")
    XCTAssertEqual(all, ["a", "b"])

    let stopped = PasswordSource.standardInputLines(
      read: ChunkedInput("a\n\nb\n").read, strings: .english)
    let some = await passwords(stopped, path: "x.pdf")
    XCTAssertEqual(some, ["a"])
  }

  func test_standardInputLines_aLineLongerThanTheLimit_endsThePasswordsAndSaysSo() async {
    let long = String(repeating: "p", count: PasswordSource.maximumLineLength + 1)
    let notes = TextCapture()
    let source = PasswordSource.standardInputLines(
      read: ChunkedInput("first\n" + long + "\nnext\n", chunkSize: 4096).read,
      writeNote: notes.write, strings: .english)

    let found = await passwords(source)

    XCTAssertEqual(found, ["first"])
    XCTAssertEqual(
      notes.text,
      "document-viewer: a password line is longer than 1024 bytes; no more passwords are read.\n")
  }

  func test_standardInputLines_endlessInputWithoutLineFeed_stopsReadingAtTheLimit() async {
    let reads = Counter()
    let source = PasswordSource.standardInputLines(
      read: { maximumCount in
        reads.increment()
        // A bound for a regression only: /dev/zero never ends.
        return reads.value > 1000 ? Data() : Data(repeating: 0, count: maximumCount)
      },
      writeNote: { _ in }, strings: .english)

    let password = await source.password(for: "locked.pdf", attempt: 0)

    XCTAssertNil(password)
    XCTAssertEqual(reads.value, 1, "the first 4096 bytes pass the limit")
  }

  func test_file_aFIFOWithoutAWriter_isNotOpenedUntilAPasswordIsNeeded() async throws {
    let path = try fixtures.directory("pipes") + "/fifo"
    XCTAssertEqual(mkfifo(path, 0o600), 0)
    let made = DispatchSemaphore(value: 0)
    let source = LockedState<PasswordSource?>(nil)
    Thread {
      source.withLock { $0 = try? PasswordSource.file(path, strings: .english) }
      made.signal()
    }.start()
    let returned = made.wait(timeout: .now() + 20) == .success
    XCTAssertTrue(returned, "making the source opened the FIFO and waits for a writer")
    XCTAssertFalse(fifoHasAReader(path), "the FIFO is not opened yet")
    if !returned { close(open(path, O_WRONLY | O_NONBLOCK)) }  // lets the thread go

    let asking = Task { await source.withLock { $0 }?.password(for: "a.pdf", attempt: 0) }
    let writer = try await waitForReader(path)
    _ = "late\n".withCString { write(writer, $0, 5) }
    close(writer)

    let password = await asking.value
    XCTAssertEqual(password, "late")
  }

  /// Whether a process has the FIFO open for reading: only then does a non-blocking open for
  /// writing succeed.
  private func fifoHasAReader(_ path: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_NONBLOCK)
    guard descriptor >= 0 else { return false }
    close(descriptor)
    return true
  }

  /// Opens the FIFO for writing once a reader has it open, waiting by yielding.
  private func waitForReader(_ path: String) async throws -> Int32 {
    let start = ContinuousClock.now
    while ContinuousClock.now - start < .seconds(20) {
      let descriptor = open(path, O_WRONLY | O_NONBLOCK)
      if descriptor >= 0 { return descriptor }
      await Task.yield()
    }
    throw XCTSkip("no reader came")
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
