/// Checks that a stream of bytes is UTF-8 text, chunk by chunk, keeping only its first lines.
///
/// A UTF-8 sequence cut in two by a chunk boundary is carried over to the next chunk, so the
/// result does not depend on the chunk size. Memory stays bounded by the chunk size plus
/// `maxHeadBytes`, whatever the length of the text.
struct TextScanner {
  /// The path of the text, for errors.
  let path: String
  /// How many lines to keep.
  let maxLines: Int
  /// The most bytes kept for the first lines, so that a file without line breaks stays cheap.
  let maxHeadBytes: Int

  /// How many bytes were consumed.
  private(set) var byteCount = 0
  /// How many line feeds were consumed.
  private(set) var lineFeedCount = 0
  private var lastByte: UInt8?
  /// The start of a UTF-8 sequence that the next chunk completes.
  private var carry: [UInt8] = []
  /// The bytes of the first lines, without the line feed that ends the last kept line.
  private var head: [UInt8] = []
  private var headIsComplete = false
  /// Whether the first lines were cut at ``maxHeadBytes``.
  private var headIsCut = false

  /// Creates a scanner.
  ///
  /// - Parameters:
  ///   - path: The path of the text, for errors.
  ///   - maxLines: How many lines to keep; values below 1 keep 1.
  ///   - maxHeadBytes: The most bytes kept for those lines; values below 4 keep 4.
  init(path: String, maxLines: Int, maxHeadBytes: Int = 64 << 10) {
    self.path = path
    self.maxLines = max(maxLines, 1)
    self.maxHeadBytes = max(maxHeadBytes, 4)
  }

  /// Consumes the next chunk of bytes.
  ///
  /// - Parameter chunk: The bytes following those consumed so far.
  /// - Throws: ``DocumentError/notText(path:reason:)`` with the offset of the first offending
  ///   byte.
  mutating func consume(_ chunk: [UInt8]) throws(DocumentError) {
    let start = byteCount
    if let nul = chunk.firstIndex(of: 0) {
      throw .notText(path: path, reason: .containsNUL(offset: start + nul))
    }

    let bytes = carry + chunk
    let end = Self.completeSequencesEnd(bytes)
    let complete = bytes[..<end]
    if String(validating: complete, as: UTF8.self) == nil {
      let position = Self.firstInvalidOffset(complete) ?? 0
      throw .notText(path: path, reason: .invalidUTF8(offset: start - carry.count + position))
    }
    carry = Array(bytes[end...])

    var headEnd = chunk.endIndex
    for index in chunk.indices where chunk[index] == UInt8(ascii: "\n") {
      lineFeedCount += 1
      if !headIsComplete && lineFeedCount == maxLines { headEnd = index }
    }
    if !headIsComplete {
      head += chunk[..<headEnd]
      headIsComplete = headEnd != chunk.endIndex
      if head.count > maxHeadBytes {
        head.removeSubrange(Self.completeSequencesEnd(head[..<maxHeadBytes])...)
        headIsComplete = true
        headIsCut = true
      }
    }
    byteCount += chunk.count
    lastByte = chunk.last ?? lastByte
  }

  /// Whether the first lines are all read: ``maxLines`` of them, or ``maxHeadBytes`` bytes.
  ///
  /// From then on, ``firstLines()`` no longer changes: they are the first screenful.
  var hasFirstLines: Bool { headIsComplete }

  /// How many lines the bytes consumed so far have: a last line without a line feed counts.
  var lineCount: Int {
    lineFeedCount + (lastByte.map { $0 != UInt8(ascii: "\n") } ?? false ? 1 : 0)
  }

  /// The first lines of the bytes consumed so far.
  ///
  /// - Returns: Up to ``maxLines`` lines without their line breaks — the last one ending with
  ///   "…" when it was cut at ``maxHeadBytes``.
  func firstLines() -> [String] {
    guard byteCount > 0 else { return [] }
    // Split bytes, not characters: "\r\n" is a single Character.
    var lines = head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { line in
        String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
      }
    if !headIsComplete && lastByte == UInt8(ascii: "\n") { lines.removeLast() }
    // A line longer than the bytes kept says that it goes on.
    if headIsCut, let last = lines.indices.last { lines[last] += "…" }
    return lines
  }

  /// Ends the text and returns its first lines.
  ///
  /// - Returns: The ``firstLines()`` and the number of lines in the whole text (a last line
  ///   without a line feed counts).
  /// - Throws: ``DocumentError/notText(path:reason:)`` when the text ends in the middle of a
  ///   UTF-8 sequence.
  func finish() throws(DocumentError) -> (lines: [String], totalLineCount: Int) {
    guard carry.isEmpty else {
      throw .notText(path: path, reason: .invalidUTF8(offset: byteCount - carry.count))
    }
    return (firstLines(), lineCount)
  }

  /// The index just past the last complete UTF-8 sequence: the start of a sequence that is cut
  /// off at the end, or `bytes.endIndex`.
  ///
  /// Bytes that cannot start a sequence count as complete, so that validation rejects them.
  static func completeSequencesEnd(_ bytes: ArraySlice<UInt8>) -> Int {
    var lead = bytes.endIndex
    for _ in 0..<4 {
      guard lead > bytes.startIndex else { return bytes.endIndex }
      lead -= 1
      guard bytes[lead] & 0b1100_0000 == 0b1000_0000 else { break }
    }
    let length: Int
    switch bytes[lead] {
    case 0b1100_0000...0b1101_1111: length = 2
    case 0b1110_0000...0b1110_1111: length = 3
    case 0b1111_0000...0b1111_0111: length = 4
    default: return bytes.endIndex
    }
    return bytes.endIndex - lead < length ? lead : bytes.endIndex
  }

  /// The same, for a whole array.
  static func completeSequencesEnd(_ bytes: [UInt8]) -> Int {
    completeSequencesEnd(bytes[...])
  }

  /// The offset, from the start of `bytes`, of the first byte that is not valid UTF-8.
  static func firstInvalidOffset(_ bytes: ArraySlice<UInt8>) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .error: return offset
      case .emptyInput: return nil
      }
    }
  }
}
