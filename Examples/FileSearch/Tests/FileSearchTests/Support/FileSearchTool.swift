import StatefulContentTerminal
import XCTest

/// The `file-search` executable built beside the tests, run in English whatever the language
/// of the machine the tests run on.
let fileSearch = ToolProcess.Tool.built(
  named: "file-search", environment: ToolProcess.englishLocale)

extension ToolProcess.Tool {
  /// Skips the test when the tool was not built.
  func skipUnlessBuilt() throws {
    try XCTSkipUnless(isBuilt, "build \(name) (swift build) first")
  }
}
