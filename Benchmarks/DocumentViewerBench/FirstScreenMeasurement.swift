import DocumentViewerCore
import Foundation
import StatefulContent
import StatefulContentTerminal

/// Times the document viewer's first screen of a large log against `head -n 40` of the same
/// file, in one run: row g of `stateful-bench` (`stateful-bench --only g [--file FILE]`).
///
/// Each round runs `head -n 40 FILE` as a process (spawned with `posix_spawn`, its output read
/// from a pipe to the end, then waited for) and opens the file in a ``DocumentSession`` whose
/// presenter renders to `/dev/null`: its first screen is the time from `open()` to the first
/// content presentation, its whole file the time until `open()` returns. The two take turns,
/// each going first in every other round, after one round that is not timed (it warms the page
/// cache and the code paths), so that both see the same phases of the machine.
///
/// ```swift
/// let measurement = FirstScreenMeasurement(rounds: 11)
/// let result = try await measurement.measure("/var/log/big.log")
/// print(FirstScreenMeasurement.report(result))
/// ```
public struct FirstScreenMeasurement: Sendable {
  /// What one measurement found.
  public struct Result: Hashable, Sendable {
    /// The file measured.
    public var path: String
    /// Its size in bytes.
    public var byteCount: Int
    /// How many lines `head` printed and the viewer's first screen showed.
    public var lineCount: Int
    /// The time of each `head -n` run.
    public var head: [Duration]
    /// The time of each open, until its first content presentation.
    public var firstScreen: [Duration]
    /// The time of each open, until it ended.
    public var wholeFile: [Duration]

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - path: The file measured.
    ///   - byteCount: Its size in bytes.
    ///   - lineCount: How many lines `head` printed and the first screen showed.
    ///   - head: The time of each `head -n` run.
    ///   - firstScreen: The time of each open, until its first content presentation.
    ///   - wholeFile: The time of each open, until it ended.
    public init(
      path: String, byteCount: Int, lineCount: Int, head: [Duration] = [],
      firstScreen: [Duration] = [], wholeFile: [Duration] = []
    ) {
      self.path = path
      self.byteCount = byteCount
      self.lineCount = lineCount
      self.head = head
      self.firstScreen = firstScreen
      self.wholeFile = wholeFile
    }
  }

  /// Why a measurement could not be made.
  public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// `head` is not found on `PATH`.
    case headMissing
    /// `head` could not be started, or failed.
    ///
    /// - Parameter reason: The system's reason, or head's exit status.
    case headFailed(reason: String)
    /// The viewer did not show the file as text read to its end, such as a missing or binary
    /// file, a folder or a PDF.
    ///
    /// - Parameter state: The state the open ended in, such as `error`, or the kind of its
    ///   content, such as `pdf`.
    case notShownAsText(state: String)
    /// The generated log could not be written.
    ///
    /// - Parameter reason: The system's reason.
    case logNotWritten(reason: String)

