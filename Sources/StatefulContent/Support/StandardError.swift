#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's standard error, for the few messages the library writes itself (see
/// ``AdoptionMistake/logToStandardError``). The library imports no Foundation: this writes to
/// file descriptor 2 directly.
enum StandardError {
  /// Writes `text` whole, retrying after an interrupted or partial write; gives up silently
  /// when standard error is closed.
  static func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      var rest = UnsafeRawBufferPointer(bytes)
      while !rest.isEmpty {
        let written = writeBytes(rest.baseAddress, count: rest.count)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        rest = UnsafeRawBufferPointer(rebasing: rest[written...])
      }
    }
  }

  /// The C library's `write(2)`, named apart from ``write(_:)``.
  private static func writeBytes(_ bytes: UnsafeRawPointer?, count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(2, bytes, count)
    #elseif canImport(Musl)
      Musl.write(2, bytes, count)
    #elseif canImport(Darwin)
      Darwin.write(2, bytes, count)
    #else
      -1
    #endif
  }
}
