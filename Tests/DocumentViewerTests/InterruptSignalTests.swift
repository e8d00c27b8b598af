import DocumentViewerCore
import Foundation
import StatefulContent
import StatefulContentTerminal
import XCTest

/// The signals that end or interrupt the real `document-viewer` process (and the handler that
/// receives them), and its standard output closing under it: whatever ends the viewer leaves
/// nothing behind.
final class InterruptSignalTests: FixtureTestCase {
  override func setUpWithError() throws {
    try super.setUpWithError()
    try documentViewer.skipUnlessBuilt()
  }

  /// The password prompt for the password of `locked.pdf`.
  private let prompt = "Password for 'locked.pdf' (empty to skip): "

  /// Starts the viewer on a locked PDF with a pseudo-terminal as its standard input (closed
  /// after the test) and waits for its password prompt, typed with echo off.
  private func startAtThePasswordPrompt() async throws -> (
    viewer: ToolProcess, pair: PseudoTerminal
  ) {
    try skipUnlessPDFToolsAreInstalled()
    let locked = try await fixtures.lockedPDF()
    let pair = try XCTUnwrap(PseudoTerminal(), "no pseudo-terminals here")
    addTeardownBlock { pair.close() }
    let viewer = try documentViewer.start(
      [locked], standardInput: .fileHandle(FileHandle(fileDescriptor: pair.terminal)))
    XCTAssertTrue(viewer.waitForErrorText(prompt), viewer.errorText)
    XCTAssertFalse(pair.echoes, "echo is off while the password is typed")
    return (viewer, pair)
  }

  func test_sigtermAtThePasswordPrompt_restoresTheTerminalsEcho() async throws {
    let (viewer, pair) = try await startAtThePasswordPrompt()

    viewer.send(SIGTERM)

    XCTAssertEqual(viewer.waitForExit(), 128 + SIGTERM)
    XCTAssertTrue(pair.echoes, "the terminal's echo is back on")
  }

  func test_ctrlZAtThePasswordPrompt_givesTheEchoBackWhileStopped_andHidesThePasswordAfterFg()
    async throws
  {
    let (viewer, pair) = try await startAtThePasswordPrompt()

    viewer.send(SIGTSTP)  // Ctrl-Z

    let stopped = await ToolProcess.wait { viewer.isStopped }
    XCTAssertTrue(stopped, "the viewer stops")
    XCTAssertTrue(pair.echoes, "the shell gets its echo back")
    pair.restoreLineModeWithEcho()  // as the shell does, whatever the viewer did

    viewer.send(SIGCONT)  // fg

    let hidden = await ToolProcess.wait { !pair.echoes }
    XCTAssertTrue(hidden, "echo is off again once the viewer goes on")
    XCTAssertTrue(viewer.waitForErrorText(prompt + "\n" + prompt), viewer.errorText)
    let beforePassword = pair.mark
    pair.type(FixturePasswords.user + "\n")
    XCTAssertTrue(viewer.waitForOutputText("Secret text."), viewer.outputText)
    XCTAssertEqual(viewer.waitForExit(), 0)
    XCTAssertFalse(
      pair.text(after: beforePassword).contains(FixturePasswords.user),
      "the password typed after fg is not shown")
  }

  func test_bgAtThePasswordPrompt_stopsTheViewerOnItsRead_andFgAsksAgainWithEchoOff()
    async throws
  {
    try skipUnlessPDFToolsAreInstalled()
    let locked = try await fixtures.lockedPDF()
    let pair = try XCTUnwrap(PseudoTerminal(), "no pseudo-terminals here")
    addTeardownBlock { pair.close() }
    let log = try fixtures.file("job.log", text: "")
    // A shell with job control, the terminal its controlling terminal: the program runs in the
    // foreground, is stopped (Ctrl-Z), continued in the background (`bg`), and once `wait` says
    // it stopped again, brought back to the foreground (`fg`).
    let job = try pair.spawnUnderJobControl(documentViewer, arguments: [locked], log: log)
    defer { job.end() }
    XCTAssertTrue(pair.waitForText(prompt), pair.text)
    let beforeForeground = pair.mark

    try XCTUnwrap(job.tool).send(SIGTSTP)  // Ctrl-Z; then the shell's `bg`

    // In the background, a read of the terminal stops the viewer (SIGTTIN), as `wait` says;
    // "ended 0" would be a viewer that gave up and ended.
    XCTAssertEqual(job.waitForStep("ended"), "ended \(128 + SIGTTIN)", "\(job.steps)")
    // `fg`: the prompt again, with echo off, and the password typed then opens the document.
    XCTAssertTrue(pair.waitForText(prompt, after: beforeForeground), pair.text)
    XCTAssertFalse(pair.echoes, "echo is off again after fg")
    pair.type(FixturePasswords.user + "\n")
    XCTAssertEqual(job.waitForStep("finished"), "finished 0", "the password opened it")
  }

  func test_sigintWhileBlockedWritingToAFullPipe_quitsWith130() async throws {
    let line = String(repeating: "x", count: 2000) + "\n"
    let path = try fixtures.file("wide.txt", text: String(repeating: line, count: 20))
    let output = Pipe()
    _ = fcntl(output.fileHandleForReading.fileDescriptor, pipeSizeCommand, 4096)
    let viewer = try documentViewer.start([path], standardOutput: .pipe(output))
    let blocked = await ToolProcess.wait { isBlockedWritingToAPipe(viewer.identifier) }
    XCTAssertTrue(blocked, "the viewer fills the pipe and blocks writing")

    viewer.send(SIGINT)

    XCTAssertEqual(viewer.waitForExit(), 130)
  }