    /// A sentence saying what went wrong.
    public var description: String {
      switch self {
      case .headMissing: "head was not found on PATH"
      case .headFailed(let reason): "head failed: \(reason)"
      case .notShownAsText(let state): "the file is not shown as text (its state is \(state))"
      case .logNotWritten(let reason): "cannot write the log: \(reason)"
      }
    }
  }

  /// The size of the log generated when no file is given: 200 MiB.
  public static let generatedLogByteCount = 200 << 20

  /// How many rounds are timed.
  public var rounds: Int
  /// How many lines `head` prints and the viewer's first screen shows.
  public var lineCount: Int
  /// How the viewer reads; its screen is set to ``lineCount`` lines.
  public var reader: DocumentReader
  /// The directories searched for `head`, separated by `:`.
  public var searchPath: String

  /// Creates a measurement.
  ///
  /// - Parameters:
  ///   - rounds: How many rounds are timed; values below 1 mean 1. Defaults to 11.
  ///   - lineCount: The lines of `head -n` and of the first screen. Defaults to 40.
  ///   - reader: How the viewer reads. Defaults to a reader with default limits.
  ///   - searchPath: Where to find `head`. Defaults to `PATH` (or `/usr/bin:/bin`).
  public init(
    rounds: Int = 11, lineCount: Int = 40, reader: DocumentReader = DocumentReader(),
    searchPath: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  ) {
    self.rounds = max(rounds, 1)
    self.lineCount = max(lineCount, 1)
    self.reader = reader
    self.reader.screenLines = self.lineCount
    self.searchPath = searchPath
  }

  /// Measures a file.
  ///
  /// - Parameter path: The text file to measure.
  /// - Returns: Every round's times.
  /// - Throws: ``Failure``.
  @MainActor
  public func measure(_ path: String) async throws(Failure) -> Result {
    let head = try headExecutable()
    let output = open("/dev/null", O_WRONLY | O_CLOEXEC)
    defer { if output >= 0 { close(output) } }
    var result = Result(path: path, byteCount: 0, lineCount: lineCount)
    for round in 0...rounds {
      var times: (head: Duration, viewer: (firstScreen: Duration, wholeFile: Duration))
      if round.isMultiple(of: 2) {
        times.viewer = try await timeViewer(path, output: output, byteCount: &result.byteCount)
        times.head = try timeHead(head, path)
      } else {
        times.head = try timeHead(head, path)
        times.viewer = try await timeViewer(path, output: output, byteCount: &result.byteCount)
      }
      guard round > 0 else { continue }  // The warm-up round.
      result.head.append(times.head)
      result.firstScreen.append(times.viewer.firstScreen)
      result.wholeFile.append(times.viewer.wholeFile)
    }
    return result
  }

  /// Writes a log in a private folder, measures it and removes the folder.
  ///
  /// - Parameters:
  ///   - byteCount: The log's size. Defaults to ``generatedLogByteCount``.
  ///   - willWrite: Called with the log's path before it is written, which takes seconds.
  /// - Returns: Every round's times; its path is the log's, removed by then.
  /// - Throws: ``Failure``, such as ``Failure/logNotWritten(reason:)``.
  @MainActor
  public func measureGeneratedLog(
    byteCount: Int = Self.generatedLogByteCount, willWrite: (String) -> Void = { _ in }
  ) async throws(Failure) -> Result {
    let folder: PrivateDirectory
    do {
      folder = try PrivateDirectory(prefix: "stateful-bench-first-screen")
    } catch {
      throw .logNotWritten(reason: error.description)
    }
    defer { folder.remove() }
    let file = (folder.path as NSString).appendingPathComponent("generated.log")
    willWrite(file)
    do {
      try Self.writeLog(to: file, byteCount: byteCount)
    } catch {
      throw .logNotWritten(reason: error.localizedDescription)
    }
    return try await measure(file)
  }

  /// The report of a measurement: the file, a line per figure with its median and range, and
  /// the ratio of the medians of the first screen and of `head`; the file's name is cleaned of
  /// control characters (see `TerminalText.clean(_:tabs:)`).
  ///
  /// - Parameter result: What a measurement found.
  /// - Returns: The lines, ending with a line feed.
  public static func report(_ result: Result) -> String {
    let head = median(result.head)
    let firstScreen = median(result.firstScreen)
    let ratio = seconds(firstScreen) / max(seconds(head), 1e-9)
    func line(_ name: String, _ times: [Duration]) -> String {
      let sorted = times.sorted()
      let range = "\(formatted(sorted.first ?? .zero))–\(formatted(sorted.last ?? .zero))"
      return name.padding(toLength: 34, withPad: " ", startingAt: 0)
        + "median \(formatted(median(times))) (\(range))\n"
    }
    return "\(TerminalText.clean(result.path)): \(Document.formattedSize(result.byteCount)), "
      + "\(result.head.count) rounds\n"
      + line("head -n \(result.lineCount)", result.head)
      + line("document-viewer, first screen", result.firstScreen)
      + line("document-viewer, whole file", result.wholeFile)
      + "first screen / head: \(String(format: "%.2f", ratio))×\n"
  }

  /// The median of some durations: the middle one, or the mean of the two in the middle.
  ///
  /// - Parameter durations: The durations; none gives zero.
  /// - Returns: The median.
  public static func median(_ durations: [Duration]) -> Duration {
    let sorted = durations.sorted()
    guard !sorted.isEmpty else { return .zero }
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2)
      ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }

  /// Writes a log of numbered lines, such as
  /// `2026-01-01T00:00:01.000Z INFO  worker-3 request 1 served in 13 ms`, exactly `byteCount`
  /// bytes long and ending with a line feed.
  ///
  /// - Parameters:
  ///   - path: Where to write it; an existing file is replaced.
  ///   - byteCount: Its size; 0 or less writes an empty file.
  /// - Throws: The file system's error.
  public static func writeLog(to path: String, byteCount: Int) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    var written = 0
    var number = 1
    var batch: [UInt8] = []
    batch.reserveCapacity((1 << 20) + 128)
    while written < byteCount {
      batch.removeAll(keepingCapacity: true)
      while batch.count < 1 << 20 {
        let seconds = number / 1000
        let level = number.isMultiple(of: 97) ? "WARN " : "INFO "
        batch += "2026-01-01T\(padded(seconds / 3600 % 24)):\(padded(seconds / 60 % 60)):".utf8
        batch += "\(padded(seconds % 60)).\(padded(number % 1000, 3))Z \(level) ".utf8
        batch += "worker-\(number % 8) ".utf8
        batch += "request \(number) served in \(number * 7 % 250) ms\n".utf8
        number += 1
      }
      let count = min(batch.count, byteCount - written)
      if written + count == byteCount { batch[count - 1] = UInt8(ascii: "\n") }
      try handle.write(contentsOf: batch[..<count])
      written += count
    }
  }

  private func headExecutable() throws(Failure) -> String {
    for directory in searchPath.split(separator: ":") {
      let candidate = (String(directory) as NSString).appendingPathComponent("head")
      if access(candidate, X_OK) == 0 { return candidate }
    }
    throw .headMissing
  }

  /// Runs `head -n lineCount path`, reads its output to the end and waits for it.
  private func timeHead(_ head: String, _ path: String) throws(Failure) -> Duration {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { throw .headFailed(reason: systemErrorDescription(errno)) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    let words: [String] = [head, "-n", "\(lineCount)", path]
    let arguments: [UnsafeMutablePointer<CChar>?] = words.map { word in strdup(word) } + [nil]
    defer { for argument in arguments { free(argument) } }

    let start = ContinuousClock.now
    var process: pid_t = 0
    let spawned = posix_spawn(&process, head, &actions, nil, arguments, environ)
    close(pipeEnds[1])
    defer { close(pipeEnds[0]) }
    guard spawned == 0 else { throw .headFailed(reason: systemErrorDescription(spawned)) }
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while read(pipeEnds[0], &buffer, buffer.count) > 0 {}
    var status: Int32 = 0
    while waitpid(process, &status, 0) < 0 && errno == EINTR {}
    let elapsed = ContinuousClock.now - start
    guard status == 0 else {
      // The exit status is in the second byte (WEXITSTATUS), a signal in the low seven bits.
      let reason =
        status & 0x7F == 0
        ? "it exited with status \(status >> 8 & 0xFF)" : "it was ended by signal \(status & 0x7F)"
      throw .headFailed(reason: reason)
    }
    return elapsed
  }

  /// Opens the file in a session that renders to `output`.
  @MainActor
  private func timeViewer(
    _ path: String, output: Int32, byteCount: inout Int
  ) async throws(Failure) -> (firstScreen: Duration, wholeFile: Duration) {
    let stopwatch = Stopwatch(
      screen: DocumentScreen(mode: .plain, write: { StandardStreams.write($0, to: output) }))
    let session = DocumentSession(
      path: path, opener: DocumentOpener(reader: reader), presenter: stopwatch)
    stopwatch.screen.contentProvider = { [weak session] in session?.content }
    let start = ContinuousClock.now
    await session.open()
    let end = ContinuousClock.now
    guard session.currentState.kind == .content, let document = session.content else {
      throw .notShownAsText(state: "\(session.currentState.kind)")
    }
    guard document.kind == .text, document.isComplete, let firstScreenAt = stopwatch.firstScreenAt
    else { throw .notShownAsText(state: document.isComplete ? "\(document.kind)" : "partial") }
    byteCount = document.byteCount
    return (firstScreenAt - start, end - start)
  }

  /// Renders through a terminal presenter and notes when content was first on screen.
  private final class Stopwatch: SynchronousPresenter {
    let screen: DocumentScreen
    var firstScreenAt: ContinuousClock.Instant?

    init(screen: DocumentScreen) { self.screen = screen }

    func present(_ presentation: Presentation, animated: Bool) {
      screen.present(presentation, animated: animated)
      if firstScreenAt == nil && presentation.state.kind == .content {
        firstScreenAt = .now
      }
    }
  }
}

/// A duration for people: `850 µs`, `1.23 ms`, `412 ms`, `1.50 s`.
private func formatted(_ duration: Duration) -> String {
  let value = seconds(duration)
  switch value {
  case ..<1e-3: return String(format: "%.0f µs", value * 1e6)
  case ..<1e-2: return String(format: "%.2f ms", value * 1e3)
  case ..<1: return String(format: "%.0f ms", value * 1e3)
  default: return String(format: "%.2f s", value)
  }
}

private func seconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) + Double(attoseconds) * 1e-18
}

/// A number with zeros in front, to `width` digits.
private func padded(_ value: Int, _ width: Int = 2) -> String {
  let digits = "\(value)"
  return String(repeating: "0", count: max(width - digits.count, 0)) + digits
}

/// The operating system's sentence for an `errno` value, such as "No such file or directory".
private func systemErrorDescription(_ code: Int32) -> String {
  String(cString: strerror(code))
}
