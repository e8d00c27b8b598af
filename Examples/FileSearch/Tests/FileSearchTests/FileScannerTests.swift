import FileSearchCore
import Foundation
import XCTest

/// The scanner on real folders the tests write: names, contents, binary and large files,
/// links, pages, pacing, errors and cancellation.
final class FileScannerTests: FixtureTestCase {
  /// Scans one page and returns its batches.
  private func scan(
    _ query: String, scanner: FileScanner? = nil, from cursor: ScanCursor = ScanCursor(),
    limit: Int = 100
  ) throws -> [ScanBatch] {
    var batches: [ScanBatch] = []
    try (scanner ?? FileScanner(folder: tree.path)).scanPage(
      matching: query, from: cursor, limit: limit
    ) { batches.append($0) }
    return batches
  }

  private func paths(_ batches: [ScanBatch]) -> [String] {
    batches.flatMap(\.matches).map(\.path)
  }

  /// Scans the folder, which holds one text file, and returns how many checkpoints matching
  /// passed: isCancelled is asked before each entry (the folder, the file) and once per
  /// ``QueryMatcher/checkpointInterval`` units of matching work, so the count is the work done.
  private func checkpoints(scanningFor query: String) throws -> Int {
    var asked = 0
    let last = try FileScanner(folder: tree.path).scanPage(
      matching: query, from: ScanCursor(), limit: 10,
      isCancelled: {
        asked += 1
        return false
      }
    ) { _ in }
    XCTAssertEqual(last.cursor.scannedFiles, 1)
    return asked - 2
  }

  func test_scanPage_matchesNamesAndContentsIgnoringCase_inNameOrder() throws {
    try tree.file("a.txt", text: "hello\nlet swift = 1\n")
    try tree.file("b/Swift.md", text: "nothing here")
    try tree.file("b/c.txt", text: "nothing either")
    try tree.file("z.txt", text: "SWIFT\nno\n  swift again\n")

    let matches = try scan("swift").flatMap(\.matches)

    XCTAssertEqual(
      matches,
      [
        SearchMatch(
          path: "a.txt", nameMatches: false, lines: [.init(number: 2, text: "let swift = 1")]),
        SearchMatch(path: "b/Swift.md", nameMatches: true),
        SearchMatch(
          path: "z.txt", nameMatches: false,
          lines: [.init(number: 1, text: "SWIFT"), .init(number: 3, text: "swift again")]),
      ])
  }

  func test_scanPage_keepsTheFirstLinesButCountsThemAll() throws {
    try tree.file("log.txt", text: String(repeating: "match\n", count: 10))

    let match = try XCTUnwrap(scan("match").flatMap(\.matches).first)

    XCTAssertEqual(match.lines.map(\.number), [1, 2, 3])
    XCTAssertEqual(match.lineCount, 10)
  }

  func test_binaryFile_isMatchedByNameOnly() throws {
    try tree.file("data.bin", Array("swift".utf8) + [0] + Array("swift".utf8))
    try tree.file("swift.bin", [0, 1, 2])
    try tree.file(
      "late-nul.txt", Array(repeating: UInt8(ascii: "a"), count: 9000) + [0] + Array("swift".utf8))

    let batches = try scan("swift")

    XCTAssertEqual(
      batches.flatMap(\.matches),
      [
        SearchMatch(
          path: "late-nul.txt", nameMatches: false,
          lines: [.init(number: 1, text: String(repeating: "a", count: 200))]),
        SearchMatch(path: "swift.bin", nameMatches: true),
      ],
      "a NUL after the first 8 KiB does not make a file binary")
    XCTAssertEqual(batches.last?.cursor.skippedFiles, 2)
    XCTAssertEqual(batches.last?.cursor.scannedFiles, 1)
  }

  func test_fileOverTheSizeLimit_isMatchedByNameOnly() throws {
    try tree.file("big.txt", text: "swift " + String(repeating: "x", count: 100))
    try tree.file("big-swift.txt", text: "swift " + String(repeating: "x", count: 100))
    try tree.file("small.txt", text: "swift")
    let scanner = FileScanner(folder: tree.path, limits: .init(maximumFileSize: 50))

    let matches = try scan("swift", scanner: scanner).flatMap(\.matches)

    XCTAssertEqual(
      matches,
      [
        SearchMatch(path: "big-swift.txt", nameMatches: true),
        SearchMatch(
          path: "small.txt", nameMatches: false, lines: [.init(number: 1, text: "swift")]),
      ])
  }

