import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

/// Hostile input to the trace: JSON lines, decoded logs, secrets.
final class TraceDecodingEdgeCaseTests: LoadTestCase {
  private func change(_ to: ContentState = .empty, _ ms: Int = 0) -> ContentStateChange {
    ContentStateChange(from: .idle, to: to, isRefreshing: false, elapsed: .milliseconds(ms))
  }

  private func oneLine() throws -> String {
    var log = TransitionLog()
    model.startLoading()
    model.endLoading(error: TestError("x"))
    log.record(change(.error(TestError("x")), 5))
    return try log.jsonLines()
  }

  // A TransitionLog decoded with the synthesized Codable skips `capacity >= 1`.
  func test_decodedLog_withCapacityZero_recordDoesNotCrash() async throws {
    let json = #"{"changes":[],"capacity":0,"droppedCount":0}"#
    guard var log = try? JSONDecoder().decode(TransitionLog.self, from: Data(json.utf8)) else {
      return  // a typed error is fine
    }
    XCTAssertGreaterThanOrEqual(log.capacity, 1, "capacity invariant")
    log.record(change())  // traps: removeFirst(1) on an empty array
    XCTAssertEqual(log.changes.count, 1)
  }

  func test_decodedLog_withMoreChangesThanCapacity_keepsInvariant() async throws {
    var source = TransitionLog()
    for i in 0..<5 { source.record(change(.empty, i)) }
    var object =
      try JSONSerialization.jsonObject(with: JSONEncoder().encode(source)) as! [String: Any]
    object["capacity"] = 2
    object["droppedCount"] = -7
    let data = try JSONSerialization.data(withJSONObject: object)
    guard let log = try? JSONDecoder().decode(TransitionLog.self, from: data) else { return }
    XCTAssertLessThanOrEqual(log.changes.count, log.capacity, "changes within capacity")
    XCTAssertGreaterThanOrEqual(log.droppedCount, 0, "droppedCount never negative")
  }

  func test_jsonLines_roundTrip_withUnicodeLineSeparatorsInAnError() async throws {
    for separator in ["\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}"] {
      var log = TransitionLog()
      let error = StateDecision.RecordedError("bad\(separator)thing")
      log.record(change(.error(error)))
      let lines = try log.jsonLines()
      do {
        let read = try TransitionLog(jsonLines: lines)
        XCTAssertEqual(
          read.changes.count, 1,
          "separator U+\(String(separator.unicodeScalars.first!.value, radix: 16))")
      } catch {
        XCTFail(
          "own output unreadable with U+\(String(separator.unicodeScalars.first!.value, radix: 16)): \(error)"
        )
      }
    }
  }

  /// The machine's own trace, written by jsonLines(), cannot be read back by
  /// init(jsonLines:) when an error text holds U+2028: the line is split inside a JSON string.
  func test_machineTrace_withLineSeparatorInError_roundTrips() async throws {
    let stream = model.stateMachine.stateChanges()
    model.startLoading()
    model.endLoading(error: TestError("server said:\u{2028}try later"))
    var log = TransitionLog()
    for await change in stream {
      log.record(change)
      if change.to.kind == .error { break }
    }
    let lines = try log.jsonLines()
    let read = try TransitionLog(jsonLines: lines)  // throws DecodingError
    XCTAssertEqual(read.changes.count, log.changes.count)
  }

  func test_jsonLines_roundTrip_withCRLFInAnError() async throws {
    var log = TransitionLog()
    log.record(change(.error(StateDecision.RecordedError("a\r\nb"))))
    let read = try TransitionLog(jsonLines: try log.jsonLines())
    XCTAssertEqual(read.changes.count, 1)
  }

  func test_hostileLines_giveTypedErrors() async throws {
    let good = try oneLine().trimmingCharacters(in: .newlines)
    let hostile: [String] = [
      "{", "null", "[]", "42", "\"x\"", String(good.dropLast(10)),
      good.replacingOccurrences(of: "\"isRefreshing\":false", with: "\"isRefreshing\":\"no\""),
      good.replacingOccurrences(of: "\"rule\":\"requested\"", with: "\"rule\":\"rule99\""),
      good.replacingOccurrences(of: "\"rule\":\"requested\"", with: "\"rule\":7"),
      good.replacingOccurrences(of: "\"kind\":\"error\"", with: "\"kind\":\"exploded\""),
    ]
    for line in hostile {
      XCTAssertThrowsError(try TransitionLog(jsonLines: line), line)
    }
  }

