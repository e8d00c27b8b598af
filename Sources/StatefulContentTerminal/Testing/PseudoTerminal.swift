import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal for testing a tool as a person at a terminal uses it: the tool gets the
/// terminal side, the test types keys into the controller side and reads back what the tool
/// drew.
///
/// A thread reads the controller side all along, so that the tool never blocks on a full
/// terminal; ``text`` is everything drawn so far, and ``waitForText(_:after:timeout:)`` waits,
/// up to a deadline, until the tool has drawn something. ``spawn(_:arguments:environment:)``
/// starts the tool in a session of its own whose controlling terminal is this one, so that
/// Ctrl-C typed (`"\u{03}"`) sends `SIGINT` and ``resize(rows:columns:)`` sends `SIGWINCH`, as a
/// real terminal does.
///
/// ```swift
/// let terminal = try XCTUnwrap(PseudoTerminal(rows: 24, columns: 80))
/// defer { terminal.close() }
/// let tool = try terminal.spawn("/usr/local/bin/my-tool", arguments: ["--interactive"])
/// XCTAssertTrue(terminal.waitForText("Search: "))
/// terminal.type("swift")
/// terminal.resize(rows: 30, columns: 100)
/// tool.send(SIGTERM)
/// XCTAssertEqual(tool.waitForExit(), 128 + SIGTERM)
/// XCTAssertTrue(terminal.isInLineModeWithEcho)
/// ```
public final class PseudoTerminal: Sendable {
  /// The side the test types into and reads from.
  public let controller: Int32
  /// The side a tool uses as its terminal.
  public let terminal: Int32
  /// The terminal side's path, such as `/dev/pts/3`.
  public let path: String
  private let collected = Locked(Collected())
  private let arrived = DispatchSemaphore(value: 0)

  private struct Collected {
    var bytes: [UInt8] = []
    var isClosed = false
  }

  /// Opens a pair of the given size, or returns `nil` when the system has no pseudo-terminals.
  ///
  /// - Parameters:
  ///   - rows: The terminal's rows. Defaults to 24.
  ///   - columns: The terminal's columns. Defaults to 80.
  public init?(rows: Int = 24, columns: Int = 80) {
    guard let (controller, path) = Self.openController() else { return nil }
    let terminal = open(path, O_RDWR | O_NOCTTY)
    guard terminal >= 0 else {
      closeDescriptor(controller)
      return nil
    }
    self.controller = controller
    self.terminal = terminal
    self.path = path
    setSize(rows: rows, columns: columns)
    let (collected, arrived) = (collected, arrived)
    DispatchQueue.global().async {
      Self.readUntilClosed(controller, terminal: terminal, into: collected, arrived: arrived)
    }
  }

  /// Everything the tool drew so far, escape sequences included.
  public var text: String {
    collected.withLock { String(decoding: $0.bytes, as: UTF8.self) }
  }

  /// How many bytes the tool drew so far: a mark for ``waitForText(_:after:timeout:)``.
  public var mark: Int { collected.withLock { $0.bytes.count } }

  /// What the tool drew after a mark.
  ///
  /// - Parameter mark: A ``mark`` taken before.
  /// - Returns: The text drawn since.
  public func text(after mark: Int) -> String {
    collected.withLock { String(decoding: $0.bytes.dropFirst(mark), as: UTF8.self) }
  }

  /// Waits until the tool has drawn `text` after a mark.
  ///
  /// - Parameters:
  ///   - text: The text to wait for, escape sequences included.
  ///   - mark: Where to look from: a ``mark`` taken before. Defaults to 0, all of it.
  ///   - timeout: The deadline, reached only when a test fails. Defaults to 10 seconds.
  /// - Returns: Whether the text was drawn before the deadline.
  public func waitForText(_ text: String, after mark: Int = 0, timeout: Duration = .seconds(10))
    -> Bool
  {
    let deadline = ContinuousClock.now + timeout
    while !self.text(after: mark).contains(text) {
      guard ContinuousClock.now < deadline else { return false }
      _ = arrived.wait(timeout: .now() + .milliseconds(20))
    }
    return true
  }

  /// Types text, as a person at the terminal would: `"\u{1B}[A"` is the Up arrow, `"\u{03}"`
  /// Ctrl-C.
  ///
  /// - Parameter text: The text, as the terminal sends it.
  public func type(_ text: String) {
    type(bytes: Array(text.utf8))
  }

  /// Types bytes that need not be UTF-8, as a terminal set to another encoding sends them.
  ///
  /// - Parameter bytes: The bytes.
  public func type(bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
  }

  /// Changes the terminal's size (`TIOCSWINSZ`); the kernel sends `SIGWINCH` to the terminal's
  /// foreground job, such as a tool from ``spawn(_:arguments:environment:)``.
  ///
  /// A tool started otherwise, without this terminal as its controlling terminal, gets no
  /// `SIGWINCH` from the kernel: send it yourself.
  ///
  /// - Parameters:
  ///   - rows: The new number of rows.
  ///   - columns: The new number of columns.
  public func resize(rows: Int, columns: Int) {
    setSize(rows: rows, columns: columns)
  }

