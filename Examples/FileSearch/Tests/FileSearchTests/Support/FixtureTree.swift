import Foundation
import XCTest

/// A temporary folder of files a test writes, removed after the test.
final class FixtureTree: Sendable {
  /// The folder's path; created with its first entry.
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("FileSearchTests-\(UUID().uuidString)").path

  /// Removes the folder and everything in it, unreadable folders included, and what
  /// `FileManager` cannot remove: paths longer than `PATH_MAX`.
  func remove() {
    _ = chmod(path, 0o755)
    if let names = FileManager.default.subpaths(atPath: path) {
      for name in names { _ = chmod(path + "/" + name, 0o755) }
    }
    try? FileManager.default.removeItem(atPath: path)
    guard FileManager.default.fileExists(atPath: path) else { return }
    let remover = Process()
    remover.executableURL = URL(fileURLWithPath: "/bin/rm")
    remover.arguments = ["-rf", path]
    try? remover.run()
    remover.waitUntilExit()
  }

  /// Writes a file, creating the folders on its way, and returns its path.
  @discardableResult
  func file(_ name: String, _ bytes: [UInt8]) throws -> String {
    let url = URL(fileURLWithPath: path + "/" + name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
    return url.path
  }

  /// Writes a file whose path below the folder is any bytes — names that are not UTF-8, a
  /// path longer than the system takes in one call (`PATH_MAX`) — creating the folders on its
  /// way one at a time, each inside the last.
  ///
  /// - Parameters:
  ///   - components: The names of the folders on the way and of the file, as bytes.
  ///   - contents: The file's bytes.
  func file(components: [[UInt8]], _ contents: [UInt8]) throws {
    func cString(_ name: [UInt8]) -> [CChar] { name.map { CChar(bitPattern: $0) } + [0] }
    func failure() -> POSIXError { POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    var directory = open(try folder(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard directory >= 0 else { throw failure() }
    defer { close(directory) }
    for name in components.dropLast() {
      guard mkdirat(directory, cString(name), 0o755) == 0 || errno == EEXIST else {
        throw failure()
      }
      let next = openat(directory, cString(name), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard next >= 0 else { throw failure() }
      close(directory)
      directory = next
    }
    let file = openat(
      directory, cString(components.last ?? []), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard file >= 0 else { throw failure() }
    defer { close(file) }
    let written = contents.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
    guard written == contents.count else { throw failure() }
  }

  /// Writes a UTF-8 text file and returns its path.
  @discardableResult
  func file(_ name: String, text: String) throws -> String {
    try file(name, Array(text.utf8))
  }

  /// Creates a folder and returns its path.
  @discardableResult
  func folder(_ name: String = "") throws -> String {
    let folder = name.isEmpty ? path : path + "/" + name
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Creates a symbolic link and returns its path.
  @discardableResult
  func link(_ name: String, to destination: String) throws -> String {
    try FileManager.default.createSymbolicLink(
      atPath: path + "/" + name, withDestinationPath: destination)
    return path + "/" + name
  }
}

/// A test case with a fresh fixture tree per test, removed after each test.
///
/// XCTest keeps test case instances alive until the whole run ends, so the removal happens in
/// `tearDown`, not in a `deinit`.
class FixtureTestCase: XCTestCase {
  /// This test's fixture tree.
  let tree = FixtureTree()

  override func tearDown() {
    tree.remove()
    super.tearDown()
  }
}

/// Runs `body` as an unprivileged user when the tests run as root, who may read any folder:
/// a folder without permissions is then unreadable, as it is for everybody else.
///
/// `seteuid` changes the effective user of the whole process (glibc applies it to every
/// thread) until it is set back; `body` must not create files the test later removes.
func withoutPrivileges<Result>(_ body: () throws -> Result) throws -> Result {
  guard geteuid() == 0 else { return try body() }
  let nobody: uid_t = 65534
  guard seteuid(nobody) == 0 else { throw XCTSkip("cannot drop root's privileges here") }
  defer { _ = seteuid(0) }
  return try body()
}
