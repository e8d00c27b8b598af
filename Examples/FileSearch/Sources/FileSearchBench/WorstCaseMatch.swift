import FileSearchCore
import Foundation

/// The worst cases of matching a file's contents, each a query over a file in a folder of its
/// own: ``repeatedLetter`` (a query of 2,999 `a`s and a `b` over a file of one repeated `a`,
/// where every position of the file starts a near match), ``repeatedAccentedLetter`` (the
/// same in `ä`s, a query searched for in decoded text) and ``hugeCharacter`` (a query of
/// 2,000 `a`s over 1,999 `a`s and one character of 300,000 combining accents, on which the
/// query falls back 1,999 times).
///
/// It times a whole scan of the folder that holds the file, and a scan that is cancelled a few
/// milliseconds in: how long after the cancellation the scan stops, which is how long a
/// superseded search keeps a core busy.
struct WorstCaseMatch {
  /// The query, found nowhere in the file.
  let query: String
  /// The folder that holds the file.
  let path: String
  /// The file's size in bytes.
  let byteCount: Int

  /// Writes a file in a new folder in `parent`.
  ///
  /// - Parameters:
  ///   - parent: The folder to create the folder in, such as the temporary folder.
  ///   - name: The case's name, part of the folder's.
  ///   - contents: The file's contents; up to 1 MiB stays within the scanner's size limit.
  ///   - query: The query to scan for.
  /// - Throws: When the folder or the file cannot be written.
  init(in parent: String, name: String, contents: Data, query: String) throws {
    path = parent + "/file-search-bench-\(name)-\(getpid())"
    byteCount = contents.count
    self.query = query
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    guard FileManager.default.createFile(atPath: path + "/a.txt", contents: contents) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path + "/a.txt"])
    }
  }

  /// A query of 2,999 `a`s and a `b` over a file of `byteCount` `a`s (1 MB by default).
  static func repeatedLetter(in parent: String, byteCount: Int = 1_000_000) throws -> Self {
    try WorstCaseMatch(
      in: parent, name: "worst", contents: Data(repeating: UInt8(ascii: "a"), count: byteCount),
      query: String(repeating: "a", count: 2_999) + "b")
  }

  /// A query of 2,999 `ä`s and a `b` over a file of `ä`s (1 MB by default): the same case
  /// for a query that is not ASCII, searched for in decoded text.
  static func repeatedAccentedLetter(in parent: String, byteCount: Int = 1_000_000) throws
    -> Self
  {
    try WorstCaseMatch(
      in: parent, name: "worst-decoded",
      contents: Data(String(repeating: "ä", count: byteCount / 2).utf8),
      query: String(repeating: "ä", count: 2_999) + "b")
  }

  /// A query of 2,000 `a`s over 1,999 `a`s and a `b` with 300,000 combining acute accents
  /// (600 KB): one character, unequal to the query's `a`, which the query falls back on 1,999
  /// times.
  static func hugeCharacter(in parent: String) throws -> Self {
    let text =
      String(repeating: "a", count: 1_999) + "b"
      + String(repeating: "\u{301}", count: 300_000) + "\n"
    return try WorstCaseMatch(
      in: parent, name: "huge", contents: Data(text.utf8),
      query: String(repeating: "a", count: 2_000))
  }

  /// The time a whole scan takes.
  func scan() -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    _ = try? FileScanner(folder: path).scanPage(
      matching: query, from: ScanCursor(), limit: 50
    ) { _ in }
    return start.duration(to: clock.now)
  }

  /// The time from a cancellation `after` the scan's start to the scan's end.
  func scanCancelled(after delay: Duration) -> Duration {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: delay)
    _ = try? FileScanner(folder: path).scanPage(
      matching: query, from: ScanCursor(), limit: 50, isCancelled: { clock.now >= deadline }
    ) { _ in }
    return max(deadline.duration(to: clock.now), .zero)
  }

  /// Removes the folder.
  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
