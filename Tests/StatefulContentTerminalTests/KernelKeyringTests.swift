import Foundation
import StatefulContentTerminal
import XCTest

/// `KernelKeyring`: secrets kept by `keyctl` in the user's kernel keyring, never on a command
/// line; the keys the tests add are removed after each test.
final class KernelKeyringTests: FolderTestCase {
  private static let secret = "s3cret horse \u{E9}t\u{E9}"
  /// The names this test stored, removed in `tearDown`.
  private var names: [String] = []

  private func name() -> String {
    let name = uniqueKeyName()
    names.append(name)
    return name
  }

  override func tearDown() async throws {
    for name in names { _ = try? await KernelKeyring().remove(named: name) }
    try await super.tearDown()
  }

  // MARK: The real kernel keyring

  func test_store_thenSecret_returnsIt_andRemove_removesIt() async throws {
    try await skipUnlessKernelKeyringWorks()
    let keyring = KernelKeyring()
    let name = name()
    try await keyring.store(Self.secret, named: name)
    let read = try await keyring.secret(named: name)
    XCTAssertEqual(read, Self.secret)
    let removed = try await keyring.remove(named: name)
    XCTAssertTrue(removed)
    let afterRemoval = try await keyring.secret(named: name)
    XCTAssertNil(afterRemoval)
  }

  func test_store_replacesTheSecretStoredBeforeUnderTheName() async throws {
    try await skipUnlessKernelKeyringWorks()
    let keyring = KernelKeyring()
    let name = name()
    try await keyring.store("first", named: name)
    try await keyring.store("second", named: name)
    let read = try await keyring.secret(named: name)
    XCTAssertEqual(read, "second")
  }

  func test_secretAndRemove_ofANameNeverStored_areNilAndFalse_notErrors() async throws {
    try await skipUnlessKernelKeyringWorks()
    let keyring = KernelKeyring()
    let read = try await keyring.secret(named: name())
    XCTAssertNil(read)
    let removed = try await keyring.remove(named: name())
    XCTAssertFalse(removed)
  }

  func test_store_withTimeout_givesTheKeyAnExpiryInProcKeys() async throws {
    try await skipUnlessKernelKeyringWorks()
    let runner = RecordingProcessRunner()
    let keyring = KernelKeyring(runner: runner)
    let name = name()
    try await keyring.store(Self.secret, named: name, timeout: .milliseconds(59_500))
    let timeout = try XCTUnwrap(runner.invocations.last)
    XCTAssertEqual(timeout.arguments.first, "timeout")
    XCTAssertEqual(timeout.arguments.last, "60", "rounded up to whole seconds")
    // /proc/keys, where the kernel has it, shows the expiry instead of "perm".
    let id = try XCTUnwrap(Int(timeout.arguments[1]))
    if let keys = try? String(contentsOfFile: "/proc/keys", encoding: .utf8) {
      let line = try XCTUnwrap(
        keys.split(separator: "\n").first { $0.hasPrefix(String(format: "%08x ", id)) })
      XCTAssertNotEqual(line.split(separator: " ", omittingEmptySubsequences: true)[3], "perm")
    }
    let read = try await keyring.secret(named: name)
    XCTAssertEqual(read, Self.secret)
  }

  func test_theSecret_isNeverAnArgument_onlyStandardInputAndOutput() async throws {
    try await skipUnlessKernelKeyringWorks()
    let runner = RecordingProcessRunner()
    let keyring = KernelKeyring(runner: runner)
    let name = name()
    try await keyring.store(Self.secret, named: name, timeout: .seconds(60))
    _ = try await keyring.secret(named: name)
    try await keyring.remove(named: name)
    let invocations = runner.invocations
    XCTAssertEqual(
      invocations.map { $0.arguments.first ?? "" },
      ["padd", "timeout", "search", "pipe", "search", "unlink"])
    for invocation in invocations {
      XCTAssertEqual(invocation.toolName, "keyctl")
      XCTAssertFalse(
        invocation.arguments.contains { $0.contains(Self.secret) || $0.contains("s3cret") },
        "\(invocation)")
    }
    XCTAssertEqual(invocations.first?.standardInput, Data(Self.secret.utf8))
    XCTAssertEqual(invocations.first?.arguments, ["padd", "user", name, "@u"])
  }

