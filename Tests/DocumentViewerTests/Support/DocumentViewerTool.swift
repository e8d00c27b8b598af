import StatefulContentTerminal
import XCTest

/// The `document-viewer` executable built beside the tests, run in English unless a run sets
/// another language, so that the tests pass on a machine set to another language.
let documentViewer = ToolProcess.Tool.built(
  named: "document-viewer", environment: ToolProcess.englishLocale)

extension ToolProcess.Tool {
  /// Skips the test when the tool was not built.
  func skipUnlessBuilt() throws {
    try XCTSkipUnless(isBuilt, "build \(name) (swift build) to run this test")
  }
}
