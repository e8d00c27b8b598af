import StatefulContentTerminal
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

final class ToolEnvironmentTests: XCTestCase {
  /// What a tool wrote, collected from any thread.
  private final class Collected: Sendable {
    private let texts = Locked<[String]>([])
    var text: String { texts.withLock { $0.joined() } }
    func append(_ text: String) { texts.withLock { $0.append(text) } }
  }

  /// A tool that says where it runs and how long its timeline has run.
  private func tool(_ environment: ToolEnvironment) {
    let elapsed = environment.makeStopwatch()
    let place = environment.inputIsTerminal ? "a terminal" : "a script"
    environment.writeOutput("run by \(place) after \(elapsed())\n")
    environment.writeError("note\n")
  }

  func test_theArticlesBlock_givesTheToolWhatTheTestWatches() {
    let output = Collected()

    var environment = ToolEnvironment()
    environment.writeOutput = { output.append($0) }
    environment.makeStopwatch = { { .zero } }
    (environment.inputIsTerminal, environment.outputIsTerminal) = (false, false)

    let errors = Collected()
    environment.writeError = { errors.append($0) }
    tool(environment)
    XCTAssertEqual(output.text, "run by a script after 0.0 seconds\n")
    XCTAssertEqual(errors.text, "note\n")
  }

  func test_theDefaults_areTheProcesss() {
    let environment = ToolEnvironment()

    XCTAssertEqual(environment.inputIsTerminal, isatty(STDIN_FILENO) == 1)
    XCTAssertEqual(environment.outputIsTerminal, isatty(STDOUT_FILENO) == 1)
    XCTAssertEqual(environment.terminalDescriptor, STDIN_FILENO)
    XCTAssertEqual(environment.screenDescriptor, STDOUT_FILENO)
    XCTAssertEqual(
      environment.searchPath, ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
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
}
