// The machine's redaction: the secret of a credential never reaches a placeholder's text or an
// announcement, even when an operation's error describes it ("could not decrypt with …"). The
// rule — which texts, which spellings, what a short secret means — is `SecretRedaction`'s; the
// machine knows the secrets and lends it where texts from outside the library come in.
extension ContentStateMachine {
  /// Whether a text may show a secret: one was given to an unlock since the last reset.
  var holdsSecrets: Bool { contentLock.holdsSecrets }

  /// The redaction of the secrets known now; ``SecretRedaction/none`` before any.
  var secretRedaction: SecretRedaction {
    holdsSecrets ? SecretRedaction(secrets: contentLock.secrets) : .none
  }

  /// A decision as it may leave the machine: its errors' texts without the secrets.
  func decisionKeepingSecrets(_ decision: StateDecision) -> StateDecision {
    guard holdsSecrets else { return decision }
    return secretRedaction.redacting(decision, withheldAs: builtIns.strings.redactedText)
  }

  /// A change of the presented state as it may leave the machine, for the trace: its states'
  /// errors' texts without the secrets (its decision, the presentation's, is redacted
  /// already).
  func changeKeepingSecrets(_ change: ContentStateChange) -> ContentStateChange {
    guard holdsSecrets else { return change }
    let redaction = secretRedaction
    let replacement = builtIns.strings.redactedText
    var change = change
    change.from = redaction.redacting(change.from, withheldAs: replacement)
    change.to = redaction.redacting(change.to, withheldAs: replacement)
    return change
  }
}
