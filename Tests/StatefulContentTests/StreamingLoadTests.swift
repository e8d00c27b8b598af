import StatefulContent
import StatefulContentTesting
import XCTest

/// Streaming loads: `load(parts:reset:apply:)` applies each part as it arrives.
final class StreamingLoadTests: LoadTestCase {
  typealias Parts = AsyncThrowingStream<[String], any Error>

  /// A stream the test feeds part by part.
  private final class Feed: Sendable {
    let stream: Parts
    let continuation: Parts.Continuation

    init() {
      (stream, continuation) = Parts.makeStream()
    }
  }

  /// Starts a streaming load of `feed` into the model's content, in a task of its own.
  private func startStream(_ feed: Feed, retry: RetryPolicy? = nil) -> Task<LoadOutcome, Never> {
    let model = model
    return Task {
      await model.loadAppending(retry: retry) { _ in
        feed.stream
      }
    }
  }

  func test_theFirstPart_turnsLoadingIntoContent_whileTheRestLoads() async throws {
    let feed = Feed()
    model.content = ["old"]
    let load = startStream(feed)
    try await settle { self.model.stateMachine.isLoading }
    feed.continuation.yield(["a"])
    try await settle { self.model.content == ["a"] }
    XCTAssertEqual(model.content, ["a"], "reset replaced the old content before the first part")
    XCTAssertEqual(model.currentState, .content)
    XCTAssertTrue(model.stateMachine.isRefreshing, "the rest is still loading")
    feed.continuation.yield(["b", "c"])
    try await settle { self.model.content == ["a", "b", "c"] }
    feed.continuation.finish()
    let outcome = await load.value
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(model.content, ["a", "b", "c"])
    XCTAssertFalse(model.stateMachine.isRefreshing)
    XCTAssertEqual(presenter.presentedKinds.last, .content)
  }

  func test_aStreamWithoutParts_isEmpty() async {
    let feed = Feed()
    model.content = ["old"]
    let load = startStream(feed)
    feed.continuation.finish()
    let outcome = await load.value
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(model.content, [], "reset ran at the end")
    XCTAssertEqual(model.currentState, .empty)
  }

  func test_progress_isVisibleOnTheContent_whileTheRestLoads() async throws {
    let model = model
    let feed = Feed()
    let load = Task {
      await model.loadAppending { context in
        context.reportProgress(0.25)
        return feed.stream
      }
    }
    feed.continuation.yield(["a"])
    try await settle { self.presenter.lastPresentation?.state == .content }
    try await settle { self.presenter.lastPresentation?.progress == 0.25 }
    XCTAssertEqual(presenter.lastPresentation?.progress, 0.25)
    XCTAssertEqual(presenter.lastPresentation?.isRefreshing, true)
    feed.continuation.finish()
    _ = await load.value
  }

  func test_anErrorAfterSomeParts_keepsThem_andIsReportedOnce_neverRetried() async throws {
    let feed = Feed()
    let load = startStream(feed, retry: RetryPolicy(maximumRetries: 3, initialDelay: .zero))
    feed.continuation.yield(["a"])
    try await settle { self.model.content == ["a"] }
    feed.continuation.finish(throwing: TestError("disk"))
    let outcome = await load.value
    XCTAssertEqual(outcome, .failed(TestError("disk")))
    XCTAssertEqual(model.content, ["a"], "what arrived stays")
    XCTAssertEqual(model.currentState, .content)
    XCTAssertEqual(model.reportedErrors, ["disk"], "reported once, with content")
  }

  func test_anErrorBeforeTheFirstPart_isRetried() async {
    let attempts = Counter()
    let model = model
    let load = Task {
      await model.load(retry: RetryPolicy(maximumRetries: 1, initialDelay: .zero)) { _ in
        attempts.increment()
        let attempt = attempts.value
        return Parts { continuation in
          if attempt == 1 {
            continuation.finish(throwing: TestError("first"))
          } else {
            continuation.yield(["b"])
            continuation.finish()
          }
        }
      } reset: { model in
        model.content = []
      } apply: { model, part in
        model.content += part
      }
    }
    let outcome = await load.value
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(attempts.value, 2)
    XCTAssertEqual(model.content, ["b"])
  }

