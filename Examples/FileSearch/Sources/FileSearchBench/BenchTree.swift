import Foundation

/// A folder of generated files to search: names and contents drawn from a vocabulary by a
/// seeded generator, so that every run searches the same tree.
///
/// Files lie two folders deep (`d03/e07/…`), 100 to a folder. Their names join two or three
/// words and a number; their contents are lines of words, the common ones far more often
/// than the rare ones (a Zipf draw), so that a query's prefixes match many files and the
/// query itself fewer. One file in fifty is binary (a NUL byte): matched by name only.
struct BenchTree {
  /// The words of the names and contents, the most frequent first. The benchmark's queries
  /// and all their prefixes occur: "load" among the common words, "error", "state" and
  /// "index" further down, "quartz" among the rare ones.
  static let vocabulary = [
    "the", "of", "and", "to", "in", "is", "for", "on", "with", "as", "value", "return", "let",
    "var", "load", "func", "self", "case", "if", "else", "guard", "data", "view", "model",
    "list", "item", "count", "name", "file", "error", "path", "text", "line", "page", "query",
    "search", "result", "match", "cache", "table", "row", "column", "event", "timer", "clock",
    "state", "task", "actor", "queue", "lock", "stream", "buffer", "byte", "string", "array",
    "set", "map", "filter", "reduce", "sort", "order", "key", "hash", "store", "fetch",
    "update", "delete", "insert", "render", "layout", "index", "frame", "screen", "window",
    "button", "label", "image", "color", "font", "style", "theme", "stateful", "statement",
    "station", "status", "errors", "loader", "indexer", "reindex", "download", "upload",
    "overload", "payload", "statistics", "estate", "interstate", "stateless", "quartz",
    "zephyr", "xylophone", "juxtapose", "kiwi", "onyx", "vortex", "yonder",
  ]

  /// The running sums of the words' weights, 1 / (rank + 1)²: a Zipf draw with exponent 2.
  private static let cumulativeWeights: [Double] = {
    var sum = 0.0
    return vocabulary.indices.map { rank in
      sum += 1 / Double((rank + 1) * (rank + 1))
      return sum
    }
  }()

  /// The folder's path.
  let path: String
  /// How many files were written.
  let fileCount: Int
  /// How many bytes they hold in all.
  let byteCount: Int

  /// Writes `fileCount` files under a new folder in `parent`.
  ///
  /// - Parameters:
  ///   - parent: The folder to create the tree in, such as the temporary folder.
  ///   - fileCount: How many files to write.
  ///   - seed: The generator's seed: the same seed writes the same tree.
  /// - Throws: When a folder or a file cannot be written.
  init(in parent: String, fileCount: Int, seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    path = parent + "/file-search-bench-\(getpid())-\(seed)"
    var bytes = 0
    let fileCount = max(fileCount, 0)
    let manager = FileManager.default
    for index in 0..<fileCount {
      let folder = String(format: "%@/d%02d/e%02d", path, index / 1000, index / 100 % 10)
      if index % 100 == 0 {
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
      }
      let name = Self.fileName(index: index, random: &random)
      let contents = Self.contents(random: &random)
      bytes += contents.count
      guard manager.createFile(atPath: folder + "/" + name, contents: contents) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: folder + "/" + name])
      }
    }
    self.fileCount = fileCount
    byteCount = bytes
  }

  /// Removes the tree.
  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }

  private static func fileName(index: Int, random: inout SplitMix64) -> String {
    let words = (0..<(2 + random.next(below: 2))).map { _ in word(random: &random) }
    let extensions = ["txt", "md", "swift", "json", "log"]
    return words.joined(separator: "-") + "-\(index)." + extensions[random.next(below: 5)]
  }

  /// 5 to 40 lines of 3 to 12 words, or, for one file in fifty, binary bytes.
  private static func contents(random: inout SplitMix64) -> Data {
    if random.next(below: 50) == 0 {
      return Data(
        (0..<(256 + random.next(below: 2048))).map { _ in UInt8(random.next(below: 256)) } + [0])
    }
    var text = ""
    for _ in 0..<(5 + random.next(below: 36)) {
      let words = (0..<(3 + random.next(below: 10))).map { _ in word(random: &random) }
      text += words.joined(separator: " ") + "\n"
    }
    return Data(text.utf8)
  }

  /// A word of the vocabulary, word `i` drawn about as often as 1 / (i + 1)².
  private static func word(random: inout SplitMix64) -> String {
    let weights = cumulativeWeights
    let draw = Double(random.next(below: 1 << 30)) / Double(1 << 30) * weights[weights.count - 1]
    let index = weights.firstIndex { draw < $0 } ?? weights.count - 1
    return vocabulary[index]
  }
}

/// SplitMix64: a small, fast generator whose sequence depends only on its seed.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number from 0 to `bound` - 1 (`bound` at least 1).
  mutating func next(below bound: Int) -> Int {
    Int(next() % UInt64(max(bound, 1)))
  }
}
