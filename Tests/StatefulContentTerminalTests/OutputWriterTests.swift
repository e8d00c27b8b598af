import Foundation
import StatefulContent
import StatefulContentTerminal
import XCTest

/// A tool's standard output: written whole, 141 when nobody reads, 1 and one note when it
/// cannot be written.
final class OutputWriterTests: XCTestCase {
  private let quits = LockedState<[Int32]>([])
  private let notes = LockedState<[String]>([])

  private func writer(
    _ interrupts: InterruptController, to descriptor: Int32, language: String = "en"
  ) -> @Sendable (String) -> Void {
    let (quits, notes) = (quits, notes)
    return interrupts.outputWriter(
      toolName: "feed-reader", language: language, descriptor: descriptor,
      writeNote: { note in notes.withLock { $0.append(note) } },
      quit: { status in quits.withLock { $0.append(status) } })
  }

  func test_aReadPipe_getsEveryText_andNothingQuits() throws {
    let pipe = Pipe()
    let write = writer(InterruptController(), to: pipe.fileHandleForWriting.fileDescriptor)

    write("1.2\n")
    write("1.1\n")
    try pipe.fileHandleForWriting.close()

    XCTAssertEqual(
      String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), "1.2\n1.1\n"
    )
    XCTAssertEqual(quits.withLock { $0 }, [])
  }

  func test_nobodyReading_quitsWith141() throws {
    _ = signal(SIGPIPE, SIG_IGN)
    let pipe = Pipe()
    try pipe.fileHandleForReading.close()
    let write = writer(InterruptController(), to: pipe.fileHandleForWriting.fileDescriptor)

    write("1.2\n")

    XCTAssertEqual(quits.withLock { $0 }, [141])
    XCTAssertEqual(notes.withLock { $0 }, [], "a reader that went away is no error")
  }

  func test_aFullDisk_runsTheCleanUps_saysSoOnce_andQuitsWith1() throws {
    let full = open("/dev/full", O_WRONLY)
    try XCTSkipIf(full < 0, "no /dev/full here")
    defer { close(full) }
    let interrupts = InterruptController()
    let notes = notes
    _ = interrupts.addCleanup { notes.withLock { $0.append("(terminal restored)") } }
    let write = writer(interrupts, to: full, language: "de")

    write("1.2\n")
    write("1.1\n")

    XCTAssertEqual(quits.withLock { $0 }, [1, 1])
    XCTAssertEqual(
      notes.withLock { $0 },
      [
        "(terminal restored)",
        "feed-reader: die Standardausgabe kann nicht geschrieben werden: "
          + String(cString: strerror(ENOSPC)) + "\n",
      ])
  }

  func test_theNote_inEachLanguage() {
    let note = {
      InterruptController.unwritableOutputNote(toolName: "t", language: $0, reason: "r")
    }
    XCTAssertEqual(note("en"), "t: cannot write to standard output: r")
    XCTAssertEqual(note("de"), "t: die Standardausgabe kann nicht geschrieben werden: r")
    XCTAssertEqual(note("fr"), "t\u{A0}: impossible d’écrire sur la sortie standard\u{A0}: r")
    XCTAssertEqual(note("it"), note("en"))
  }
}
