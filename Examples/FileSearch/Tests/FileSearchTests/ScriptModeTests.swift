import FileSearchCore
import Foundation
import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

/// The program run as a script: queries from `--queries` or standard input, the matches or a
/// timeline on standard output, usage errors — through the app type with captured output, and
/// end to end through the built executable.
@MainActor
final class ScriptModeTests: FixtureTestCase {
  private let output = TextCapture()
  private let errors = TextCapture()

  private func run(
    _ arguments: [String], standardInput lines: [String] = [], isTerminal: Bool = false,
    scanner: GatedScanner? = nil
  ) async -> Int32 {
    var environment = ToolEnvironment()
    (environment.writeOutput, environment.writeError) = (output.write, errors.write)
    environment.makeStopwatch = { { .zero } }
    environment.inputIsTerminal = isTerminal
    let app = SearchApp(
      environment: environment,
      makeScanner: { folder, hidden -> any FolderScanning in
        if let scanner { return scanner }
        return FileScanner(folder: folder, includesHiddenFiles: hidden)
      },
      standardInputLines: {
        AsyncStream { continuation in
          for line in lines { continuation.yield(line) }
          continuation.finish()
        }
      }, strings: .english)
    return await app.run(arguments)
  }

  /// Runs the program with scans held back until the output has `lines` lines.
  private func runGated(_ arguments: [String], openingAfter lines: Int) async throws -> Int32 {
    let scanner = GatedScanner(folder: tree.path)
    scanner.close()
    let running = Task { await self.run(arguments, scanner: scanner) }
    try await settle(output.text) { self.output.lines.count >= lines }
    scanner.open()
    return await running.value
  }

  func test_timeline_eachQuerySupersedesTheLast_andTheLastOneEnds() async throws {
    try tree.file("notes/swift.txt", text: "")
    try tree.file("other.txt", text: "nothing")

    let status = try await runGated(
      ["--timeline", "--queries", "s,sw,swi", tree.path], openingAfter: 3)

    XCTAssertEqual(status, 0)
    XCTAssertEqual(output.lines, ["0 s loading", "0 sw loading", "0 swi loading", "0 swi content"])
    XCTAssertEqual(errors.text, "")
  }

  func test_timeline_aQueryAfterAnotherOnesMatches_showsThemAsPrevious() async throws {
    try tree.file("notes/swift.txt", text: "")
    try tree.file("swim.txt", text: "")

    let status = await run(["--timeline", tree.path], standardInput: ["sw", "swif"])

    XCTAssertEqual(status, 0)
    // Whether "sw" found its matches before "swif" was read depends on the scan's speed.
    let expected = [
      ["0 sw loading", "0 swif loading", "0 swif content"],
      ["0 sw loading", "0 sw content", "0 swif previous", "0 swif content"],
    ]
    XCTAssertTrue(expected.contains(output.lines), output.text)
  }

  func test_timeline_emptyAndErrorStates() async throws {
    try tree.file("a.txt", text: "hello")

    _ = await run(["--timeline", "--queries", "q", tree.path])
    _ = await run(["--timeline", "--queries", "q", tree.path + "/missing"])

    XCTAssertEqual(output.lines, ["0 q loading", "0 q empty", "0 q loading", "0 q error"])
  }

  func test_matches_everyPageOfTheLastQuery_areWritten() async throws {
    for name in ["a", "b", "c"] { try tree.file("\(name).txt", text: "one\nmatch here\n") }

    let status = try await runGated(
      ["--page-size", "1", "--queries", "zz,match", tree.path], openingAfter: 2)

    XCTAssertEqual(status, 0)
    XCTAssertEqual(
      output.lines,
      [
        "Searching for 'zz'…", "Searching for 'match'…", "a.txt:2: match here",
        "b.txt:2: match here", "c.txt:2: match here",
      ])
  }

