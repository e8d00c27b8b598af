import FileSearchCore
import Foundation
import StatefulContent
import StatefulContentTerminal

// file-search-bench: the keystroke latency of the search example, and a full scan against
// grep. Run in release mode:
//   swift run -c release --package-path Examples/FileSearch file-search-bench [--quick]
//     [--scan-only] [--files N] [--rounds N] [--repetitions N] [--seed N] [--query Q]
//     [--tree FOLDER] [FOLDER…]
// It searches a tree of generated files (10,000 by default, in a new folder in the temporary
// folder, removed afterwards) and each FOLDER given, else /usr/share when it exists (not with
// --quick).

let usage = """
  USAGE: file-search-bench [--quick] [--scan-only] [--files N] [--rounds N]
                           [--repetitions N] [--seed N] [--query Q] [--tree FOLDER]
                           [FOLDER...]

  Types "state", "error", "index", "load" and "quartz" into the search example one
  character at a time, on a tree of generated files and on each FOLDER (else
  /usr/share, when it exists), and reports per keystroke the time to the first
  presentation and to the first match: median, 90th percentile and maximum.
  On each tree, then times a full scan for Q against `grep -rIil Q` over the
  same tree, in turn, and prints their medians and ratio (the target: 2× at
  most). Last, times the worst cases of matching contents, each scanned whole
  and cancelled 10 ms in: a 3,000-character query over a 1 MB file of one
  repeated letter, in ASCII and in "ä"s, and a 2,000-character query over
  1,999 letters and one character of 300,000 combining accents.

    --quick          1,000 files, one measured round, 3 repetitions, no
                     /usr/share (a smoke test)
    --scan-only      only the full scan against grep
    --files N        generate N files (default 10000)
    --rounds N       measured rounds after the warm-up round (default 5)
    --repetitions N  runs of the scan and of grep, each (default 5)
    --seed N         the generator's seed (default 12)
    --query Q        the query of the scan and of grep (default quartz)
    --tree FOLDER    a tree to search, as FOLDER

  """

var fileCount = 10_000
var rounds = 5
var repetitions = 5
var seed: UInt64 = 12
var folders: [String] = []
var quick = false
var scanOnly = false
var scanQuery = "quartz"
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  func number() -> Int {
    guard let text = arguments.popFirst(), let value = Int(text), value >= 0 else {
      FileHandle.standardError.write(Data("file-search-bench: \(argument) needs a number\n".utf8))
      exit(2)
    }
    return value
  }
  func text() -> String {
    guard let text = arguments.popFirst(), !text.isEmpty else {
      FileHandle.standardError.write(Data("file-search-bench: \(argument) needs a value\n".utf8))
      exit(2)
    }
    return text
  }
  switch argument {
  case "--quick": (fileCount, rounds, repetitions, quick) = (1_000, 1, 3, true)
  case "--scan-only": scanOnly = true
  case "--files": fileCount = number()
  case "--rounds": rounds = max(number(), 1)
  case "--repetitions": repetitions = max(number(), 1)
  case "--query": scanQuery = text()
  case "--tree": folders.append(text())
  case "--seed": seed = UInt64(number())
  case "-h", "--help":
    print(usage, terminator: "")
    exit(0)
  default:
    if argument.hasPrefix("-") {
      FileHandle.standardError.write(Data("file-search-bench: unknown option \(argument)\n".utf8))
      exit(2)
    }
    folders.append(argument)
  }
}
if folders.isEmpty, !quick, FileManager.default.fileExists(atPath: "/usr/share") {
  folders = ["/usr/share"]
}

let words = ["state", "error", "index", "load", "quartz"]
let keystrokes = words.map(\.count).reduce(0, +)
print("file-search-bench: keystroke latency of the search example, and a full scan against grep")
print("machine: \(MachineFacts.summary())")
print(
  "scan: '\(scanQuery)' over the whole tree (one page, names and contents) against "
    + "`grep -rIil`, in turn, 1 warm-up run of each + \(repetitions) measured, medians")
if !scanOnly {
  print(
    "typing: \(words.map { "\"\($0)\"" }.joined(separator: ", ")), one character at a time "
      + "(\(keystrokes) keystrokes, the query cleared between words); 1 warm-up round + "
      + "\(rounds) measured; the next keystroke once the last one's first match is shown "
      + "(or its search ended); the screen, 24×80, drawn into a sink")
}

let started = ContinuousClock.now
let tree: BenchTree
do {
  tree = try BenchTree(
    in: FileManager.default.temporaryDirectory.path, fileCount: fileCount, seed: seed)
} catch {
  FileHandle.standardError.write(Data("file-search-bench: cannot write the tree: \(error)\n".utf8))
  exit(1)
}
let written = started.duration(to: .now)

var reports: [(title: String, path: String)] = [
  (
    String(
      format: "%d generated files (seed %llu, %.1f MB), written in %.1f s", tree.fileCount,
      seed, Double(tree.byteCount) / 1e6, seconds(written)), tree.path
  )
]
for folder in folders {
  reports.append(("\(folder) (\(regularFiles(in: folder)) files)", folder))
}

for (title, path) in reports {
  print("")
  print("tree: \(title)")
  if !scanOnly { await printKeystrokeLatency(path) }
  do {
    let comparison = GrepComparison(tree: path, query: scanQuery, repetitions: repetitions)
    print("'\(scanQuery)', median of \(repetitions): " + (try comparison.run().summary))
  } catch {
    print("'\(scanQuery)': cannot compare with grep: \(error)")
  }
}
tree.remove()
if scanOnly { exit(0) }

