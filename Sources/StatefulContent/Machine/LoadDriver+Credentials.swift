// What a load does on its own when it finds its content locked: the steps of its
// `CredentialTrials` — try the empty credential, ask the credential store, try what it
// remembers, have it forget what was refused — before the lock is presented.
extension LoadDriver {
  /// Performs a step of the load's credential trials.
  ///
  /// - Returns: How the load ended, or `nil` while it goes on.
  func perform<Host: StatefulContent>(
    _ step: CredentialTrials.Step, host: Host, apply: (Value) -> Void, reset: () -> Void
  ) -> LoadOutcome? {
    switch step {
    case .tryCredential(let trial):
      guard
        let attempt = machine.credentialTrialStarts(
          id, with: trial, recall: trials.recall, document: trials.fingerprint,
          clearingParts: hasParts, host: host,
          animated: animated, clearParts: reset)
      else { return nil }
      hasParts = false
      credential = trial
      trialWork = machine.credentialVerifier.map { work.verifying(trial, with: $0) }
      startAttempt(attempt)
    case .lookUp(let fingerprint):
      machine.noteRecall(trials.recall)
      askStore(answer: { .credentialRecalled($0) }) { store in
        .credential(try await store.credential(for: fingerprint))
      }
    case .forget(let fingerprint):
      machine.noteRecall(trials.recall)
      askStore(answer: { _ in .credentialForgotten }) { store in
        try await store.forgetCredential(for: fingerprint)
        return .credential(nil)
      }
    case .presentLock(let lock):
      machine.noteRecall(trials.recall)
      // The lock is presented as the load found it: none of the trials' credentials counts.
      credential = nil
      trialWork = nil
      guard let attempt = machine.currentAttempt(ofLoad: id) else { return nil }
      return attemptFinished(attempt, .failure(lock), host: host, apply: apply, reset: reset)
    }
    return nil
  }

  /// Calls the credential store within the memory's time limit, in a task cancelled with the
  /// load, and posts what came of it.
  private func askStore(
    answer: @escaping @Sendable (CredentialTrials.Answer) -> Event,
    _ call: @escaping @Sendable (any CredentialStore) async throws -> CredentialTrials.Answer
  ) {
    let mailbox = mailbox
    guard let memory = machine.credentialMemory else {
      mailbox.post(answer(.failed))
      return
    }
    let clock = machine.clock
    let task = Task {
      let limit = memory.timeLimit
      switch await CredentialStoreCall.run(
        timeLimit: limit, clock: clock, { try await call(memory.store) })
      {
      case .answered(let value): mailbox.post(answer(value))
      case .failed: mailbox.post(answer(.failed))
      case .timedOut: mailbox.post(answer(.timedOut(after: max(limit, .zero))))
      case .cancelled: return  // The load ended: nobody waits for the store.
      }
    }
    machine.retain(task, forLoad: id)
  }
}