  func test_placeholders_areWrittenAsText() async throws {
    try tree.file("a.txt", text: "hello")

    _ = await run(["--queries", "q", tree.path])
    _ = await run(["--queries", "q", tree.path + "/missing"])

    XCTAssertEqual(
      output.lines,
      [
        "Searching for 'q'…", "No matches for 'q'", "Searched 1 file.", "Searching for 'q'…",
        "Cannot search '\(tree.path)/missing'", "no folder at '\(tree.path)/missing'",
        "[\(PlaceholderStrings.english.retry)]",
      ])
  }

  func test_queriesFromStandardInput_oneALine() async throws {
    try tree.file("swift.txt", text: "")

    let status = await run(["--timeline", tree.path], standardInput: ["sw", "swift"])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(output.lines.last, "0 swift content")
    XCTAssertEqual(output.lines.first, "0 sw loading")
  }

  func test_timelineOnATerminal_withoutQueries_isAUsageError() async {
    let status = await run(["--timeline", tree.path], isTerminal: true)

    XCTAssertEqual(status, 2)
    XCTAssertEqual(
      errors.text,
      "file-search: --timeline needs --queries or queries on standard input, not a terminal\n"
        + "Run 'file-search --help' for usage.\n")
    XCTAssertEqual(output.text, "")
  }

  func test_explainWithoutTimeline_isAUsageError() async {
    let status = await run(["--explain", "--queries", "s", tree.path])

    XCTAssertEqual(status, 2)
    XCTAssertEqual(
      errors.text,
      "file-search: --explain needs --timeline, whose lines it explains\n"
        + "Run 'file-search --help' for usage.\n")
    XCTAssertEqual(output.text, "")
  }

  func test_usageError_printsTheErrorAndAOneLineHint() async {
    let status = await run(["--page-size", "0", tree.path])

    XCTAssertEqual(status, 2)
    XCTAssertEqual(
      errors.text,
      "file-search: invalid page size '0': expected a whole number from 1 to 100000\n"
        + "Run 'file-search --help' for usage.\n")
  }

  func test_help_printsTheUsage() async {
    let status = await run(["--help"])

    XCTAssertEqual(status, 0)
    XCTAssertEqual(output.text, SearchCommand.usage)
  }

  // MARK: The executable

