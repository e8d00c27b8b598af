/// What a load's operation receives: its attempt number and a way to report progress.
///
/// It is `Sendable`, so the operation may report from any task or thread; updates reach the
/// loading placeholder on the machine's own isolation, coalesced by the
/// ``LoadingPolicy`` and never going backwards within one load.
public struct LoadContext: Sendable {
  /// The attempt running, counting from 1; above 1 when the operation is retried.
  public let attempt: Int
  /// The credential to open locked content with: the one being tried by
  /// ``StatefulContent/unlock(with:remember:animated:isolation:)``, or the one that unlocked the content
  /// before, kept through ``StatefulContent/reload(isolation:)``, or one the load tries on its
  /// own before it presents a lock (the empty one, or the one the
  /// ``ContentStateMachine/credentialMemory`` remembers); `nil` for a new load.
  public let credential: Credential?
  let report: @Sendable (Double?) -> Void
  let accept: @Sendable () -> Void

  /// Creates a context, for testing an operation outside a load.
  ///
  /// Inside `load`, the machine creates the context; use this initializer to call an
  /// operation directly in a test and observe the progress it reports.
  ///
  /// - Parameters:
  ///   - attempt: The attempt number, counting from 1. Defaults to 1.
  ///   - credential: The credential to open locked content with. Defaults to `nil`.
  ///   - report: Receives every progress report that carries information, unclamped: a
  ///     fraction (reports without information — NaN, infinite, a total of 0 or less — are
  ///     dropped before it). Defaults to ignoring them.
  ///   - credentialAccepted: Called by ``reportCredentialAccepted()``. Defaults to nothing.
  public init(
    attempt: Int = 1, credential: Credential? = nil,
    report: @escaping @Sendable (Double?) -> Void = { _ in },
    credentialAccepted: @escaping @Sendable () -> Void = {}
  ) {
    self.attempt = attempt
    self.credential = credential
    self.report = report
    self.accept = credentialAccepted
  }

  /// Reports that ``credential`` opened the locked source, so that the parts a streaming load
  /// delivers from now on show as content while the rest loads.
  ///
  /// Nothing from a locked source is content before its credential is accepted: a streaming
  /// load of locked content — an unlock's, or any load while the content is locked — keeps
  /// its parts from the adopter until the operation calls this, the
  /// ``ContentStateMachine/credentialVerifier`` accepts the credential, or the sequence ends
  /// without an error. Call it once the source has checked the credential (a PDF opened with
  /// the password), before the first part. Without it, such a load shows its parts at its
  /// end, as a load that is not streamed does. Safe to call from any task, more than once,
  /// and for a load that reads no locked source (it then changes nothing).
  public func reportCredentialAccepted() {
    accept()
  }

  /// Reports the fraction of the work done.
  ///
  /// - Parameter fraction: From 0 to 1; values outside are clamped. A NaN or infinite value
  ///   carries no information and is ignored: the progress shown stays as it was.
  public func reportProgress(_ fraction: Double) {
    guard fraction.isFinite else { return }
    report(fraction)
  }

  /// Reports progress in units of work, such as bytes read.
  ///
  /// - Parameters:
  ///   - completed: The units done.
  ///   - total: The units in all; a report with a total of 0 or less carries no information
  ///     and is ignored.
  public func reportProgress(completed: Int64, total: Int64) {
    guard total > 0 else { return }
    report(Double(completed) / Double(total))
  }
}
