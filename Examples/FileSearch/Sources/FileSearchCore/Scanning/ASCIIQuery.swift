/// A query of printable ASCII characters, searched for in bytes, ignoring case, in time linear
/// in their number.
///
/// Most queries are typed in ASCII, and for them a search need not decode text nor lowercase
/// it: a byte is compared to a byte, an uppercase letter folded to lowercase. An occurrence
/// found this way is one that ``QueryMatcher`` finds in the decoded text whenever the bytes
/// just before and after it are ASCII too (or the text's ends): no ASCII character joins
/// another into a larger character. Where one is not ASCII, a combining accent after it or a
/// prepended mark before it may make the occurrence's last or first letter part of a larger
/// character, and ``isPlain(_:in:)`` says that the text around it must be decided by
/// ``QueryMatcher``. Three characters besides equal an ASCII one once lowercased, by canonical
/// equivalence, and are found by no byte search: the Kelvin sign (`k`), the Greek question mark
/// (`;`) and the Greek varia (`` ` ``); ``mayHideLookalike(in:)`` says whether text holds one
/// the query could stand for. See ``ContentMatcher``, which puts these together.
///
/// The search looks for the query's rarest byte — by how often letters occur in English text
/// and code — eight bytes at a time, and compares the query around each one it finds. Should
/// the comparisons cost more than twice the bytes passed (a text of near matches, such as a
/// query of `ab`s over a file of them), it goes on as Knuth, Morris and Pratt's search, which
/// reads each byte once.
///
/// ```swift
/// let query = ASCIIQuery("Quartz")   // nil for "Größe", a query that is not printable ASCII
/// query?.firstMatch(in: bytes, from: 0, work: &work) { }   // the offset of "QUARTZ", or nil
/// ```
public struct ASCIIQuery: Sendable {
  /// One of the query's bytes, with the mask that folds a byte of text to compare to it.
  public struct KeyByte: Sendable {
    /// The byte's offset in the query.
    public var offset: Int
    /// The byte, lowercase.
    public var byte: UInt8
    /// `0x20` for a letter, which folds uppercase to lowercase by setting that bit; else 0.
    public var mask: UInt8
  }

  /// The query's bytes, letters lowercase.
  public let needle: [UInt8]
  /// The byte searched for first: the rarest of the query's.
  public let key: KeyByte
  /// For each position `i` of `needle`, the length of the longest part of `needle[...i]` that
  /// both starts and ends it, without being all of it.
  private let fallback: [Int]
  /// The UTF-8 forms of the lookalikes of the query's characters.
  private let lookalikes: [[UInt8]]

  /// The characters that equal an ASCII character once lowercased, by canonical equivalence,
  /// as UTF-8 — the Kelvin sign, the Greek question mark and the Greek varia — each with the
  /// character it equals.
  public static let lookalikeCharacters: [(ascii: UInt8, utf8: [UInt8])] = [
    (UInt8(ascii: "k"), Array("\u{212A}".utf8)),
    (UInt8(ascii: ";"), Array("\u{037E}".utf8)),
    (UInt8(ascii: "`"), Array("\u{1FEF}".utf8)),
  ]

  /// Letters from the most to the least frequent in English text and code: the key byte is
  /// the query's letter that comes last here. Other bytes rank between `c` and `u`, a space
  /// first of all.
  private static let letterFrequency = Array("etaoinsrhldcumfpgwybvkxjqz".utf8)

  /// Prepares a query for searching bytes, or returns `nil` when it is empty or holds a
  /// character that is not printable ASCII (U+0020 to U+007E).
  ///
  /// - Parameter query: The text to look for, in any case.
  public init?(_ query: String) {
    let bytes = Array(query.utf8)
    guard !bytes.isEmpty, bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
    let needle = bytes.map(Self.folded)
    let offset = needle.indices.max { Self.rank(needle[$0]) < Self.rank(needle[$1]) } ?? 0
    let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(needle[offset])
    self.needle = needle
    key = KeyByte(offset: offset, byte: needle[offset], mask: isLetter ? 0x20 : 0)
    fallback = QueryMatcher.fallbackTable(needle)
    lookalikes = Self.lookalikeCharacters.filter { needle.contains($0.ascii) }.map(\.utf8)
  }

  /// A byte with an uppercase ASCII letter folded to lowercase; any other byte as it is.
  static func folded(_ byte: UInt8) -> UInt8 {
    byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
  }

  // MARK: Searching

