import Foundation

/// Finds a query in a name, or in the lines of a file's text: in bytes for a query of
/// printable ASCII (``ASCIIQuery``), in decoded text otherwise (``QueryMatcher``), with the
/// same outcome either way.
///
/// Text is UTF-8, bytes that are not read U+FFFD. A line ends at a line feed or a CR LF, which
/// is not part of it (a lone CR is, as grep numbers lines). For an ASCII query, most of a file
/// is never decoded: only a line where an occurrence found in bytes touches a byte that is not
/// ASCII — which may join its first or last letter into a larger character — is decided by
/// ``QueryMatcher``, and a file that holds a lookalike of one of the query's characters (the
/// Kelvin sign for a `k`) is searched by ``QueryMatcher`` whole.
///
/// ```swift
/// let matcher = ContentMatcher(query: "todo", limits: FileScanner.Limits())
/// var work = ContentMatcher.Work()
/// let found = try matcher.matchingLines(in: bytes, work: &work) { }
/// // found.count lines match; found.lines holds the first three
/// ```
public struct ContentMatcher: Sendable {
  /// The work a scan did, in units: a unit is a byte passed or a comparison by an
  /// ``ASCIIQuery``, or a unit of a ``QueryMatcher``. A checkpoint is called each time the
  /// count passes a multiple of ``QueryMatcher/checkpointInterval``.
  public struct Work {
    /// The units counted so far.
    public var units = 0

    /// Starts counting from zero.
    public init() {}

    /// Counts units, calling `checkpoint` once for each multiple of
    /// ``QueryMatcher/checkpointInterval`` the count reaches or passes.
    public mutating func add(_ count: Int, checkpoint: () throws -> Void) rethrows {
      let before = units
      units += count
      let interval = QueryMatcher.checkpointInterval
      for _ in 0..<(units / interval - before / interval) { try checkpoint() }
    }
  }

  /// The lines of a text that contain the query.
  public struct Lines: Hashable, Sendable {
    /// The first matching lines, at most the limits' lines per match.
    public var lines: [SearchMatch.Line] = []
    /// How many lines match in all.
    public var count = 0
  }

  /// The query matched in decoded text: the reference for every query.
  let unicode: QueryMatcher
  /// The query matched in bytes, when it is printable ASCII.
  public let ascii: ASCIIQuery?
  /// How many lines a match keeps, and how much of each.
  let limits: FileScanner.Limits

  private static let lineFeed = UInt8(ascii: "\n")

  /// Prepares a query.
  ///
  /// - Parameters:
  ///   - query: The text to look for, ignoring case.
  ///   - limits: How many lines a match keeps, and how many characters of each.
  ///   - searchesBytes: Whether a query of printable ASCII is searched for in bytes. Defaults
  ///     to `true`; with `false`, every text is decoded — the reference tests compare with.
  public init(query: String, limits: FileScanner.Limits, searchesBytes: Bool = true) {
    unicode = QueryMatcher(query)
    ascii = searchesBytes ? ASCIIQuery(query) : nil
    self.limits = limits
  }

  /// Whether a name, as bytes, contains the query as it reads: bytes that are not UTF-8
  /// read U+FFFD.
  ///
  /// - Parameter name: The name's bytes.
  /// - Returns: `true` when the name matches.
  public func matches(name: ArraySlice<UInt8>) -> Bool {
    name.withUnsafeBytes { bytes in
      guard let ascii, !ascii.mayHideLookalike(in: bytes) else {
        return unicode.matches(String(decoding: bytes, as: UTF8.self))
      }
      var work = Work()
      guard let offset = ascii.firstMatch(in: bytes, from: 0, work: &work, checkpoint: {}) else {
        return false
      }
      return ascii.isPlain(offset, in: bytes)
        || unicode.matches(String(decoding: bytes, as: UTF8.self))
    }
  }

