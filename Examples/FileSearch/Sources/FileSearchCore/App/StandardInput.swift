import Foundation
import StatefulContentTerminal

/// Readers of the process's standard input: the query lines of a script, or the keys of a
/// terminal.
public enum StandardInput {
  /// The query lines of a file descriptor, read on a thread of its own by a
  /// ``QueryLineReader``: without their line breaks (`\n` or `\r\n`), invalid UTF-8 repaired,
  /// a last line without a line feed included.
  ///
  /// A line longer than ``QueryLineReader/maximumLength`` bytes is skipped with a note on
  /// standard error; when a skipped line goes on past
  /// ``QueryLineReader/maximumSkippedLength`` bytes, a note says so and reading stops, as at
  /// the end of input.
  ///
  /// - Parameters:
  ///   - descriptor: The descriptor to read. Defaults to standard input.
  ///   - strings: The language of the notes. Defaults to the process's.
  ///   - writeError: Writes the notes. Defaults to writing to standard error.
  /// - Returns: The lines, ending at the end of input, a read error or the reader stopping.
  public static func lines(
    of descriptor: Int32 = STDIN_FILENO, strings: SearchStrings = .current,
    writeError: @escaping @Sendable (String) -> Void = StandardStreams.writeToError
  ) -> AsyncStream<String> {
    let (stream, continuation) = AsyncStream.makeStream(of: String.self)
    // A thread of Dispatch's, not of the concurrency pool: a read blocks.
    DispatchQueue.global().async {
      var reader = QueryLineReader()
      func deliver(_ events: [QueryLineReader.Event]) {
        for event in events {
          switch event {
          case .line(let line):
            continuation.yield(line)
          case .skippedLine(let number):
            let limit = "\(QueryLineReader.maximumLength)"
            writeError(
              strings.text(.queryLineSkipped, ["line": "\(number)", "limit": limit]) + "\n")
          case .stoppedReading:
            writeError(strings.text(.standardInputNotLines) + "\n")
          }
        }
      }
      readUntilEnd(descriptor) { chunk in
        deliver(reader.read(chunk))
        return !reader.isFinished
      }
      deliver(reader.finish())
      continuation.finish()
    }
    return stream
  }

  /// Reads the keys of a terminal as they arrive, on a thread of its own, until the end of
  /// input, a read error or ``stop()``.
  ///
  /// The reader waits with `poll` for the terminal or a wake-up pipe, so that ``stop()`` ends
  /// it without reading on: what is typed after the program stopped reading stays in the
  /// terminal for the next program to read, such as the shell. In the background (`bg`) the
  /// reader reads at once, and the terminal's job control stops the program (`SIGTTIN`,
  /// unblocked on the reader's thread) until `fg`; a job nobody can bring back (an orphaned
  /// process group) reads the end of input instead.
  ///
  /// ```swift
  /// let input = StandardInput.KeyReader(descriptor: STDIN_FILENO)
  /// for await bytes in input.bytes { … }
  /// input.stop()
  /// ```
  public final class KeyReader: Sendable {
    /// Each read's bytes, ending at the end of input, a read error or ``stop()``.
    public let bytes: AsyncStream<[UInt8]>
    private let wakeUp: WakeUpPipe

    /// Starts reading.
    ///
    /// - Parameter descriptor: The descriptor to read. Defaults to standard input.
    public init(descriptor: Int32 = STDIN_FILENO) {
      let (bytes, continuation) = AsyncStream.makeStream(of: [UInt8].self)
      let wakeUp = WakeUpPipe()
      self.bytes = bytes
      self.wakeUp = wakeUp
      // A thread of Dispatch's, not of the concurrency pool: a read blocks.
      DispatchQueue.global().async {
        Self.readUntilStopped(descriptor, wakeUp: wakeUp) { continuation.yield($0) }
        continuation.finish()
      }
    }

    /// Stops reading, before the program gives the terminal back; safe to call from any
    /// thread, more than once.
    public func stop() {
      wakeUp.wake(stopping: true)
    }

    /// Makes a reader waiting for keys look again whether the terminal is its job's: after
    /// `bg` it reads, and so stops the program until `fg`. Call it when the program goes on
    /// after a stop (`SIGCONT`).
    public func lookAgain() {
      wakeUp.wake(stopping: false)
    }

    private static func readUntilStopped(
      _ descriptor: Int32, wakeUp: WakeUpPipe, _ body: ([UInt8]) -> Void
    ) {
      var jobControl = sigset_t()
      sigemptyset(&jobControl)
      sigaddset(&jobControl, SIGTTIN)
      var mask = sigset_t()
      pthread_sigmask(SIG_UNBLOCK, &jobControl, &mask)
      defer { pthread_sigmask(SIG_SETMASK, &mask, nil) }
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let group = tcgetpgrp(descriptor)
        if group == -1 || group == getpgrp() {
          var ready = [
            pollfd(fd: wakeUp.reading, events: Int16(POLLIN), revents: 0),
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
          ]
          if poll(&ready, 2, -1) < 0 && errno == EINTR { continue }
          if ready[0].revents != 0 {
            if wakeUp.isStopping() { return }
            continue
          }
        }
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return }
        body(Array(buffer[..<count]))
      }
    }
  }

  /// Reads a descriptor until its end, an error, or `body` returning `false`, handing each
  /// read's bytes to `body`.
  private static func readUntilEnd(_ descriptor: Int32, _ body: ([UInt8]) -> Bool) {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0, body(Array(buffer[..<count])) else { return }
    }
  }
}

/// A pipe that wakes a ``StandardInput/KeyReader`` waiting in `poll`, and whether it is
/// to stop.
private final class WakeUpPipe: Sendable {
  let reading: Int32
  private let writing: Int32
  private let stopping = Locked(false)

  init() {
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      // Not inherited by the programs started meanwhile; never blocking the one who wakes.
      for end in ends {
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        _ = fcntl(end, F_SETFL, O_NONBLOCK)
      }
    }
    (reading, writing) = (ends[0], ends[1])
  }

  deinit {
    close(reading)
    close(writing)
  }

  /// Wakes the reader; once `stopping`, for good.
  func wake(stopping: Bool) {
    if stopping { self.stopping.withLock { $0 = true } }
    var byte: UInt8 = 0
    _ = write(writing, &byte, 1)
  }

  /// Whether the reader is to stop; empties the pipe, so that the next `poll` waits.
  func isStopping() -> Bool {
    var bytes = [UInt8](repeating: 0, count: 64)
    while read(reading, &bytes, bytes.count) > 0 {}
    return stopping.withLock { $0 }
  }
}
