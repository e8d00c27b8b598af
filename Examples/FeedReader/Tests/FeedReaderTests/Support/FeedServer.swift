import Foundation
import StatefulContentTerminal
import XCTest

/// A local HTTP server for end-to-end tests: `Tests/feed_server.py` under python3, serving
/// the bundled sample feed (`Samples/`) on 127.0.0.1 at a free port, with its paths for a
/// status, a truncated body, a slow page and an empty feed. Stop it in `tearDown`; stop it
/// and start it again (``restart()``) on the same port to take the network away and bring it
/// back.
final class FeedServer {
  /// The server's address, such as `http://127.0.0.1:41234`.
  let base: String
  /// The port it listens on.
  let port: Int
  private var process: ToolProcess

  /// The package's folder, found from this file's path.
  static let packageFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Starts a server, or skips the test when python3 is missing.
  ///
  /// - Parameter port: The port to listen on; `nil` for a free one the system picks.
  /// - Throws: `XCTSkip` without python3; an error when the server does not start.
  init(port: Int? = nil) throws {
    process = try Self.start(port: port)
    self.port = try Self.port(of: process)
    base = "http://127.0.0.1:\(self.port)"
  }

  /// Starts the python3 process of a server.
  private static func start(port: Int?) throws -> ToolProcess {
    guard let python = Self.python3 else {
      throw XCTSkip(
        "python3 is not installed: the end-to-end tests serve feeds with it (apt-get install python3)"
      )
    }
    let script = Self.packageFolder.appendingPathComponent("Tests/feed_server.py").path
    let samples = Self.packageFolder.appendingPathComponent("Samples").path
    return try ToolProcess(python, arguments: [script, samples] + (port.map { ["\($0)"] } ?? []))
  }

  /// The port a server says it listens on, in its first line.
  private static func port(of process: ToolProcess) throws -> Int {
    guard process.waitForOutputText("\n"),
      let line = process.outputText.split(separator: "\n").first,
      line.hasPrefix("listening on port "),
      let port = line.split(separator: " ").last.flatMap({ Int($0) })
    else {
      process.send(SIGTERM)
      throw ServerError(output: process.outputText + process.errorText)
    }
    return port
  }

  /// Starts the server again, stopped or not, on the same port: the address answers again.
  ///
  /// - Throws: An error when the server does not start.
  func restart() throws {
    stop()
    process = try Self.start(port: port)
    _ = try Self.port(of: process)
  }

  /// The paths asked for since the server last started, in order, such as `/feed.json`.
  var requests: [String] {
    process.outputText.split(separator: "\n").filter { $0.hasPrefix("GET ") }
      .map { String($0.dropFirst(4)) }
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
