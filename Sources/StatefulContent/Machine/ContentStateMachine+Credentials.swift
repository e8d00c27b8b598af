// Remembered credentials: the memory the adopter gives, and what a load does with it when it
// finds its content locked (the steps are `CredentialTrials`', performed by the load's driver
// in LoadDriver+Credentials.swift).
extension ContentStateMachine {
  /// Where credentials are remembered, and whether: with it, a load that finds its content
  /// locked (``ContentLockedError`` with a ``ContentLockedError/fingerprint``) tries the
  /// credential the store remembers for the document before it presents the lock, and an
  /// unlock remembers the credential that opened it as the memory's policy says.
  ///
  /// `nil` (the default) remembers nothing. A remembered credential that opens the document
  /// never presents the locked state and counts no attempt; one that no longer opens it is
  /// forgotten, and the lock is presented as found — not as a wrong password. A store that
  /// throws, takes longer than ``CredentialMemory/timeLimit`` or answers wrongly only means
  /// the user is asked. See <doc:LockedDocuments>.
  public var credentialMemory: CredentialMemory? {
    get { contentLock.memory }
    set { contentLock.memory = newValue }
  }

  /// What the last load did with credentials on its own before it presented a lock, or `nil`
  /// when it did nothing (the decision's reasons say it too).
  public var credentialRecall: CredentialRecall? { contentLock.recall }

  /// Whether `attempt` is the running attempt of load `id`.
  func isCurrentAttempt(_ attempt: Int, ofLoad id: UInt64) -> Bool {
    loads.updateLifecycle(of: id) { $0.attempt == attempt } ?? false
  }

  /// The running attempt of load `id`, or `nil` when the load is not the running one.
  func currentAttempt(ofLoad id: UInt64) -> Int? {
    loads.updateLifecycle(of: id) { $0.attempt }
  }

  /// Load `id` runs its attempt again with `credential`, one it tries on its own: no attempt
  /// is spent, and the credential's secret is kept away from every text.
  ///
  /// - Parameters:
  ///   - document: What identifies the locked document, when the lock said.
  ///   - clearingParts: Whether parts of a stream arrived before the lock was found: they
  ///     were the locked source's, never content, so `clearParts` clears them and the state is
  ///     decided again — as a load that presents the lock clears them — and the trial's parts
  ///     are not added to them.
  ///   - clearParts: Clears the adopter's content.
  /// - Returns: The attempt to run, or `nil` when the load is not the running one.
  func credentialTrialStarts<Host: StatefulContent>(
    _ id: UInt64, with credential: Credential, recall: CredentialRecall?,
    document: CredentialFingerprint?, clearingParts: Bool, host: Host, animated: Bool,
    clearParts: () -> Void
  ) -> Int? {
    guard let attempt = loads.updateLifecycle(of: id, { $0.credentialTrialStarts() }) else {
      return nil
    }
    updateLock {
      $0.credentialTried(credential)
      $0.recalled(recall, document: document)
    }
    updateInputs { $0.retryStarted(attempt: attempt) }
    if clearingParts {
      callingHook(clearParts)
      submitDecidedState(host: host, animated: animated)
    }
    return attempt
  }

  /// What the running load did with credentials on its own changed: the next decision says
  /// so.
  func noteRecall(_ recall: CredentialRecall?) {
    guard contentLock.recall != recall else { return }
    updateLock { $0.recalled(recall) }
  }
}
