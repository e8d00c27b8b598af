/// Decides, for one load that found its content locked, which credentials it tries on its
/// own before the lock is presented: the empty one where the document kind allows it
/// (PSPDFKit tries it first), then the one the credential store remembers for the document —
/// never counted as wrong attempts. A remembered credential that is refused is forgotten, and
/// the lock is presented as found, not as a wrong password.
///
/// A pure value with one mutating method per event; the load's driver holds it, performs the
/// steps it returns and gives the machine its ``recall`` for the decision's reasons.
struct CredentialTrials {
  /// What the load does next.
  enum Step: Equatable {
    /// Run the operation again with this credential; no attempt is counted.
    case tryCredential(Credential)
    /// Ask the credential store for the credential it remembers for the document.
    case lookUp(CredentialFingerprint)
    /// The remembered credential was refused: tell the store to forget it, then present the
    /// lock.
    case forget(CredentialFingerprint)
    /// Nothing is left to try: present the lock the load found first.
    case presentLock(ContentLockedError)
  }

  /// What the credential store answered.
  enum Answer {
    /// The remembered credential, or `nil` for none.
    case credential(Credential?)
    /// The store threw.
    case failed
    /// The store did not answer within the time limit.
    case timedOut(after: Duration)
  }

  /// Which credential is on trial.
  private enum Trial {
    case empty, remembered
  }

  /// The lock the load found first, presented when nothing opens it.
  private var found: ContentLockedError?
  private var trial: Trial?
  private var triedEmpty = false
  private var askedStore = false
  /// Whether the trials are over: a lock found later is the load's to conclude as usual.
  private var isSettled = false
  /// What the trials did, for the decision's reasons; `nil` before they begin.
  private(set) var recall: CredentialRecall?

  /// Whether a credential of the trials is being tried.
  var isTrying: Bool { trial != nil }
  /// What identifies the document whose lock the trials try to open, once one is found.
  var fingerprint: CredentialFingerprint? { found?.fingerprint }

  /// The trials of a load that tries nothing until it finds a lock.
  init() {}

  /// The trials of a load in `mode` that starts with `credential`. A reload that runs with the
  /// credential a trial of an earlier load opened the content with (`recall` says which)
  /// continues that trial: refused, the credential is forgotten when it was remembered, the
  /// empty one is followed by the store's, and no wrong attempt counts, as the user gave none.
  ///
  /// - Parameters:
  ///   - mode: The load's mode; only a reload continues a trial.
  ///   - credential: The credential the load starts with; `nil` tries nothing until a lock.
  ///   - recall: What the load that opened the content did; for any other value than
  ///     ``CredentialRecall/openedWithRemembered`` or ``CredentialRecall/openedWithEmpty``,
  ///     the reload's credential is the user's and a refusal counts as before.
  ///   - fingerprint: What identifies the document, from the lock that load found.
  init(
    mode: LoadLifecycle.Mode, credential: Credential?, after recall: CredentialRecall?,
    fingerprint: CredentialFingerprint?
  ) {
    guard mode == .reload, credential != nil else { return }
    switch recall {
    case .openedWithRemembered?: (trial, askedStore) = (.remembered, true)
    case .openedWithEmpty?: (trial, triedEmpty) = (.empty, true)
    default: return
    }
    found = ContentLockedError(
      .credentialRequired, fingerprint: fingerprint,
      triesEmptyCredential: recall == .openedWithEmpty)
    self.recall = recall
  }

  /// The load's attempt found the content locked.
  ///
  /// - Parameters:
  ///   - lock: The error the operation threw.
  ///   - credential: The credential the attempt ran with: the user's (an unlock), the one a
  ///     reload keeps, or one of the trials.
  ///   - hasStore: Whether the machine has a credential store.
  /// - Returns: The next step, or `nil` when the trials have nothing to do with this lock — an
  ///   unlock's or a kept credential was refused, which counts as before.
  mutating func lockFound(
    _ lock: ContentLockedError, credential: Credential?, hasStore: Bool
  ) -> Step? {
    guard !isSettled else { return nil }
    switch trial {
    case .remembered?:
      trial = nil
      recall = .refusedAndForgotten
      // `askedStore` holds, so `found` and its fingerprint are set.
      guard let fingerprint = found?.fingerprint else { return settle() }
      return .forget(fingerprint)
    case .empty?:
      trial = nil
      return next(hasStore: hasStore)
    case nil:
      guard found == nil, credential == nil else { return nil }
      let mayRecall = hasStore && lock.fingerprint != nil
      guard lock.triesEmptyCredential || mayRecall else { return nil }
      found = lock
      return next(hasStore: hasStore)
    }
  }

  /// The credential store answered the question ``Step/lookUp(_:)`` asked.
  mutating func storeAnswered(_ answer: Answer) -> Step {
    guard !isSettled, askedStore, trial == nil else { return settle() }
    switch answer {
    case .credential(let credential?):
      trial = .remembered
      recall = .tryingRemembered
      return .tryCredential(credential)
    case .credential(nil): recall = .noneRemembered
    case .failed: recall = .storeFailed
    case .timedOut(let limit): recall = .storeTimedOut(after: limit)
    }
    return settle()
  }

  /// The store forgot the refused credential (or failed to, or took too long).
  mutating func forgotten() -> Step { settle() }

  /// The load succeeded: with a credential of the trials, it opened the content.
  mutating func loadSucceeded() {
    switch trial {
    case .empty?: recall = .openedWithEmpty
    case .remembered?: recall = .openedWithRemembered
    case nil: return
    }
    trial = nil
    isSettled = true
  }

  /// The load failed otherwise than locked while the trials ran: they are over, and no
  /// longer underway.
  mutating func loadFailed() {
    trial = nil
    isSettled = true
    if recall?.isUnderway == true { recall = nil }
  }

  private mutating func next(hasStore: Bool) -> Step {
    guard let found else { return settle() }
    if found.triesEmptyCredential, !triedEmpty {
      triedEmpty = true
      trial = .empty
      recall = .tryingEmpty
      return .tryCredential(Credential(password: ""))
    }
    if hasStore, let fingerprint = found.fingerprint, !askedStore {
      askedStore = true
      recall = .lookingUp
      return .lookUp(fingerprint)
    }
    return settle()
  }

  private mutating func settle() -> Step {
    isSettled = true
    trial = nil
    if recall?.isUnderway == true { recall = nil }
    return .presentLock(found ?? ContentLockedError())
  }
}