  func test_store_whenTheTimeoutFails_leavesNoKeyThatNeverExpires() async throws {
    try await skipUnlessKernelKeyringWorks()
    let runner = RecordingProcessRunner { invocation in
      if invocation.arguments.first == "timeout" { throw POSIXError(.EIO) }
    }
    let keyring = KernelKeyring(runner: runner)
    let name = name()
    do {
      try await keyring.store(Self.secret, named: name, timeout: .seconds(60))
      XCTFail("expected a failure")
    } catch {
      XCTAssertEqual(error as? KernelKeyring.Failure, .refused(reason: "Input/output error"))
    }
    let read = try await KernelKeyring().secret(named: name)
    XCTAssertNil(read, "a key without its time-to-live is removed")
  }

  func test_store_cancelledBetweenAddingTheKeyAndItsTimeout_leavesNoKeyThatNeverExpires()
    async throws
  {
    try await skipUnlessKernelKeyringWorks()
    let runner = RecordingProcessRunner { invocation in
      // Ctrl-C, or the machine's time limit, ends the store just after `keyctl padd`.
      if invocation.arguments.first == "timeout" { withUnsafeCurrentTask { $0?.cancel() } }
    }
    let keyring = KernelKeyring(runner: runner)
    let name = name()
    let secret = Self.secret
    let storing = Task { [keyring, name] in
      try await keyring.store(secret, named: name, timeout: .seconds(60))
    }
    do {
      try await storing.value
      XCTFail("expected CancellationError")
    } catch {
      XCTAssertTrue(error is CancellationError, "\(error)")
    }
    let read = try await KernelKeyring().secret(named: name)
    XCTAssertNil(read, "a key without its time-to-live is removed")
  }

  func test_store_cancelledWhileKeyctlPaddEnds_leavesNoKeyThatNeverExpires() async throws {
    try await skipUnlessKernelKeyringWorks()
    let keyring = KernelKeyring(runner: AddsThenIsCancelled())
    let name = name()
    do {
      try await keyring.store(Self.secret, named: name, timeout: .seconds(60))
      XCTFail("expected CancellationError")
    } catch {
      XCTAssertTrue(error is CancellationError, "\(error)")
    }
    let read = try await KernelKeyring().secret(named: name)
    XCTAssertNil(read, "a key that may have been added without its time-to-live is removed")
  }

  /// Runs `keyctl` for real, but `padd` is cancelled once it has added the key, as when
  /// Ctrl-C (or a time limit) kills it between adding the key and exiting.
  private struct AddsThenIsCancelled: ProcessRunner {
    func run(
      _ pipeline: [ProcessInvocation], output: @escaping @Sendable (Data) -> Void
    ) async throws -> [ProcessResult] {
      let results = try await SystemProcessRunner().run(pipeline, output: output)
      if pipeline.first?.arguments.first == "padd" { throw CancellationError() }
      return results
    }
  }

  // MARK: Failures, scripted

  func test_store_withATimeoutPastTheKernelsLimit_keepsTheLongestItCan_neverOverflows()
    async throws
  {
    let runner = RecordingProcessRunner.scripted { _ in
      ProcessResult(status: 0, standardOutput: Data("123\n".utf8))
    }
    let keyring = KernelKeyring(searchPath: try fakeKeyctlPath(), runner: runner)
    // `keyctl timeout` keeps 32 bits: 2^32 seconds would be 0, a key that never expires.
    for timeout in [Duration.seconds(1 << 32), .seconds(Int64.max) + .milliseconds(500)] {
      try await keyring.store("x", named: "statefulcontent:test:a", timeout: timeout)
      XCTAssertEqual(runner.invocations.last?.arguments, ["timeout", "123", "\(UInt32.max)"])
    }
    try await keyring.store("x", named: "statefulcontent:test:a", timeout: .zero)
    XCTAssertEqual(runner.invocations.last?.arguments, ["timeout", "123", "1"])
  }

  func test_aKeyctlThatCannotBeStarted_throwsRefusedWithTheSystemsReason() async throws {
    let bin = try fakeKeyctlPath()
    // Executable, but neither a program nor a script: `posix_spawn` fails with ENOEXEC.
    chmod(try file("bin/keyctl", [0x00, 0x01, 0x02, 0x03]), 0o755)
    let keyring = KernelKeyring(searchPath: bin)
    XCTAssertTrue(keyring.isInstalled)
    let available = await keyring.isAvailable()
    XCTAssertFalse(available)
    await assertThrows(KernelKeyring.Failure.refused(reason: "Exec format error")) {
      try await keyring.store("x", named: "statefulcontent:test:a")
    }
    await assertThrows(KernelKeyring.Failure.refused(reason: "Exec format error")) {
      _ = try await keyring.secret(named: "statefulcontent:test:a")
    }
  }

