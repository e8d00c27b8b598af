// What a decision says to a person: its state, the rule that fired with the inputs that
// decided, the rules it overrode and what holds it back. English whatever the language of the
// placeholders: the trace is for the developer reading a bug report.
extension StateDecision: CustomStringConvertible {
  /// The decision, for a person: `content — rule 2: has content (12 items); overrode rule 4:
  /// error "timed out", reported to handleErrorWhenContentsAvailable`.
  public var description: String { explanation }

  /// The decision, for a person: the state, then ``reason``.
  ///
  /// ```swift
  /// StateDecision.decide(StateInputs(lock: .incorrectCredential(attempts: 2),
  ///                                  failedUnlockAttempts: 2)).explanation
  /// // "locked(incorrect credential (attempt 2)) — rule 1: incorrect credential,
  /// //  2 wrong attempts"
  /// ```
  public var explanation: String {
    "\(Self.shortened(state.description)) — \(reason)"
  }

  /// Why the state shows: the rule that fired with the inputs that decided, the rules it
  /// overrode, and what holds the state back — `rule 3: a load runs, no content yet`.
  public var reason: String {
    var parts = [firedRule]
    if !overridden.isEmpty {
      parts.append("overrode " + overridden.map(overriddenRule).joined(separator: ", "))
    }
    parts += timeFacts
    if let recall = inputs.credentialRecall { parts.append(recall.description) }
    if let heldBackUntil {
      let until = "\(TraceText.milliseconds(heldBackUntil)) ms"
      parts.append(
        inputs.minimumDisplayDeadline != nil
          ? "held back until loading has been shown its minimum display time, at \(until)"
          : "held back by the show delay until \(until)")
    }
    return parts.joined(separator: "; ")
  }

  /// The fired rule with the inputs that decided.
  private var firedRule: String {
    let inputs = inputs
    switch rule {
    case .lockedOut:
      return "\(rule): locked out after \(inputs.failedUnlockAttempts) wrong attempts"
    case .locked:
      return "\(rule): \(Self.lockText(inputs))"
    case .tryingCredential:
      return "\(rule): a load tries a credential"
    case .unlockFailed:
      return "\(rule): the load that tried a credential failed: \(errorText)"
    case .content:
      var text = "\(rule): has content"
      if let count = inputs.contentCount { text += " (\(count) \(count == 1 ? "item" : "items"))" }
      if showsPreviousKey, let loading = inputs.loadingKey {
        let previous = inputs.contentKey.map { " of \(Self.quoted($0.description))" } ?? ""
        text +=
          previous + ", shown while \(Self.quoted(loading.description)) loads (keep previous)"
      }
      if inputs.append.isLoading { text += ", a page is being appended" }
      if inputs.append.error != nil { text += ", appending a page failed" }
      return text
    case .loading:
      var text = "\(rule): a load runs, no content yet"
      if inputs.hasContent, inputs.loadsAnotherKey, inputs.keyChange == .showLoading,
        let loading = inputs.loadingKey
      {
        text =
          "\(rule): a load of \(Self.quoted(loading.description)) runs; the content of "
          + "another key gives way (show loading)"
      }
      if inputs.attempt > 1 { text += ", attempt \(inputs.attempt)" }
      return text
    case .error:
      return "\(rule): the load failed: \(errorText)"
    case .customState:
      let name = inputs.customState.map { Self.quoted($0.name) } ?? ""
      return "\(rule): the load failed: \(errorText), shown as custom state \(name)"
    case .waitingForNetwork:
      return "\(rule): a load failed for want of the network (\(networkErrorText)) and waits "
        + "for it, no attempt spent"
    case .empty where isRefreshing:
      return "\(rule): the saved result is empty; a load refreshes it"
    case .empty:
      return "\(rule): no content, no load, no error"
    case .idle:
      return "\(rule): nothing decided yet"
    case .requested:
      return "requested directly"
    }
  }

