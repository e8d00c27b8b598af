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
}