  /// Runs the executable's timeline of the queries `s`, `sw` and `swi` on the tree and checks
  /// it: no errors, and every line matches `pattern`, whose second and third groups are the
  /// key and the state. How far a query gets before the next one is typed depends on the
  /// scan's speed; the queries come in order, each starting with loading (or the previous
  /// matches), and the last one ends with its content.
  ///
  /// - Returns: The lines, without their line feeds.
  private func assertTimelineOfQueries(
    _ options: [String], eachLineMatching pattern: String,
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> [String] {
    let program = try fileSearch.start(
      ["--queries", "s,sw,swi", "--timeline"] + options + [tree.path])

    XCTAssertEqual(program.waitForExit(), 0, file: file, line: line)
    XCTAssertEqual(program.errorText, "", file: file, line: line)
    let lines = program.outputText.split(separator: "\n").map(String.init)
    let regex = try Regex(pattern)
    let parsed = lines.compactMap { line in
      line.wholeMatch(of: regex).map {
        (key: String($0.output[2].substring ?? ""), state: String($0.output[3].substring ?? ""))
      }
    }
    XCTAssertEqual(parsed.count, lines.count, program.outputText, file: file, line: line)
    let keys = parsed.map(\.key)
    XCTAssertEqual(
      keys, keys.sorted { $0.count < $1.count }, program.outputText, file: file, line: line)
    XCTAssertEqual(parsed.first?.key, "s", file: file, line: line)
    XCTAssertEqual(parsed.first?.state, "loading", file: file, line: line)
    XCTAssertEqual(parsed.last?.key, "swi", file: file, line: line)
    XCTAssertEqual(parsed.last?.state, "content", file: file, line: line)
    for query in ["sw", "swi"] {
      let first = parsed.first { $0.key == query }
      XCTAssertTrue(
        ["loading", "previous"].contains(first?.state), program.outputText, file: file,
        line: line)
    }
    return lines
  }

  func test_executable_timelineOfQueries() throws {
    try tree.file("notes/swift.txt", text: "")

    _ = try assertTimelineOfQueries([], eachLineMatching: #"^(\d+) (.+) (\w+)$"#)
  }

  func test_executable_explainedTimeline_endsEachLineWithItsReason() throws {
    try tree.file("notes/swift.txt", text: "")
    try tree.file("notes/swim.txt", text: "swift\n")

    // The fields of a plain timeline line, unchanged, then the reason.
    let lines = try assertTimelineOfQueries(
      ["--explain"],
      eachLineMatching: #"^(\d+) (s|sw|swi) (loading|previous|content) because rule \d: .+$"#)

    XCTAssertTrue(
      lines.last?.contains(" swi content because rule 2: has content (") == true, "\(lines)")
  }

  func test_executable_queriesFromAPipe_printTheMatches() throws {
    try tree.file("a.txt", text: "x\nswift\n")
    let input = Pipe()
    try input.fileHandleForWriting.write(contentsOf: Data("swift\n".utf8))
    try input.fileHandleForWriting.close()

    let program = try fileSearch.start([tree.path], standardInput: .pipe(input))

    XCTAssertEqual(program.waitForExit(), 0)
    XCTAssertEqual(program.outputText, "Searching for 'swift'…\na.txt:2: swift\n")
  }

  func test_executable_queryLineOverTheLimit_isSkippedWithANote() throws {
    try tree.file("a.txt", text: "x\nswift\n")
    let input = Pipe()
    let long = String(repeating: "x", count: 4_097)
    try input.fileHandleForWriting.write(contentsOf: Data((long + "\nswift\n").utf8))
    try input.fileHandleForWriting.close()

    let program = try fileSearch.start([tree.path], standardInput: .pipe(input))

    XCTAssertEqual(program.waitForExit(), 0)
    XCTAssertEqual(program.outputText, "Searching for 'swift'…\na.txt:2: swift\n")
    XCTAssertEqual(
      program.errorText,
      "file-search: line 1 of standard input is longer than 4096 bytes; it is skipped, not "
        + "searched.\n")
  }

  func test_executable_endlessStandardInput_isReadNoFurtherThanTheSkipLimit() throws {
    try tree.file("a.txt", text: "swift")

    let program = try fileSearch.start(
      [tree.path], standardInput: .fileHandle(XCTUnwrap(FileHandle(forReadingAtPath: "/dev/zero"))))

    XCTAssertEqual(program.waitForExit(), 0)
    XCTAssertEqual(program.outputText, "")
    XCTAssertEqual(
      program.errorText,
      "file-search: line 1 of standard input is longer than 4096 bytes; it is skipped, not "
        + "searched.\nfile-search: standard input has no line feed in over 16 MiB, so it "
        + "holds no queries; stopped reading it.\n")
  }

  func test_executable_usageError_exitsWith2() throws {
    let program = try fileSearch.start(["--nope"])

    XCTAssertEqual(program.waitForExit(), 2)
    XCTAssertEqual(
      program.errorText,
      "file-search: unknown option '--nope'\nRun 'file-search --help' for usage.\n")
  }

  func test_executable_unwritableStandardOutput_isReportedOnceAndExitsWith1() throws {
    for name in ["a", "b", "c"] { try tree.file("\(name).txt", text: "swift\n") }
    let arguments = ["--queries", "s,sw,swi", tree.path]
    for unwritable in ToolProcess.Output.unwritable() {
      let program = try fileSearch.start(arguments, standardOutput: unwritable.output)

      XCTAssertEqual(program.waitForExit(), 1, unwritable.redirection)
      XCTAssertEqual(
        program.errorText, "file-search: cannot write to standard output: \(unwritable.reason)\n",
        unwritable.redirection)
    }
  }
}
