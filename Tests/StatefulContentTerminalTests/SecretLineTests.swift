import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

/// `TerminalSession.readSecretLine`: a line read with echo off, on a pseudo-terminal the test
/// types into, and the echo given back however the reading ends.
final class SecretLineTests: XCTestCase {
  private var pair: PseudoTerminal?
  private let written = LockedState("")
  private var prompts: String { written.withLock { $0 } }

  override func setUpWithError() throws {
    pair = PseudoTerminal()
    try XCTSkipIf(pair == nil, "no pseudo-terminals here")
  }

  override func tearDown() {
    pair?.close()
    super.tearDown()
  }

  private func startReading(
    _ prompt: String, interrupts: InterruptController? = nil
  ) throws -> Task<String?, Never> {
    let pair = try XCTUnwrap(pair)
    let written = written
    return Task {
      await TerminalSession.readSecretLine(
        prompt: prompt, input: pair.terminal, interrupts: interrupts,
        writePrompt: { text in written.withLock { $0 += text } })
    }
  }

  func test_readsWithoutEcho_andRestoresEcho() async throws {
    let pair = try XCTUnwrap(pair)
    XCTAssertTrue(pair.echoes)

    let line = try startReading("Password: ")
    try await settle { !pair.echoes }
    let beforeTyping = pair.mark
    pair.type("s3cret\r\n")
    let password = await line.value

    XCTAssertEqual(password, "s3cret", "without its line break")
    XCTAssertTrue(pair.echoes)
    XCTAssertFalse(pair.text(after: beforeTyping).contains("s3cret"), "not shown")
    XCTAssertEqual(prompts, "Password: \n", "the unseen line feed is written")
  }

  func test_interruptDuringThePrompt_restoresEchoBeforeQuitting() async throws {
    let pair = try XCTUnwrap(pair)
    let interrupts = InterruptController()
    let line = try startReading("Password: ", interrupts: interrupts)
    // The prompt is written once the clean-up is registered, after echo went off.
    try await settle { self.prompts == "Password: " }

    let response = interrupts.interrupt()

    XCTAssertEqual(response, .exit(status: 130))
    XCTAssertTrue(pair.echoes)
    XCTAssertEqual(prompts, "Password: \n")
    pair.type("\n")  // lets the reading thread end
    _ = await line.value
  }

  func test_continuedTwiceAfterOneStop_asksAgainOnce_withEchoOff() async throws {
    // `bg` then `fg`: when the read stops the tool before the first `SIGCONT` is handled, both
    // are handled after `fg`, in the foreground.
    let pair = try XCTUnwrap(pair)
    let interrupts = InterruptController()
    let line = try startReading("Password: ", interrupts: interrupts)
    // The prompt is written once the clean-up is registered, after echo went off.
    try await settle { self.prompts == "Password: " }

    interrupts.suspend()
    XCTAssertTrue(pair.echoes, "the shell's terminal while stopped")
    interrupts.resume()
    interrupts.resume()

    XCTAssertFalse(pair.echoes, "asked again with echo off")
    XCTAssertEqual(prompts, "Password: \nPassword: ", "asked again once")
    interrupts.resume()
    XCTAssertEqual(prompts, "Password: \nPassword: ", "a continue without a stop asks nothing")
    pair.type("s3cret\n")
    let password = await line.value
    XCTAssertEqual(password, "s3cret")
  }

  func test_endOfInput_isNil() async throws {
    let pair = try XCTUnwrap(pair)
    let line = try startReading("")
    try await settle { !pair.echoes }

    pair.type("\u{04}")  // Ctrl-D on an empty line

    let answer = await line.value
    XCTAssertNil(answer)
    XCTAssertTrue(pair.echoes)
  }

  func test_onAPipe_readsTheLineAsItIs() async throws {
    var ends: [Int32] = [-1, -1]
    XCTAssertEqual(pipe(&ends), 0)
    defer { close(ends[0]) }
    _ = "hidden\nnext\n".withCString { write(ends[1], $0, strlen($0)) }
    close(ends[1])

    let line = await TerminalSession.readSecretLine(
      prompt: "Password: ", input: ends[0], interrupts: nil, writePrompt: { _ in })

    XCTAssertEqual(line, "hidden")
    var rest = [UInt8](repeating: 0, count: 16)
    XCTAssertEqual(read(ends[0], &rest, rest.count), 5, "nothing of the next line was read")
  }
}