  /// The terminal's size, as a tool reads it.
  public var size: TerminalSize? { TerminalSize(of: terminal) }

  /// Whether the terminal is in canonical (line) mode with echo, as a shell leaves it.
  public var isInLineModeWithEcho: Bool {
    let flags = localFlags
    return flags & tcflag_t(ICANON) != 0 && flags & tcflag_t(ECHO) != 0
  }

  /// Whether the terminal echoes what is typed.
  public var echoes: Bool { localFlags & tcflag_t(ECHO) != 0 }

  /// Turns echo and line mode on, as a shell does for itself when a job it runs stops.
  public func restoreLineModeWithEcho() {
    var settings = termios()
    tcgetattr(terminal, &settings)
    settings.c_lflag |= tcflag_t(ECHO | ICANON)
    tcsetattr(terminal, TCSANOW, &settings)
  }

  /// Waits until everything written to the terminal before the call is in ``text``.
  ///
  /// The kernel hands what a tool writes to the controller side a little later, on a queue of
  /// its own; a test that reads ``text`` right after the tool exited could miss its last
  /// lines on a busy machine. A fence written to the terminal side comes back through the same
  /// queue after them; once it has, it is taken out of ``text`` again.
  /// ``Child/waitForExit(timeout:)`` calls it after the tool ends.
  ///
  /// - Parameter timeout: The deadline, reached only when a test fails. Defaults to 2 seconds.
  public func catchUp(timeout: Duration = .seconds(2)) {
    let fence = [0] + Array("pseudo-terminal fence \(UInt64.random(in: 0...UInt64.max))".utf8) + [0]
    let start = mark
    let written = fence.withUnsafeBytes { write(terminal, $0.baseAddress, $0.count) }
    guard written == fence.count else { return }
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      let found = collected.withLock { collected in
        guard let range = collected.bytes[start...].firstRange(of: fence) else {
          return collected.isClosed
        }
        collected.bytes.removeSubrange(range)
        return true
      }
      if found { return }
      _ = arrived.wait(timeout: .now() + .milliseconds(5))
    }
  }

  /// Stops reading and closes both sides; call it once the test is done with the terminal.
  public func close() {
    collected.withLock { $0.isClosed = true }
  }

  private var localFlags: tcflag_t {
    var settings = termios()
    tcgetattr(terminal, &settings)
    return settings.c_lflag
  }

  private func setSize(rows: Int, columns: Int) {
    var size = winsize(
      ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0,
      ws_ypixel: 0)
    _ = ioctl(terminal, UInt(TIOCSWINSZ), &size)
  }

  private static func readUntilClosed(
    _ controller: Int32, terminal: Int32, into collected: Locked<Collected>,
    arrived: DispatchSemaphore
  ) {
    var buffer = [UInt8](repeating: 0, count: 4096)
    defer {
      closeDescriptor(terminal)
      closeDescriptor(controller)
    }
    while !collected.withLock({ $0.isClosed }) {
      // A short poll, so that `close()` is noticed: a blocked read would not be woken.
      var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 50) > 0 else { continue }
      let count = read(controller, &buffer, buffer.count)
      // EIO: no program holds the terminal side open right now; it may again.
      guard count > 0 else {
        if count < 0 && errno != EINTR { _ = poll(nil, 0, 10) }
        continue
      }
      collected.withLock { $0.bytes += buffer[..<count] }
      arrived.signal()
    }
  }

  private typealias Open = @convention(c) (Int32) -> Int32
  private typealias Prepare = @convention(c) (Int32) -> Int32
  private typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

  /// Glibc's module does not import `posix_openpt` and its friends (they need
  /// `_XOPEN_SOURCE`), so they are looked up at run time.
  private static func function<F>(_ name: String, as type: F.Type) -> F? {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: defaultHandle), name) else {
      return nil
    }
    return unsafeBitCast(symbol, to: type)
  }

  /// `RTLD_DEFAULT`: 0 on Linux, -2 on Apple platforms.
  #if canImport(Darwin)
    private static let defaultHandle = -2
  #else
    private static let defaultHandle = 0
  #endif

  /// Opens a controller side and returns it with the terminal side's path.
  private static func openController() -> (Int32, String)? {
    guard let openController = function("posix_openpt", as: Open.self),
      let grant = function("grantpt", as: Prepare.self),
      let unlock = function("unlockpt", as: Prepare.self),
      let name = function("ptsname", as: Name.self)
    else { return nil }
    let controller = openController(O_RDWR | O_NOCTTY)
    guard controller >= 0 else { return nil }
    guard grant(controller) == 0, unlock(controller) == 0, let path = name(controller) else {
      closeDescriptor(controller)
      return nil
    }
    _ = fcntl(controller, F_SETFD, FD_CLOEXEC)
    return (controller, String(cString: path))
  }
}

/// Closes a descriptor; `close` inside ``PseudoTerminal`` is its own method.
func closeDescriptor(_ descriptor: Int32) {
  _ = close(descriptor)
}
