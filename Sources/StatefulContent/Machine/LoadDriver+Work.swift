// What a load runs — its operation, the parts of a stream, or the category API's own work —
// and the tasks that run its attempts and its timers.
extension LoadDriver {
  /// What the load runs: an operation that returns its value, one that delivers it in parts
  /// (a streaming load), or the adopter's own work (a category load).
  enum Work: Sendable {
    case value(@Sendable (LoadContext) async throws -> Value)
    /// A streaming load's work: `deliver` returns once the part may be followed by the next
    /// (see ``Mailbox/maximumWaitingParts``).
    case parts(
      @Sendable (LoadContext, _ deliver: @escaping @Sendable (Value) async -> Void) async throws
        -> Void)
    /// The category API's load: no operation runs here; the adopter's own work reports its
    /// progress with `updateLoadingProgress` and ends the attempt with `endLoading`.
    case category

    /// The work of a streaming load whose parts are the elements of a sequence.
    ///
    /// The sequence is read on demand: the next element is asked for once the part before it
    /// was delivered, so at most ``Mailbox/maximumWaitingParts`` parts wait to be applied,
    /// however fast the sequence produces them.
    ///
    /// - Parameter makeParts: Makes the sequence for an attempt; it is iterated in the
    ///   attempt's task.
    static func iterating<Parts: AsyncSequence & SendableMetatype>(
      _ makeParts: @escaping @Sendable (LoadContext) -> Parts
    ) -> Work where Parts.Element == Value {
      .parts { context, deliver in
        for try await part in makeParts(context) { await deliver(part) }
      }
    }

    /// Runs the work for attempt `attempt`: its value, or `nil` when it delivered its value in
    /// parts (posted to `mailbox`) or is the adopter's own work.
    func perform(
      _ context: LoadContext, attempt: Int, mailbox: Mailbox
    ) async -> Result<Value?, any Error> {
      do {
        switch self {
        case .value(let operation):
          return .success(try await operation(context))
        case .parts(let operation):
          try await operation(context) { part in await mailbox.post(part: part, attempt: attempt) }
          return .success(nil)
        case .category:
          return .success(nil)
        }
      } catch {
        return .failure(error)
      }
    }

    /// The work of one attempt, handed to its task once: the task takes it out, so the work is
    /// released when it ends, not when the task's closure is.
    final class Handoff: @unchecked Sendable {
      // @unchecked Sendable: written when the attempt starts, before its task exists; read
      // and cleared once, by that task alone.
      private var work: Work?

      init(_ work: Work) {
        self.work = work
      }

      func take() -> Work {
        defer { work = nil }
        return work ?? .category
      }
    }

    /// The same work, after `verifier` accepted `credential`; a refused one throws
    /// ``ContentLockedError/incorrectCredential`` without running it.
    func verifying(
      _ credential: Credential, with verifier: @escaping @Sendable (Credential) async throws -> Bool
    ) -> Work {
      switch self {
      case .value(let operation):
        .value { context in
          try await ContentLock.verify(credential, with: verifier)
          return try await operation(context)
        }
      case .parts(let operation):
        .parts { context, deliver in
          try await ContentLock.verify(credential, with: verifier)
          context.reportCredentialAccepted()
          try await operation(context, deliver)
        }
      case .category: .category
      }
    }
  }

  func startAttempt(_ attempt: Int) {
    withheldParts = []  // A failed attempt's parts were never content.
    let mailbox = mailbox
    let work = trialWork ?? work
    // Only a stream's parts wait for an accepted credential: a load of one value needs no
    // closure for it.
    let credentialAccepted: @Sendable () -> Void
    switch work {
    case .value: credentialAccepted = {}
    case .parts: credentialAccepted = { mailbox.post(.credentialAccepted(attempt: attempt)) }
    case .category: return  // The adopter's own work: nothing runs here.
    }
    let context = LoadContext(
      attempt: attempt, credential: credential,
      report: { fraction in mailbox.post(.progress(attempt: attempt, fraction)) },
      credentialAccepted: credentialAccepted)
    // The task lets go of the work — and the adopter its operation may capture — before it
    // reports the attempt finished: a `load` that returned holds nothing of its adopter.
    let handoff = Work.Handoff(work)
    let task = Task {
      let result = await handoff.take().perform(context, attempt: attempt, mailbox: mailbox)
      mailbox.post(.finished(attempt: attempt, result))
    }
    machine.retain(task, forLoad: id)
  }

  /// Starts a timer of the load, cancelled with it: its event arrives in the mailbox of a
  /// run of `load`, or — for a category load — on the actor the load was started on.
  func schedule(_ timer: LoadLifecycle.Timer, at deadline: Duration) {
    let sleep = machine.clock.sleep
    let task: Task<Void, Never>
    if case .category = work {
      guard let actor else { return }
      task = CategoryLoadTimer(timer: timer, load: id, machine: machine, host: host)
        .start(at: deadline, sleep: sleep, isolation: actor)
    } else {
      let mailbox = mailbox
      task = Task {
        do {
          try await sleep(deadline)
        } catch is CancellationError {
          return  // The load ended (or moved on): nobody waits for this timer.
        } catch {
          // A clock that fails to sleep must not wedge the load: the wait counts as elapsed.
        }
        mailbox.post(.timer(timer))
      }
    }
    machine.retain(task, forLoad: id)
  }
}
