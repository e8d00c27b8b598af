import Foundation

/// Opens pseudo-terminal pairs. Glibc's module does not import `posix_openpt` and its friends
/// (they need `_XOPEN_SOURCE`), so they are looked up at run time.
enum PseudoTerminal {
  private typealias Open = @convention(c) (Int32) -> Int32
  private typealias Prepare = @convention(c) (Int32) -> Int32
  private typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

  private static func function<F>(_ name: String, as type: F.Type) -> F? {
    guard let symbol = dlsym(nil, name) else { return nil }
    return unsafeBitCast(symbol, to: type)
  }

  /// The controller and terminal descriptors of a new pair, or `nil`.
  static func open() -> (controller: Int32, terminal: Int32)? {
    guard let openController = function("posix_openpt", as: Open.self),
      let grant = function("grantpt", as: Prepare.self),
      let unlock = function("unlockpt", as: Prepare.self),
      let name = function("ptsname", as: Name.self)
    else { return nil }
    let controller = openController(O_RDWR | O_NOCTTY)
    guard controller >= 0 else { return nil }
    guard grant(controller) == 0, unlock(controller) == 0, let path = name(controller) else {
      close(controller)
      return nil
    }
    let terminal = Glibc.open(path, O_RDWR | O_NOCTTY)
    guard terminal >= 0 else {
      close(controller)
      return nil
    }
    return (controller, terminal)
  }

  /// Sets the size the terminal reports: `columns` wide, 24 rows high.
  ///
  /// - Returns: Whether the terminal took it.
  static func setWidth(_ columns: UInt16, of terminal: Int32) -> Bool {
    var size = winsize(ws_row: 24, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    return ioctl(terminal, UInt(TIOCSWINSZ), &size) == 0
  }

  /// Reads what a program wrote to the terminal until it contains `text`, or at the deadline
  /// of ``ViewerProcess`` (reached only when a test fails).
  static func read(from controller: Int32, until text: String) -> String {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !String(decoding: bytes, as: UTF8.self).contains(text) {
      var descriptor = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, Int32(ViewerProcess.deadline * 1000)) > 0 else { break }
      let count = Glibc.read(controller, &buffer, buffer.count)
      guard count > 0 else { break }
      bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether the terminal echoes what is typed.
  static func echoIsOn(_ terminal: Int32) -> Bool {
    var settings = termios()
    tcgetattr(terminal, &settings)
    return settings.c_lflag & tcflag_t(ECHO) != 0
  }

  /// Turns the terminal's echo on, as a shell does when a job it runs stops.
  static func turnEchoOn(_ terminal: Int32) {
    var settings = termios()
    tcgetattr(terminal, &settings)
    settings.c_lflag |= tcflag_t(ECHO)
    tcsetattr(terminal, TCSANOW, &settings)
  }

  /// Types text, as a person at the terminal would.
  static func type(_ text: String, into controller: Int32) {
    _ = text.withCString { write(controller, $0, strlen($0)) }
  }

  /// What the terminal has shown so far and nobody read yet (its echo), without waiting.
  static func readAvailable(from controller: Int32) -> String {
    let flags = fcntl(controller, F_GETFL)
    _ = fcntl(controller, F_SETFL, flags | O_NONBLOCK)
    defer { _ = fcntl(controller, F_SETFL, flags) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while case let count = Glibc.read(controller, &buffer, buffer.count), count > 0 {
      bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
