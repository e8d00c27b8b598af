import Foundation
import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

/// `PasswordSource`: the passwords of a list, a password file and a piped standard input, read
/// only as far as needed, with their limits and their notes.
@MainActor
final class PasswordSourceTests: FolderTestCase {
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
    let path = try file("passwords", text: "first\nsecond\n")

    let found = await passwords(try PasswordSource.file(path, toolName: "my-tool", language: "en"))

    XCTAssertEqual(found, ["first", "second"])
  }

  func test_file_missingOrADirectory_throwsTheSystemsReason() {
    XCTAssertThrowsError(
      try PasswordSource.file(path("missing"), toolName: "my-tool", language: "en")
    ) {
      error in
      XCTAssertEqual(
        error as? PasswordSource.FileError, .unreadable(reason: "No such file or directory"))
    }
    XCTAssertThrowsError(
      try PasswordSource.file(NSTemporaryDirectory(), toolName: "my-tool", language: "en")
    ) {
      error in
      XCTAssertEqual(error as? PasswordSource.FileError, .unreadable(reason: "Is a directory"))
    }
  }

  func test_file_larger_thanTheLimit_throwsTooLarge() throws {
    let path = try file(
      "big", [UInt8](repeating: UInt8(ascii: "a"), count: PasswordSource.maximumFileSize + 1))
    XCTAssertThrowsError(try PasswordSource.file(path, toolName: "my-tool", language: "en")) {
      error in
      XCTAssertEqual(
        error as? PasswordSource.FileError, .tooLarge(limit: PasswordSource.maximumFileSize))
    }
  }

  func test_file_aFIFO_isReadAsAStream() async throws {
    let fifo = path("fifo")
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    let writer = Thread {
      guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
      handle.write(Data("from a pipe\n".utf8))
      try? handle.close()
    }
    writer.start()

    let found = await passwords(try PasswordSource.file(fifo, toolName: "my-tool", language: "en"))

    XCTAssertEqual(found, ["from a pipe"])
  }

  func test_file_aLineLongerThanTheLimit_endsThePasswordsAndSaysSo() async throws {
    let long = String(repeating: "p", count: PasswordSource.maximumLineLength + 1)
    let path = try file("passwords", text: "first\n\(long)\nnext\n")
    let notes = TextCapture()
    let source = try PasswordSource.file(
      path, toolName: "my-tool", language: "de", writeNote: notes.write)

    let found = await passwords(source)

    XCTAssertEqual(found, ["first"])
    XCTAssertEqual(
      notes.text,
      "my-tool: eine Passwortzeile ist länger als 1024 Bytes; es werden keine weiteren "
        + "Passwörter gelesen.\n")
  }

  func test_unreadableFileNote_cleansTheName_andSpeaksTheLanguage() {
    let tooLarge = PasswordSource.FileError.tooLarge(limit: PasswordSource.maximumFileSize)
    XCTAssertEqual(
      PasswordSource.unreadableFileNote(
        file: "pw\u{1B}[2J", error: .unreadable(reason: "No such file or directory"),
        toolName: "my-tool", language: "en"),
      "my-tool: cannot read the password file 'pw\u{FFFD}[2J': No such file or directory")
    XCTAssertEqual(
      PasswordSource.unreadableFileNote(
        file: "pw", error: tooLarge, toolName: "my-tool", language: "de"),
      "my-tool: die Passwortdatei „pw“ kann nicht gelesen werden: sie ist größer als 1024 KiB, "
        + "also keine Liste von Passwörtern")
    XCTAssertEqual(
      PasswordSource.unreadableFileNote(
        file: "pw", error: tooLarge, toolName: "my-tool", language: "fr"),
      "my-tool\u{A0}: impossible de lire le fichier de mots de passe «\u{A0}pw\u{A0}»\u{A0}: "
        + "il dépasse 1024 Kio, ce n’est donc pas une liste de mots de passe")
    XCTAssertEqual(tooLarge.description, "it is larger than 1024 KiB, so not a list of passwords")
  }

  func test_standardInputLines_areKeptForAllDocuments() async {
    let input = ChunkedInput("x\ny\n")
    let source = PasswordSource.standardInputLines(
      toolName: "my-tool", language: "en", read: input.read)

    let first = await passwords(source, path: "one.pdf")
    let second = await passwords(source, path: "two.pdf")

    XCTAssertEqual(first, ["x", "y"])
    XCTAssertEqual(second, ["x", "y"])
  }

  func test_standardInputLines_endlessInput_isReadOnlyAsFarAsNeeded() async {
    let reads = Counter()
    let source = PasswordSource.standardInputLines(toolName: "my-tool", language: "en") {
      maximumCount in
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
    let source = PasswordSource.standardInputLines(
      toolName: "my-tool", language: "en", read: input.read)
    let all = await passwords(source, path: "x.pdf")
    XCTAssertEqual(all, ["a", "b"])

    let stopped = PasswordSource.standardInputLines(
      toolName: "my-tool", language: "en", read: ChunkedInput("a\n\nb\n").read)
    let some = await passwords(stopped, path: "x.pdf")
    XCTAssertEqual(some, ["a"])
  }

  func test_standardInputLines_aLineLongerThanTheLimit_endsThePasswordsAndSaysSo() async {
    let long = String(repeating: "p", count: PasswordSource.maximumLineLength + 1)
    let notes = TextCapture()
    let source = PasswordSource.standardInputLines(
      toolName: "my-tool", language: "en",
      read: ChunkedInput("first\n" + long + "\nnext\n", chunkSize: 4096).read,
      writeNote: notes.write)

    let found = await passwords(source)

    XCTAssertEqual(found, ["first"])
    XCTAssertEqual(
      notes.text,
      "my-tool: a password line is longer than 1024 bytes; no more passwords are read.\n")
  }

  func test_standardInputLines_endlessInputWithoutLineFeed_stopsReadingAtTheLimit() async {
    let reads = Counter()
    let source = PasswordSource.standardInputLines(
      toolName: "my-tool", language: "en",
      read: { maximumCount in
        reads.increment()
        // A bound for a regression only: /dev/zero never ends.
        return reads.value > 1000 ? Data() : Data(repeating: 0, count: maximumCount)
      },
      writeNote: { _ in })

    let password = await source.password(for: "locked.pdf", attempt: 0)

    XCTAssertNil(password)
    XCTAssertEqual(reads.value, 1, "the first 4096 bytes pass the limit")
  }

  func test_file_aFIFOWithoutAWriter_isNotOpenedUntilAPasswordIsNeeded() async throws {
    let fifo = path("fifo")
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    let made = DispatchSemaphore(value: 0)
    let source = LockedState<PasswordSource?>(nil)
    Thread {
      source.withLock { $0 = try? PasswordSource.file(fifo, toolName: "my-tool", language: "en") }
      made.signal()
    }.start()
    let returned = made.wait(timeout: .now() + 20) == .success
    XCTAssertTrue(returned, "making the source opened the FIFO and waits for a writer")
    XCTAssertFalse(fifoHasAReader(fifo), "the FIFO is not opened yet")
    if !returned { close(open(fifo, O_WRONLY | O_NONBLOCK)) }  // lets the thread go

    let asking = Task { await source.withLock { $0 }?.password(for: "a.pdf", attempt: 0) }
    let writer = try await waitForReader(fifo)
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
