import DocumentViewerCore
import Foundation
import StatefulContentTesting
import XCTest

/// The password prompt, on a pseudo-terminal the test types into.
@MainActor
final class TerminalPasswordPromptTests: XCTestCase {
  private var controller: Int32 = -1
  private var terminal: Int32 = -1
  private let promptCapture = TextCapture()
  private var prompts: String { promptCapture.text }

  override func setUp() async throws {
    let pair = PseudoTerminal.open()
    try XCTSkipIf(pair == nil, "no pseudo-terminals here")
    (controller, terminal) = try XCTUnwrap(pair)
  }

  override func tearDown() async throws {
    if terminal >= 0 { close(terminal) }
    if controller >= 0 { close(controller) }
  }

  private var echoIsOn: Bool {
    var settings = termios()
    tcgetattr(terminal, &settings)
    return settings.c_lflag & tcflag_t(ECHO) != 0
  }

  private func type(_ text: String) {
    _ = text.withCString { write(controller, $0, strlen($0)) }
  }

  /// What the terminal echoed back to the person, read without waiting.
  private func echoed() -> String {
    let flags = fcntl(controller, F_GETFL)
    _ = fcntl(controller, F_SETFL, flags | O_NONBLOCK)
    defer { _ = fcntl(controller, F_SETFL, flags) }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = read(controller, &bytes, bytes.count)
    return count > 0 ? String(decoding: bytes[..<count], as: UTF8.self) : ""
  }

  private func makePrompt(_ interrupts: InterruptController? = nil) -> TerminalPasswordPrompt {
    TerminalPasswordPrompt(
      descriptor: terminal, interrupts: interrupts, strings: .english,
      writePrompt: promptCapture.write)
  }

  func test_readHiddenLine_readsWithoutEchoAndRestoresEcho() async throws {
    XCTAssertTrue(echoIsOn)
    let prompt = makePrompt()

    let line = Task { await prompt.readHiddenLine(prompt: "Password: ") }
    try await settle { !self.echoIsOn }
    type("s3cret\n")
    let password = await line.value

    XCTAssertEqual(password, "s3cret")
    XCTAssertTrue(echoIsOn)
    XCTAssertFalse(echoed().contains("s3cret"))
    XCTAssertEqual(prompts, "Password: \n")
  }

  func test_source_namesTheDocumentAndSaysWhenThePasswordWasWrong() async throws {
    let source = makePrompt().source

    let first = Task { await source.password(for: "/tmp/a/locked.pdf", attempt: 0) }
    try await settle { !self.echoIsOn }
    type("one\n")
    _ = await first.value
    try await settle { self.echoIsOn }
    let second = Task { await source.password(for: "/tmp/a/locked.pdf", attempt: 1) }
    try await settle { !self.echoIsOn }
    type("\n")
    let answer = await second.value

    XCTAssertNil(answer, "an empty line stops asking")
    XCTAssertEqual(
      prompts,
      "Password for 'locked.pdf' (empty to skip): \n"
        + "Wrong password. Password for 'locked.pdf' (empty to skip): \n")
  }

  func test_source_documentNameWithEscapeSequences_isCleanedInThePrompt() async throws {
    let source = makePrompt().source

    let asking = Task { await source.password(for: "/tmp/a/\u{1B}[2Jx.pdf", attempt: 0) }
    try await settle { !self.echoIsOn }
    type("\n")
    _ = await asking.value

    XCTAssertEqual(prompts, "Password for '\u{FFFD}[2Jx.pdf' (empty to skip): \n")
  }

  func test_interruptDuringThePrompt_restoresEchoBeforeQuitting() async throws {
    let interrupts = InterruptController(writeNote: { _ in }, strings: .english)
    let prompt = makePrompt(interrupts)
    let line = Task { await prompt.readHiddenLine(prompt: "Password: ") }
    try await settle { !self.echoIsOn }

    let response = interrupts.interrupt()

    XCTAssertEqual(response, .exit(status: 130))
    XCTAssertTrue(echoIsOn)
    XCTAssertEqual(prompts, "Password: \n")
    type("\n")  // lets the reading thread end
    _ = await line.value
  }

  func test_continuedTwiceAfterOneStop_asksAgainOnce_withEchoOff() async throws {
    // `bg` then `fg`: when the read stops the viewer before the first `SIGCONT` is handled,
    // both are handled after `fg`, in the foreground.
    let interrupts = InterruptController(writeNote: { _ in }, strings: .english)
    let prompt = makePrompt(interrupts)
    let line = Task { await prompt.readHiddenLine(prompt: "Password: ") }
    try await settle { !self.echoIsOn }

    interrupts.suspend()
    XCTAssertTrue(echoIsOn, "the shell's terminal while stopped")
    interrupts.resume()
    interrupts.resume()

    XCTAssertFalse(echoIsOn, "asked again with echo off")
    XCTAssertEqual(prompts, "Password: \nPassword: ", "asked again once")
    interrupts.resume()
    XCTAssertEqual(prompts, "Password: \nPassword: ", "a continue without a stop asks nothing")
    type("s3cret\n")
    let password = await line.value
    XCTAssertEqual(password, "s3cret")
  }

  func test_endOfInput_isNil() async throws {
    let prompt = makePrompt()
    let line = Task { await prompt.readHiddenLine(prompt: "") }
    try await settle { !self.echoIsOn }

    type("\u{04}")  // Ctrl-D on an empty line

    let answer = await line.value
    XCTAssertNil(answer)
    XCTAssertTrue(echoIsOn)
  }
}
