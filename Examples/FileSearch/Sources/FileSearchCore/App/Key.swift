/// A key typed at the terminal, as the interactive search understands it.
public enum Key: Hashable, Sendable {
  /// Printable text: one character, or more when pasted.
  ///
  /// - Parameter text: The text typed.
  case text(String)
  /// Backspace (or Delete, which sends the same byte on most terminals).
  case backspace
  /// Ctrl-U: clears the query.
  case clear
  /// The Up arrow.
  case up
  /// The Down arrow.
  case down
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Ctrl-R: retries the page that failed, or else searches again.
  case retry
  /// Ctrl-C, when it reaches the program as a byte instead of as `SIGINT`.
  case interrupt
  /// Ctrl-D: quits at once.
  ///
  /// What was read with it and comes after it — a paste holding `\u{04}` — is dropped with
  /// the program, as a shell's line editor drops it: read bytes cannot be handed back to the
  /// terminal. What is typed after the program has quit reaches the shell.
  case quit

  /// Turns the bytes read from a terminal in raw mode into keys.
  ///
  /// Bytes arrive in reads of any length: a key's escape sequence or a character's UTF-8
  /// bytes split over two reads are joined. Keys the search does not use (Enter, Tab, other
  /// escape sequences and control characters, C1 ones included) are dropped, and so is a
  /// byte that starts no UTF-8 character (a Latin-1 letter): alone, so that the keys after
  /// it are read as keys.
  ///
  /// ```swift
  /// var decoder = Key.Decoder()
  /// decoder.decode(Array("ab\u{1B}[B".utf8))   // [.text("ab"), .down]
  /// ```
  public struct Decoder: Sendable {
    private var pending: [UInt8] = []

    /// Creates a decoder with nothing pending.
    public init() {}

    /// Decodes the bytes of one read, with what was left over from the last one.
    ///
    /// - Parameter bytes: The bytes read.
    /// - Returns: The keys they complete, in order; consecutive text is joined.
    public mutating func decode(_ bytes: [UInt8]) -> [Key] {
      pending += bytes
      var keys: [Key] = []
      var index = 0
      func append(_ key: Key) {
        if case .text(let new) = key, case .text(let old)? = keys.last {
          keys[keys.count - 1] = .text(old + new)
        } else {
          keys.append(key)
        }
      }
      while index < pending.count {
        let byte = pending[index]
        switch byte {
        case 0x1B:
          guard let (key, length) = Self.escapeSequence(pending[index...]) else {
            pending.removeFirst(index)
            return keys
          }
          if let key { append(key) }
          index += length
        case 0x00..<0x20, 0x7F:
          if let key = Self.controlKeys[byte] { append(key) }
          index += 1
        default:
          switch Self.characterBytes(pending[index...]) {
          case .incomplete:
            pending.removeFirst(index)
            return keys
          case .invalid:
            // A stray byte (a Latin-1 "é"): dropped alone, so the bytes after it stay keys.
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
      pending.removeAll()
      return keys
    }

    /// The keys of single control bytes; other control bytes are dropped.
    private static let controlKeys: [UInt8: Key] = [
      0x7F: .backspace, 0x08: .backspace, 0x15: .clear, 0x12: .retry, 0x03: .interrupt,
      0x04: .quit,
    ]

    /// The key an escape sequence stands for (`nil` for one the search ignores) and its
    /// length, or `nil` when the sequence is not complete yet. A lone Escape at the end of a
    /// read is complete: a terminal sends a sequence in one write.
    private static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
      let start = bytes.startIndex
      guard bytes.count >= 2 else { return (nil, 1) }
      let introducer = bytes[start + 1]
      guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
        return (nil, 1)
      }
      // A control sequence ends with a byte from 0x40 to 0x7E.
      guard let end = bytes[(start + 2)...].firstIndex(where: { (0x40...0x7E).contains($0) })
      else { return bytes.count > 16 ? (nil, bytes.count) : nil }
      let body = String(decoding: bytes[(start + 2)...end], as: UTF8.self)
      let key: Key? =
        switch body {
        case "A": .up
        case "B": .down
        case "5~": .pageUp
        case "6~": .pageDown
        default: nil
        }
      return (key, end - start + 1)
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
    /// well-formed byte sequences allows them (no overlong forms, no surrogates, nothing
    /// past U+10FFFF).
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
