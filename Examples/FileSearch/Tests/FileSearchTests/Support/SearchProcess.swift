import Foundation
import XCTest

/// The `file-search` executable built beside the tests, run as a real process, for what only
/// a real process shows: its exit status, signals, a terminal's settings.
///
/// Waits are for an event (output, exit) with a generous deadline that only a failing test
/// reaches; nothing sleeps.
final class SearchProcess: Sendable {
  /// The executable beside the test bundle, or `nil` when it was not built.
  static let executable: String? = {
    let tests = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let program = tests.deletingLastPathComponent().appendingPathComponent("file-search").path
    return FileManager.default.isExecutableFile(atPath: program) ? program : nil
  }()

  /// The locale of every run, whatever the test's own: English, so that the tests pass on a
  /// machine set to another language.
  static let englishLocale = ["LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""]

  /// The deadline of every wait, in seconds: reached only when a test fails.
  static let deadline = 20

  private let process = Process()
  private let exited = DispatchSemaphore(value: 0)
  private let output = Collector()
  private let errors = Collector()

  /// Starts the program.
  ///
  /// - Parameters:
  ///   - arguments: The arguments.
  ///   - standardInput: A `FileHandle` or `Pipe`; defaults to `/dev/null`.
  ///   - standardOutput: A `FileHandle`, or `nil` for a pipe read into ``outputText``.
  ///   - closesStandardOutput: Whether the program starts with its standard output closed,
  ///     as a shell's `>&-` starts it (through `/bin/sh`, which `exec`s it). Defaults to
  ///     `false`.
  ///   - environment: Variables to set or replace in the test's environment, whose locale is
  ///     ``englishLocale``.
  init(
    _ arguments: [String], standardInput: Any? = nil, standardOutput: FileHandle? = nil,
    closesStandardOutput: Bool = false, environment: [String: String] = [:]
  ) throws {
    let program = try XCTUnwrap(Self.executable, "build file-search (swift build) first")
    if closesStandardOutput {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", #"exec "$0" "$@" >&-"#, program] + arguments
    } else {
      process.executableURL = URL(fileURLWithPath: program)
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

  /// What the program wrote to standard output so far (unless the test passed its own).
  var outputText: String { output.text }

  /// What the program wrote to standard error so far.
  var errorText: String { errors.text }

  /// The process identifier.
  var identifier: Int32 { process.processIdentifier }

  /// Whether the process is stopped (by `SIGTSTP`, say), as `/proc/<pid>/stat` says.
  var isStopped: Bool {
    let stat = (try? String(contentsOfFile: "/proc/\(identifier)/stat", encoding: .utf8)) ?? ""
    // The state follows the command's name, which is in parentheses.
    guard let end = stat.lastIndex(of: ")") else { return false }
    return stat[end...].dropFirst().trimmingCharacters(in: .whitespaces).first == "T"
  }

  /// Waits until standard output contains `text`; `false` at the deadline.
  func waitForOutputText(_ text: String) -> Bool { output.wait(for: text) }

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

  /// Whether the process has not exited yet.
  var isRunning: Bool { process.isRunning }

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

  /// What a stream brought so far, read on a thread of its own.
  private final class Collector: @unchecked Sendable {
    // @unchecked Sendable: `bytes` is only touched under `changed`'s lock.
    private var bytes = Data()
    private let changed = NSCondition()

    var text: String {
      changed.lock()
      defer { changed.unlock() }
      return String(decoding: bytes, as: UTF8.self)
    }

    func wait(for text: String) -> Bool {
      let limit = Date(timeIntervalSinceNow: TimeInterval(SearchProcess.deadline))
      changed.lock()
      defer { changed.unlock() }
      while !String(decoding: bytes, as: UTF8.self).contains(text) {
        guard changed.wait(until: limit) else { return false }
      }
      return true
    }

    func collect(_ reader: FileHandle) {
      Thread { [self] in
        // `availableData` returns what one read gets; `read(upToCount:)` waits for the count.
        while case let chunk = reader.availableData, !chunk.isEmpty {
          changed.lock()
          bytes += chunk
          changed.broadcast()
          changed.unlock()
        }
      }.start()
    }
  }
}
