/// The 64-byte line that ``largeText(byteCount:)`` repeats.
let largeTextLine = "Line " + String(repeating: ".", count: 58) + "\n"

/// `byteCount / 64` copies of ``largeTextLine``, built by the standard library so that debug
/// builds stay fast.
func largeText(byteCount: Int) -> [UInt8] {
  Array(String(repeating: largeTextLine, count: byteCount / 64).utf8)
}
