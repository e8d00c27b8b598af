import Foundation
import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

/// A test case with a private folder of its own for each test, removed after it.
class FolderTestCase: XCTestCase {
  /// This test's folder.
  private(set) var folder: PrivateDirectory?

  override func setUpWithError() throws {
    try super.setUpWithError()
    folder = try PrivateDirectory(prefix: "StatefulContentTerminalTests")
  }

  override func tearDown() {
    folder?.remove()
    super.tearDown()
  }

  /// The path of a name inside the folder; nothing is created.
  func path(_ name: String) -> String {
    (folder?.path ?? "/nonexistent") + "/" + name
  }

  /// Writes a file into the folder and returns its path.
  @discardableResult
  func file(_ name: String, _ bytes: [UInt8]) throws -> String {
    try Data(bytes).write(to: URL(fileURLWithPath: path(name)))
    return path(name)
  }

  /// Writes a UTF-8 text file into the folder and returns its path.
  @discardableResult
  func file(_ name: String, text: String) throws -> String {
    try file(name, Array(text.utf8))
  }

  /// A search path with an executable named keyctl, which a scripted runner never runs.
  func fakeKeyctlPath() throws -> String {
    try FileManager.default.createDirectory(atPath: path("bin"), withIntermediateDirectories: true)
    chmod(try file("bin/keyctl", text: "#!/bin/sh\nexit 1\n"), 0o755)
    return path("bin")
  }
}

/// Skips a test when `keyctl` is not installed (CI installs keyutils) or when the kernel
/// keyring does not answer, as in containers whose seccomp profile blocks its system calls.
func skipUnlessKernelKeyringWorks() async throws {
  try XCTSkipUnless(KernelKeyring().isInstalled, "install keyutils (keyctl) to run this test")
  let isAvailable = await KernelKeyring().isAvailable()
  try XCTSkipUnless(isAvailable, "the kernel keyring is unavailable here")
}

/// A key name no other test (or run) uses.
func uniqueKeyName() -> String { "statefulcontent:test:\(UUID().uuidString)" }

/// Collects text written from any thread.
final class TextCapture: Sendable {
  private let captured = LockedState("")

  /// Everything written so far.
  var text: String { captured.withLock { $0 } }

  /// Appends text.
  var write: @Sendable (String) -> Void {
    { [captured] text in captured.withLock { $0 += text } }
  }
}
