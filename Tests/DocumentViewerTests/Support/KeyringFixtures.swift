import DocumentViewerCore
import Foundation
import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

/// Skips a test when `keyctl` is not installed (CI installs keyutils) or when the kernel
/// keyring does not answer, as in containers whose seccomp profile blocks its system calls.
func skipUnlessKernelKeyringWorks() async throws {
  let keyring = KernelKeyring()
  try XCTSkipUnless(keyring.isInstalled, "install keyutils (keyctl) to run this test")
  do {
    _ = try await keyring.secret(named: "statefulcontent:test:\(UUID().uuidString)")
  } catch {
    throw XCTSkip("the kernel keyring is unavailable here: \(error)")
  }
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

/// A process runner that answers every invocation with a scripted result and records it,
/// running nothing.
final class ScriptedKeyctlRunner: ProcessRunner {
  private let recorded = LockedState<[ProcessInvocation]>([])
  private let answer: @Sendable (ProcessInvocation) -> ProcessResult

  init(answer: @escaping @Sendable (ProcessInvocation) -> ProcessResult) {
    self.answer = answer
  }

  /// Every invocation so far, in order.
  var invocations: [ProcessInvocation] { recorded.withLock { $0 } }

  func run(
    _ pipeline: [ProcessInvocation], output: @escaping @Sendable (Data) -> Void
  ) async throws -> [ProcessResult] {
    recorded.withLock { $0 += pipeline }
    return pipeline.map { invocation in
      var result = answer(invocation)
      output(result.standardOutput)
      result.standardOutput = Data()
      return result
    }
  }
}
