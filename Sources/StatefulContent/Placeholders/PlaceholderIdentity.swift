/// The bits of an `any Placeholder` container that identify its value.
///
/// An existential container is three words of value buffer, then the value's type and its
/// witness table. A value that fits the buffer is stored in it; a larger one lives in a box
/// whose reference is the buffer's first word (the rest of the buffer is then unused). Two
/// containers whose type and value bits are equal hold the very same value — the same box,
/// the same class instance or the same inline bits — so a match is always right; equal values
/// in different boxes (or with different padding bytes) do not match, which only costs an
/// allocation. At least the first word is always compared whole. Placeholders need not be
/// `Equatable` for this.
struct PlaceholderIdentity {
  /// The buffer's words, masked to the value's bytes, then the type.
  private var words: (UInt, UInt, UInt, UInt)
  /// How many bytes of the buffer hold the value (or the box reference).
  private var byteCount: Int

  /// Takes the identifying bits of a placeholder.
  init(_ placeholder: any Placeholder) {
    func valueByteCount<Value: Placeholder>(_: Value) -> Int {
      let size = MemoryLayout<Value>.size
      let fitsBuffer =
        size <= 3 * MemoryLayout<UInt>.size
        && MemoryLayout<Value>.alignment <= MemoryLayout<UInt>.alignment
      // At least one whole word: a value that fits but is boxed anyway (one that cannot be
      // moved by copying its bytes) is then still told apart by its box's whole address.
      return fitsBuffer ? max(size, MemoryLayout<UInt>.size) : MemoryLayout<UInt>.size
    }
    byteCount = valueByteCount(placeholder)
    words = (0, 0, 0, 0)
    words = Self.words(of: placeholder, byteCount: byteCount)
  }

  /// Whether `placeholder` is the very value these bits were taken from.
  ///
  /// - Complexity: O(1), a few integer comparisons; nothing is retained.
  @inline(__always)
  func isIdentity(of placeholder: any Placeholder) -> Bool {
    let other = Self.words(of: placeholder, byteCount: byteCount)
    return words.3 == other.3 && words.0 == other.0 && words.1 == other.1
      && words.2 == other.2
  }

  private static func words(
    of placeholder: any Placeholder, byteCount: Int
  ) -> (UInt, UInt, UInt, UInt) {
    // The container's five words, copied as plain integers (nothing is retained). `as any
    // Placeholder` keeps the existential closed: passed as is to a generic parameter, it would
    // be opened and the value's own bytes cast instead of the container's.
    let bits = unsafeBitCast(
      placeholder as any Placeholder, to: (UInt, UInt, UInt, UInt, UInt).self)
    return (
      bits.0 & mask(word: 0, byteCount: byteCount),
      bits.1 & mask(word: 1, byteCount: byteCount),
      bits.2 & mask(word: 2, byteCount: byteCount),
      bits.3
    )
  }

  /// The bits of buffer word `word` that hold the value's first `byteCount` bytes.
  @inline(__always)
  private static func mask(word: Int, byteCount: Int) -> UInt {
    let wordSize = MemoryLayout<UInt>.size
    let bytes = min(max(byteCount - word * wordSize, 0), wordSize)
    if bytes == wordSize { return ~0 }
    if bytes == 0 { return 0 }
    #if _endian(little)
      return (1 << UInt(bytes * 8)) &- 1
    #else
      // The value's bytes are the word's high bytes; comparing the whole word is safe (it may
      // only miss).
      return ~0
    #endif
  }
}
