/// Decides whether content is locked, what a refused credential means, and when unlocking is
/// refused: the lock's reason, the wrong attempts, the lockout and the remembered credential.
///
/// A pure value with one mutating method per event; ``ContentStateMachine`` stores it and is
/// its only writer.
struct ContentLock {
  /// Whether an unlock may go ahead.
  enum Admission: Equatable {
    /// Locked, and attempts are left: try the credential.
    case proceed
    /// Nothing is locked.
    case notLocked
    /// The wrong credentials reached the limit; refused until a new load (not a reload)
    /// starts or a load succeeds.
    case lockedOut(attempts: Int)
  }

  /// What a load that found the content locked leads to.
  enum Verdict {
    /// The state becomes locked with this reason.
    case locked(LockReason)
    /// Too many wrong credentials: the state becomes error with this error.
    case lockedOut(UnlockError)
  }

  /// Why the content is locked, or `nil` when it is not.
  private(set) var reason: LockReason?
  /// How many wrong credentials were given since the content was locked.
  private(set) var failedAttempts = 0
  /// Whether the wrong credentials reached ``maximumAttempts``.
  private(set) var isLockedOut = false
  /// The credential that unlocked the content, kept for reloads.
  private(set) var credential: Credential?
  /// The secrets of the credentials given to unlocks since the last reset, newest last, which
  /// no placeholder text, no announcement, no explanation and no trace may show (an
  /// operation's error may describe them — also in a state the trace records as the one a
  /// later unlock left). At most ``maximumTriedSecrets``: a state's error comes from one of
  /// the latest attempts.
  private(set) var triedSecrets: [String] = []

  /// The credential memory, the fingerprint of the locked document and what the last load
  /// did with credentials on its own; out of line, `nil` while there are none (most machines
  /// never remember a credential).
  private var recollection: Recollection?

  /// ``recollection``'s values, immutable: a change makes a new one, so that a copy of the
  /// lock — a cancelled load's snapshot — keeps its own.
  fileprivate final class Recollection: Sendable {
    let memory: CredentialMemory?
    let fingerprint: CredentialFingerprint?
    let recall: CredentialRecall?

    init(
      memory: CredentialMemory?, fingerprint: CredentialFingerprint?, recall: CredentialRecall?
    ) {
      self.memory = memory
      self.fingerprint = fingerprint
      self.recall = recall
    }
  }

  /// Where credentials are remembered, and whether.
  var memory: CredentialMemory? {
    get { recollection?.memory }
    set { recollect(memory: newValue, fingerprint: fingerprint, recall: recall) }
  }
  /// What identifies the locked document — from the lock the last load found — so that an
  /// unlock can remember its credential.
  var fingerprint: CredentialFingerprint? { recollection?.fingerprint }
  /// What the last load did with credentials on its own, for the decision's reasons.
  var recall: CredentialRecall? { recollection?.recall }
  /// Whether ``recall`` says something, read without copying it.
  @inline(__always)
  var recalls: Bool {
    if case .none = recollection?.recall { false } else { true }
  }

  private mutating func recollect(
    memory: CredentialMemory?, fingerprint: CredentialFingerprint?, recall: CredentialRecall?
  ) {
    recollection =
      memory == nil && fingerprint == nil && recall == nil
      ? nil : Recollection(memory: memory, fingerprint: fingerprint, recall: recall)
  }

  /// How many tried secrets are kept.
  static let maximumTriedSecrets = 16
  /// How many wrong credentials are allowed; `nil` allows any number, values below 1 count
  /// as 1.
  var maximumAttempts: Int?

  /// Whether a lock hides the content.
  @inline(__always)
  var hidesContent: Bool {
    // A pattern match, not `!= nil`: comparing copies the optional through the runtime.
    if case .none = reason { false } else { true }
  }

  /// The error that stands for too many wrong credentials while locked out, or `nil`.
  /// Whether a credential is kept for reloads.
  @inline(__always)
  var holdsCredential: Bool {
    // A pattern match, not `!= nil`: comparing copies the credential.
    if case .none = credential { false } else { true }
  }

