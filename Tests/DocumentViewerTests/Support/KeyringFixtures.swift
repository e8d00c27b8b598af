import DocumentViewerCore
import Foundation
import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

/// Skips a test when `keyctl` is not installed (CI installs keyutils) or when the kernel
/// keyring does not answer, as in containers whose seccomp profile blocks its system calls.
func skipUnlessKernelKeyringWorks() async throws {
  try XCTSkipUnless(KernelKeyring().isInstalled, "install keyutils (keyctl) to run this test")
  let isAvailable = await KernelKeyring().isAvailable()
  try XCTSkipUnless(isAvailable, "the kernel keyring is unavailable here")
}

/// The regular files under a directory whose bytes contain a secret, as paths.
func files(under directory: String, containing secret: String) -> [String] {
  let needle = Data(secret.utf8)
  guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
  var found: [String] = []
  for case let relative as String in walker {
    let path = (directory as NSString).appendingPathComponent(relative)
    if let data = FileManager.default.contents(atPath: path), data.range(of: needle) != nil {
      found.append(path)
    }
  }
  return found
}
