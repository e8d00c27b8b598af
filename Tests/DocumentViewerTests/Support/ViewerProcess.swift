import Foundation
import StatefulContent
import XCTest

/// The `document-viewer` executable built beside the tests, run as a real process, for what
/// only a real process shows: signals, a terminal's settings, pipes nobody reads.
///
/// Waits are for an event (output, exit) with a generous deadline that only a failing test
/// reaches; nothing sleeps.
final class ViewerProcess: Sendable {
  /// The executable beside the test bundle, or `nil` when it was not built.
  static let executable: String? = {
    let tests = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let viewer = tests.deletingLastPathComponent().appendingPathComponent("document-viewer").path
    return FileManager.default.isExecutableFile(atPath: viewer) ? viewer : nil
  }()

  /// Skips the test when the executable was not built.
  static func skipUnlessBuilt() throws {
    try XCTSkipIf(executable == nil, "build document-viewer (swift build) to run this test")
  }

  /// The deadline of every wait: reached only when a test fails.
  static let deadline: DispatchTimeInterval = .seconds(20)

  private let process = Process()
  private let errors = Pipe()
  private let collectedErrors = LockedState(Data())
  private let exited = DispatchSemaphore(value: 0)
  private let errorsChanged = NSCondition()

  /// The process's standard output when the test did not pass its own.
  let output = Pipe()

  /// Starts the viewer.
  ///
  /// - Parameters:
  ///   - arguments: The arguments.
  ///   - environment: Variables to set or replace in the test's environment.
  ///   - standardInput: A `FileHandle` or `Pipe`; defaults to `/dev/null`.
  ///   - standardOutput: A `FileHandle` or `Pipe`; defaults to ``output``.
  init(
    _ arguments: [String], environment: [String: String] = [:], standardInput: Any? = nil,
    standardOutput: Any? = nil
  ) throws {
    process.executableURL = URL(fileURLWithPath: try XCTUnwrap(Self.executable))
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = standardInput ?? FileHandle(forReadingAtPath: "/dev/null")
    process.standardOutput = standardOutput ?? output
    process.standardError = errors
    process.terminationHandler = { [exited] _ in exited.signal() }
    try process.run()
    let reader = errors.fileHandleForReading
    Thread { [collectedErrors, errorsChanged] in
      // `availableData` returns what one read gets; `read(upToCount:)` waits for the count.
      while case let chunk = reader.availableData, !chunk.isEmpty {
        errorsChanged.lock()
        collectedErrors.withLock { $0 += chunk }
        errorsChanged.broadcast()
        errorsChanged.unlock()
      }
    }.start()
  }

  /// The process identifier.
  var identifier: Int32 { process.processIdentifier }

  /// What the viewer wrote to standard error so far.
  var errorText: String { String(decoding: collectedErrors.withLock { $0 }, as: UTF8.self) }

  /// Waits until standard error contains `text`; `false` at the deadline.
  func waitForErrorText(_ text: String) -> Bool {
    let limit = Date(timeIntervalSinceNow: 20)
    errorsChanged.lock()
    defer { errorsChanged.unlock() }
    while !errorText.contains(text) {
      guard errorsChanged.wait(until: limit) else { return errorText.contains(text) }
    }
    return true
  }

  /// Sends a signal.
  func send(_ signal: Int32) {
    kill(process.processIdentifier, signal)
  }

  /// Waits for the exit and returns the status (128 + the signal's number when a signal ended
  /// it, as a shell reports it), or `nil` at the deadline, after killing the process.
  func waitForExit() -> Int32? {
    guard exited.wait(timeout: .now() + Self.deadline) == .success else {
      send(SIGKILL)
      return nil
    }
    let status = process.terminationStatus
    return process.terminationReason == .uncaughtSignal ? 128 + status : status
  }

  /// Waits, by yielding, until a condition holds; `false` at the deadline.
  static func wait(until condition: () -> Bool) async -> Bool {
    let start = ContinuousClock.now
    while !condition() {
      guard ContinuousClock.now - start < .seconds(20) else { return false }
      await Task.yield()
    }
    return true
  }
}