  func test_sigtermOrSighupDuringTheTour_removesTheSamplesFolder() async throws {
    for signal in [SIGTERM, SIGHUP] {
      let temporary = try fixtures.directory("tmp-\(signal)")
      let viewer = try documentViewer.start(
        ["--delay", "60000"], environment: ["TMPDIR": temporary])
      let written = await ToolProcess.wait { samplesAreWritten(in: temporary) }
      XCTAssertTrue(written, "the tour writes its samples, then waits 60 s before the first")

      viewer.send(signal)

      XCTAssertEqual(viewer.waitForExit(), 128 + signal)
      XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary), [])
    }
  }

  func test_sigtermWhileTheTourWritesItsSamples_removesTheSamplesFolder() async throws {
    // The main thread (and qpdf) go on writing samples while the signal's thread removes them.
    for (run, file) in ["welcome.txt", "folder", "large.txt", "empty.txt", "report.pdf"]
      .enumerated()
    {
      let temporary = try fixtures.directory("tmp-\(run)")
      let viewer = try documentViewer.start(
        ["--delay", "60000"], environment: ["TMPDIR": temporary])
      let writing = await ToolProcess.wait { sampleExists(file, in: temporary) }
      XCTAssertTrue(writing, file)

      viewer.send(SIGTERM)

      XCTAssertEqual(viewer.waitForExit(), 128 + SIGTERM)
      XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary), [], file)
    }
  }

  func test_passwordFIFOWithoutAWriter_blocksNothingButItsPDF_andCtrlCQuits() async throws {
    try skipUnlessPDFToolsAreInstalled()
    let text = try fixtures.file("a.txt", text: "plain text\n")
    let locked = try await fixtures.lockedPDF()
    let fifo = fixtures.path("passwords")
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    let viewer = try documentViewer.start(["--password-file", fifo, text, locked])
    XCTAssertTrue(
      viewer.waitForOutputText("[\(PlaceholderStrings.english.unlock)]"),
      "the text file and the locked PDF open while nobody writes the FIFO")
    XCTAssertTrue(viewer.outputText.contains("plain text"))
    // "[Unlock]" is written while the PDF's load ends: a Ctrl-C sent before it has ended
    // would cancel that load (and a second one quit). Wait for the FIFO's open instead.
    let waiting = await ToolProcess.wait { isBlockedOpeningAFIFO(viewer.identifier) }
    XCTAssertTrue(waiting, "the viewer waits for a writer to open the FIFO")

    viewer.send(SIGINT)

    XCTAssertEqual(viewer.waitForExit(), 130)
  }

  func test_closedStandardOutput_endsWith141WhicheverDocumentComesFirst() async throws {
    try skipUnlessPDFToolsAreInstalled()
    let text = try fixtures.file("a.txt", text: "a\n")
    let pdf = try fixtures.textPDF()
    for order in [[text, pdf], [pdf, text]] {
      let output = Pipe()
      try output.fileHandleForReading.close()

      let viewer = try documentViewer.start(order, standardOutput: .pipe(output))

      XCTAssertEqual(viewer.waitForExit(), 141, "\(order): 128 + SIGPIPE")
      XCTAssertEqual(viewer.errorText, "")
    }
  }

  func test_unwritableStandardOutput_isReportedOnceAndEndsWith1() async throws {
    let first = try fixtures.file("a.txt", text: "a\n")
    let second = try fixtures.file("b.txt", text: "b\n")
    for unwritable in ToolProcess.Output.unwritable() {
      let viewer = try documentViewer.start([first, second], standardOutput: unwritable.output)

      XCTAssertEqual(viewer.waitForExit(), 1, unwritable.redirection)
      XCTAssertEqual(
        viewer.errorText,
        "document-viewer: cannot write to standard output: \(unwritable.reason)\n",
        unwritable.redirection)
    }
  }
}

/// `F_SETPIPE_SZ` (Linux), which Glibc's module does not import.
private let pipeSizeCommand: Int32 = 1031

/// Whether one of a process's threads waits in the kernel to write to a pipe, as its `wchan`
/// says (`pipe_write`, or `anon_pipe_write` in newer kernels).
private func isBlockedWritingToAPipe(_ process: Int32) -> Bool {
  threadWaits(in: process) { $0.hasSuffix("pipe_write") }
}

/// Whether one of a process's threads waits in the kernel for a FIFO's other end, as its
/// `wchan` says (`wait_for_partner`, in the FIFO's `open`).
private func isBlockedOpeningAFIFO(_ process: Int32) -> Bool {
  threadWaits(in: process) { $0 == "wait_for_partner" }
}

/// Whether one of a process's threads waits in a kernel function that `channel` accepts.
private func threadWaits(in process: Int32, channel: (String) -> Bool) -> Bool {
  let tasks = "/proc/\(process)/task"
  let threads = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
  return threads.contains { thread in
    (try? String(contentsOfFile: "\(tasks)/\(thread)/wchan", encoding: .utf8)).map(channel)
      ?? false
  }
}

/// Whether a folder holds a tour's samples folder with its last sample written.
/// Whether a samples folder in `temporary` holds `name` (written, or being written).
private func sampleExists(_ name: String, in temporary: String) -> Bool {
  let manager = FileManager.default
  return ((try? manager.contentsOfDirectory(atPath: temporary)) ?? []).contains { folder in
    manager.fileExists(atPath: "\(temporary)/\(folder)/\(name)")
  }
}

private func samplesAreWritten(in temporary: String) -> Bool {
  let manager = FileManager.default
  let last = PDFTools().areInstalled ? "owner-only.pdf" : "image.bin"
  return ((try? manager.contentsOfDirectory(atPath: temporary)) ?? []).contains { name in
    manager.fileExists(atPath: "\(temporary)/\(name)/\(last)")
  }
}
