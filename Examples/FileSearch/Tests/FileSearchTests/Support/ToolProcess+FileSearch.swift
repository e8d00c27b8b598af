import StatefulContentTerminal
import XCTest

extension ToolProcess {
  /// The `file-search` executable built beside the tests, or `nil` when it was not built.
  static let fileSearchExecutable = builtExecutable(named: "file-search")

  /// Skips the test when `file-search` was not built.
  static func skipUnlessFileSearchIsBuilt() throws {
    try XCTSkipIf(fileSearchExecutable == nil, "build file-search (swift build) first")
  }

  /// Starts `file-search` in English, whatever the test machine's language.
  static func fileSearch(
    _ arguments: [String], environment: [String: String] = [:],
    standardInput: Input = .nullDevice, standardOutput: Output = .collected
  ) throws -> ToolProcess {
    let program = try XCTUnwrap(fileSearchExecutable, "build file-search (swift build) first")
    return try ToolProcess(
      program, arguments: arguments, environment: englishLocale.merging(environment) { $1 },
      standardInput: standardInput, standardOutput: standardOutput)
  }
}