  @inline(__always)
  var lockoutError: UnlockError? {
    isLockedOut ? .attemptLimitReached(attempts: failedAttempts) : nil
  }

  // MARK: Events

  /// The host locked the content (``StatefulContent/lock(_:fingerprint:animated:completion:)``),
  /// the document named by `fingerprint` when given: attempts, the lockout and the credential
  /// of before are forgotten.
  mutating func lock(_ reason: LockReason, fingerprint: CredentialFingerprint? = nil) {
    self.reason = reason
    failedAttempts = 0
    isLockedOut = false
    credential = nil
    recollect(memory: memory, fingerprint: fingerprint, recall: nil)
  }

  /// The adopter starts over (``StatefulContent/reset(completion:)``): no lock, no attempts,
  /// no lockout, no credential; the configured maximum stays.
  /// A load starts with a credential to try: its secret is kept away from every text until
  /// the next reset.
  mutating func credentialTried(_ credential: Credential) {
    triedSecrets.removeAll { $0 == credential.secret }
    triedSecrets.append(credential.secret)
    if triedSecrets.count > Self.maximumTriedSecrets { triedSecrets.removeFirst() }
  }

  /// The secrets no text may show: the ones given to unlocks since the last reset, and the
  /// one that unlocked the content.
  var secrets: [String] {
    guard let secret = credential?.secret, !triedSecrets.contains(secret) else {
      return triedSecrets
    }
    return triedSecrets + [secret]
  }

  /// Whether a text may show a secret: one was given to an unlock since the last reset.
  var holdsSecrets: Bool {
    !triedSecrets.isEmpty || holdsCredential
  }

  mutating func reset() {
    let memory = memory
    self = ContentLock(maximumAttempts: maximumAttempts)
    self.memory = memory
  }

  /// A load starts. A new load forgets the credential, the counted attempts and the lockout —
  /// opening the document again, as the lockout's message says; a reload (Retry, pull to
  /// refresh) keeps all three, so that it grants no new guesses; an unlock keeps everything.
  /// The lock itself stays until a load succeeds (or finds the content locked again): content
  /// hidden by a lock — after an auto-lock, say — is never presented while a load or a reload
  /// runs, nor after one fails.
  mutating func loadStarted(_ mode: LoadLifecycle.Mode) {
    // A trial underway was the superseded load's: it explains nothing of this one.
    if recall?.isUnderway == true { recalled(nil) }
    // The user's own credential is tried now: what a load did on its own before is history,
    // not why the unlock shows what it shows.
    if mode == .unlock, recalls { recalled(nil) }
    guard mode == .load else { return }
    credential = nil
    failedAttempts = 0
    isLockedOut = false
    if recollection != nil { recollect(memory: memory, fingerprint: nil, recall: nil) }
  }

  /// The running load did something with a credential on its own (``CredentialTrials``).
  ///
  /// - Parameters:
  ///   - recall: What it did.
  ///   - document: The document it did it for, when known: kept, so that a reload with the
  ///     credential a trial found knows whose it is even though no lock was presented.
  mutating func recalled(_ recall: CredentialRecall?, document: CredentialFingerprint? = nil) {
    recollect(memory: memory, fingerprint: document ?? fingerprint, recall: recall)
  }

  /// Whether an unlock may try a credential now.
  func admitUnlock() -> Admission {
    guard hidesContent else { return .notLocked }
    return isLockedOut ? .lockedOut(attempts: failedAttempts) : .proceed
  }

  /// A streaming load's first part of content arrived, its credential accepted: the lock is
  /// lifted, so that the parts show, and the credential kept — but the wrong attempts still
  /// count until the load succeeds, as a lock error may yet refuse the credential.
  mutating func partAccepted(with credential: Credential?) {
    reason = nil
    self.credential = credential
  }

  /// A load succeeded: the lock is lifted — a lockout with it, as nothing is locked any more
  /// (a reload opened it with the remembered credential, say) — and the credential it ran with
  /// is kept for reloads.
  mutating func loadSucceeded(with credential: Credential?) {
    reason = nil
    failedAttempts = 0
    isLockedOut = false
    self.credential = credential
  }

