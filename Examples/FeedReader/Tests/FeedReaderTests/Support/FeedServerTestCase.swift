import Foundation
import StatefulContentTerminal
import XCTest

/// A test case of the built `feed-reader` against a real server: each test starts a
/// ``FeedServer`` on a free port of 127.0.0.1 and has a cache folder of its own
/// (`XDG_CACHE_HOME`), so that every test starts with a cold cache.
class FeedServerTestCase: XCTestCase {
  /// This test's server.
  var server: FeedServer!
  /// This test's `XDG_CACHE_HOME`.
  var cacheHome = ""

  override func setUpWithError() throws {
    try XCTSkipUnless(
      feedReader.isBuilt,
      "feed-reader is not built: run swift build --package-path Examples/FeedReader")
    server = try FeedServer()
    cacheHome =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("\(type(of: self))-\(UUID().uuidString)").path
    setenv("XDG_CACHE_HOME", cacheHome, 1)
  }

  override func tearDown() {
    server?.stop()
    server = nil
    unsetenv("XDG_CACHE_HOME")
    try? FileManager.default.removeItem(atPath: cacheHome)
  }

  /// Runs `feed-reader` with arguments and waits for it to exit.
  func run(_ arguments: [String]) throws -> (status: Int32?, output: String, errors: String) {
    let tool = try feedReader.start(arguments)
    let status = tool.waitForExit()
    return (status, tool.outputText, tool.errorText)
  }

  /// Starts `feed-reader` on a pseudo-terminal, as a person does.
  func startOnScreen(_ pair: PseudoTerminal, url: String) throws -> ToolProcess {
    let terminal = FileHandle(fileDescriptor: pair.terminal)
    return try feedReader.start(
      [url], standardInput: .fileHandle(terminal), standardOutput: .fileHandle(terminal))
  }
}
