import Foundation
import StatefulContent
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

final class SystemProcessRunnerTests: XCTestCase {
  private let runner = SystemProcessRunner()

  private func shell(_ script: String, input: Data = Data()) -> ProcessInvocation {
    // Only this test runs a shell, to make a tool that writes where the test wants.
    ProcessInvocation(executable: "/bin/sh", arguments: ["-c", script], standardInput: input)
  }

  func test_run_feedsStandardInputAndCollectsStandardOutput() async throws {
    let result = try await runner.run(
      ProcessInvocation(executable: "/bin/cat", arguments: [], standardInput: Data("hi\n".utf8)))

    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.standardOutput, Data("hi\n".utf8))
    XCTAssertEqual(result.standardError, Data())
  }

  func test_run_collectsStandardErrorAndTheExitStatus() async throws {
    let result = try await runner.run(shell("echo out; echo err >&2; exit 3"))

    XCTAssertEqual(result.status, 3)
    XCTAssertFalse(result.wasSignalled)
    XCTAssertEqual(result.standardErrorText, "err\n")
    XCTAssertEqual(result.standardOutput, Data("out\n".utf8))
  }

  func test_run_muchOutputOnBothStreams_doesNotDeadlock() async throws {
    let result = try await runner.run(
      shell("head -c 1000000 /dev/zero; head -c 1000000 /dev/zero >&2; head -c 1000000 /dev/zero"))

    XCTAssertEqual(result.standardOutput.count, 2_000_000)
    XCTAssertEqual(result.standardError.count, SystemProcessRunner.maximumStandardErrorSize)
  }

  func test_run_toolThatReadsNoInput_doesNotFailOnABrokenPipe() async throws {
    let input = Data(repeating: 0x61, count: 1 << 20)

    let result = try await runner.run(shell("exit 0", input: input))

    XCTAssertEqual(result.status, 0)
  }

  func test_run_startsToolsWithNoSignalBlockedOrIgnored() async throws {
    // A load runs on a thread of Swift's concurrency, which blocks nearly every signal, and
    // the viewer ignores SIGPIPE: a tool must get neither, or SIGTERM cannot end it.
    let result = try await runner.run(
      ProcessInvocation(
        executable: "/bin/grep", arguments: ["-E", "^Sig(Blk|Ign):", "/proc/self/status"]))

    let fields = Dictionary(
      uniqueKeysWithValues: String(decoding: result.standardOutput, as: UTF8.self)
        .split(separator: "\n").map { line in
          let parts = line.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
          return (parts[0], UInt64(parts[1], radix: 16) ?? .max)
        })
    XCTAssertEqual(fields["SigBlk"], 0, "no signal blocked")
    let ignored = try XCTUnwrap(fields["SigIgn"])
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGTSTP] {
      XCTAssertEqual(ignored >> UInt64(signal - 1) & 1, 0, "signal \(signal) is not ignored")
    }
  }

  func test_run_argumentsAreNotInterpretedByAShell() async throws {
    let result = try await runner.run(
      ProcessInvocation(executable: "/bin/echo", arguments: ["$HOME", "; ls", "*"]))

    XCTAssertEqual(String(decoding: result.standardOutput, as: UTF8.self), "$HOME ; ls *\n")
  }

  func test_run_missingExecutable_throws() async {
    do {
      _ = try await runner.run(ProcessInvocation(executable: "/nonexistent/tool", arguments: []))
      XCTFail("ran")
    } catch {
      XCTAssertFalse(error is CancellationError)
    }
  }

  func test_cancellingTheTask_endsTheRunningToolAndThrowsCancellationError() async throws {
    let marker = FileManager.default.temporaryDirectory
      .appendingPathComponent("runner-started-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: marker) }
    let started = ContinuousClock.now
    let runner = runner
    let invocation = shell("touch '\(marker)'; exec sleep 30")
    let task = Task { try await runner.run(invocation) }
    // Wait (by yielding, not sleeping) until the tool runs.
    while !FileManager.default.fileExists(atPath: marker),
      ContinuousClock.now - started < .seconds(10)
    {
      await Task.yield()
    }

    task.cancel()

    do {
      _ = try await task.value
      XCTFail("not cancelled")
    } catch {
      XCTAssertTrue(error is CancellationError, "\(error)")
    }
    XCTAssertLessThan(ContinuousClock.now - started, .seconds(10))
  }

  func test_cancellingBeforeTheToolStarts_throwsCancellationError() async {
    let runner = runner
    let invocation = shell("exec sleep 30")
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await runner.run(invocation)
    }

    do {
      _ = try await task.value
      XCTFail("not cancelled")
    } catch {
      XCTAssertTrue(error is CancellationError, "\(error)")
    }
  }

  func test_invocationDescription_showsTheStandardInputsSizeNotItsBytes() {
    let invocation = ProcessInvocation(
      executable: "/usr/bin/qpdf", arguments: ["--password-file=-", "a.pdf"],
      standardInput: Data("secret\n".utf8))

    XCTAssertEqual(invocation.description, "/usr/bin/qpdf --password-file=- a.pdf (stdin: 7 bytes)")
    XCTAssertEqual(invocation.toolName, "qpdf")
  }

  func test_runPipeline_connectsEachOutputToTheNextInput() async throws {
    let output = LockedState(Data())

    let results = try await runner.run(
      [
        ProcessInvocation(executable: "/bin/cat", arguments: [], standardInput: Data("abc".utf8)),
        ProcessInvocation(executable: "/usr/bin/tr", arguments: ["a-z", "A-Z"]),
      ],
      output: { chunk in output.withLock { $0 += chunk } })

    XCTAssertEqual(results.map(\.status), [0, 0])
    XCTAssertEqual(output.withLock { $0 }, Data("ABC".utf8))
  }

  func test_runPipeline_handsOverTheOutputInChunksAsItArrives_neverWhole() async throws {
    let chunks = LockedState<[Int]>([])

    _ = try await runner.run([shell("head -c 8000000 /dev/zero")]) { chunk in
      chunks.withLock { $0.append(chunk.count) }
    }

    let sizes = chunks.withLock { $0 }
    XCTAssertEqual(sizes.reduce(0, +), 8_000_000)
    XCTAssertLessThanOrEqual(sizes.max() ?? 0, 1 << 20, "no chunk holds the whole output")
  }

  func test_standardError_isKeptUpToItsLimit() async throws {
    let result = try await runner.run(shell("head -c 1000000 /dev/zero >&2"))

    XCTAssertEqual(result.standardError.count, SystemProcessRunner.maximumStandardErrorSize)
  }

  func test_endAll_endsTheRunningTools() async throws {
    let marker = FileManager.default.temporaryDirectory
      .appendingPathComponent("runner-started-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: marker) }
    let runner = runner
    let invocation = shell("touch '\(marker)'; exec sleep 30")
    let task = Task { try await runner.run(invocation) }
    let started = ContinuousClock.now
    while !FileManager.default.fileExists(atPath: marker),
      ContinuousClock.now - started < .seconds(10)
    {
      await Task.yield()
    }

    SystemProcessRunner.endAll()

    do {
      _ = try await task.value
      XCTFail("not ended")
    } catch {
      XCTAssertTrue(error is CancellationError, "\(error)")
    }
    XCTAssertLessThan(ContinuousClock.now - started, .seconds(10))
  }

  func test_failureReason_isTheDistinctLinesOfStandardError_orTheStatus() async throws {
    let failed = try await runner.run(
      shell("echo ' a ' >&2; echo a >&2; echo >&2; echo b >&2; echo c >&2; echo d >&2; exit 2"))
    XCTAssertEqual(failed.failureReason, "a; b; c", "at most three, each once")

    let silent = try await runner.run(shell("exit 4"))
    XCTAssertEqual(silent.failureReason, "it exited with status 4")
    XCTAssertEqual(
      ProcessResult(status: 9, wasSignalled: true).failureReason, "it was ended by signal 9")
  }

  func test_locate_findsTheFirstExecutableFileOfTheSearchPath_notAFolder() throws {
    let folder = try PrivateDirectory(prefix: "locate")
    defer { folder.remove() }
    let (first, second) = (folder.path + "/first", folder.path + "/second")
    for directory in [first, second + "/tool"] {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
    try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: first + "/tool"))
    XCTAssertEqual(chmod(first + "/tool", 0o644), 0)

    XCTAssertNil(SystemProcessRunner.locate("tool", searchPath: "\(second):\(first)"))
    XCTAssertEqual(chmod(first + "/tool", 0o755), 0)
    XCTAssertEqual(
      SystemProcessRunner.locate("tool", searchPath: "::\(second)/:\(first)/"), first + "/tool")
    XCTAssertNotNil(SystemProcessRunner.locate("sh"), "the PATH by default")
  }
}
