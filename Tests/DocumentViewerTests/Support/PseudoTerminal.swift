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
}