  /// The offset of the query's first occurrence at or after `start`, ignoring case, or `nil`.
  ///
  /// - Parameters:
  ///   - bytes: The text.
  ///   - start: Where to start looking.
  ///   - work: The count of work, increased by this search's: one unit per byte passed and
  ///     per comparison, at most five times the bytes searched.
  ///   - checkpoint: Called by `work` as it passes multiples of
  ///     ``QueryMatcher/checkpointInterval``; what it throws ends the search.
  /// - Returns: The offset, or `nil` when the query does not occur.
  /// - Throws: What `checkpoint` throws.
  public func firstMatch(
    in bytes: UnsafeRawBufferPointer, from start: Int, work: inout ContentMatcher.Work,
    checkpoint: () throws -> Void
  ) rethrows -> Int? {
    let length = needle.count
    var position = start
    var compared = 0
    while position + length <= bytes.count {
      // The key byte of every occurrence that fits starts within this stretch; 4 KiB at a
      // time, so that the work is counted as it goes.
      let first = position + key.offset
      let last = min(bytes.count - (length - 1 - key.offset), first + 4096)
      guard let found = nextKeyByte(in: bytes, first..<last) else {
        try work.add(last - first, checkpoint: checkpoint)
        position = last - key.offset
        continue
      }
      let candidate = found - key.offset
      let equal = equalPrefix(in: bytes, at: candidate)
      try work.add(candidate + 1 - position + equal, checkpoint: checkpoint)
      if equal == length { return candidate }
      position = candidate + 1
      compared += equal + 1
      if compared > 2 * (position - start) + 2 * length {
        return try knuthMorrisPratt(in: bytes, from: position, work: &work, checkpoint: checkpoint)
      }
    }
    // The bytes too close to the end to start an occurrence count as passed too.
    try work.add(max(bytes.count - position, 0), checkpoint: checkpoint)
    return nil
  }

  /// Whether the occurrence at `offset` stands between ASCII bytes (or the text's ends), so
  /// that it is an occurrence in the decoded text too.
  ///
  /// - Parameters:
  ///   - offset: Where the occurrence starts.
  ///   - bytes: The text.
  /// - Returns: `false` when a byte next to it is not ASCII: the text must be decoded.
  public func isPlain(_ offset: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
    let end = offset + needle.count
    return (offset == 0 || bytes[offset - 1] < 0x80) && (end == bytes.count || bytes[end] < 0x80)
  }

  /// Whether text holds a character that equals one of the query's once lowercased but is
  /// not ASCII, such as the Kelvin sign for a query with a `k`.
  ///
  /// - Parameter bytes: The text.
  /// - Returns: `true` when the text must be decoded to be searched.
  public func mayHideLookalike(in bytes: UnsafeRawBufferPointer) -> Bool {
    lookalikes.contains { lookalike in
      var from = 0
      while let lead = bytes.firstIndex(of: lookalike[0], from: from) {
        guard lead + lookalike.count <= bytes.count else { return false }
        if lookalike.indices.allSatisfy({ bytes[lead + $0] == lookalike[$0] }) { return true }
        from = lead + 1
      }
      return false
    }
  }

  // MARK: The steps

  /// The first index in `range` whose byte, folded, is the key byte: eight bytes at a time,
  /// each word compared in one go.
  private func nextKeyByte(in bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let target = UInt64(key.byte) &* ones
    let mask = UInt64(key.mask) &* ones
    var index = range.lowerBound
    while index + 8 <= range.upperBound {
      let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      // A byte of `difference` is zero where the text's byte is the key byte; the lowest byte
      // flagged here is a zero one (a borrow only runs upwards from a zero byte).
      let difference = (word | mask) ^ target
      let zeros = (difference &- ones) & ~difference & (ones &* 0x80)
      if zeros != 0 { return index + zeros.trailingZeroBitCount / 8 }
      index += 8
    }
    while index < range.upperBound {
      if bytes[index] | key.mask == key.byte { return index }
      index += 1
    }
    return nil
  }

  /// How many of the query's first bytes the text at `offset` equals, ignoring case.
  private func equalPrefix(in bytes: UnsafeRawBufferPointer, at offset: Int) -> Int {
    var count = 0
    while count < needle.count, Self.folded(bytes[offset + count]) == needle[count] {
      count += 1
    }
    return count
  }

  /// The rest of a search that met many near matches: each byte is read once, and after a
  /// mismatch the search resumes with the longest part of the query that still matches.
  private func knuthMorrisPratt(
    in bytes: UnsafeRawBufferPointer, from start: Int, work: inout ContentMatcher.Work,
    checkpoint: () throws -> Void
  ) rethrows -> Int? {
    var matched = 0
    for index in start..<bytes.count {
      let byte = Self.folded(bytes[index])
      var steps = 1
      while matched > 0 && needle[matched] != byte {
        matched = fallback[matched - 1]
        steps += 1
      }
      if needle[matched] == byte { matched += 1 }
      try work.add(steps, checkpoint: checkpoint)
      if matched == needle.count { return index + 1 - matched }
    }
    return nil
  }

  // MARK: Preparing

  /// A byte's rank among the query's: the higher, the rarer in text.
  private static func rank(_ byte: UInt8) -> Int {
    if byte == UInt8(ascii: " ") { return -1 }
    if let letter = letterFrequency.firstIndex(of: byte) { return letter }
    return letterFrequency.firstIndex(of: UInt8(ascii: "c")) ?? 0
  }
}