  func test_anUnknownLockKind_andNegativeCounts_areTypedErrors() async throws {
    let good = try oneLine().trimmingCharacters(in: .newlines)
    let unknownLock = good.replacingOccurrences(
      of: #""to":{"#, with: #""to":{"lock":{"kind":"sealed"},"#
    ).replacingOccurrences(
      of: #""to":{"lock":{"kind":"sealed"},"error":"x","kind":"error"}"#,
      with: #""to":{"kind":"locked","lock":{"kind":"sealed"}}"#)
    XCTAssertTrue(unknownLock.contains("sealed"), unknownLock)
    XCTAssertThrowsError(try TransitionLog(jsonLines: unknownLock)) { error in
      XCTAssertTrue(error is DecodingError, "\(error)")
    }
    let negative = good.replacingOccurrences(
      of: #""failedUnlockAttempts":0"#, with: #""failedUnlockAttempts":-3"#)
    XCTAssertNotEqual(negative, good)
    XCTAssertThrowsError(try TransitionLog(jsonLines: negative)) { error in
      XCTAssertTrue(error is DecodingError, "\(error)")
    }
  }

  func test_hugeAndNegativeNumbers_doNotCrash_explanations() async throws {
    let good = try oneLine().trimmingCharacters(in: .newlines)
    // find the elapsed encoding
    let object = try JSONSerialization.jsonObject(with: Data(good.utf8)) as! [String: Any]
    var variants: [[String: Any]] = []
    for elapsed: Any in [
      [-1, 0] as [Any], [-1, UInt64.max] as [Any],
      [1e300, 0] as [Any], "x", [1] as [Any],
    ] {
      var o = object
      o["elapsed"] = elapsed
      variants.append(o)
    }
    for value: Any in [Int.max, Int.min, -5, 1e300, -1e300] {
      var o = object
      var decision = o["decision"] as! [String: Any]
      var inputs = decision["inputs"] as! [String: Any]
      inputs["attempt"] = value
      inputs["failedUnlockAttempts"] = value
      inputs["contentCount"] = value
      inputs["progress"] = value
      inputs["lockout"] = value
      inputs["showDelayDeadline"] = [-1, 0] as [Any]
      decision["inputs"] = inputs
      decision["heldBackUntil"] = [-1, 5] as [Any]
      var state = decision["state"] as! [String: Any]
      state["kind"] = "loading"
      state["progress"] = value
      decision["state"] = state
      o["decision"] = decision
      var to = o["to"] as! [String: Any]
      to["kind"] = "locked"
      to["lock"] = ["kind": "incorrectCredential", "attempts": value]
      o["to"] = to
      variants.append(o)
    }
    var decoded = 0
    for variant in variants {
      let data = try JSONSerialization.data(withJSONObject: variant)
      let line = String(decoding: data, as: UTF8.self)
      if let log = try? TransitionLog(jsonLines: line) {
        decoded += 1
        XCTAssertFalse(log.timeline(explained: true).isEmpty)
        XCTAssertFalse(log.mermaidStateDiagram(explained: true).isEmpty)
        _ = log.changesDecidedDifferently
        XCTAssertNoThrow(try log.jsonLines())
        for change in log.changes { XCTAssertFalse(change.decision.explanation.isEmpty) }
      }
    }
    XCTAssertLessThan(decoded, variants.count, "negative counts are refused")
  }

  /// A recorded change whose elapsed time is a huge (but valid) Duration: [high, low] of its
  /// attoseconds as Duration's own Codable writes them.
  private static let hugeElapsedLine =
    #"{"decision":{"inputs":{"append":"idle","attempt":1,"errorWasReported":false,"failedUnlockAttempts":0,"hasContent":false,"isInitial":false,"isLoading":false,"keyChange":"keepPrevious"},"isRefreshing":false,"overridden":[],"rule":"requested","showsPreviousKey":false,"state":{"kind":"empty"}},"elapsed":[9223372036854775807,18446744073709551615],"from":{"kind":"idle"},"isRefreshing":false,"to":{"kind":"empty"}}"#

  func test_hugeElapsed_timelineDoesNotCrash() async throws {
    let log = try TransitionLog(jsonLines: Self.hugeElapsedLine)  // accepted
    _ = log.timeline  // traps in TraceText.milliseconds: Duration.components
  }

  func test_hugeHeldBackUntil_explanationDoesNotCrash() async throws {
    let line = Self.hugeElapsedLine.replacingOccurrences(
      of: #""rule":"requested","#,
      with: #""heldBackUntil":[9223372036854775807,18446744073709551615],"rule":"requested","#)
    let log = try TransitionLog(jsonLines: line)
    _ = log.changes[0].decision.explanation  // traps likewise
  }

  func test_terminalEscapes_inErrorTexts_areNotEmittedRaw() async throws {
    let evil = "\u{1B}[2J\u{1B}]0;pwned\u{07}\u{9B}31mred\u{202E}gnp.exe"
    var log = TransitionLog()
    log.record(change(.error(StateDecision.RecordedError(evil))))
    let timeline = log.timeline(explained: true)
    XCTAssertFalse(timeline.unicodeScalars.contains("\u{1B}"), timeline)
    XCTAssertFalse(timeline.unicodeScalars.contains("\u{9B}"), "C1 CSI: \(timeline)")
    model.startLoading()
    model.endLoading(error: TestError(evil))
    XCTAssertFalse(model.stateMachine.explanation.unicodeScalars.contains("\u{1B}"))
  }

  func test_manyLines_keepTheNewestCapacity_andCountTheRestAsDropped() async throws {
    let line = try oneLine()
    let many = String(repeating: line, count: 20_000)
    let log = try TransitionLog(jsonLines: "garbage\n" + many)
    XCTAssertEqual(log.changes.count, 1000)
    XCTAssertEqual(log.droppedCount, 19_001, "older lines are dropped unread")
    XCTAssertThrowsError(try TransitionLog(jsonLines: many + "garbage\n"))
  }

  // MARK: Secrets

  private func failUnlock(secret: String, errorText: @escaping @Sendable (String) -> String) async
    -> TransitionLog
  {
    model.stateMachine.credentialVerifier = { _ in true }
    model.lock()
    let stream = model.stateMachine.stateChanges()
    model.contentLoad = { model in
      await model.load(into: \.content) { context in
        throw TestError(errorText(context.credential?.secret ?? ""))
      }
    }
    _ = await model.unlock(with: Credential(password: secret))
    var log = TransitionLog()
    for await change in stream {
      log.record(change)
      if change.to.kind == .error || change.to.kind == .locked, log.changes.count > 1 { break }
    }
    return log
  }

  private func assertNoSecret(
    _ secret: String, _ log: TransitionLog, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let texts = [
      ("explanation", model.stateMachine.explanation),
      ("decision", String(describing: model.stateMachine.decision)),
      ("json", try log.jsonLines()),
      ("timeline", log.timeline(explained: true)),
      ("mermaid", log.mermaidStateDiagram(explained: true)),
      (
        "presented",
        presenter.records.map { $0.presentation.decision.explanation }.joined(separator: "\n")
      ),
    ]
    for (name, text) in texts {
      // secret standing alone (not inside a word)
      let pattern =
        "(?<![\\p{L}\\p{N}])" + NSRegularExpression.escapedPattern(for: secret)
        + "(?![\\p{L}\\p{N}])"
      let regex = try NSRegularExpression(pattern: pattern)
      let found = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
      XCTAssertNil(found, "\(name) shows \(secret): \(text)", file: file, line: line)
    }
  }

  func test_shortSecret_e_isKeptOut() async throws {
    let log = await failUnlock(secret: "e") { "wrong password \($0)" }
    try assertNoSecret("e", log)
  }

  func test_secret_loading_isKeptOut() async throws {
    let log = await failUnlock(secret: "loading") { "could not decrypt with \($0)" }
    try assertNoSecret("could not decrypt with loading", log)
  }

  func test_secretAsLockedIncorrectCredential_keptOut() async throws {
    // The operation throws ContentLockedError; secret appears nowhere it should not
    model.lock()
    let stream = model.stateMachine.stateChanges()
    model.contentLoad = { model in
      await model.load(into: \.content) { context in
        throw ContentLockedError.incorrectCredential
      }
    }
    _ = await model.unlock(with: Credential(password: "s3cr3t-pw"))
    var log = TransitionLog()
    for await change in stream {
      log.record(change)
      if change.to.kind == .locked, log.changes.count > 1 { break }
    }
    try assertNoSecret("s3cr3t-pw", log)
  }

  func test_secretInAnErrorAfterUnlock_isKeptOut_fromLaterLoadsToo() async throws {
    model.stateMachine.credentialVerifier = { _ in true }
    model.lock()
    model.contentLoad = { model in
      await model.load(into: \.content) { context in ["ok"] }
    }
    _ = await model.unlock(with: Credential(password: "hunter22"))
    XCTAssertEqual(model.currentState, .content)
    let stream = model.stateMachine.stateChanges()
    model.content = []
    _ = await model.load(into: \.content) { _ in throw TestError("cached hunter22 failed") }
    var log = TransitionLog()
    for await change in stream {
      log.record(change)
      if change.to.kind == .error { break }
    }
    try assertNoSecret("hunter22", log)
  }

  func test_secretInAppendError_isKeptOut() async throws {
    model.stateMachine.credentialVerifier = { _ in true }
    model.lock()
    model.contentLoad = { model in
      await model.load(into: \.content) { context in ["ok"] }
    }
    _ = await model.unlock(with: Credential(password: "hunter22"))
    model.startLoading()
    model.endLoading(error: TestError("refresh failed for hunter22"))
    try assertNoSecret("hunter22", TransitionLog())
    XCTAssertFalse(model.reportedErrors.isEmpty)
  }
}
