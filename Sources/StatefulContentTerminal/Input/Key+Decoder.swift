extension Key {
  /// Turns the bytes read from a terminal in raw mode into keys.
  ///
  /// Bytes arrive in reads of any length. A character's UTF-8 bytes or a key's escape sequence
  /// cut at the end of a read is kept until the next ``decode(_:)`` joins it with its rest.
  /// When no rest comes — the person pressed Esc, or typed Esc and `[` — the reader calls
  /// ``flush()`` once the terminal stays quiet for a moment (``KeyReader/escapeTimeout``):
  /// the Esc is a key of its own and the bytes after it are keys as typed. An escape sequence
  /// the decoder does not know is the same: Esc, then its bytes as typed, so that no typed
  /// letter is swallowed.
  ///
  /// Keys nobody uses are dropped: control bytes without a key (NUL, Ctrl-\ and the like), C1
  /// control characters, and a byte that starts no UTF-8 character (a Latin-1 letter), alone,
  /// so that the keys after it are read as keys.
  ///
  /// ```swift
  /// var decoder = Key.Decoder()
  /// decoder.decode([0x1B, 0x5B])      // []: maybe an arrow, cut between two reads
  /// decoder.decode([0x41])            // [.up]
  /// decoder.decode([0x1B, 0x5B])      // []
  /// decoder.flush()                   // [.escape, .text("[")]: the terminal stayed quiet
  /// ```
  public struct Decoder: Sendable {
    private var pending: [UInt8] = []

    /// Creates a decoder with nothing pending.
    public init() {}

    /// Whether bytes of a key are waiting for their rest: the reader should call ``flush()``
    /// when nothing more comes soon.
    public var hasPending: Bool { !pending.isEmpty }

    /// Decodes the bytes of one read, with what was pending from the last one.
    ///
    /// - Parameter bytes: The bytes read.
    /// - Returns: The keys they complete, in order; consecutive text is joined.
    public mutating func decode(_ bytes: some Collection<UInt8>) -> [Key] {
      pending += bytes
      return decodePending(isFinal: false)
    }

    /// Decodes what is pending as if no more bytes came: a cut escape sequence is Esc and its
    /// bytes as typed; a cut UTF-8 character is dropped.
    ///
    /// - Returns: The keys.
    public mutating func flush() -> [Key] {
      decodePending(isFinal: true)
    }

    private mutating func decodePending(isFinal: Bool) -> [Key] {
      var keys: [Key] = []
      var index = 0
      func append(_ key: Key) {
        if case .text(let new) = key, case .text(let old)? = keys.last {
          keys[keys.count - 1] = .text(old + new)
        } else {
          keys.append(key)
        }
      }
      decoding: while index < pending.count {
        let byte = pending[index]
        switch byte {
        case 0x1B:
          switch Self.escapeSequence(pending[index...]) {
          case .key(let key, let length):
            append(key)
            index += length
          case .incomplete where !isFinal:
            break decoding
          case .incomplete, .unknown:
            append(.escape)
            index += 1
          }
        case 0x00..<0x20, 0x7F:
          if let key = Self.controlKey(byte) { append(key) }
          index += 1
        default:
          switch Self.characterBytes(pending[index...]) {
          case .incomplete where !isFinal:
            break decoding
          case .incomplete:
            index = pending.count
          case .invalid:
            index += 1
          case .valid(let length):
            let text = String(decoding: pending[index..<index + length], as: UTF8.self)
            // C1 control characters (U+0080 to U+009F) are control characters too.
            if !text.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) }) {
              append(.text(text))
            }
            index += length
          }
        }
      }
      pending.removeFirst(index)
      return keys
    }

    /// The key of a control byte, or `nil` for one without a key.
    private static func controlKey(_ byte: UInt8) -> Key? {
      switch byte {
      case 0x7F, 0x08: .backspace
      case 0x0D, 0x0A: .enter
      case 0x09: .tab
      case 0x01...0x1A: .control(Character(Unicode.Scalar(byte + 0x60)))
      default: nil
      }
    }

    /// What an escape sequence at the start of some bytes is.
    private enum EscapeSequence {
      /// A known key, and the sequence's length.
      case key(Key, length: Int)
      /// The start of a sequence whose rest has not come.
      case incomplete
      /// Not a sequence the decoder knows.
      case unknown
    }

    /// The longest escape sequence read; a longer one is unknown.
    private static let maximumSequenceLength = 16

    /// The keys of control sequences (`ESC [`), by what follows the `[`.
    private static let controlSequenceKeys: [String: Key] = [
      "A": .up, "B": .down, "C": .right, "D": .left, "H": .home, "F": .end,
      "1~": .home, "7~": .home, "4~": .end, "8~": .end, "3~": .delete,
      "5~": .pageUp, "6~": .pageDown,
    ]

    /// The keys of `ESC O` sequences (application cursor mode), by their last byte.
    private static let singleShiftKeys: [UInt8: Key] = [
      0x41: .up, 0x42: .down, 0x43: .right, 0x44: .left, 0x48: .home, 0x46: .end,
    ]

    /// Reads the escape sequence at the start of `bytes`, whose first byte is Esc.
    ///
    /// A control sequence is `ESC [`, parameter bytes (0x30 to 0x3F), intermediate bytes (0x20
    /// to 0x2F) and a final byte (0x40 to 0x7E). Modifiers (`ESC [ 1 ; 5 A`, Ctrl-Up) are
    /// dropped: the key is the one without them.
    private static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> EscapeSequence {
      let start = bytes.startIndex
      guard bytes.count >= 2 else { return .incomplete }
      switch bytes[start + 1] {
      case UInt8(ascii: "O"):
        guard bytes.count >= 3 else { return .incomplete }
        guard let key = singleShiftKeys[bytes[start + 2]] else { return .unknown }
        return .key(key, length: 3)
      case UInt8(ascii: "["):
        var index = start + 2
        while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) { index += 1 }
        guard index - start < maximumSequenceLength else { return .unknown }
        guard index < bytes.endIndex else { return .incomplete }
        guard (0x40...0x7E).contains(bytes[index]) else { return .unknown }
        var body = String(decoding: bytes[(start + 2)...index], as: UTF8.self)
        if let separator = body.firstIndex(of: ";"), let final = body.last {
          // "1;5A" (Ctrl-Up) is "A", "3;5~" (Ctrl-Delete) is "3~".
          body = final == "~" ? body[..<separator] + "~" : String(final)
        }
        guard let key = controlSequenceKeys[body] else { return .unknown }
        return .key(key, length: index - start + 1)
      default:
        return .unknown
      }
    }

    /// How the bytes of a read start a character.
    private enum CharacterBytes {
      /// A whole, valid UTF-8 character of this many bytes.
      case valid(length: Int)
      /// The valid start of a character whose other bytes are still to come.
      case incomplete
      /// The first byte starts no character, or the bytes after it do not continue it.
      case invalid
    }

    /// Reads the UTF-8 character at the start of `bytes`, as the Unicode standard's table of
    /// well-formed byte sequences allows them (no overlong forms, no surrogates, nothing past
    /// U+10FFFF).
    private static func characterBytes(_ bytes: ArraySlice<UInt8>) -> CharacterBytes {
      let any: ClosedRange<UInt8> = 0x80...0xBF
      let following: [ClosedRange<UInt8>]
      switch bytes[bytes.startIndex] {
      case 0x00...0x7F: following = []
      case 0xC2...0xDF: following = [any]
      case 0xE0: following = [0xA0...0xBF, any]
      case 0xED: following = [0x80...0x9F, any]
      case 0xE1...0xEF: following = [any, any]
      case 0xF0: following = [0x90...0xBF, any, any]
      case 0xF4: following = [0x80...0x8F, any, any]
      case 0xF1...0xF3: following = [any, any, any]
      default: return .invalid
      }
      for (offset, range) in following.enumerated() {
        let index = bytes.startIndex + 1 + offset
        guard index < bytes.endIndex else { return .incomplete }
        guard range.contains(bytes[index]) else { return .invalid }
      }
      return .valid(length: following.count + 1)
    }
  }
}
