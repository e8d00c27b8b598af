import Foundation

/// A pseudo-terminal pair: the program gets the terminal side as its standard input and
/// output, the test types into the controller side and reads what the program drew there.
///
/// Glibc's module does not import `posix_openpt` and its friends (they need `_XOPEN_SOURCE`),
/// so they are looked up at run time. A thread reads the controller side all along, so that
/// the program never blocks on a full terminal.
final class PseudoTerminal: @unchecked Sendable {
  // @unchecked Sendable: `collected` and `isClosed` are only touched under `changed`'s lock;
  // the descriptors do not change after `init`.
  /// The side the test types into and reads from.
  let controller: Int32
  /// The side the program uses as its terminal.
  let terminal: Int32
  private var collected = Data()
  private var isClosed = false
  private let changed = NSCondition()

  private typealias Open = @convention(c) (Int32) -> Int32
  private typealias Prepare = @convention(c) (Int32) -> Int32
  private typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

  private static func function<F>(_ name: String, as type: F.Type) -> F? {
    guard let symbol = dlsym(nil, name) else { return nil }
    return unsafeBitCast(symbol, to: type)
  }

  /// Opens a pair, 24 rows by 80 columns, or returns `nil` when the system has none.
  init?() {
    guard let openController = Self.function("posix_openpt", as: Open.self),
      let grant = Self.function("grantpt", as: Prepare.self),
      let unlock = Self.function("unlockpt", as: Prepare.self),
      let name = Self.function("ptsname", as: Name.self)
    else { return nil }
    let controller = openController(O_RDWR | O_NOCTTY)
    guard controller >= 0 else { return nil }
    guard grant(controller) == 0, unlock(controller) == 0, let path = name(controller) else {
      Glibc.close(controller)
      return nil
    }
    let terminal = Glibc.open(path, O_RDWR | O_NOCTTY)
    guard terminal >= 0 else {
      Glibc.close(controller)
      return nil
    }
    self.controller = controller
    self.terminal = terminal
    var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(terminal, UInt(TIOCSWINSZ), &size)
    Thread { [self] in readUntilClosed() }.start()
  }

  /// Everything the program drew so far.
  var text: String {
    changed.lock()
    defer { changed.unlock() }
    return String(decoding: collected, as: UTF8.self)
  }

  /// Whether the terminal is in canonical (line) mode with echo, as a shell leaves it.
  var isInLineModeWithEcho: Bool {
    var settings = termios()
    tcgetattr(terminal, &settings)
    return settings.c_lflag & tcflag_t(ICANON) != 0 && settings.c_lflag & tcflag_t(ECHO) != 0
  }

  /// Types text, as a person at the terminal would.
  func type(_ text: String) {
    _ = text.withCString { Glibc.write(controller, $0, strlen($0)) }
  }

  /// Types bytes that need not be UTF-8, as a terminal set to another encoding sends them.
  func type(bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { Glibc.write(controller, $0.baseAddress, $0.count) }
  }

  /// How many bytes the program has drawn so far: a mark for ``waitForText(_:after:)``.
  var mark: Int {
    changed.lock()
    defer { changed.unlock() }
    return collected.count
  }

  /// Waits until the program has drawn `text`, after the first `mark` bytes it drew (all of
  /// it by default); `false` at the deadline.
  func waitForText(_ text: String, after mark: Int = 0) -> Bool {
    let limit = Date(timeIntervalSinceNow: TimeInterval(SearchProcess.deadline))
    changed.lock()
    defer { changed.unlock() }
    while !String(decoding: collected.dropFirst(mark), as: UTF8.self).contains(text) {
      guard changed.wait(until: limit) else { return false }
    }
    return true
  }

  /// Stops reading and closes both sides.
  func close() {
    changed.lock()
    isClosed = true
    changed.unlock()
  }

  private func readUntilClosed() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    defer {
      Glibc.close(terminal)
      Glibc.close(controller)
    }
    while true {
      changed.lock()
      let closed = isClosed
      changed.unlock()
      if closed { return }
      // A short poll, so that `close()` is noticed: a blocked read would not be woken.
      var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 50) > 0 else { continue }
      let count = Glibc.read(controller, &buffer, buffer.count)
      guard count > 0 else {
        if count < 0 && errno == EINTR { continue }
        // EIO: no program holds the terminal side open right now; it may again.
        continue
      }
      changed.lock()
      collected += buffer[..<count]
      changed.broadcast()
      changed.unlock()
    }
  }
}
