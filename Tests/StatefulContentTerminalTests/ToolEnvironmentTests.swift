import StatefulContentTerminal
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

final class ToolEnvironmentTests: XCTestCase {
  func test_theDefaults_areTheProcesss() {
    let environment = ToolEnvironment()

    XCTAssertEqual(environment.inputIsTerminal, isatty(STDIN_FILENO) == 1)
    XCTAssertEqual(environment.outputIsTerminal, isatty(STDOUT_FILENO) == 1)
    XCTAssertEqual(environment.terminalDescriptor, STDIN_FILENO)
    XCTAssertEqual(environment.screenDescriptor, STDOUT_FILENO)
    XCTAssertEqual(
      environment.searchPath, SystemProcessRunner.searchPath)
    XCTAssertTrue(environment.runner is SystemProcessRunner)
    XCTAssertNil(environment.signals, "a plain environment installs no signal handler")
    XCTAssertNil(environment.interrupts.terminationStatus)
  }

  func test_aCopy_sharesItsInterruptController() {
    let environment = ToolEnvironment()
    var copy = environment
    copy.searchPath = "/nowhere"

    XCTAssertTrue(copy.interrupts === environment.interrupts)
    XCTAssertNotEqual(environment.searchPath, "/nowhere")
  }

  func test_theProcesss_installsItsSignalHandler() {
    let environment = ToolEnvironment.process(toolName: "tool", language: "de")

    XCTAssertNotNil(environment.signals)
    withExtendedLifetime(environment) {}
  }

  func test_keyring_findsAndRunsKeyctlAsTheEnvironmentDoes() {
    var environment = ToolEnvironment()
    environment.searchPath = "/nowhere:/also/nowhere"

    let keyring = environment.keyring

    XCTAssertEqual(keyring.searchPath, "/nowhere:/also/nowhere")
    XCTAssertFalse(keyring.isInstalled)
  }

  func test_standardInputPasswords_onATerminal_promptThroughWriteError() async throws {
    let pair = try XCTUnwrap(PseudoTerminal(), "no pseudo-terminals here")
    defer { pair.close() }
    let prompts = Locked<[String]>([])
    var environment = ToolEnvironment()
    (environment.inputIsTerminal, environment.terminalDescriptor) = (true, pair.terminal)
    environment.writeError = { text in prompts.withLock { $0.append(text) } }
    let source = environment.standardInputPasswords(toolName: "tool", language: "de")

    let typing = Task.detached {
      var waited = 0
      while prompts.withLock({ $0.isEmpty }) && waited < 1000 {
        _ = poll(nil, 0, 5)
        waited += 1
      }
      pair.type("geheim\n")
    }
    let password = await source.password(for: "/tmp/notes.pdf", attempt: 0)
    await typing.value

    XCTAssertEqual(password, "geheim")
    let written = prompts.withLock { $0.joined() }
    XCTAssertTrue(written.hasPrefix("Passwort für „notes.pdf“"), written)
    XCTAssertFalse(written.contains("geheim"), "the password is not echoed through the writer")
  }
}