/// Prints the keystroke latency of typing the words on a tree.
@MainActor
func printKeystrokeLatency(_ path: String) async {
  print(
    "policy     keystroke → first presentation    keystroke → first match          "
      + "without a match")
  print(
    "           median    p90       max           median    p90       max")
  var slowest: [String] = []
  for (name, policy) in [("smooth", LoadingPolicy.smooth), ("immediate", .immediate)] {
    let samples = await measure(folder: path, policy: policy, rounds: rounds)
    let matched = samples.compactMap { sample in sample.toFirstMatch.map { (sample.query, $0) } }
    if let slowestMatch = matched.max(by: { $0.1 < $1.1 }) {
      slowest.append("'\(slowestMatch.0)' (\(name))")
    }
    let first = samples.compactMap(\.toFirstPresentation)
    let match = samples.compactMap(\.toFirstMatch)
    let noMatch = samples.filter { $0.toFirstMatch == nil }.map(\.query)
    print(
      name.padding(toLength: 11, withPad: " ", startingAt: 0) + figures(first) + "    "
        + figures(match) + "    "
        + "\(noMatch.count) of \(samples.count)"
        + (noMatch.isEmpty ? "" : " (\(Set(noMatch).sorted().prefix(4).joined(separator: ", "))…)"))
  }
  if !slowest.isEmpty { print("slowest first match: " + slowest.joined(separator: ", ")) }
}

print("")
do {
  let temporary = FileManager.default.temporaryDirectory.path
  let cases: [(String, () throws -> WorstCaseMatch)] = [
    (
      "worst-case match: a query of 2,999 'a's and a 'b' over a file of 1 MB of 'a'",
      { try .repeatedLetter(in: temporary) }
    ),
    (
      "worst-case match: a query of 2,999 'ä's and a 'b' over a file of 1 MB of 'ä' (decoded)",
      { try .repeatedAccentedLetter(in: temporary) }
    ),
    (
      "worst-case match: a query of 2,000 'a's over 1,999 'a's and one character of 300,000 "
        + "combining accents (600 KB)", { try .hugeCharacter(in: temporary) }
    ),
  ]
  for (title, write) in cases {
    let worst = try write()
    print(title)
    print(String(format: "  whole scan                        %.3f s", seconds(worst.scan())))
    let stopped = worst.scanCancelled(after: .milliseconds(10))
    print(String(format: "  cancelled 10 ms in: stopped after %.3f s", seconds(stopped)))
    worst.remove()
  }
} catch {
  FileHandle.standardError.write(Data("file-search-bench: cannot write the file: \(error)\n".utf8))
  exit(1)
}
print("")
print("a pasted 1 MB query: one frame of the screen (its lines and cursor), median of 11")
print(String(format: "  frame                             %.3f s", seconds(pastedFrame())))
print("")
print("target: keystroke → first presentation, median within one frame (16 ms)")

/// The time of one frame of a screen whose field holds a pasted 1 MB query: what each spinner
/// frame costs while it is there (cutting, cleaning and placing the cursor read only what shows).
@MainActor
func pastedFrame() -> Duration {
  let screen = SearchScreen(folder: "pasted", size: { .fallback }, write: { _ in })
  screen.input = String(repeating: "abc漢字é ", count: 150_000)
  let region = TerminalPresenter.Region(columns: 80, rows: 24, mode: .screen)
  let clock = ContinuousClock()
  let frames = (0..<11).map { _ in
    clock.measure {
      _ = screen.lines()
      _ = screen.cursor(in: region)
    }
  }
  return frames.sorted()[5]
}

/// Types every word in a model searching `folder`; returns the samples of the measured rounds.
@MainActor
func measure(folder: String, policy: LoadingPolicy, rounds: Int) async -> [KeystrokeBench.Sample] {
  var drawn = 0
  let screen = SearchScreen(folder: folder, size: { .fallback }, write: { drawn += $0.utf8.count })
  let bench = KeystrokeBench(screen: screen)
  let model = SearchModel(
    scanner: FileScanner(folder: folder), presenter: bench, loadingPolicy: policy)
  screen.model = model
  model.resultsDidChange = { [weak screen] in screen?.redraw() }
  for round in 0...rounds {
    if round == 1 { bench.clearSamples() }
    for word in words {
      for length in 1...word.count { await bench.type(String(word.prefix(length)), into: model) }
      model.search("")
    }
  }
  precondition(drawn > 0, "the screen was drawn")
  return bench.samples
}

/// `median p90 max` in milliseconds, each in a column of 10.
func figures(_ durations: [Duration]) -> String {
  guard !durations.isEmpty else { return "—".padding(toLength: 30, withPad: " ", startingAt: 0) }
  let sorted = durations.sorted()
  func rank(_ fraction: Double) -> Duration {
    sorted[min(max(Int((fraction * Double(sorted.count)).rounded(.up)) - 1, 0), sorted.count - 1)]
  }
  return [rank(0.5), rank(0.9), sorted[sorted.count - 1]].map {
    String(format: "%.2f ms", seconds($0) * 1000).padding(toLength: 10, withPad: " ", startingAt: 0)
  }.joined()
}

func seconds(_ duration: Duration) -> Double {
  let (whole, attoseconds) = duration.components
  return Double(whole) + Double(attoseconds) / 1e18
}

/// How many regular files a folder holds, links not followed.
func regularFiles(in folder: String) -> Int {
  guard let walker = FileManager.default.enumerator(atPath: folder) else { return 0 }
  var count = 0
  while let _ = walker.nextObject() {
    if walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular { count += 1 }
  }
  return count
}