  func test_fileOverOneMebibyte_isMatchedByNameOnly_byDefault() throws {
    let over = Array("swift\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 1 << 20)
    try tree.file("a-over.txt", over)
    try tree.file("b-swift-over.txt", over)
    try tree.file("c-at-the-limit.txt", Array(over.prefix(1 << 20)))

    let batches = try scan("swift")

    XCTAssertEqual(
      batches.flatMap(\.matches),
      [
        SearchMatch(path: "b-swift-over.txt", nameMatches: true),
        SearchMatch(
          path: "c-at-the-limit.txt", nameMatches: false, lines: [.init(number: 1, text: "swift")]),
      ])
    XCTAssertEqual(batches.last?.cursor.skippedFiles, 2)
  }

  func test_asciiAndOtherQueries_findTheFilesTheirTextsRead() throws {
    try tree.file("a.txt", text: "un cafe\u{301} noir\n")
    try tree.file("b.txt", text: "CAFE au lait\n")
    try tree.file("c.txt", text: "caf\u{E9} cr\u{E8}me\n")
    try tree.file("d.txt", text: "5 \u{212A}m\n")

    XCTAssertEqual(paths(try scan("cafe")), ["b.txt"], "the accent makes \"café\"")
    XCTAssertEqual(paths(try scan("café")), ["a.txt", "c.txt"])
    XCTAssertEqual(paths(try scan("KM")), ["d.txt"], "the Kelvin sign lowercases to k")
  }

  func test_hiddenNames_arePassedOverUnlessIncluded() throws {
    try tree.file(".hidden.txt", text: "swift")
    try tree.file(".git/config", text: "swift")
    try tree.file("shown.txt", text: "swift")

    XCTAssertEqual(paths(try scan("swift")), ["shown.txt"])
    XCTAssertEqual(
      paths(try scan("swift", scanner: FileScanner(folder: tree.path, includesHiddenFiles: true))),
      [".git/config", ".hidden.txt", "shown.txt"])
  }

  func test_namesThatAreNotUTF8_areSearched_andShownWithReplacementCharacters() throws {
    // "café" in Latin-1, not UTF-8: a folder and a file of that name.
    let cafe = Array("caf".utf8) + [0xE9]
    try tree.file(components: [cafe, Array("note.txt".utf8)], Array("swift\n".utf8))
    try tree.file(components: [Array("swift-".utf8) + cafe], Array("nothing".utf8))
    try tree.file("plain.txt", text: "swift")

    let batches = try scan("swift")

    XCTAssertEqual(
      batches.flatMap(\.matches),
      [
        SearchMatch(
          path: "caf\u{FFFD}/note.txt", nameMatches: false,
          lines: [.init(number: 1, text: "swift")]),
        SearchMatch(
          path: "plain.txt", nameMatches: false, lines: [.init(number: 1, text: "swift")]),
        SearchMatch(path: "swift-caf\u{FFFD}", nameMatches: true),
      ])
    XCTAssertEqual(batches.last?.cursor.scannedFiles, 3)
    XCTAssertEqual(paths(try scan("caf")), ["swift-caf\u{FFFD}"], "matched by the name it shows")
  }

  func test_pathsLongerThanPATH_MAX_areSearched() throws {
    // 25 folders of 200 bytes: the file's path is over 5,000 bytes, PATH_MAX is 4,096.
    let folders = (10..<35).map { Array(("\($0)" + String(repeating: "d", count: 198)).utf8) }
    try tree.file(components: folders + [Array("deep.txt".utf8)], Array("x\nswift\n".utf8))
    try tree.file(components: folders + [Array("swift.md".utf8)], [])

    let batches = try scan("swift")

    let deep = folders.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "/")
    XCTAssertEqual(
      batches.flatMap(\.matches),
      [
        SearchMatch(
          path: deep + "/deep.txt", nameMatches: false, lines: [.init(number: 2, text: "swift")]),
        SearchMatch(path: deep + "/swift.md", nameMatches: true),
      ])
    XCTAssertEqual(batches.last?.cursor.scannedFiles, 2)
  }