  /// An overridden rule with the inputs that held for it.
  private func overriddenRule(_ overridden: Rule) -> String {
    switch overridden {
    case .locked: "\(overridden): \(Self.lockText(inputs))"
    case .content where inputs.lock != nil || inputs.lockout != nil:
      "\(overridden): has content (hidden while locked)"
    case .content: "\(overridden): has content"
    case .loading where state.kind == .content: "\(overridden): a load runs (refreshing)"
    case .loading where state.kind == .empty: "\(overridden): a load runs (refreshing)"
    case .loading: "\(overridden): a load runs"
    case .waitingForNetwork: "\(overridden): a load waits for the network (\(networkErrorText))"
    case .error where errorToReport != nil:
      "\(overridden): error \(errorText), reported to handleErrorWhenContentsAvailable"
    case .error where state.kind == .content:
      "\(overridden): error \(errorText), reported before"
    default: "\(overridden): error \(errorText)"
    }
  }

  /// What the decision knows of the network and of the content's age: `offline: …`,
  /// `stale: …` or `fresh: …` — nothing when it knows neither.
  private var timeFacts: [String] {
    var facts: [String] = []
    let inputs = inputs
    if state.kind == .content, inputs.staleness.isActive || inputs.failedRefreshes > 0 {
      var reasons: [String] = []
      if let age = inputs.contentAge {
        var text = "updated \(Self.duration(age)) ago"
        if let maximum = inputs.staleness.maximumAge {
          text +=
            age >= maximum
            ? ", over the maximum age of \(Self.duration(maximum))"
            : ", within the maximum age of \(Self.duration(maximum))"
        }
        reasons.append(text)
      }
      if inputs.failedRefreshes > 0 {
        var text =
          "\(inputs.failedRefreshes) failed \(inputs.failedRefreshes == 1 ? "refresh" : "refreshes")"
          + " in a row"
        if let maximum = inputs.staleness.maximumFailedRefreshes { text += " (at most \(maximum))" }
        if let error = inputs.lastRefreshError {
          text += ", the last \(Self.quoted(String(describing: error)))"
        }
        reasons.append(text)
      }
      if !reasons.isEmpty {
        facts.append((isStale ? "stale: " : "fresh: ") + reasons.joined(separator: ", "))
      }
    }
    if inputs.reachability == .unreachable {
      facts.append("offline: the network is unreachable")
    } else if inputs.waitsForNetwork, rule != .waitingForNetwork {
      facts.append("offline: a load waits for the network")
    }
    return facts
  }

  /// A duration for the trace: `45 s`, `5 min`, `3 h`.
  private static func duration(_ duration: Duration) -> String {
    let seconds = TraceText.milliseconds(duration) / 1_000
    if seconds < 120 { return "\(seconds) s" }
    if seconds < 7_200 { return "\(seconds / 60) min" }
    return "\(seconds / 3_600) h"
  }

  /// The connection error of a load that waits for the network, quoted on one line.
  private var networkErrorText: String {
    inputs.networkError.map { Self.quoted(String(describing: $0)) } ?? "(none)"
  }

  /// The lock's reason, with the wrong attempts.
  private static func lockText(_ inputs: StateInputs) -> String {
    var text: String
    switch inputs.lock {
    case .credentialRequired, nil: text = "credential required"
    case .incorrectCredential: text = "incorrect credential"
    case .custom(let name): text = quoted(name)
    }
    let attempts = inputs.failedUnlockAttempts
    if attempts > 0 { text += ", \(attempts) wrong \(attempts == 1 ? "attempt" : "attempts")" }
    return text
  }

  /// The inputs' error, quoted on one line.
  private var errorText: String {
    inputs.error.map { Self.quoted(String(describing: $0)) } ?? "(none)"
  }

  /// A text in double quotes, on one line, at most 80 characters.
  static func quoted(_ text: String) -> String {
    "\"" + shortened(text) + "\""
  }

  /// A text on one line, at most 80 characters.
  static func shortened(_ text: String) -> String {
    let line = TraceText.oneLine(text)
    return line.count > 80 ? line.prefix(79) + "…" : line
  }
}
