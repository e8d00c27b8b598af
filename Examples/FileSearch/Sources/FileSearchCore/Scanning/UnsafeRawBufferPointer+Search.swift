import Foundation

extension UnsafeRawBufferPointer {
  /// The index of the first `byte` at or after `start`, or `nil`: the C library's `memchr`,
  /// which reads many bytes at a time.
  ///
  /// - Parameters:
  ///   - byte: The byte to look for.
  ///   - start: Where to start looking; past the end, nothing is found.
  /// - Returns: The index, or `nil` when the byte does not occur there.
  func firstIndex(of byte: UInt8, from start: Int) -> Int? {
    guard start < count, let base = baseAddress,
      let found = memchr(base + start, Int32(byte), count - start)
    else { return nil }
    return base.distance(to: UnsafeRawPointer(found))
  }
}