  @MainActor
  func test_entriesThatCannotBeExamined_areCounted_andTheSummarySaysSo() throws {
    try tree.file("open/a.txt", text: "swift")
    try tree.file("listed/b.txt", text: "swift")
    try tree.file("listed/c.txt", text: "swift")
    // Readable, so its names are listed, but not searchable: they cannot be examined.
    XCTAssertEqual(chmod(tree.path + "/listed", 0o644), 0)

    let last = try XCTUnwrap(try withoutPrivileges { try scan("swift") }.last)

    XCTAssertEqual(last.cursor.unreadableEntries, 2)
    XCTAssertEqual(
      SearchModel.summary(of: last.cursor), "Searched 1 file; 2 entries could not be read.")
    XCTAssertEqual(
      SearchModel.summary(of: last.cursor, in: SearchStrings(language: "de")),
      "1 Datei durchsucht; 2 Einträge nicht lesbar.")
    XCTAssertEqual(
      SearchModel.summary(of: last.cursor, in: SearchStrings(language: "fr")),
      "1 fichier parcouru\u{A0}; 2 entrées illisibles.")
  }

  func test_symbolicLinkLoop_ends_andNoFolderIsEnteredTwice() throws {
    try tree.file("a/note.txt", text: "swift")
    try tree.link("a/loop", to: "..")
    try tree.link("b", to: "a")
    try tree.link("note-link.txt", to: "a/note.txt")
    try tree.link("dangling.txt", to: "missing.txt")

    let batches = try scan("swift")

    XCTAssertEqual(paths(batches), ["a/note.txt", "note-link.txt"])
    XCTAssertEqual(batches.last?.end, .folderFinished)
  }

  func test_pages_continueFromTheCursor_withoutRepeatingOrLosingAMatch() throws {
    for name in ["1", "2", "3", "4", "5"] { try tree.file("d\(name)/f.txt", text: "swift") }
    var cursor = ScanCursor()
    var pages: [[String]] = []
    var ends: [ScanBatch.End?] = []

    while !cursor.isFinished {
      let batches = try scan("swift", from: cursor, limit: 2)
      pages.append(paths(batches))
      ends.append(batches.last?.end)
      cursor = try XCTUnwrap(batches.last?.cursor)
    }

    XCTAssertEqual(pages, [["d1/f.txt", "d2/f.txt"], ["d3/f.txt", "d4/f.txt"], ["d5/f.txt"]])
    XCTAssertEqual(ends, [.pageFull, .pageFull, .folderFinished])
  }

  func test_firstMatch_isReportedAtOnce_laterOnesWhenTheIntervalHasPassed() throws {
    for name in ["a", "b", "c", "d"] { try tree.file("\(name).txt", text: "swift") }
    var now = Duration.zero
    var batches: [[String]] = []
    let scanner = FileScanner(folder: tree.path)

    // 20 ms pass at each reading: at the start (0), the folder (20), a (40), b (60), c (80),
    // d (100).
    try scanner.scanPage(
      matching: "swift", from: ScanCursor(), limit: 10, flushInterval: .milliseconds(50),
      elapsed: {
        defer { now += .milliseconds(20) }
        return now
      }
    ) { batches.append($0.matches.map(\.path)) }

    XCTAssertEqual(batches, [["a.txt"], ["b.txt", "c.txt", "d.txt"], []])
  }

  func test_withAClockThatStandsStill_laterMatchesWaitForThePagesEnd() throws {
    for name in ["a", "b", "c"] { try tree.file("\(name).txt", text: "swift") }

    let batches = try scan("swift")

    XCTAssertEqual(batches.map { $0.matches.map(\.path) }, [["a.txt"], ["b.txt", "c.txt"]])
    XCTAssertEqual(batches.map(\.end), [nil, .folderFinished])
  }

  func test_missingFolder_fileAndPathThroughAFile_throwBeforeAnyBatch() throws {
    let file = try tree.file("file.txt", text: "swift")
    let cases: [(String, SearchError)] = [
      (tree.path + "/missing", .folderNotFound(tree.path + "/missing")),
      (file, .notAFolder(file)),
      (file + "/inside", .notAFolder(file + "/inside")),
    ]
    for (folder, expected) in cases {
      var reported = 0
      XCTAssertThrowsError(
        try FileScanner(folder: folder).scanPage(matching: "swift", from: ScanCursor(), limit: 10) {
          _ in reported += 1
        }
      ) { XCTAssertEqual($0 as? SearchError, expected) }
      XCTAssertEqual(reported, 0)
    }
  }