  func test_withoutKeyctl_everyOperationThrowsKeyctlMissing() async throws {
    let keyring = KernelKeyring(
      searchPath: "",
      runner: RecordingProcessRunner.scripted { _ in
        XCTFail("nothing runs")
        return ProcessResult(status: 0)
      })
    await assertThrows(KernelKeyring.Failure.keyctlMissing) {
      try await keyring.store("x", named: "statefulcontent:test:a")
    }
    await assertThrows(KernelKeyring.Failure.keyctlMissing) {
      _ = try await keyring.secret(named: "statefulcontent:test:a")
    }
    await assertThrows(KernelKeyring.Failure.keyctlMissing) {
      try await keyring.remove(named: "statefulcontent:test:a")
    }
  }

  func test_isAvailable_needsKeyctl_andAKeyringThatAnswers() async throws {
    let missing = await KernelKeyring(searchPath: "").isAvailable()
    XCTAssertFalse(missing)
    let refusing = RecordingProcessRunner.scripted { _ in ProcessResult(status: 1) }
    let refused = await KernelKeyring(searchPath: try fakeKeyctlPath(), runner: refusing)
      .isAvailable()
    XCTAssertFalse(refused)
    XCTAssertEqual(refusing.commandLines, ["keyctl rlist @u"])
    let answering = RecordingProcessRunner.scripted { _ in ProcessResult(status: 0) }
    let available = await KernelKeyring(searchPath: try fakeKeyctlPath(), runner: answering)
      .isAvailable()
    XCTAssertTrue(available)
  }

  func test_aRefusedKeyring_throwsRefusedWithKeyctlsReason() async throws {
    let runner = RecordingProcessRunner.scripted { _ in
      ProcessResult(status: 1, standardError: Data("keyctl_search: Permission denied\n".utf8))
    }
    let keyring = KernelKeyring(searchPath: try fakeKeyctlPath(), runner: runner)
    await assertThrows(KernelKeyring.Failure.refused(reason: "keyctl_search: Permission denied")) {
      _ = try await keyring.secret(named: "statefulcontent:test:a")
    }
    XCTAssertEqual(runner.invocations.map { $0.arguments.first ?? "" }, ["search", "rlist"])
    await assertThrows(KernelKeyring.Failure.refused(reason: "keyctl_search: Permission denied")) {
      try await keyring.store("x", named: "statefulcontent:test:a")
    }
  }

  func test_aFailedSearch_inAKeyringThatLists_isNotFound_inAnyLanguage() async throws {
    let runner = RecordingProcessRunner.scripted { invocation in
      invocation.arguments.first == "rlist"
        ? ProcessResult(status: 0, standardOutput: Data("12345\n".utf8))
        : ProcessResult(
          status: 1, standardError: Data("keyctl_search: Schlüssel nicht verfügbar\n".utf8))
    }
    let keyring = KernelKeyring(searchPath: try fakeKeyctlPath(), runner: runner)
    let read = try await keyring.secret(named: "statefulcontent:test:a")
    XCTAssertNil(read)
    let removed = try await keyring.remove(named: "statefulcontent:test:a")
    XCTAssertFalse(removed)
  }

  func test_aNameThatKeyctlCouldMisread_isRefusedBeforeAnythingRuns() async throws {
    let runner = RecordingProcessRunner.scripted { _ in ProcessResult(status: 0) }
    let keyring = KernelKeyring(searchPath: try fakeKeyctlPath(), runner: runner)
    for name in [
      "", "-x", "two words", "line\nbreak", "next\u{85}line", "no-break\u{A0}space",
      "line\u{2028}separator", "delete\u{7F}",
    ] {
      await assertThrows(KernelKeyring.Failure.invalidName) {
        try await keyring.store("x", named: name)
      }
    }
    XCTAssertTrue(runner.invocations.isEmpty)
  }

  func test_aCancelledTask_runsNothingAndThrowsCancellationError() async throws {
    let runner = RecordingProcessRunner.scripted { _ in ProcessResult(status: 0) }
    let keyring = KernelKeyring(searchPath: try fakeKeyctlPath(), runner: runner)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await keyring.store("x", named: "statefulcontent:test:a")
    }
    do {
      try await task.value
      XCTFail("expected CancellationError")
    } catch {
      XCTAssertTrue(error is CancellationError, "\(error)")
    }
    XCTAssertTrue(runner.invocations.isEmpty)
  }

  private func assertThrows(
    _ expected: KernelKeyring.Failure, file: StaticString = #filePath, line: UInt = #line,
    _ body: () async throws -> Void
  ) async {
    do {
      try await body()
      XCTFail("expected \(expected)", file: file, line: line)
    } catch {
      XCTAssertEqual(error as? KernelKeyring.Failure, expected, file: file, line: line)
    }
  }
}
