import FileSearchCore
import Foundation

/// A full scan of a tree against `grep -rIil` over the same tree, side by side in one run:
/// each timed a few times in turn, the medians compared.
///
/// The scan is the scanner's alone — one page as large as the tree, on this thread, without
/// the model or a screen — so the ratio is that of the two searches. `grep -rIil` also
/// reads every file it can (with `-l` it stops at a file's first match), passes over
/// binary files, and ignores case; the scanner matches names too and leaves files over
/// 1 MiB to their names, so the counts of matching files differ.
///
/// ```swift
/// let comparison = GrepComparison(tree: "/usr/share", query: "quartz", repetitions: 5)
/// print(try comparison.run().summary)
/// // full scan: 0.48 s, grep -rIil: 0.43 s, ratio 1.12× (≤ 2×)
/// ```
struct GrepComparison {
  /// The medians of one comparison.
  struct Result {
    /// The median time of a full scan.
    var scan: Duration
    /// The median time of `grep -rIil`.
    var grep: Duration
    /// How many files the scan matched.
    var scanMatches: Int
    /// How many files grep listed.
    var grepMatches: Int

    /// How many times longer the scan takes than grep.
    var ratio: Double { seconds(scan) / max(seconds(grep), 1e-9) }

    /// One line, such as `full scan: 0.48 s, grep -rIil: 0.43 s, ratio 1.12× (≤ 2×)`.
    var summary: String {
      String(
        format: "full scan: %.3f s, grep -rIil: %.3f s, ratio %.2f× (%@ 2×); %d files matched, "
          + "grep listed %d", seconds(scan), seconds(grep), ratio, ratio <= 2 ? "≤" : ">",
        scanMatches, grepMatches)
    }
  }

  /// The tree searched.
  let tree: String
  /// The query, for both.
  let query: String
  /// How many times each runs; the median is kept.
  let repetitions: Int

  /// Runs both, in turn, `repetitions` times, after one run of each that warms the caches.
  ///
  /// - Returns: The medians.
  /// - Throws: When grep cannot be run, or the tree cannot be searched.
  func run() throws -> Result {
    _ = try scan()
    _ = try grep()
    var scans: [Duration] = []
    var greps: [Duration] = []
    var counts = (scan: 0, grep: 0)
    for _ in 0..<max(repetitions, 1) {
      let (scanTime, scanCount) = try scan()
      let (grepTime, grepCount) = try grep()
      scans.append(scanTime)
      greps.append(grepTime)
      counts = (scanCount, grepCount)
    }
    return Result(
      scan: median(scans), grep: median(greps), scanMatches: counts.scan,
      grepMatches: counts.grep)
  }

  /// A full scan of the tree: its time and how many files matched.
  private func scan() throws -> (Duration, Int) {
    let clock = ContinuousClock()
    var matches = 0
    let start = clock.now
    let last = try FileScanner(folder: tree).scanPage(
      matching: query, from: ScanCursor(), limit: .max
    ) { matches += $0.matches.count }
    let time = start.duration(to: clock.now)
    precondition(last.end == .folderFinished, "the scan covered the tree")
    return (time, matches)
  }

  /// `grep -rIil` over the tree: its time and how many files it listed.
  private func grep() throws -> (Duration, Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["grep", "-rIil", "--", query, tree]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let clock = ContinuousClock()
    let start = clock.now
    try process.run()
    let listed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let time = start.duration(to: clock.now)
    // 0: files listed; 1: none; 2: some could not be read, as in any large tree.
    guard process.terminationStatus <= 2 else {
      throw CocoaError(.executableLoad, userInfo: [NSFilePathErrorKey: "grep"])
    }
    return (time, listed.split(separator: UInt8(ascii: "\n")).count)
  }

  private func median(_ durations: [Duration]) -> Duration {
    durations.sorted()[durations.count / 2]
  }
}