  func test_unreadableFolder_throws_butAnUnreadableFolderInsideIsPassedOver() throws {
    try tree.file("open/a.txt", text: "swift")
    try tree.file("closed/b.txt", text: "swift")
    XCTAssertEqual(chmod(tree.path + "/closed", 0), 0)

    let batches = try withoutPrivileges { try scan("swift") }

    XCTAssertEqual(paths(batches), ["open/a.txt"])
    XCTAssertEqual(batches.last?.cursor.unreadableFolders, 1)

    XCTAssertEqual(chmod(tree.path, 0), 0)
    XCTAssertThrowsError(try withoutPrivileges { try scan("swift") }) { error in
      guard case .folderUnreadable(let path, _)? = error as? SearchError else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(path, tree.path)
    }
  }

  func test_laterPage_ofAFolderThatIsGone_throws() throws {
    for name in ["a", "b"] { try tree.file("\(name).txt", text: "swift") }
    let first = try scan("swift", limit: 1)
    tree.remove()

    XCTAssertThrowsError(try scan("swift", from: try XCTUnwrap(first.last?.cursor), limit: 1)) {
      XCTAssertEqual($0 as? SearchError, .folderNotFound(self.tree.path))
    }
  }

  func test_cancellation_stopsBeforeTheNextEntry() throws {
    for name in ["a", "b", "c"] { try tree.file("\(name).txt", text: "swift") }
    var batches: [[String]] = []

    XCTAssertThrowsError(
      try FileScanner(folder: tree.path).scanPage(
        matching: "swift", from: ScanCursor(), limit: 10, isCancelled: { !batches.isEmpty }
      ) { batches.append($0.matches.map(\.path)) }
    ) { XCTAssertTrue($0 is CancellationError, "\($0)") }
    XCTAssertEqual(batches, [["a.txt"]])
  }

  func test_cancellation_isAskedInsideAFile_andStopsItsMatching() throws {
    try tree.file("big.txt", Array(repeating: UInt8(ascii: "a"), count: 1 << 20))

    // Asked before the folder, before the file, then inside the file: cancelled there —
    // searching bytes for an ASCII query, and decoded text for another.
    for query in ["b", "\u{E9}"] {
      var asked = 0
      XCTAssertThrowsError(
        try FileScanner(folder: tree.path).scanPage(
          matching: query, from: ScanCursor(), limit: 10,
          isCancelled: {
            asked += 1
            return asked > 2
          }
        ) { _ in }
      ) { XCTAssertTrue($0 is CancellationError, "\($0)") }
      XCTAssertEqual(asked, 3, query)
    }
  }

  func test_progress_onlyGrows_splitsAFoldersShareEvenly_andIsOneOnlyAtTheEnd() throws {
    // "a" holds 98 files and "b" one: the entries visited against those known would read
    // 99 % once "a" is done; half of the folder is done then.
    for index in 0..<98 { try tree.file("a/\(1000 + index).txt", text: "x") }
    try tree.file("b/last.txt", text: "x")
    var progress: [Double] = []

    // A batch after every entry: the root, "a", its files, "b", its file.
    try FileScanner(folder: tree.path).scanPage(
      matching: "swift", from: ScanCursor(), limit: 10, flushInterval: .zero
    ) { progress.append($0.cursor.progress) }

    XCTAssertEqual(progress.count, 1 + 1 + 98 + 1 + 1 + 1)
    XCTAssertEqual(progress, progress.sorted(), "it only grows")
    XCTAssertEqual(progress.filter { $0 == 1 }.count, 2, "the last entry's batch and the end's")
    XCTAssertEqual(progress[99], 0.5, accuracy: 1e-9, "\"a\" is done: half of the folder")
    XCTAssertEqual(progress[50], 0.5 * 49 / 98, accuracy: 1e-9, "49 of the 98 files of \"a\"")
  }

