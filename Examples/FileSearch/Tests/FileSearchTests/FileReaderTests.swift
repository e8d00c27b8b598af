import FileSearchCore
import Foundation
import XCTest

/// The reader of a scan's files: text within the limits, binary files and files over the
/// size limit left to their names, one buffer for files of every size.
final class FileReaderTests: FixtureTestCase {
  /// What the reader reads of a file of the tree: its bytes, or `nil` for a file matched by
  /// name only.
  private func read(_ name: String, with reader: FileReader) -> [UInt8]? {
    let path = EntryPath(folder: tree.path, relative: Array(name.utf8))
    return reader.withContents(of: FileReader.open(path)) { contents in
      guard case .text(let bytes) = contents else { return nil }
      return Array(bytes)
    }
  }

  func test_text_isReadWhole_filesOfEverySizeThroughOneReader() throws {
    let reader = FileReader(limits: FileScanner.Limits())
    let sizes = [0, 1, 100, 70_000, 1 << 20, 5]
    for (index, size) in sizes.enumerated() {
      let bytes = (0..<size).map { UInt8(ascii: "a") + UInt8($0 % 26) }
      try tree.file("\(index).txt", bytes)

      XCTAssertEqual(read("\(index).txt", with: reader), bytes, "\(size) bytes")
    }
  }

  func test_aNULAmongTheFirstBytes_makesAFileBinary_oneAfterThemDoesNot() throws {
    let reader = FileReader(limits: FileScanner.Limits(binaryProbeSize: 100))
    try tree.file("early.txt", Array(repeating: UInt8(ascii: "a"), count: 99) + [0])
    try tree.file("late.txt", Array(repeating: UInt8(ascii: "a"), count: 100) + [0])
    try tree.file("short.bin", [0x41, 0])
    let large = Array(repeating: UInt8(ascii: "a"), count: 200_000)
    try tree.file("large.bin", [0] + large)

    XCTAssertNil(read("early.txt", with: reader))
    XCTAssertEqual(read("late.txt", with: reader)?.count, 101)
    XCTAssertNil(read("short.bin", with: reader))
    XCTAssertNil(read("large.bin", with: reader))
  }

  func test_aFileOverTheSizeLimit_isNotRead_oneAtTheLimitIs() throws {
    let reader = FileReader(limits: FileScanner.Limits())
    try tree.file("limit.txt", Array(repeating: UInt8(ascii: "a"), count: 1 << 20))
    try tree.file("over.txt", Array(repeating: UInt8(ascii: "a"), count: (1 << 20) + 1))

    XCTAssertEqual(read("limit.txt", with: reader)?.count, 1 << 20)
    XCTAssertNil(read("over.txt", with: reader))
  }

  func test_open_takesRegularFilesOnly() throws {
    try tree.file("file.txt", text: "x")
    try tree.folder("folder")
    XCTAssertEqual(mkfifo(tree.path + "/fifo", 0o644), 0)

    func opens(_ name: String) -> Bool {
      guard let file = FileReader.open(EntryPath(folder: tree.path, relative: Array(name.utf8)))
      else { return false }
      close(file.descriptor)
      return true
    }

    XCTAssertTrue(opens("file.txt"))
    XCTAssertFalse(opens("folder"))
    XCTAssertFalse(opens("fifo"), "opened without blocking, then refused")
    XCTAssertFalse(opens("missing"))
  }
}
