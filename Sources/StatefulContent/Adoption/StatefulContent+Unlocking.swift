extension StatefulContent {
  /// Locks the content: the state becomes locked until ``unlock(with:remember:animated:isolation:)``
  /// succeeds or a load succeeds.
  ///
  /// Use it when the host knows before loading that a credential is needed; a load's
  /// operation can instead throw ``ContentLockedError``.
  ///
  /// - Parameters:
  ///   - reason: Why the content is locked. Defaults to ``LockReason/credentialRequired``.
  ///   - fingerprint: What identifies the locked document, so that an unlock can remember its
  ///     credential (``ContentStateMachine/credentialMemory``); `nil` (the default) remembers
  ///     none. Trying a remembered credential needs a load, which can open the document: a
  ///     load's ``ContentLockedError`` does that.
  ///   - animated: Whether to animate the change.
  ///   - completion: Called exactly once with how the transition ended.
  public func lock(
    _ reason: LockReason = .credentialRequired, fingerprint: CredentialFingerprint? = nil,
    animated: Bool = false, completion: TransitionCompletion? = nil
  ) {
    let machine = stateMachine
    machine.enter(
      orLater: {
        self.lock(reason, fingerprint: fingerprint, animated: animated, completion: completion)
      }
    ) {
      machine.endRunningLoadForNewState()
      machine.lockContent(reason, fingerprint: fingerprint)
      requestDecidedState(animated: animated, completion: completion)
    }
  }

  /// Tries a credential on locked content and, when it is right, loads the content with it.
  ///
  /// The unlock asks the adopter's ``loadContent()`` for its load: the first load that starts
  /// there — in this task, or a task it creates; never a load another task starts meanwhile —
  /// runs with the credential (in ``LoadContext/credential``) — the reload with the
  /// password that the reference PDF viewers require. While the credential is verified the
  /// state is loading (replacing the locked placeholder, never stacked on it); content is
  /// never presented while the lock holds. Then:
  /// - right: the lock is lifted and the load decides content, empty or error; later
  ///   ``reload(isolation:)`` calls keep the content unlocked;
  /// - wrong: the state is locked again with ``LockReason/incorrectCredential(attempts:)``,
  ///   and the user may try again — without limit, or until
  ///   ``ContentStateMachine/maximumUnlockAttempts``, after which the state is error with
  ///   ``UnlockError/attemptLimitReached(attempts:)``;
  /// - cancelled (``cancelLoading()`` or the awaiting task): the locked state comes back and
  ///   nothing prompts again.
  ///
  /// The credential is checked by ``ContentStateMachine/credentialVerifier`` when one is set
  /// (before the load's operation runs), and otherwise by the load's operation, which throws
  /// ``ContentLockedError`` when it is wrong. An adopter without a ``loadContent()`` of its
  /// own has the credential checked by the verifier alone.
  ///
  /// ```swift
  /// func loadContent() async {
  ///   await load(into: \.pages) { context in
  ///     try await PDF.open(path, password: context.credential?.secret)
  ///   }
  /// }
  /// // On the Unlock action:
  /// await document.unlock(with: Credential(password: typed))
  /// ```
  ///
  /// - Parameters:
  ///   - credential: The credential to try.
  ///   - remember: Whether the user asked to remember the credential — the "Remember this
  ///     password" checkbox — once it unlocked the document: it is remembered when the
  ///     machine's ``ContentStateMachine/credentialMemory`` has the policy
  ///     ``CredentialMemory/Policy/ask`` (``CredentialMemory/Policy/always`` remembers it
  ///     anyway, ``CredentialMemory/Policy/never`` never). The unlock returns once the store
  ///     has it, or after the memory's time limit. Defaults to `false`.
  ///   - animated: Whether to animate the transitions of a check by the verifier alone (the
  ///     adopter's load says for its own). Defaults to `true`.
  ///   - isolation: The actor that owns the machine; inferred from the caller.
  /// - Returns: How the unlock ended; ``UnlockOutcome/failed(_:)`` with
  ///   ``UnlockError/noVerifier`` when nothing could check the credential (no load started
  ///   and no verifier is set).
  @discardableResult
  public func unlock(
    with credential: Credential,
    remember: Bool = false,
    animated: Bool = true,
    isolation: isolated (any Actor)? = #isolation
  ) async -> UnlockOutcome {
    let machine = stateMachine
    switch machine.contentLock.admitUnlock() {
    case .notLocked: return .notLocked
    case .lockedOut(let attempts): return .attemptLimitReached(attempts: attempts)
    case .proceed: break
    }
    let lockedDocument = machine.contentLock.fingerprint
    var outcome = await machine.requestLoad(.unlock, credential: credential) {
      await loadContent()
    }
    if outcome == nil, machine.credentialVerifier != nil, !Task.isCancelled {
      outcome = await machine.requestLoad(.unlock, credential: credential) {
        // The content stays what it was, so it keeps its key.
        let key = machine.currentContentKey.map {
          LoadKeys.Keying(key: $0, change: .keepPrevious, debounce: .zero)
        }
        _ = await runLoad(
          animated: animated, retry: .never, isolation: isolation, work: .value { _ in },
          apply: { _, _ in }, key: key)
      }
    }
    if outcome == nil, Task.isCancelled { outcome = .cancelled }
    guard let outcome else { return .failed(UnlockError.noVerifier) }
    let unlock = UnlockOutcome(outcome, failedAttempts: machine.unlockAttempts)
    if unlock == .unlocked, let memory = machine.credentialMemory,
      let fingerprint = machine.contentLock.fingerprint ?? lockedDocument
    {
      await CredentialStoreCall.remember(
        credential, for: fingerprint, in: memory, requested: remember, clock: machine.clock)
    }
    return unlock
  }
}