  /// The lines of a text that contain the query.
  ///
  /// - Parameters:
  ///   - bytes: The text, UTF-8.
  ///   - work: The count of work, increased by this search's: linear in the text's size.
  ///   - checkpoint: Called as `work` passes multiples of ``QueryMatcher/checkpointInterval``;
  ///     what it throws ends the search.
  /// - Returns: The first matching lines and how many match.
  /// - Throws: What `checkpoint` throws.
  public func matchingLines(
    in bytes: UnsafeRawBufferPointer, work: inout Work, checkpoint: () throws -> Void
  ) rethrows -> Lines {
    guard let ascii, !ascii.mayHideLookalike(in: bytes) else {
      return try decodedLines(in: bytes, work: &work, checkpoint: checkpoint)
    }
    return try byteLines(in: bytes, ascii, work: &work, checkpoint: checkpoint)
  }

  // MARK: In bytes

  /// The matching lines found by searching bytes for an ASCII query: line by line from each
  /// occurrence, never decoding a line whose occurrence stands between ASCII bytes.
  private func byteLines(
    in bytes: UnsafeRawBufferPointer, _ ascii: ASCIIQuery, work: inout Work,
    checkpoint: () throws -> Void
  ) rethrows -> Lines {
    var found = Lines()
    var lineStart = 0
    var number = 1
    while let offset = try ascii.firstMatch(
      in: bytes, from: lineStart, work: &work, checkpoint: checkpoint)
    {
      // The search starts at a line's start: the occurrence's line starts after the last
      // line feed before it.
      let before = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<offset])
      try work.add(before.count, checkpoint: checkpoint)
      number += Self.lineFeeds(in: before)
      lineStart += before.lastIndex(of: Self.lineFeed).map { $0 + 1 } ?? 0
      let lineEnd = bytes.firstIndex(of: Self.lineFeed, from: offset) ?? bytes.count
      try work.add(lineEnd - offset, checkpoint: checkpoint)
      let line = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<lineEnd])
      if try ascii.isPlain(offset - lineStart, in: line)
        || unicode.matches(
          String(decoding: line, as: UTF8.self), comparisons: &work.units, checkpoint: checkpoint)
      {
        append(number: number, to: &found) { String(decoding: line, as: UTF8.self) }
      }
      guard lineEnd < bytes.count else { break }
      lineStart = lineEnd + 1
      number += 1
    }
    return found
  }

  // MARK: In decoded text

  /// The matching lines found by decoding the text: the whole text first (most files do not
  /// match, and need not be cut into lines), then line by line.
  private func decodedLines(
    in bytes: UnsafeRawBufferPointer, work: inout Work, checkpoint: () throws -> Void
  ) rethrows -> Lines {
    let text = String(decoding: bytes, as: UTF8.self)
    guard try unicode.matches(text, comparisons: &work.units, checkpoint: checkpoint) else {
      return Lines()
    }
    var found = Lines()
    // A CR LF is one character to Swift, so the text is split at it as at a line feed.
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    for (index, line) in lines.enumerated() {
      guard try unicode.matches(line, comparisons: &work.units, checkpoint: checkpoint) else {
        continue
      }
      append(number: index + 1, to: &found) { line }
    }
    return found
  }

  // MARK: Lines

  /// Counts a matching line, and keeps it while fewer than the limits' lines are kept:
  /// without its indentation nor CRs at its end, cut to the limits' length.
  private func append<Text: StringProtocol>(
    number: Int, to found: inout Lines, text: () -> Text
  ) {
    found.count += 1
    guard found.lines.count < limits.linesPerMatch else { return }
    var trimmed = text().drop { $0 == " " || $0 == "\t" }
    while trimmed.last == "\r" { trimmed.removeLast() }
    found.lines.append(
      SearchMatch.Line(number: number, text: String(trimmed.prefix(limits.lineLength))))
  }

  /// How many line feeds bytes hold: a loop without a branch, which the compiler turns into
  /// one over many bytes at a time.
  private static func lineFeeds(in bytes: UnsafeRawBufferPointer) -> Int {
    var count = 0
    for byte in bytes { count &+= byte == lineFeed ? 1 : 0 }
    return count
  }
}
