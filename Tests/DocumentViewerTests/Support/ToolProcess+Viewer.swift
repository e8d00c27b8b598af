import StatefulContentTerminal
import XCTest

extension ToolProcess {
  /// The `document-viewer` executable built beside the tests, or `nil` when it was not built.
  static let viewerExecutable = builtExecutable(named: "document-viewer")

  /// Skips the test when `document-viewer` was not built.
  static func skipUnlessViewerIsBuilt() throws {
    try XCTSkipIf(viewerExecutable == nil, "build document-viewer (swift build) to run this test")
  }

  /// Starts `document-viewer`, in English unless `environment` sets another language, so
  /// that the tests pass on a machine set to another language.
  static func viewer(
    _ arguments: [String], environment: [String: String] = [:],
    standardInput: Input = .nullDevice, standardOutput: Output = .collected
  ) throws -> ToolProcess {
    try ToolProcess(
      XCTUnwrap(viewerExecutable), arguments: arguments,
      environment: englishLocale.merging(environment) { $1 }, standardInput: standardInput,
      standardOutput: standardOutput)
  }
}
