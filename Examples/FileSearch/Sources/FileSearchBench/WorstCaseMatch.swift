import FileSearchCore
import Foundation

/// The worst case of matching a file's contents: a query of 2,999 `a`s and a `b` over a file
/// of one repeated `a`, where every position of the file starts a near match.
///
/// It times a whole scan of the folder that holds the file, and a scan that is cancelled a few
/// milliseconds in: how long after the cancellation the scan stops, which is how long a
/// superseded search keeps a core busy.
struct WorstCaseMatch {
  /// The query: 2,999 `a`s and a `b`, found nowhere in the file.
  static let query = String(repeating: "a", count: 2_999) + "b"

  /// The folder that holds the file.
  let path: String
  /// The file's size in bytes.
  let byteCount: Int

  /// Writes a file of `byteCount` `a`s in a new folder in `parent`.
  ///
  /// - Parameters:
  ///   - parent: The folder to create the folder in, such as the temporary folder.
  ///   - byteCount: The file's size; 1 MB stays within the scanner's size limit.
  /// - Throws: When the folder or the file cannot be written.
  init(in parent: String, byteCount: Int = 1_000_000) throws {
    path = parent + "/file-search-bench-worst-\(getpid())"
    self.byteCount = byteCount
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    let contents = Data(repeating: UInt8(ascii: "a"), count: byteCount)
    guard FileManager.default.createFile(atPath: path + "/a.txt", contents: contents) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path + "/a.txt"])
    }
  }

  /// The time a whole scan takes.
  func scan() -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    _ = try? FileScanner(folder: path).scanPage(
      matching: Self.query, from: ScanCursor(), limit: 50
    ) { _ in }
    return start.duration(to: clock.now)
  }

  /// The time from a cancellation `after` the scan's start to the scan's end.
  func scanCancelled(after delay: Duration) -> Duration {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: delay)
    _ = try? FileScanner(folder: path).scanPage(
      matching: Self.query, from: ScanCursor(), limit: 50, isCancelled: { clock.now >= deadline }
    ) { _ in }
    return max(deadline.duration(to: clock.now), .zero)
  }

  /// Removes the folder.
  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