  func test_progress_goesOnGrowingFromPageToPage() throws {
    for name in ["1", "2", "3", "4"] { try tree.file("d\(name)/f.txt", text: "swift") }
    var cursor = ScanCursor()
    var progress = [cursor.progress]

    while !cursor.isFinished {
      cursor = try XCTUnwrap(try scan("swift", from: cursor, limit: 1).last?.cursor)
      progress.append(cursor.progress)
    }

    XCTAssertEqual(progress, [0, 0.25, 0.5, 0.75, 1])
  }

  func test_worstCaseQuery_costsAtMostTwoComparisonsPerCharacterOfAFile() throws {
    // Every position starts a match of 2,999 characters that fails at the last one.
    let size = 1 << 20
    try tree.file("a.txt", Array(repeating: UInt8(ascii: "a"), count: size))

    let checkpoints = try checkpoints(scanningFor: String(repeating: "a", count: 2_999) + "b")

    let interval = 64 << 10
    XCTAssertGreaterThanOrEqual(checkpoints, size / interval)
    XCTAssertLessThanOrEqual(checkpoints, 2 * size / interval)
  }

  func test_crlfFile_matchesLineByLine_withTheirNumbers() throws {
    // A CR LF is one Character in Swift: the text is split at it as at a line feed, and the
    // CR is not part of the line.
    try tree.file("dos.txt", text: "alpha\r\nbeta foo\r\ngamma\r\nfoo delta\r\n")

    let match = try XCTUnwrap(scan("foo").flatMap(\.matches).first)

    XCTAssertEqual(match.lines.map(\.number), [2, 4], "\(match.lines)")
    XCTAssertEqual(match.lineCount, 2)
    XCTAssertEqual(match.lines.map(\.text), ["beta foo", "foo delta"])
  }

  func test_loneCR_isNoLineBreak_andIsNotShownAtALinesEnd() throws {
    // As grep numbers lines: a CR without a line feed is part of its line.
    try tree.file("mac.txt", text: "alpha\rfoo\nbeta\nfoo gamma\r")

    let match = try XCTUnwrap(scan("foo").flatMap(\.matches).first)

    XCTAssertEqual(match.lines.map(\.number), [1, 3], "\(match.lines)")
    XCTAssertEqual(match.lines.map(\.text), ["alpha\rfoo", "foo gamma"])
  }

  func test_cancellationInsideAFile_isAskedAtAPaceOfItsScalars_evenForOneHugeCharacter() throws {
    // One character of 300,000 combining marks after 1,999 "a"s: the query "a" x 2,000 falls
    // back 1,999 times on it. Were each comparison to cost the whole character (600 KB), the
    // work would be 600 million scalars with the checkpoint never asked (a comparison counted
    // one): that it equals no query character is decided by its scalars, counted once, and
    // the work they cost is counted.
    let huge = "b" + String(repeating: "\u{301}", count: 300_000)
    let text = String(repeating: "a", count: 1_999) + huge + "\n"
    try tree.file("x.txt", text: text)
    let scalars = text.unicodeScalars.count

    // The query is not found: the whole text is matched, not its lines.
    let checkpoints = try checkpoints(scanningFor: String(repeating: "a", count: 2_000))

    let interval = QueryMatcher.checkpointInterval
    XCTAssertGreaterThanOrEqual(checkpoints, scalars / interval, "the character's scalars count")
    XCTAssertLessThanOrEqual(checkpoints, 2 * scalars / interval, "linear in the file's scalars")
  }

  func test_batches_streamThePageAndFinish() async throws {
    for name in ["a", "b", "c"] { try tree.file("\(name).txt", text: "swift") }
    var matches: [String] = []
    var ends: [ScanBatch.End?] = []

    for try await batch in FileScanner(folder: tree.path).batches(
      matching: "swift", from: ScanCursor(), limit: 2)
    {
      matches += batch.matches.map(\.path)
      ends.append(batch.end)
    }

    XCTAssertEqual(matches, ["a.txt", "b.txt"])
    XCTAssertEqual(ends, [nil, .pageFull])
  }

  func test_batches_ofAMissingFolder_throw() async {
    let stream = FileScanner(folder: tree.path + "/missing").batches(
      matching: "swift", from: ScanCursor(), limit: 2)
    do {
      for try await _ in stream { XCTFail("no batch expected") }
      XCTFail("an error expected")
    } catch {
      XCTAssertEqual(error as? SearchError, .folderNotFound(tree.path + "/missing"))
    }
  }
}
