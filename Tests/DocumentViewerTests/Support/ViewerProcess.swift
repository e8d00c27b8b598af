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

  /// The locale every run starts with, whatever the test's own: English, so that the tests
  /// pass on a machine set to another language; a test of a language sets its own.
  static let englishLocale = ["LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""]

  /// The deadline of every wait, in seconds: reached only when a test fails.
  static let deadline = 20

  private let process = Process()
  private let exited = DispatchSemaphore(value: 0)
  private let output = Collector()
  private let errors = Collector()

  /// Starts the viewer.
  ///
  /// - Parameters:
  ///   - arguments: The arguments.
  ///   - environment: Variables to set or replace in the test's environment, whose locale is
  ///     ``englishLocale``.
  ///   - standardInput: A `FileHandle` or `Pipe`; defaults to `/dev/null`.
  ///   - standardOutput: A `FileHandle` or `Pipe`; defaults to a pipe read into
  ///     ``outputText``.
  ///   - closesStandardOutput: Whether the viewer starts with its standard output closed, as
  ///     a shell's `>&-` starts it (through `/bin/sh`, which `exec`s it). Defaults to `false`.
  init(
    _ arguments: [String], environment: [String: String] = [:], standardInput: Any? = nil,
    standardOutput: Any? = nil, closesStandardOutput: Bool = false
  ) throws {
    let viewer = try XCTUnwrap(Self.executable)
    if closesStandardOutput {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", #"exec "$0" "$@" >&-"#, viewer] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: viewer)
      process.arguments = arguments
    }
    process.environment = ProcessInfo.processInfo.environment
      .merging(Self.englishLocale) { $1 }
      .merging(environment) { $1 }
    process.standardInput = standardInput ?? FileHandle(forReadingAtPath: "/dev/null")
    let outputPipe = Pipe()
    let errorPipe = Pipe()
    process.standardOutput = standardOutput ?? outputPipe
    process.standardError = errorPipe
    process.terminationHandler = { [exited] _ in exited.signal() }
    try process.run()
    if standardOutput == nil { output.collect(outputPipe.fileHandleForReading) }
    errors.collect(errorPipe.fileHandleForReading)
  }

  /// The process identifier.
  var identifier: Int32 { process.processIdentifier }

  /// What the viewer wrote to standard output so far (unless the test passed its own).
  var outputText: String { output.text }

  /// What the viewer wrote to standard error so far.
  var errorText: String { errors.text }

  /// Waits until standard output contains `text`; `false` at the deadline.
  func waitForOutputText(_ text: String) -> Bool { output.wait(for: text) }

  /// Waits until standard error contains `text`; `false` at the deadline.
  func waitForErrorText(_ text: String) -> Bool { errors.wait(for: text) }

  /// Whether the process is stopped (by `SIGTSTP`, say), as `/proc/<pid>/stat` says.
  var isStopped: Bool {
    let stat = (try? String(contentsOfFile: "/proc/\(identifier)/stat", encoding: .utf8)) ?? ""
    // The state follows the command's name, which is in parentheses.
    guard let end = stat.lastIndex(of: ")") else { return false }
    return stat[end...].dropFirst().trimmingCharacters(in: .whitespaces).first == "T"
  }

  /// Sends a signal.
  func send(_ signal: Int32) {
    kill(process.processIdentifier, signal)
  }

  /// Waits for the exit and returns the status (128 + the signal's number when a signal ended
  /// it, as a shell reports it), or `nil` at the deadline, after killing the process.
  func waitForExit() -> Int32? {
    guard exited.wait(timeout: .now() + .seconds(Self.deadline)) == .success else {
      send(SIGKILL)
      return nil
    }
    let status = process.terminationStatus
    return process.terminationReason == .uncaughtSignal ? 128 + status : status
  }

  /// Waits, by yielding, until a condition holds; `false` at the deadline.
  ///
  /// - Parameters:
  ///   - isolation: The actor that checks the condition; inferred from the caller.
  ///   - condition: Checked after each yield.
  static func wait(
    isolation: isolated (any Actor)? = #isolation, until condition: () -> Bool
  ) async -> Bool {
    let start = ContinuousClock.now
    while !condition() {
      guard ContinuousClock.now - start < .seconds(deadline) else { return false }
      await Task.yield()
    }
    return true
  }

  /// What a stream brought so far, read on a thread of its own.
  private final class Collector: Sendable {
    private let bytes = LockedState(Data())
    private let changed = NSCondition()

    var text: String { String(decoding: bytes.withLock { $0 }, as: UTF8.self) }

    func collect(_ reader: FileHandle) {
      Thread { [bytes, changed] in
        // `availableData` returns what one read gets; `read(upToCount:)` waits for the count.
        while case let chunk = reader.availableData, !chunk.isEmpty {
          changed.lock()
          bytes.withLock { $0 += chunk }
          changed.broadcast()
          changed.unlock()
        }
      }.start()
    }

    func wait(for text: String) -> Bool {
      let limit = Date(timeIntervalSinceNow: TimeInterval(ViewerProcess.deadline))
      changed.lock()
      defer { changed.unlock() }
      while !self.text.contains(text) {
        guard changed.wait(until: limit) else { return self.text.contains(text) }
      }
      return true
    }
  }
}
