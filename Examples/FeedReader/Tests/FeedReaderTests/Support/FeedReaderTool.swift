import StatefulContentTerminal
import XCTest

/// The `feed-reader` executable built beside the tests, run in English whatever the language
/// of the machine the tests run on.
let feedReader = ToolProcess.Tool.built(
  named: "feed-reader", environment: ToolProcess.englishLocale)

/// The test's lines without their times: `loading http://…` for `12 loading http://…`.
func timelineStates(_ output: String) -> [String] {
  output.split(separator: "\n").map { line in
    String(line.drop(while: { $0 != " " }).dropFirst())
  }
}
