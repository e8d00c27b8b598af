import Foundation
import StatefulContentTerminal
import XCTest

/// `PrivateDirectory`: a folder only the user can enter, in `TMPDIR`, removed by the tool or,
/// when it exits early, by `removeAll()`.
final class PrivateDirectoryTests: XCTestCase {
  /// Runs `body` with `TMPDIR` set to `value` (or unset for `nil`), then restores it.
  private func withTMPDIR<Result>(_ value: String?, _ body: () throws -> Result) rethrows
    -> Result
  {
    let saved = getenv("TMPDIR").map { String(cString: $0) }
    if let value { setenv("TMPDIR", value, 1) } else { unsetenv("TMPDIR") }
    defer { if let saved { setenv("TMPDIR", saved, 1) } else { unsetenv("TMPDIR") } }
    return try body()
  }

  func test_init_makesAFolderOnlyTheUserCanEnter_inTMPDIR_andRemoveRemovesIt() throws {
    let parent = try PrivateDirectory(prefix: "parent")
    defer { parent.remove() }

    let directory = try withTMPDIR(parent.path) { try PrivateDirectory(prefix: "my-tool") }
    try Data("x".utf8).write(to: URL(fileURLWithPath: directory.path + "/file"))

    XCTAssertTrue(directory.path.hasPrefix(parent.path + "/my-tool-"), directory.path)
    var info = stat()
    XCTAssertEqual(stat(directory.path, &info), 0)
    XCTAssertEqual(info.st_mode & 0o777, 0o700)
    directory.remove()
    XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path))
  }

  func test_removeAll_removesEveryFolderNotRemovedYet() throws {
    let first = try PrivateDirectory(prefix: "first")
    let second = try PrivateDirectory(prefix: "second")
    second.remove()

    PrivateDirectory.removeAll()

    XCTAssertFalse(FileManager.default.fileExists(atPath: first.path))
    XCTAssertFalse(FileManager.default.fileExists(atPath: second.path))
  }

  func test_removeAll_whileAnotherThreadStillWritesIntoTheFolder_leavesNothingBehind() async throws
  {
    // A signal quits the tool from its own thread while the tool goes on writing its files.
    for _ in 0..<5 {
      let directory = try PrivateDirectory(prefix: "busy")
      let writing = Locked(true)
      let written = Locked(0)
      let writer = Thread {
        var index = 0
        while writing.withLock({ $0 }) {
          index += 1
          if (try? Data(count: 512).write(to: URL(fileURLWithPath: "\(directory.path)/\(index)")))
            != nil
          {
            written.withLock { $0 += 1 }
          }
        }
      }
      writer.start()
      let started = await ToolProcess.wait { written.withLock { $0 } > 50 }
      XCTAssertTrue(started)

      PrivateDirectory.removeAll()

      let left = try FileManager.default.contentsOfDirectory(
        atPath: (directory.path as NSString).deletingLastPathComponent
      ).filter { $0.hasPrefix((directory.path as NSString).lastPathComponent) }
      XCTAssertEqual(left, [], "nothing of the folder is left, under any name")
      writing.withLock { $0 = false }
    }
  }

  func test_aTMPDIRThatDoesNotExist_isAnErrorThatNamesIt_andNothingIsCreated() throws {
    let missing = "/nonexistent-\(UUID().uuidString)/tmp"

    XCTAssertThrowsError(try withTMPDIR(missing) { try PrivateDirectory(prefix: "my-tool") }) {
      XCTAssertEqual(
        "\($0)", "cannot create a folder in '\(missing)' (TMPDIR): No such file or directory")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
  }
}
