import DocumentViewerCore
import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

/// Ctrl-C, through the controller that `SIGINT` reaches, and the simulated slow source.
@MainActor
final class InterruptTests: FixtureTestCase {
  private let presenter = RecordingPresenter()
  private let clock = ManualClock()
  private let noteCapture = TextCapture()
  private var notes: [String] { noteCapture.text.isEmpty ? [] : [noteCapture.text] }

  private let interrupts = InterruptController()

  /// A session whose every open waits 1 s on the manual clock, with the smooth policy.
  private func slowSession(_ path: String) -> DocumentSession {
    DocumentSession(
      path: path, opener: DocumentOpener(latency: .seconds(1), clock: clock),
      presenter: presenter, clock: clock, loadingPolicy: .smooth, strings: .english)
  }

  func test_delay_loadsOnlyWhenTheClockReachesIt_withTheSmoothPolicy() async throws {
    let session = slowSession(try fixtures.file("a.txt", text: "a\n"))

    let open = Task { await session.open() }
    try await settle { self.clock.sleeperCount == 2 }
    XCTAssertEqual(presenter.presentedKinds, [], "loading waits for the show delay")
    clock.advance(by: .milliseconds(150))
    try await settle { self.presenter.presentedKinds == [.loading] }
    clock.advance(by: .milliseconds(850))
    let outcome = await open.value

    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(presenter.changedKinds, [.loading, .content])
    XCTAssertEqual(session.stateMachine.loadingPolicy, .smooth)
  }

