/// How a call of ``StatefulContent/unlock(with:remember:animated:isolation:)`` ended.
public enum UnlockOutcome: Sendable {
  /// The credential was right; the state was decided again (content, empty or error).
  case unlocked
  /// The credential was wrong; the state is locked again with
  /// ``LockReason/incorrectCredential(attempts:)``.
  ///
  /// - Parameter attempts: How many wrong credentials were given so far.
  case incorrectCredential(attempts: Int)
  /// The credential was wrong and no attempts are left; the state is error with
  /// ``UnlockError/attemptLimitReached(attempts:)``.
  ///
  /// - Parameter attempts: How many wrong credentials were given.
  case attemptLimitReached(attempts: Int)
  /// Nothing was locked; nothing changed.
  case notLocked
  /// The unlock was cancelled; the locked state came back, and nothing prompts again.
  case cancelled
  /// A newer load or unlock replaced this one.
  case superseded
  /// The credential was accepted but loading the content failed; the state is error.
  ///
  /// - Parameter error: The real error.
  case failed(any Error)
}

extension UnlockOutcome: Equatable {
  /// Whether two outcomes are the same case with the same attempt count; errors are not
  /// compared.
  ///
  /// - Parameters:
  ///   - lhs: An outcome.
  ///   - rhs: Another outcome.
  /// - Returns: `true` when they match.
  public static func == (lhs: UnlockOutcome, rhs: UnlockOutcome) -> Bool {
    switch (lhs, rhs) {
    case (.unlocked, .unlocked), (.notLocked, .notLocked), (.cancelled, .cancelled),
      (.superseded, .superseded), (.failed, .failed):
      true
    case (.incorrectCredential(let lhs), .incorrectCredential(let rhs)): lhs == rhs
    case (.attemptLimitReached(let lhs), .attemptLimitReached(let rhs)): lhs == rhs
    default: false
    }
  }
}

extension UnlockOutcome {
  /// How an unlock ended, from how the load that tried its credential ended.
  ///
  /// - Parameters:
  ///   - outcome: The outcome of the load that ran with the credential.
  ///   - failedAttempts: The wrong credentials counted so far, for a lock without a count.
  init(_ outcome: LoadOutcome, failedAttempts: Int) {
    switch outcome {
    case .completed: self = .unlocked
    case .locked(.incorrectCredential(let attempts)):
      self = .incorrectCredential(attempts: attempts)
    case .locked: self = .incorrectCredential(attempts: failedAttempts)
    case .failed(UnlockError.attemptLimitReached(let attempts)):
      self = .attemptLimitReached(attempts: attempts)
    case .failed(let error): self = .failed(error)
    case .cancelled: self = .cancelled
    case .superseded: self = .superseded
    }
  }
}
