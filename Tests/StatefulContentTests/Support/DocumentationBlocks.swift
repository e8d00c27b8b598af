import Foundation

/// The ```` ```swift ```` blocks of a Markdown document, and where their copies must be.
///
/// Every Swift block of the README and of the DocC articles has an exact copy in a test file
/// under `Tests/StatefulContentTests/DocExamples/`, one file per document, where a test
/// compiles and runs it. `DocExampleCoverageTests` checks that each block has its copy, so a
/// block changed in a document and not in its test (or the other way round) fails the tests.
///
/// What counts as a copy: the block's lines, in order and adjacent, each with the same
/// indentation added (the test may nest the block in a namespace or a test method), blank
/// lines matching blank lines; trailing spaces are ignored. `import` lines of a block are
/// looked for separately among the file's own imports, because Swift allows them only at the
/// top of a file — at any indentation, since an import of an Apple-only framework sits inside
/// `#if canImport(…)` (see below). Shell blocks (```` ```sh ````) and diagrams (a fence without
/// a language) are not Swift and are not checked.
///
/// Code for Apple platforms only — a SwiftUI view, a UIKit view controller — is a
/// ```` ```swift ```` block like any other, and its copy is checked like any other: DocC uses
/// the fence's language only to highlight the code, so another language would cost the
/// highlighting and take the block out of this check, and a block changed in the article
/// alone would go unnoticed. The copy sits inside `#if canImport(SwiftUI)` (or `UIKit`): the
/// tests compile it where the framework exists (`swift test` on macOS builds the SwiftUI
/// view) and not on Linux, where everything around it — the model the view observes, driven
/// by the calls the view makes — is compiled and run. Better still, code that uses only a few
/// names of a framework is compiled everywhere against a stand-in for those names, declared
/// in the `#else` branch of the framework's import: the UIKit view controller of the SwiftUI
/// and UIKit article runs on Linux that way. The article says which of its blocks Linux does
/// not compile.
struct DocumentationBlocks {
  /// One ```` ```swift ```` block.
  struct Block: Equatable {
    /// Its place in the document: 1 for the first Swift block.
    var number: Int
    /// The document's line of the opening fence, counted from 1.
    var line: Int
    /// The block's lines, without the fence's own indentation.
    var lines: [String]

    /// The first line that is not blank, to name the block in a failure message.
    var headline: String {
      lines.first { !$0.allSatisfy(\.isWhitespace) } ?? ""
    }
  }

  /// The Swift blocks, in document order.
  var blocks: [Block]

  /// Extracts the Swift blocks of a Markdown text.
  ///
  /// A fence is three or more backticks, indented by at most the indentation of a list item;
  /// its language is the first word after them. A block ends at a fence of at least as many
  /// backticks with nothing after them.
  ///
  /// - Parameter markdown: The document's text.
  /// - Throws: `UnterminatedFence` when a block is never closed.
  init(markdown: String) throws {
    var blocks: [Block] = []
    var open: (fence: String, indent: Int, line: Int, isSwift: Bool)?
    var lines: [String] = []
    for (index, rawLine) in markdown.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = String(rawLine)
      let indent = line.prefix { $0 == " " }.count
      let trimmed = line.dropFirst(indent)
      if let current = open {
        if trimmed.hasPrefix(current.fence),
          trimmed.drop(while: { $0 == "`" }).allSatisfy(\.isWhitespace)
        {
          if current.isSwift {
            blocks.append(Block(number: blocks.count + 1, line: current.line, lines: lines))
          }
          open = nil
          lines = []
        } else {
          lines.append(String(line.dropFirst(min(indent, current.indent))))
        }
      } else if trimmed.hasPrefix("```") {
        let fence = String(trimmed.prefix { $0 == "`" })
        let language = trimmed.dropFirst(fence.count).split(separator: " ").first ?? ""
        open = (fence, indent, index + 1, language == "swift")
      }
    }
    if let open { throw UnterminatedFence(line: open.line) }
    self.blocks = blocks
  }

  /// A fence opened on `line` and never closed.
  struct UnterminatedFence: Error, CustomStringConvertible {
    var line: Int
    var description: String { "the code block opened on line \(line) is never closed" }
  }

  /// The name of the test file that holds the copies of a document's blocks.
  ///
  /// `GettingStarted.md` → `GettingStartedExampleTests.swift`; a name in capitals is
  /// capitalized first: `README.md` → `ReadmeExampleTests.swift`.
  ///
  /// - Parameter document: The document's file name.
  /// - Returns: The test file's name, in `Tests/StatefulContentTests/DocExamples/`.
  static func testFileName(for document: String) -> String {
    var base = (document as NSString).deletingPathExtension
    if base == base.uppercased() { base = base.capitalized }
    return base + "ExampleTests.swift"
  }

  /// The parts of a block that `source` does not contain as a copy, or an empty array when it
  /// does.
  ///
  /// The block is looked for whole first (a manifest in a string literal keeps its imports in
  /// place), then as its imports among the file's lines and the rest adjacent.
  ///
  /// - Parameters:
  ///   - block: A block of a document.
  ///   - source: The text of the test file.
  /// - Returns: A description of each part missing: an `import` line, or the block's body.
  static func missingParts(of block: Block, in source: String) -> [String] {
    let sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false)
      .map { trimmingTrailingWhitespace(String($0)) }
    var body = block.lines.map(trimmingTrailingWhitespace)
    while body.first?.isEmpty == true { body.removeFirst() }
    while body.last?.isEmpty == true { body.removeLast() }
    if body.isEmpty || contains(body, in: sourceLines) { return [] }
    var missing: [String] = []
    let imports = Set(
      sourceLines.map { String($0.drop { $0 == " " }) }.filter { $0.hasPrefix("import ") })
    for line in body where line.hasPrefix("import ") && !imports.contains(line) {
      missing.append("the line `\(line)`")
    }
    body.removeAll { $0.hasPrefix("import ") }
    while body.first?.isEmpty == true { body.removeFirst() }
    while body.last?.isEmpty == true { body.removeLast() }
    if !body.isEmpty && !contains(body, in: sourceLines) {
      missing.append("the block's \(body.count) lines after its imports")
    }
    return missing
  }

  /// Whether `lines` occur adjacent in `source`, each with the same indentation added.
  private static func contains(_ lines: [String], in source: [String]) -> Bool {
    guard lines.count <= source.count else { return false }
    for start in 0...(source.count - lines.count) {
      let first = source[start]
      guard first.hasSuffix(lines[0]) else { continue }
      let indent = first.dropLast(lines[0].count)
      guard indent.allSatisfy({ $0 == " " }) else { continue }
      let matches = lines.indices.allSatisfy { offset in
        let line = lines[offset]
        let candidate = source[start + offset]
        return line.isEmpty ? candidate.isEmpty : candidate == indent + line
      }
      if matches { return true }
    }
    return false
  }

  private static func trimmingTrailingWhitespace(_ line: String) -> String {
    var line = line
    while line.last?.isWhitespace == true { line.removeLast() }
    return line
  }
}