  func test_interruptDuringALoad_cancelsItAndRestoresWhatWasShown() async throws {
    let session = slowSession(try fixtures.file("a.txt", text: "a\n"))
    let open = Task {
      await self.interrupts.cancelOnInterrupt(
        session, writeNote: self.noteCapture.write, strings: .english
      ) { await session.open() }
    }
    try await settle { self.clock.sleeperCount == 2 }
    clock.advance(by: .milliseconds(150))
    try await settle { self.presenter.presentedKinds == [.loading] }

    let response = interrupts.interrupt()
    let outcome = await open.value

    XCTAssertEqual(response, .cancelled)
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertEqual(session.currentState, .idle)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .idle])
    XCTAssertNil(session.content)
    XCTAssertEqual(notes, ["document-viewer: cancelled; press Ctrl-C again to quit.\n"])
    try await settle { self.clock.sleeperCount == 0 }
    XCTAssertEqual(clock.sleeperCount, 0, "the simulated source's wait was cancelled too")
  }

  func test_interruptWhileTheViewerOpensADocument_endsItsOutputSayingItWasCancelled()
    async throws
  {
    let path = try fixtures.file("a.txt", text: "a\n")
    let output = TextCapture()
    var environment = ToolEnvironment()
    (environment.writeOutput, environment.writeError) = (output.write, noteCapture.write)
    (environment.clock, environment.interrupts) = (clock, interrupts)
    let app = ViewerApp(
      environment: environment, style: .plain, terminalSize: { nil }, strings: .english)
    let run = Task { await app.run(["--delay", "1000", path]) }
    try await settle { self.clock.sleeperCount == 2 }
    clock.advance(by: .milliseconds(150))
    try await settle { output.text == "Opening a.txt…\n" }

    let response = interrupts.interrupt()
    let status = await run.value

    XCTAssertEqual(response, .cancelled)
    XCTAssertEqual(status, 0)
    XCTAssertEqual(output.lines, ["Opening a.txt…", "Cancelled: 'a.txt' was not opened.", ""])
  }

  func test_interruptAfterTheFirstScreen_stopsTheReadAndKeepsTheScreen_sayingSo() async throws {
    let runner = ScriptedPDFRunner(
      firstOutput: "Page one\nsecond line\nthird line\n", rest: "\u{0C}Page two\n\u{0C}")
    let tools = PDFTools(searchPath: "/usr/bin:/bin", runner: runner)
    try XCTSkipUnless(tools.areInstalled, "the reader looks the tools up before it runs them")
    let path = try fixtures.textPDF()
    let output = TextCapture()
    var environment = ToolEnvironment()
    (environment.writeOutput, environment.writeError) = (output.write, noteCapture.write)
    environment.interrupts = interrupts
    let app = ViewerApp(
      environment: environment, style: .plain, terminalSize: { nil },
      reader: DocumentReader(screenLines: 2, pdfTools: tools), strings: .english)
    let run = Task { await app.run([path]) }
    try await settle { output.text.hasSuffix("second line\n") }

    let response = interrupts.interrupt()
    let status = await run.value
    runner.gate.open()
    try await settle { runner.wasCancelled }

    XCTAssertEqual(response, .cancelled)
    XCTAssertEqual(status, 0)
    XCTAssertEqual(
      output.lines,
      [
        "Opening text.pdf…", "Page one", "second line",
        "(first 2 lines: page 1; 3 lines of text in the first page; not read to the end)", "",
      ])
    XCTAssertTrue(runner.wasCancelled, "the tool was ended, not read to its end")
    XCTAssertEqual(notes, ["document-viewer: cancelled; press Ctrl-C again to quit.\n"])
  }

  func test_interruptDuringARefresh_keepsTheContentShown() async throws {
    let session = slowSession(try fixtures.file("a.txt", text: "a\n"))
    let open = Task { await session.open() }
    try await settle { self.clock.sleeperCount == 2 }
    clock.advance(by: .milliseconds(150))
    try await settle { self.presenter.presentedKinds == [.loading] }
    clock.advance(by: .milliseconds(850))
    _ = await open.value

    let reload = Task {
      await self.interrupts.cancelOnInterrupt(
        session, writeNote: self.noteCapture.write, strings: .english
      ) { await session.perform(.retry) }
    }
    try await settle { self.clock.sleeperCount == 1 }
    XCTAssertTrue(session.stateMachine.isRefreshing)
    interrupts.interrupt()
    _ = await reload.value

    XCTAssertEqual(session.currentState, .content)
    XCTAssertFalse(session.stateMachine.isRefreshing)
    XCTAssertEqual(session.content?.lines, ["a"])
    XCTAssertEqual(presenter.changedKinds, [.loading, .content])
  }

  func test_secondInterrupt_quitsWith130EvenWhileANewLoadRuns() async throws {
    let first = slowSession(try fixtures.file("a.txt", text: "a\n"))
    let open = Task {
      await self.interrupts.cancelOnInterrupt(
        first, writeNote: self.noteCapture.write, strings: .english
      ) { await first.open() }
    }
    try await settle { self.clock.sleeperCount == 2 }
    XCTAssertEqual(interrupts.interrupt(), .cancelled)
    _ = await open.value
    let second = slowSession(try fixtures.file("b.txt", text: "b\n"))
    let next = Task {
      await self.interrupts.cancelOnInterrupt(
        second, writeNote: self.noteCapture.write, strings: .english
      ) { await second.open() }
    }
    try await settle { second.stateMachine.hasActiveLoad }

    let response = interrupts.interrupt()

    XCTAssertEqual(response, .exit(status: 130))
    XCTAssertTrue(second.stateMachine.hasActiveLoad, "quitting does not wait for the load")
    second.cancelLoading()
    _ = await next.value
  }

  func test_interruptWhileNothingLoads_quitsWith130AfterTheCleanUps() async throws {
    let cleaned = LockedState<[String]>([])
    let session = DocumentSession(
      path: try fixtures.file("a.txt", text: "a\n"), presenter: nil, strings: .english)
    await interrupts.cancelOnInterrupt(
      session, writeNote: self.noteCapture.write, strings: .english
    ) { await session.open() }
    _ = interrupts.addCleanup { cleaned.withLock { $0.append("first") } }
    let removed = interrupts.addCleanup { cleaned.withLock { $0.append("removed") } }
    _ = interrupts.addCleanup { cleaned.withLock { $0.append("last") } }
    interrupts.removeCleanup(removed)

    let response = interrupts.interrupt()
    interrupts.interrupt()

    XCTAssertEqual(response, .exit(status: InterruptController.interruptStatus))
    XCTAssertEqual(InterruptController.interruptStatus, 130)
    XCTAssertEqual(cleaned.withLock { $0 }, ["last", "first"], "newest first, once")
    XCTAssertEqual(session.currentState, .content)
    XCTAssertEqual(notes, [])
  }
}