  func test_aSupersededStream_appliesNothingMore() async throws {
    let first = Feed()
    let second = Feed()
    let firstLoad = startStream(first)
    first.continuation.yield(["a"])
    try await settle { self.model.content == ["a"] }
    let secondLoad = startStream(second)
    let firstOutcome = await firstLoad.value
    XCTAssertEqual(firstOutcome, .superseded)
    first.continuation.yield(["late"])
    second.continuation.yield(["b"])
    try await settle { self.model.content == ["b"] }
    second.continuation.finish()
    _ = await secondLoad.value
    XCTAssertEqual(model.content, ["b"], "the superseded stream's late part is not applied")
  }

  func test_reload_runsTheStreamAgain() async {
    let runs = Counter()
    model.contentLoad = { model in
      await model.loadAppending { _ in
        runs.increment()
        return Parts { continuation in
          continuation.yield(["run \(runs.value)"])
          continuation.finish()
        }
      }
    }
    await model.loadContent()
    XCTAssertEqual(model.content, ["run 1"])
    let outcome = await model.reload()
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(model.content, ["run 2"], "reset, then the new parts")
  }

  func test_unlockingAStream_showsItsPartsOnceTheSourceAcceptsTheCredential_neverLockedAgain()
    async throws
  {
    let feed = Feed()
    let model = model
    model.contentLoad = { model in
      await model.loadAppending { context in
        guard context.credential != nil else {
          return Parts { $0.finish(throwing: ContentLockedError(.credentialRequired)) }
        }
        context.reportCredentialAccepted()
        return feed.stream
      }
    }
    let locked = await model.reload()
    XCTAssertEqual(locked, .locked(.credentialRequired))
    let unlock = Task { await model.unlock(with: Credential(password: "s3cret")) }
    try await settle { self.presenter.presentedKinds == [.loading, .locked, .loading] }

    feed.continuation.yield(["page 1"])
    try await settle { self.model.content == ["page 1"] }

    try await settle { self.model.currentState == .content }
    XCTAssertEqual(model.currentState, .content, "the source accepted the credential")
    XCTAssertNil(model.stateMachine.lock, "the lock is lifted at the first part")
    XCTAssertEqual(presenter.presentedKinds, [.loading, .locked, .loading, .content])
    feed.continuation.finish()
    let outcome = await unlock.value
    XCTAssertEqual(outcome, .unlocked)
    XCTAssertEqual(presenter.presentedKinds.last, .content)
    XCTAssertFalse(presenter.presentedKinds.dropFirst(2).contains(.locked), "never locked again")
  }

  /// Makes `loadContent()` stream a locked document that yields `header` before it checks
  /// the password — the first part is no proof that the password is right — and `pages`
  /// after it, recording every part the adopter is given.
  private func streamLockedDocument(header: String, pages: [String]) -> Counter {
    let applied = Counter()
    model.contentLoad = { model in
      await model.load { context in
        Parts { continuation in
          continuation.yield([header])
          guard let credential = context.credential else {
            return continuation.finish(throwing: ContentLockedError(.credentialRequired))
          }
          guard credential.secret == "s3cret" else {
            return continuation.finish(
              throwing: ContentLockedError(.incorrectCredential(attempts: 0)))
          }
          continuation.yield(pages)
          continuation.finish()
        }
      } reset: { model in
        model.content = []
      } apply: { model, part in
        applied.increment()
        model.content += part
      }
    }
    return applied
  }

  func test_aLockedStreamsPartsBeforeTheCredentialIsAccepted_neverShow_andEveryWrongOneCounts()
    async
  {
    let applied = streamLockedDocument(header: "title page", pages: ["page 1"])
    model.stateMachine.maximumUnlockAttempts = 2
    let locked = await model.reload()
    XCTAssertEqual(locked, .locked(.credentialRequired))
    XCTAssertEqual(model.content, [], "a part of a source that turned out locked is cleared")
    let (appliedBefore, shownBefore) = (applied.value, presenter.records.count)
    var outcomes: [UnlockOutcome] = []
    for guess in 1...5 {
      outcomes.append(await model.unlock(with: Credential(password: "guess \(guess)")))
    }
    XCTAssertEqual(applied.value, appliedBefore, "nothing from the locked source reached it")
    let shown = presenter.presentedKinds.dropFirst(shownBefore)
    XCTAssertFalse(shown.contains(.content), "\(shown)")
    XCTAssertEqual(model.stateMachine.unlockAttempts, 2, "every wrong password counted")
    XCTAssertEqual(
      outcomes.last, .attemptLimitReached(attempts: 2), "locked out after two: \(outcomes)")
    let refused = await model.unlock(with: Credential(password: "s3cret"))
    XCTAssertEqual(refused, .attemptLimitReached(attempts: 2), "even the right one, now")
  }