  /// An unlock's credential opened the content: what the load did on its own before the user
  /// was asked no longer explains what shows.
  mutating func unlocked() {
    if recall != nil { recalled(nil) }
  }

  /// A load's operation threw ``ContentLockedError``; the load ran in `mode` with
  /// `credential`.
  ///
  /// A credential was tried — and refused, so the attempt counts — when the load was an
  /// unlock or ran with a credential (a reload with the remembered one).
  mutating func loadFoundLock(
    _ lock: ContentLockedError, mode: LoadLifecycle.Mode, credential: Credential?
  ) -> Verdict {
    if let fingerprint = lock.fingerprint, fingerprint != self.fingerprint {
      recollect(memory: memory, fingerprint: fingerprint, recall: recall)
    }
    return loadFoundLock(lock.reason, credentialTried: mode == .unlock || credential != nil)
  }

  /// A load's operation threw ``ContentLockedError``.
  ///
  /// - Parameters:
  ///   - reason: The reason the operation gave.
  ///   - credentialTried: Whether the load ran with a credential (an unlock, or a reload with
  ///     the remembered one): then the credential was refused and the attempt counts.
  /// - Returns: Locked with the reason (``LockReason/incorrectCredential(attempts:)`` with the
  ///   count when a credential was refused), or locked out once the count reaches the limit.
  mutating func loadFoundLock(_ reason: LockReason, credentialTried: Bool) -> Verdict {
    guard credentialTried else {
      self.reason = reason
      // A reload's credential that a trial had found was refused as a trial's: nothing is
      // kept for the next reload to count.
      credential = nil
      return .locked(reason)
    }
    failedAttempts += 1
    let refused = LockReason.incorrectCredential(attempts: failedAttempts)
    self.reason = refused
    if let limit = maximumAttempts, failedAttempts >= max(limit, 1) {
      isLockedOut = true
      return .lockedOut(.attemptLimitReached(attempts: failedAttempts))
    }
    return .locked(refused)
  }

  /// What a cancelled load brings back: the whole lock from before it, so that starting and
  /// cancelling a load neither lifts a lockout nor resets the count of wrong credentials.
  struct Snapshot {
    var reason: LockReason?
    var failedAttempts: Int
    var isLockedOut: Bool
    var credential: Credential?
    fileprivate var recollection: Recollection?
  }

  /// The lock as a cancelled load must bring it back.
  var snapshot: Snapshot {
    Snapshot(
      reason: reason, failedAttempts: failedAttempts, isLockedOut: isLockedOut,
      credential: credential, recollection: recollection)
  }

  /// A cancelled load brings back the lock from before it (the memory is the adopter's
  /// setting, not the load's: it stays).
  mutating func restore(_ snapshot: Snapshot) {
    reason = snapshot.reason
    failedAttempts = snapshot.failedAttempts
    isLockedOut = snapshot.isLockedOut
    credential = snapshot.credential
    if recollection !== snapshot.recollection {
      // A trial underway then was a load's that is over now.
      let recall = snapshot.recollection?.recall
      recollect(
        memory: memory, fingerprint: snapshot.recollection?.fingerprint,
        recall: recall?.isUnderway == true ? nil : recall)
    }
  }

  // MARK: Decisions

  /// Whether the lock refuses a request for a kind of state made directly
  /// (``ContentStateMachine/transition(to:isRefreshing:animated:completion:)``,
  /// ``StatefulContent/showCustomState(_:placeholder:animated:completion:)``): content, empty
  /// or a custom state while locked — the lock wins (rule 1).
  func refuses(_ kind: ContentState.Kind) -> Bool {
    switch kind {
    case .content, .empty, .custom: hidesContent
    case .idle, .loading, .waiting, .error, .locked: false
    }
  }

  // MARK: Credentials

  /// Verifies a credential with the machine's verifier before a load runs with it.
  ///
  /// - Throws: ``ContentLockedError/incorrectCredential`` when the verifier rejects it, or
  ///   what the verifier throws.
  static func verify(
    _ credential: Credential,
    with verifier: @Sendable (Credential) async throws -> Bool
  ) async throws {
    guard try await verifier(credential) else { throw ContentLockedError.incorrectCredential }
  }
}
