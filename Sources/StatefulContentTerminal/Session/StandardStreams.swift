#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writers for the process's standard output and standard error.
///
/// Each call writes at once, without buffering, so that a progress bar redrawn in place
/// appears as it changes and output interleaves correctly with standard error.
public enum StandardStreams {
  /// How a write ended.
  public enum WriteResult: Hashable, Sendable {
    /// Every byte was written.
    case written
    /// Nobody reads the stream any more (`EPIPE`), such as after `| head -1` has its line.
    case brokenPipe
    /// Another error, such as a closed descriptor (`EBADF`) or a full disk (`ENOSPC`).
    ///
    /// - Parameter code: The `errno` value.
    case failed(code: Int32)
  }

  /// Writes text to a file descriptor, all of it, retrying interrupted and partial writes;
  /// on a descriptor another process made non-blocking, waiting with `poll` while it is full.
  ///
  /// `SIGPIPE` must be ignored (`signal(SIGPIPE, SIG_IGN)`), or a write to a pipe nobody reads
  /// kills the process instead of returning ``WriteResult/brokenPipe``.
  ///
  /// - Parameters:
  ///   - text: The text, including any line feeds.
  ///   - descriptor: The descriptor to write to.
  /// - Returns: How the write ended.
  @discardableResult
  public static func write(_ text: String, to descriptor: Int32) -> WriteResult {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let count = bytes.withUnsafeBytes { writeBytes(descriptor, $0) }
      if count < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK {
          // The descriptor is shared with a program that set O_NONBLOCK: wait for room.
          var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
          _ = poll(&ready, 1, -1)
          continue
        }
        return errno == EPIPE ? .brokenPipe : .failed(code: errno)
      }
      bytes = bytes.dropFirst(count)
    }
    return .written
  }

  /// Writes text to standard output as it is; a failure drops the text.
  ///
  /// A tool that must stop when nobody reads writes with ``write(_:to:)`` and ends on
  /// ``WriteResult/brokenPipe`` instead.
  ///
  /// - Parameter text: The text, including any line feeds.
  @Sendable
  public static func writeToOutput(_ text: String) {
    write(text, to: STDOUT_FILENO)
  }

  /// Writes text to standard error as it is; a failure drops the text.
  ///
  /// - Parameter text: The text, including any line feeds.
  @Sendable
  public static func writeToError(_ text: String) {
    write(text, to: STDERR_FILENO)
  }

  /// Keeps a closed standard input, output or error closed for good: opens `/dev/null` for
  /// reading in its place, so that a file or pipe the tool opens later cannot take its
  /// number and receive what is meant for the closed stream (`tool >&-`).
  ///
  /// A write to such a stream then fails with `EBADF`, as it would have to the closed
  /// descriptor, and a read finds the end of input. Call it first, before anything opens a
  /// descriptor.
  public static func keepClosedStandardDescriptorsClosed() {
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
    where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      // The lowest free number: this one, since the ones before it are open by now.
      let placeholder = open("/dev/null", O_RDONLY)
      if placeholder >= 0 && placeholder != descriptor {
        _ = dup2(placeholder, descriptor)
        close(placeholder)
      }
    }
  }
}

/// The system's `write`, which the enum's own `write(_:to:)` hides inside it.
private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
  write(descriptor, buffer.baseAddress, buffer.count)
}
