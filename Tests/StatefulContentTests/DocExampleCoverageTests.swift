import Foundation
import XCTest

/// Every ```` ```swift ```` block of the README and of the DocC articles has an exact copy in
/// its document's test file under its product's `DocExamples/`, where a test compiles and runs
/// it.
final class DocExampleCoverageTests: XCTestCase {
  private static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  /// Each catalog, and the folder of its articles' tests.
  private static let catalogs = [
    (
      catalog: "Sources/StatefulContent/StatefulContent.docc",
      examples: "Tests/StatefulContentTests/DocExamples"
    ),
    (
      catalog: "Sources/StatefulContentTerminal/StatefulContentTerminal.docc",
      examples: "Tests/StatefulContentTerminalTests/DocExamples"
    ),
  ]

  /// The README and every article of the catalogs, as paths from the package's root, each with
  /// the folder of its tests.
  private func documents() throws -> [(document: String, examples: String)] {
    var documents = [(document: "README.md", examples: Self.catalogs[0].examples)]
    for (catalog, examples) in Self.catalogs {
      let articles = try FileManager.default.contentsOfDirectory(
        atPath: Self.root.appendingPathComponent(catalog).path
      )
      .filter { $0.hasSuffix(".md") }.sorted()
      documents += articles.map { (document: "\(catalog)/\($0)", examples: examples) }
    }
    return documents
  }

  private func read(_ path: String) throws -> String {
    try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
  }

  func test_everySwiftBlockOfTheReadmeAndTheArticles_hasACopyInItsDocExamplesFile() throws {
    var checked = 0
    for (document, examples) in try documents() {
      let blocks = try DocumentationBlocks(markdown: read(document)).blocks
      guard !blocks.isEmpty else { continue }
      let name = (document as NSString).lastPathComponent
      let testFile = "\(examples)/\(DocumentationBlocks.testFileName(for: name))"
      guard let source = try? read(testFile) else {
        XCTFail("\(document) has \(blocks.count) Swift blocks but there is no \(testFile)")
        continue
      }
      for block in blocks {
        checked += 1
        let missing = DocumentationBlocks.missingParts(of: block, in: source)
        if !missing.isEmpty {
          XCTFail(
            """
            \(document), Swift block \(block.number) (line \(block.line), \
            "\(block.headline)"): \(testFile) has no exact copy of \
            \(missing.joined(separator: " or ")). Copy the block into a test that runs it \
            (any uniform indentation; its imports at the top of the file).
            """)
        }
      }
    }
    XCTAssertGreaterThan(checked, 0, "no Swift block found: is the package root right?")
  }

  func test_swiftBlocks_skipShellBlocksAndDiagrams() throws {
    let markdown = """
      Text.

      ```sh
      swift test
      ```

      ```
      a ──> b
      ```

        ```swift
        let a = 1

        print(a)
        ```
      """
    let blocks = try DocumentationBlocks(markdown: markdown).blocks
    XCTAssertEqual(blocks, [.init(number: 1, line: 11, lines: ["let a = 1", "", "print(a)"])])
  }

  func test_swiftBlocks_anUnclosedFenceIsAnError() {
    XCTAssertThrowsError(try DocumentationBlocks(markdown: "```swift\nlet a = 1\n")) {
      XCTAssertEqual("\($0)", "the code block opened on line 1 is never closed")
    }
  }

  func test_missingParts_acceptACopyAtAnyUniformIndentation() {
    let block = DocumentationBlocks.Block(
      number: 1, line: 1, lines: ["import StatefulContent", "", "func f() {", "  g()", "}"])
    let source = """
      import StatefulContent

      enum Namespace {
        func f() {
          g()
        }
      }
      """
    XCTAssertEqual(DocumentationBlocks.missingParts(of: block, in: source), [])
  }

  func test_missingParts_findAnImportOfAnAppleOnlyFrameworkInsideCanImport() {
    let block = DocumentationBlocks.Block(
      number: 1, line: 1,
      lines: ["import StatefulContent", "import SwiftUI", "", "struct V: View {}"])
    let source = """
      import StatefulContent

      #if canImport(SwiftUI)
        import SwiftUI

        struct V: View {}
      #endif
      """
    XCTAssertEqual(DocumentationBlocks.missingParts(of: block, in: source), [])
  }

  func test_missingParts_nameAMissingImportAndAChangedBody() {
    let block = DocumentationBlocks.Block(
      number: 1, line: 1, lines: ["import StatefulContent", "func f() {", "  g()", "}"])
    let source = """
      func f() {
          g()
      }
      """
    XCTAssertEqual(
      DocumentationBlocks.missingParts(of: block, in: source),
      ["the line `import StatefulContent`", "the block's 3 lines after its imports"])
  }

  func test_testFileName_followsTheDocumentsName() {
    XCTAssertEqual(DocumentationBlocks.testFileName(for: "README.md"), "ReadmeExampleTests.swift")
    XCTAssertEqual(
      DocumentationBlocks.testFileName(for: "GettingStarted.md"),
      "GettingStartedExampleTests.swift")
  }
}
