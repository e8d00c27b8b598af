extension DocumentFingerprint {
  /// Finds a PDF's `/ID` in bytes of its trailer: just enough of PDF's syntax (strings,
  /// comments, nested dictionaries and arrays) to read one dictionary's top-level `/ID`.
  struct TrailerScanner {
    private let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
      self.bytes = bytes
    }

    /// The `/ID` of the dictionary after the last `trailer` keyword before the last
    /// `startxref`, or `nil`.
    func identifierInLastTrailer() -> [UInt8]? {
      guard let startXRef = lastIndex(of: "startxref", before: bytes.count),
        let trailer = lastIndex(of: "trailer", before: startXRef)
      else { return nil }
      return identifier(inDictionaryAfter: trailer + 7)
    }

    /// The `/ID` of the first dictionary in the bytes (a cross-reference stream's), or `nil`.
    func identifierInFirstDictionary() -> [UInt8]? {
      identifier(inDictionaryAfter: 0)
    }

    /// The byte offset written after the last `startxref`, or `nil`.
    func lastStartXRefOffset() -> UInt64? {
      guard let startXRef = lastIndex(of: "startxref", before: bytes.count) else { return nil }
      var index = startXRef + 9
      while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
      var digits: [UInt8] = []
      while index < bytes.count, (0x30...0x39).contains(bytes[index]), digits.count < 19 {
        digits.append(bytes[index])
        index += 1
      }
      return UInt64(String(decoding: digits, as: UTF8.self))
    }

    private func lastIndex(of keyword: String, before end: Int) -> Int? {
      let pattern = Array(keyword.utf8)
      var start = end - pattern.count
      while start >= 0 {
        if bytes[start..<start + pattern.count].elementsEqual(pattern) { return start }
        start -= 1
      }
      return nil
    }

    /// A token of PDF's syntax; what the search does not need is `.other`.
    private enum Token: Equatable {
      case dictionaryStart, dictionaryEnd, arrayStart, arrayEnd
      case name([UInt8])
      case string([UInt8])
      case other
    }

    private func identifier(inDictionaryAfter start: Int) -> [UInt8]? {
      var index = start
      var depth = 0
      var arrays = 0
      var afterIDKey = false
      while let token = nextToken(&index) {
        switch token {
        case .dictionaryStart: depth += 1
        case .dictionaryEnd:
          depth -= 1
          if depth <= 0 { return nil }
        case .arrayStart:
          if afterIDKey {
            guard case .string(let first) = nextToken(&index), !first.isEmpty else { return nil }
            return first
          }
          arrays += 1
        case .arrayEnd: arrays -= 1
        case .name(let name) where depth == 1 && arrays == 0 && name == Array("ID".utf8):
          afterIDKey = true
          continue
        case .name, .string, .other: break
        }
        afterIDKey = false
      }
      return nil
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
      [0, 9, 10, 12, 13, 32].contains(byte)
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
      Array("()<>[]{}/%".utf8).contains(byte)
    }

    private func nextToken(_ index: inout Int) -> Token? {
      while index < bytes.count {
        let byte = bytes[index]
        if Self.isWhitespace(byte) {
          index += 1
        } else if byte == UInt8(ascii: "%") {
          while index < bytes.count, bytes[index] != 10, bytes[index] != 13 { index += 1 }
        } else {
          break
        }
      }
      guard index < bytes.count else { return nil }
      let byte = bytes[index]
      index += 1
      let next = index < bytes.count ? bytes[index] : 0
      switch byte {
      case UInt8(ascii: "<") where next == UInt8(ascii: "<"):
        index += 1
        return .dictionaryStart
      case UInt8(ascii: ">") where next == UInt8(ascii: ">"):
        index += 1
        return .dictionaryEnd
      case UInt8(ascii: "<"): return hexString(&index)
      case UInt8(ascii: "("): return literalString(&index)
      case UInt8(ascii: "["): return .arrayStart
      case UInt8(ascii: "]"): return .arrayEnd
      case UInt8(ascii: "/"):
        let start = index
        while index < bytes.count, !Self.isWhitespace(bytes[index]),
          !Self.isDelimiter(bytes[index])
        {
          index += 1
        }
        return .name(Array(bytes[start..<index]))
      default:
        while index < bytes.count, !Self.isWhitespace(bytes[index]),
          !Self.isDelimiter(bytes[index])
        {
          index += 1
        }
        return .other
      }
    }

    private func hexString(_ index: inout Int) -> Token? {
      var nibbles: [UInt8] = []
      while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
        if let value = Self.hexValue(bytes[index]) { nibbles.append(value) }
        index += 1
      }
      guard index < bytes.count else { return nil }
      index += 1
      if nibbles.count % 2 == 1 { nibbles.append(0) }
      return .string(
        stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] })
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
      default: nil
      }
    }

    /// A literal string's bytes as written, escapes kept: the fingerprint needs them stable,
    /// not decoded.
    private func literalString(_ index: inout Int) -> Token? {
      var value: [UInt8] = []
      var open = 1
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\\"), index < bytes.count {
          value += [byte, bytes[index]]
          index += 1
          continue
        }
        if byte == UInt8(ascii: "(") { open += 1 }
        if byte == UInt8(ascii: ")") {
          open -= 1
          if open == 0 { return .string(value) }
        }
        value.append(byte)
      }
      return nil
    }
  }
}