  func test_aLockedStreamThatNeverReportsTheCredentialAccepted_showsItsPartsAtItsEnd() async throws
  {
    let applied = streamLockedDocument(header: "title page", pages: ["page 1"])
    _ = await model.reload()
    let (appliedBefore, shownBefore) = (applied.value, presenter.records.count)
    let outcome = await model.unlock(with: Credential(password: "s3cret"))
    XCTAssertEqual(outcome, .unlocked)
    XCTAssertEqual(model.content, ["title page", "page 1"], "every part, in order, at the end")
    XCTAssertEqual(presenter.presentedKinds.dropFirst(shownBefore), [.loading, .content])
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0)
    XCTAssertEqual(applied.value - appliedBefore, 2, "applied once, at the end")
  }

  func test_aLockedStreamUnderAVerifier_showsItsPartsAsTheyArrive() async throws {
    let feed = Feed()
    let model = model
    model.stateMachine.credentialVerifier = { $0.secret == "s3cret" }
    model.contentLoad = { model in
      await model.loadAppending { context in
        guard context.credential != nil else {
          return Parts { $0.finish(throwing: ContentLockedError(.credentialRequired)) }
        }
        return feed.stream
      }
    }
    _ = await model.reload()
    let unlock = Task { await model.unlock(with: Credential(password: "s3cret")) }
    feed.continuation.yield(["page 1"])
    try await settle { self.model.currentState == .content }
    XCTAssertEqual(model.content, ["page 1"], "the verifier accepted it: parts are content")
    XCTAssertTrue(model.stateMachine.isRefreshing, "while the rest loads")
    feed.continuation.finish()
    let outcome = await unlock.value
    XCTAssertEqual(outcome, .unlocked)
  }

  func test_aFastStream_isReadNoFurtherAheadThanTheBound_ofWhatTheAdopterApplied() async {
    let produced = Counter()
    var largestLead = 0
    var appliedCount = 0
    let model = model
    let outcome = await model.load { _ in
      AsyncStream<[String]>(unfolding: {
        guard produced.value < 10_000 else { return nil }
        produced.increment()
        return ["line"]
      })
    } reset: { model in
      model.content = []
    } apply: { model, part in
      appliedCount += 1
      largestLead = max(largestLead, produced.value - appliedCount)
      model.content = part
    }
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(appliedCount, 10_000)
    XCTAssertLessThanOrEqual(
      largestLead, 18, "a stream is read on demand: at most 16 parts wait, one more is made")
  }

  // MARK: Under a loading policy

  func test_partsWithinTheShowDelay_showContent_withNoLoadingAtAll() async throws {
    model.stateMachine.loadingPolicy = .smooth
    let feed = Feed()
    let load = startStream(feed)
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .milliseconds(100))
    feed.continuation.yield(["a"])
    try await settle { self.model.content == ["a"] }
    try await settle { !self.presenter.records.isEmpty }
    XCTAssertEqual(presenter.presentedKinds, [.content], "no loading flash")
    clock.advance(by: .seconds(1))
    feed.continuation.finish()
    _ = await load.value
    XCTAssertFalse(presenter.presentedKinds.contains(.loading))
  }

  func test_loadingOnScreen_holdsTheFirstPart_untilItWasShownItsMinimumTime() async throws {
    model.stateMachine.loadingPolicy = .smooth
    let feed = Feed()
    let load = startStream(feed)
    try await settle { self.clock.sleeperCount == 1 }
    clock.advance(by: .milliseconds(150))
    try await settle { self.presenter.presentedKinds == [.loading] }
    clock.advance(by: .milliseconds(100))
    feed.continuation.yield(["a"])
    try await settle { self.model.content == ["a"] && self.clock.sleeperCount >= 1 }
    XCTAssertEqual(model.content, ["a"], "applied at once")
    XCTAssertEqual(presenter.presentedKinds, [.loading], "presented after 400 ms of loading")
    clock.advance(by: .milliseconds(300))
    try await settle { self.presenter.presentedKinds == [.loading, .content] }
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
    feed.continuation.finish()
    let outcome = await load.value
    XCTAssertEqual(outcome, .completed)
  }
}
