import Foundation
import StatefulContentTerminal
import XCTest

/// A local HTTP server for end-to-end tests: `Tests/feed_server.py` under python3, serving
/// the bundled sample feed (`Samples/`) on 127.0.0.1 at a free port, with its paths for a
/// status, a truncated body, a slow page and an empty feed. Stop it in `tearDown`.
final class FeedServer {
  /// The server's address, such as `http://127.0.0.1:41234`.
  let base: String
  private let process: ToolProcess

  /// The package's folder, found from this file's path.
  static let packageFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Starts a server, or skips the test when python3 is missing.
  ///
  /// - Throws: `XCTSkip` without python3; an error when the server does not start.
  init() throws {
    guard let python = Self.python3 else {
      throw XCTSkip(
        "python3 is not installed: the end-to-end tests serve feeds with it (apt-get install python3)"
      )
    }
    let script = Self.packageFolder.appendingPathComponent("Tests/feed_server.py").path
    let samples = Self.packageFolder.appendingPathComponent("Samples").path
    process = try ToolProcess(python, arguments: [script, samples])
    guard process.waitForOutputText("\n"),
      let port = process.outputText.split(separator: " ").last.flatMap({
        Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
      })
    else {
      process.send(SIGTERM)
      throw ServerError(output: process.outputText + process.errorText)
    }
    base = "http://127.0.0.1:\(port)"
  }

  /// The address of a path on the server, such as `feed.json` or `status/500/feed.json`.
  func url(_ path: String) -> String { "\(base)/\(path)" }

  /// Stops the server and waits for it to end: its port then refuses connections.
  func stop() {
    guard process.isRunning else { return }
    process.send(SIGTERM)
    _ = process.waitForExit()
  }

  deinit { stop() }

  /// The server did not say on which port it listens.
  struct ServerError: Error, CustomStringConvertible {
    var output: String
    var description: String { "the feed server did not start: \(output)" }
  }

  /// python3 on the `PATH`, or `nil`.
  static let python3: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/python3" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }()
}
