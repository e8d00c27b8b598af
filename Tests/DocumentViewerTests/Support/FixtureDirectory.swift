import Foundation
import XCTest

/// A temporary directory of fixture files, created with its first fixture.
final class FixtureDirectory: Sendable {
  /// The directory's URL.
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("DocumentViewerTests-\(UUID().uuidString)")

  /// Removes the directory and everything in it.
  func remove() {
    try? FileManager.default.removeItem(at: url)
  }

  /// The path of a name inside the directory; nothing is created.
  func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }

  /// Writes a file and returns its path.
  @discardableResult
  func file(_ name: String, _ bytes: [UInt8]) throws -> String {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    try Data(bytes).write(to: url.appendingPathComponent(name))
    return path(name)
  }

  /// Writes a UTF-8 text file and returns its path.
  @discardableResult
  func file(_ name: String, text: String) throws -> String {
    try file(name, Array(text.utf8))
  }

  /// Creates a directory and returns its path.
  @discardableResult
  func directory(_ name: String) throws -> String {
    try FileManager.default.createDirectory(
      atPath: path(name), withIntermediateDirectories: true)
    return path(name)
  }

  /// Creates a symbolic link and returns its path.
  @discardableResult
  func symbolicLink(_ name: String, to destination: String) throws -> String {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: path(name), withDestinationPath: destination)
    return path(name)
  }
}

/// A test case with a fresh fixture directory per test, removed after each test.
///
/// XCTest keeps test case instances alive until the whole run ends, so the removal happens in
/// `tearDown`, not in a `deinit`.
class FixtureTestCase: XCTestCase {
  /// This test's fixture directory.
  let fixtures = FixtureDirectory()

  override func tearDown() {
    fixtures.remove()
    super.tearDown()
  }
}
