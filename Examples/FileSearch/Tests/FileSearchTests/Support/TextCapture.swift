import Foundation

/// Collects text written from any thread, such as the program's output and errors.
final class TextCapture: @unchecked Sendable {
  // @unchecked Sendable: `collected` is only touched under `lock`.
  private let lock = NSLock()
  private var collected = ""

  /// Everything written so far.
  var text: String {
    lock.lock()
    defer { lock.unlock() }
    return collected
  }

  /// The lines written so far, without line feeds.
  var lines: [String] { text.split(separator: "\n").map(String.init) }

  /// Appends text.
  @Sendable
  func write(_ text: String) {
    lock.lock()
    collected += text
    lock.unlock()
  }
}
