import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the keys of a terminal as they are typed, on a thread of its own, until the end of
/// input, a read error or ``stop()``.
///
/// The reader waits with `poll` for the terminal or a wake-up pipe, so that ``stop()`` ends it
/// without reading on: what is typed after the tool stopped reading stays in the terminal for
/// the next program, such as the shell. In the background (`bg`) the reader reads at once, and
/// the terminal's job control stops the tool (`SIGTTIN`, unblocked on the reader's thread)
/// until `fg`; a job nobody can bring back (an orphaned process group) reads the end of input
/// instead. ``TerminalSession/keys()`` makes one.
///
/// An escape sequence cut at the end of a read waits ``escapeTimeout`` for its rest; when the
/// terminal stays quiet that long, the decoder is flushed (``Key/Decoder/flush()``): Esc
/// pressed alone arrives as ``Key/escape`` after that pause.
///
/// ```swift
/// let reader = KeyReader(descriptor: STDIN_FILENO)
/// for await key in reader.keys { … }
/// reader.stop()
/// ```
public final class KeyReader: Sendable {
  /// How long a cut escape sequence waits for its rest: 50 milliseconds. A terminal sends a
  /// key's sequence in one write; only a slow link cuts it, and a person does not type Esc and
  /// the next key that fast.
  public static let escapeTimeout: Duration = .milliseconds(50)

  /// The keys, ending at the end of input, a read error or ``stop()``.
  public let keys: AsyncStream<Key>
  private let wakeUp: WakeUpPipe

  /// Starts reading.
  ///
  /// - Parameter descriptor: The terminal to read, in raw mode. Defaults to standard input.
  public init(descriptor: Int32 = STDIN_FILENO) {
    let (keys, continuation) = AsyncStream.makeStream(of: Key.self)
    let wakeUp = WakeUpPipe()
    self.keys = keys
    self.wakeUp = wakeUp
    // A thread of Dispatch's, not of the concurrency pool: a read blocks.
    DispatchQueue.global().async {
      var decoder = Key.Decoder()
      Self.readUntilStopped(descriptor, wakeUp: wakeUp, decoder: &decoder) { key in
        continuation.yield(key)
      }
      for key in decoder.flush() { continuation.yield(key) }
      continuation.finish()
    }
  }

  /// Stops reading, before the tool gives the terminal back; safe to call from any thread,
  /// more than once.
  public func stop() {
    wakeUp.wake(stopping: true)
  }

  /// Makes a reader waiting for keys look again whether the terminal is its job's: after `bg`
  /// it reads, and so stops the tool until `fg`. Call it when the tool goes on after a stop
  /// (`SIGCONT`) in the background.
  public func lookAgain() {
    wakeUp.wake(stopping: false)
  }

  private static func readUntilStopped(
    _ descriptor: Int32, wakeUp: WakeUpPipe, decoder: inout Key.Decoder, _ deliver: (Key) -> Void
  ) {
    TerminalSession.stoppedByBackgroundReads {
      readKeys(descriptor, wakeUp: wakeUp, decoder: &decoder, deliver)
    }
  }

  private static func readKeys(
    _ descriptor: Int32, wakeUp: WakeUpPipe, decoder: inout Key.Decoder, _ deliver: (Key) -> Void
  ) {
    let (seconds, attoseconds) = escapeTimeout.components
    let timeout = Int32(seconds * 1_000 + attoseconds / 1_000_000_000_000_000)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let group = tcgetpgrp(descriptor)
      if group == -1 || group == getpgrp() {
        var ready = [
          pollfd(fd: wakeUp.reading, events: Int16(POLLIN), revents: 0),
          pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
        ]
        let count = poll(&ready, 2, decoder.hasPending ? timeout : -1)
        if count < 0 && errno == EINTR { continue }
        if ready[0].revents != 0 {
          if wakeUp.isStopping() { return }
          continue
        }
        if count == 0 {
          // The terminal stayed quiet: what is pending is all there is.
          for key in decoder.flush() { deliver(key) }
          continue
        }
      }
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return }
      for key in decoder.decode(buffer[..<count]) { deliver(key) }
    }
  }

  /// A pipe that wakes a reader waiting in `poll`, and whether it is to stop.
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
}
