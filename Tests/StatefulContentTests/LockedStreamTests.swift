import StatefulContent
import StatefulContentTesting
import XCTest

/// Streams of locked content against the attempt limit, `lock()`/`reset()` during keyed
/// streams, back-pressure and cancellation, and `loadContent()` off its actor: sequences of a
/// hostile pass over the fixes of issue 21.
final class LockedStreamTests: LoadTestCase {
  typealias Parts = AsyncThrowingStream<[String], any Error>

  /// A stream the test feeds part by part.
  final class Feed: Sendable {
    let stream: Parts
    let continuation: Parts.Continuation
    init() { (stream, continuation) = Parts.makeStream() }
  }

  /// A locked document's stream as `loadContent()`: with no credential it is locked; with one
  /// it runs `body` (which yields and finishes the stream), recording every applied part.
  @discardableResult
  private func streamLocked(
    retry: RetryPolicy? = nil,
    _ body: @escaping @Sendable (LoadContext, Credential, Parts.Continuation) -> Void
  ) -> Counter {
    let applied = Counter()
    model.contentLoad = { model in
      await model.load(retry: retry) { context in
        Parts { continuation in
          guard let credential = context.credential else {
            return continuation.finish(throwing: ContentLockedError(.credentialRequired))
          }
          body(context, credential, continuation)
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

  // MARK: 1. Locked streams and the attempt limit

  /// A stream that reports the credential accepted, delivers a part, then throws a lock error
  /// (the source opened, then refused the password): the attempt counts — the part lifts the
  /// lock but does not reset the count, which only a load's success does.
  func test_acceptThenPartThenLockError_countsTheAttempt_andLocksOut() async {
    _ = streamLocked { context, credential, continuation in
      context.reportCredentialAccepted()
      continuation.yield(["cover"])
      if credential.secret == "s3cret" {
        continuation.yield(["page 1"])
        continuation.finish()
      } else {
        continuation.finish(throwing: ContentLockedError.incorrectCredential)
      }
    }
    model.stateMachine.maximumUnlockAttempts = 2
    _ = await model.reload()
    XCTAssertEqual(model.stateMachine.lock, .credentialRequired)
    var outcomes: [UnlockOutcome] = []
    var counts: [Int] = []
    for guess in 1...5 {
      outcomes.append(await model.unlock(with: Credential(password: "guess \(guess)")))
      counts.append(model.stateMachine.unlockAttempts)
    }
    XCTAssertEqual(counts, [1, 2, 2, 2, 2], "every refused password counts: \(outcomes)")
    XCTAssertEqual(outcomes.last, .attemptLimitReached(attempts: 2), "\(outcomes)")
    XCTAssertEqual(model.content, [], "a refused source's parts are cleared")
  }

  /// Guard: accept then lock error with no part in between counts.
  func test_acceptThenLockErrorWithoutAPart_counts() async {
    _ = streamLocked { context, credential, continuation in
      context.reportCredentialAccepted()
      context.reportCredentialAccepted()
      continuation.finish(throwing: ContentLockedError.incorrectCredential)
    }
    model.stateMachine.maximumUnlockAttempts = 3
    _ = await model.reload()
    var outcomes: [UnlockOutcome] = []
    for guess in 1...5 {
      outcomes.append(await model.unlock(with: Credential(password: "g\(guess)")))
    }
    XCTAssertEqual(model.stateMachine.unlockAttempts, 3)
    XCTAssertEqual(outcomes.last, .attemptLimitReached(attempts: 3), "\(outcomes)")
    XCTAssertFalse(presenter.presentedKinds.contains(.content))
  }

  /// An attempt that accepted the credential and then failed before its first part is
  /// retried: the retry's parts are withheld again until it accepts the credential, so a part
  /// it delivers before its check is never content.
  func test_aRetriedAttempt_mustHaveItsCredentialAcceptedAgain() async throws {
    let attempts = Counter()
    _ = streamLocked(retry: RetryPolicy(maximumRetries: 1, initialDelay: .zero)) {
      context, credential, continuation in
      attempts.increment()
      if context.attempt == 1 {
        context.reportCredentialAccepted()
        return continuation.finish(throwing: TestError("network"))
      }
      continuation.yield(["header before the check"])
      continuation.finish(throwing: ContentLockedError.incorrectCredential)
    }
    model.stateMachine.maximumUnlockAttempts = 2
    _ = await model.reload()
    let shownBefore = presenter.records.count
    var outcomes: [UnlockOutcome] = []
    var counts: [Int] = []
    for guess in 1...3 {
      let done = Counter()
      let unlock = Task {
        let outcome = await self.model.unlock(with: Credential(password: "g\(guess)"))
        done.increment()
        return outcome
      }
      for _ in 0..<20 where done.value == 0 {
        await settle(turns: 100)
        clock.advance(by: .seconds(1))
      }
      outcomes.append(await unlock.value)
      counts.append(model.stateMachine.unlockAttempts)
    }
    let shown = Array(presenter.presentedKinds.dropFirst(shownBefore))
    XCTAssertFalse(shown.contains(.content), "an unchecked part shown as content: \(shown)")
    XCTAssertEqual(counts, [1, 2, 2], "\(outcomes)")
  }

  /// Guard: parts before the check and after acceptance, accepted from a detached task late.
  func test_acceptFromAnotherTaskAfterTheLoadEnded_changesNothing() async {
    let contexts = LockedState<[LoadContext]>([])
    _ = streamLocked { context, credential, continuation in
      contexts.withLock { $0.append(context) }
      continuation.yield(["header"])
      continuation.finish(throwing: ContentLockedError.incorrectCredential)
    }
    model.stateMachine.maximumUnlockAttempts = 2
    _ = await model.reload()
    _ = await model.unlock(with: Credential(password: "wrong"))
    for context in contexts.withLock({ $0 }) {
      await Task.detached { context.reportCredentialAccepted() }.value
    }
    await settle()
    XCTAssertEqual(model.stateMachine.unlockAttempts, 1)
    XCTAssertEqual(model.content, [])
    let second = await model.unlock(with: Credential(password: "wrong again"))
    XCTAssertEqual(second, .attemptLimitReached(attempts: 2))
    XCTAssertFalse(presenter.presentedKinds.contains(.content))
  }

  /// Guard: a lock() during an unlock stream whose parts are withheld: nothing shows, the
  /// withheld parts never reach the adopter, the load ends.
  func test_lockDuringAnUnlockStream_withheldPartsNeverApplied() async throws {
    let feed = Feed()
    let applied = Counter()
    model.contentLoad = { model in
      await model.load { context in
        guard context.credential != nil else {
          return Parts { $0.finish(throwing: ContentLockedError(.credentialRequired)) }
        }
        return feed.stream
      } reset: { model in
        model.content = []
      } apply: { model, part in
        applied.increment()
        model.content += part
      }
    }
    _ = await model.reload()
    let unlock = Task { await self.model.unlock(with: Credential(password: "x")) }
    try await settle { self.model.stateMachine.isLoading }
    feed.continuation.yield(["secret 1"])
    feed.continuation.yield(["secret 2"])
    await settle()
    model.lock()
    feed.continuation.yield(["secret 3"])
    feed.continuation.finish()
    let outcome = await unlock.value
    XCTAssertEqual(applied.value, 0)
    XCTAssertEqual(model.content, [])
    XCTAssertEqual(model.currentState.kind, .locked, "\(outcome)")
    XCTAssertFalse(presenter.presentedKinds.contains(.content))
  }

  // MARK: 3. Back-pressure and cancellation

  /// Parts waiting in the mailbox when the awaiting task is cancelled are never applied: the
  /// cancellation signal queues behind them, and a cancelled stream applies nothing more.
  func test_partsWaitingWhenTheTaskIsCancelled_areNeverApplied() async throws {
    let produced = Counter()
    let model = model
    let load = Task {
      await model.loadAppending { _ in
        AsyncStream<[String]>(unfolding: {
          produced.increment()  // never ends
          return ["p\(produced.value)"]
        })
      }
    }
    // Let the producer fill the mailbox without the main actor taking parts.
    let deadline = ContinuousClock.now + .seconds(5)
    try await settle { produced.value > 0 }  // the load started and reads parts
    let spinEnd = ContinuousClock.now + .milliseconds(200)
    while ContinuousClock.now < min(spinEnd, deadline) {}  // the main actor stays busy
    let atCancel = model.content
    load.cancel()
    let outcome = await load.value
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertEqual(
      model.content.count, atCancel.count,
      "a cancelled stream applies nothing more (applied \(model.content.count - atCancel.count) after cancel)"
    )
  }

  /// Guard: producers that never finish and ignore cancellation; every load ends, every
  /// completion runs once, the producer is let go.
  func test_neverEndingProducers_supersededCancelledAndReleased_allEnd() async throws {
    let model = model
    var outcomes: [LoadOutcome] = []
    let released = Counter()
    for round in 0..<30 {
      let load = Task { () -> LoadOutcome in
        await model.load { _ in
          AsyncStream<[String]> { continuation in
            let task = Task.detached {
              var i = 0
              while true {
                if case .terminated = continuation.yield(["r\(round)-\(i)"]) { break }
                i += 1
                await Task.yield()
              }
              released.increment()
            }
            continuation.onTermination = { _ in _ = task }
          }
        } reset: { model in
          model.content = []
        } apply: { model, part in
          model.content = part
        }
      }
      await settle(turns: 20)
      switch round % 3 {
      case 0: load.cancel()
      case 1: model.cancelLoading()
      default: await model.load(into: \.content) { _ in ["done"] }
      }
      outcomes.append(await load.value)
    }
    XCTAssertEqual(outcomes.count, 30)
    XCTAssertFalse(model.stateMachine.hasActiveLoad)
    try await settle("every producer stops once its stream is terminated") { released.value == 30 }
  }

  // MARK: 5. loadContent() off its actor

  /// Guard (run under TSan): a loadContent() that Swift runs off the actor, starting two loads
  /// and a page of its own from an unstructured task, raced by unlock, reload and lock.
  func test_offActorLoadContent_racingReloadsUnlocksAndLocks_staysOnItsActor() async throws {
    let model = OffActorModel()
    var mistakes: [AdoptionMistake] = []
    model.stateMachine.adoptionMistakeHandler = { mistakes.append($0) }
    model.stateMachine.credentialVerifier = { $0.secret == "pw" }
    var tasks: [Task<Void, Never>] = []
    for round in 0..<40 {
      switch round % 4 {
      case 0: tasks.append(Task { _ = await model.reload() })
      case 1: tasks.append(Task { _ = await model.unlock(with: Credential(password: "pw")) })
      case 2: model.lock()
      default: model.cancelLoading()
      }
      await settle(turns: 3)
    }
    for task in tasks { await task.value }
    try await settle { !model.stateMachine.hasActiveLoad }
    XCTAssertTrue(mistakes.allSatisfy { $0 == .loadContentRanOffItsActor }, "\(mistakes)")
    XCTAssertEqual(model.presentedOffTheMainThread, 0)
  }

  // MARK: 2. lock()/reset() during keyed streams

  private func keyedStream(_ query: String, _ stream: AsyncStream<[String]>) -> Task<
    LoadOutcome, Never
  > {
    let model = model
    return Task {
      await model.loadAppending(key: query) { _ in stream }
    }
  }

  /// The content's key as a test knows it: which query the adopter's content came from.
  private func keyOfContent() -> LoadKey? {
    guard let first = model.content.first else { return nil }
    return LoadKey(String(first.prefix(1)))
  }

  /// An unlock checked by the verifier alone (no `loadContent()`) keeps the content's key:
  /// keyed content "a" is presented with key "a" after the unlock.
  func test_aVerifierOnlyUnlockOfKeyedContent_keepsItsKey() async throws {
    model.stateMachine.credentialVerifier = { $0.secret == "pw" }
    _ = await model.load(into: \.content, key: "a") { _ in ["apple"] }
    model.lock()
    let outcome = await model.unlock(with: Credential(password: "pw"))
    XCTAssertEqual(outcome, .unlocked)
    XCTAssertEqual(presenter.lastPresentation?.state.kind, .content)
    XCTAssertEqual(presenter.lastPresentation?.key, LoadKey("a"), "apple is a's content")
  }

  /// Guard: random interleavings of keyed streams, lock, reset, cancel and unlock (with a
  /// verifier): every content presentation names the key of the content the adopter holds.
  func test_randomKeyedStreamsWithLockAndReset_presentationKeyNamesTheContentsKey() async throws {
    try await randomKeyedRun(ignoresNilLabel: true)
  }

  private func randomKeyedRun(ignoresNilLabel: Bool) async throws {
    var failures: [String] = []
    for seed in 1...60 {
      try await setUp()
      var rng = SplitMix64(seed: UInt64(seed))
      model.stateMachine.credentialVerifier = { $0.secret == "pw" }
      var feeds: [AsyncStream<[String]>.Continuation] = []
      var tasks: [Task<LoadOutcome, Never>] = []
      var log: [String] = []
      let model = model
      for step in 0..<25 {
        let query = ["a", "b", "c"][Int(rng.next() % 3)]
        switch rng.next() % 9 {
        case 0, 1:
          let (parts, continuation) = AsyncStream<[String]>.makeStream()
          feeds.append(continuation)
          tasks.append(keyedStream(query, parts))
          log.append("stream(\(query))")
        case 2, 3:
          if let feed = feeds.last {
            // A part names its stream's key by its first letter.
            let key =
              log.last(where: { $0.hasPrefix("stream(") }).map { String($0.dropFirst(7).prefix(1)) }
              ?? "z"
            feed.yield(["\(key)\(step)"])
            log.append("yield(\(key))")
          }
        case 4:
          feeds.last?.finish()
          log.append("finish")
        case 5:
          model.lock()
          log.append("lock")
        case 6:
          model.reset()
          log.append("reset")
        case 7:
          model.cancelLoading()
          log.append("cancel")
        default:
          tasks.append(
            Task {
              _ = await model.unlock(with: Credential(password: "pw")); return .completed
            })
          log.append("unlock")
        }
        await settle(turns: 30)
        for record in presenter.records where record.presentation.state.kind == .content {
          _ = record
        }
        if let last = presenter.lastPresentation, last.state.kind == .content,
          !last.showsPreviousKey, let contentKey = keyOfContent(), last.key != contentKey,
          last.key != nil || !ignoresNilLabel
        {
          failures.append(
            "seed \(seed) step \(step): content \(model.content) presented as \(String(describing: last.key)) after \(log)"
          )
          break
        }
        if model.stateMachine.lock != nil, presenter.lastPresentation?.state.kind == .content {
          failures.append("seed \(seed) step \(step): content presented while locked after \(log)")
          break
        }
      }
      for feed in feeds { feed.finish() }
      model.cancelLoading()
      for task in tasks { _ = await task.value }
    }
    XCTAssertEqual(failures, [], "\(failures.count) of 60 seeds")
  }

  // MARK: A confirming pass: accepted, then a non-lock error, then lock errors

  func test_acceptedThenNonLockError_thenLockErrors_reachTheLimit_neverShowContent() async {
    let calls = Counter()
    streamLocked { context, _, continuation in
      calls.increment()
      if calls.value == 1 {
        context.reportCredentialAccepted()
        continuation.finish(throwing: TestError("network"))
      } else {
        continuation.yield(["secret header"])
        continuation.finish(throwing: ContentLockedError.incorrectCredential)
      }
    }
    model.stateMachine.maximumUnlockAttempts = 2
    _ = await model.reload()
    XCTAssertEqual(model.stateMachine.lock, .credentialRequired)
    var log: [String] = []
    var last: UnlockOutcome?
    for guess in 1...6 {
      if model.stateMachine.lock == nil && model.currentState.kind == .error
        && !log.contains(where: { $0.hasPrefix("reload") })
      {
        let outcome = await model.reload()
        log.append(
          "reload→\(String(describing: outcome)) kind=\(model.currentState.kind) n=\(model.stateMachine.unlockAttempts)"
        )
        continue
      }
      let outcome = await model.unlock(with: Credential(password: "g\(guess)"))
      last = outcome
      log.append(
        "unlock→\(outcome) kind=\(model.currentState.kind) n=\(model.stateMachine.unlockAttempts)")
      if case .attemptLimitReached = outcome { break }
    }
    XCTAssertEqual(last, .attemptLimitReached(attempts: 2), "\(log)")
    XCTAssertEqual(model.stateMachine.unlockAttempts, 2, "\(log)")
    XCTAssertEqual(model.content, [], "\(log)")
    XCTAssertFalse(
      presenter.presentedKinds.contains(.content), "\(presenter.presentedKinds) \(log)")
  }

  // MARK: A confirming pass: Retry of unlocked content whose stream turns out locked after parts

  func test_reloadOfUnlockedContent_lockErrorAfterParts_clearsLocksAndCounts() async {
    let passwordChanged = LockedState(false)
    streamLocked { context, credential, continuation in
      if passwordChanged.withLock({ $0 }) {
        continuation.yield(["stale 1"])
        continuation.yield(["stale 2"])
        continuation.finish(throwing: ContentLockedError.incorrectCredential)
      } else if credential.secret == "pw" {
        context.reportCredentialAccepted()
        continuation.yield(["page 1"])
        continuation.finish()
      } else {
        continuation.finish(throwing: ContentLockedError.incorrectCredential)
      }
    }
    _ = await model.reload()
    let unlocked = await model.unlock(with: Credential(password: "pw"))
    XCTAssertEqual(unlocked, .unlocked)
    XCTAssertEqual(model.content, ["page 1"])
    passwordChanged.withLock { $0 = true }
    let outcome = await model.reload()
    await settle()
    XCTAssertEqual(
      model.content, [],
      "parts of a source that turned out locked go (\(String(describing: outcome)))")
    XCTAssertEqual(model.currentState.kind, .locked, "\(String(describing: outcome))")
    XCTAssertNotNil(model.stateMachine.lock)
    XCTAssertEqual(
      model.stateMachine.unlockAttempts, 1,
      "the refused credential counts: \(String(describing: outcome))")
    XCTAssertNotEqual(presenter.lastPresentation?.state.kind, .content)
  }

  // MARK: A confirming pass: unlock, cancel mid-withheld-stream, unlock again

  func test_unlockCancelledMidWithheldStream_thenUnlockAgain_countsOnlyTheRefusal() async throws {
    let feeds = LockedState<[Parts.Continuation]>([])
    let applied = Counter()
    model.contentLoad = { model in
      await model.load { context in
        guard context.credential != nil else {
          return Parts { $0.finish(throwing: ContentLockedError(.credentialRequired)) }
        }
        let (stream, continuation) = Parts.makeStream()
        feeds.withLock { $0.append(continuation) }
        return stream
      } reset: { model in
        model.content = []
      } apply: { model, part in
        applied.increment()
        model.content += part
      }
    }
    model.stateMachine.maximumUnlockAttempts = 3
    _ = await model.reload()
    let first = Task { await self.model.unlock(with: Credential(password: "wrong 1")) }
    try await settle { feeds.withLock { $0.count } == 1 }
    let feed1 = feeds.withLock { $0[0] }
    feed1.yield(["unchecked 1"])
    feed1.yield(["unchecked 2"])
    await settle()
    model.cancelLoading()
    feed1.yield(["late"])
    feed1.finish()
    let firstOutcome = await first.value
    await settle()
    XCTAssertEqual(applied.value, 0, "\(firstOutcome)")
    XCTAssertEqual(model.content, [])
    XCTAssertEqual(model.currentState.kind, .locked, "\(firstOutcome)")
    XCTAssertEqual(model.stateMachine.unlockAttempts, 0, "a cancelled try is no refusal")

    let second = Task { await self.model.unlock(with: Credential(password: "wrong 2")) }
    try await settle { feeds.withLock { $0.count } == 2 }
    let feed2 = feeds.withLock { $0[1] }
    feed2.yield(["unchecked 3"])
    feed2.finish(throwing: ContentLockedError.incorrectCredential)
    let secondOutcome = await second.value
    XCTAssertEqual(secondOutcome, .incorrectCredential(attempts: 1))
    XCTAssertEqual(model.stateMachine.unlockAttempts, 1)
    XCTAssertEqual(applied.value, 0)
    XCTAssertEqual(model.content, [])
    XCTAssertFalse(presenter.presentedKinds.contains(.content), "\(presenter.presentedKinds)")
  }

  // MARK: A confirming pass: lock() during a keyed stream, then unlock with a verifier

  func test_lockDuringAKeyedStream_thenVerifierUnlock_presentsTheContentsKey() async throws {
    model.stateMachine.credentialVerifier = { $0.secret == "pw" }
    _ = await model.load(into: \.content, key: "a") { _ in ["a-apple"] }
    let (parts, feed) = AsyncStream<[String]>.makeStream()
    let model = model
    let load = Task { await model.loadAppending(key: "b") { _ in parts } }
    try await settle { model.stateMachine.isLoading }
    feed.yield(["b-banana"])
    try await settle { model.content == ["b-banana"] }
    model.lock()
    feed.yield(["b-late"])
    feed.finish()
    let loadOutcome = await load.value
    let outcome = await model.unlock(with: Credential(password: "pw"))
    await settle()
    XCTAssertEqual(outcome, .unlocked, "\(loadOutcome)")
    guard let last = presenter.lastPresentation, last.state.kind == .content else {
      return XCTFail(
        "no content after unlock: \(presenter.presentedKinds) content \(model.content)")
    }
    let contentKey = model.content.first.map { LoadKey(String($0.prefix(1))) }
    XCTAssertEqual(
      last.key, contentKey, "content \(model.content) presented as \(String(describing: last.key))")
  }
}

/// A class no actor isolates whose plain `loadContent()` sits in an extension that does not
/// name the conformance: Swift runs it off its caller's actor.
final class OffActorModel: StatefulContent, Presenter {
  let stateMachine = ContentStateMachine()
  var content: [String] = []
  var presentedOffTheMainThread = 0

  init() {
    stateMachine.presenter = self
    stateMachine.loadingPolicy = .immediate
  }

  func present(_ presentation: Presentation, animated: Bool, finished: @escaping () -> Void) {
    if !Thread.isMainThread { presentedOffTheMainThread += 1 }
    finished()
  }
}

extension OffActorModel {
  func loadContent() async {
    await Task.yield()
    await load { _ in
      AsyncStream<[String]> { continuation in
        continuation.yield(["one"])
        continuation.yield(["two"])
        continuation.finish()
      }
    } reset: { model in
      model.content = []
    } apply: { model, part in
      model.content += part
    }
    await load(into: \.content) { _ in ["second"] }
  }
}
