// A decision as a record of the trace: JSON an app attaches to a bug report, and decides
// again with a newer build. Errors and keys are written as their descriptions (already
// redacted by the machine), and come back as `RecordedError`s and string keys.
extension StateDecision {
  /// An error of a recorded decision: its description, as it was recorded.
  public struct RecordedError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The error's description.
    public var description: String

    /// Creates a recorded error.
    ///
    /// - Parameter description: The error's description.
    public init(_ description: String) {
      self.description = description
    }
  }
}

extension StateDecision: Codable {
  private enum CodingKeys: String, CodingKey {
    case state, isRefreshing, showsPreviousKey, heldBackUntil, errorToReport, rule, overridden
    case inputs, isStale, freshFor
  }

  /// Decodes a recorded decision; its errors are ``RecordedError``s.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when a field is missing or has the wrong type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      state: try container.decode(RecordedState.self, forKey: .state).state,
      rule: try container.decode(Rule.self, forKey: .rule),
      inputs: try container.decode(StateInputs.self, forKey: .inputs),
      isRefreshing: try container.decode(Bool.self, forKey: .isRefreshing),
      showsPreviousKey: try container.decode(Bool.self, forKey: .showsPreviousKey),
      heldBackUntil: try container.decodeIfPresent(Duration.self, forKey: .heldBackUntil),
      errorToReport: try container.decodeIfPresent(String.self, forKey: .errorToReport)
        .map(RecordedError.init),
      overridden: try container.decode([Rule].self, forKey: .overridden),
      isStale: try container.decodeIfPresent(Bool.self, forKey: .isStale) ?? false,
      freshFor: try container.decodeIfPresent(Duration.self, forKey: .freshFor))
  }

  /// Encodes the decision, its errors and keys as their descriptions.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(RecordedState(state), forKey: .state)
    try container.encode(isRefreshing, forKey: .isRefreshing)
    try container.encode(showsPreviousKey, forKey: .showsPreviousKey)
    try container.encodeIfPresent(heldBackUntil, forKey: .heldBackUntil)
    try container.encodeIfPresent(
      errorToReport.map { String(describing: $0) }, forKey: .errorToReport)
    try container.encode(rule, forKey: .rule)
    try container.encode(overridden, forKey: .overridden)
    try container.encode(inputs, forKey: .inputs)
    if isStale { try container.encode(isStale, forKey: .isStale) }
    try container.encodeIfPresent(freshFor, forKey: .freshFor)
  }

  /// A content state as recorded: its kind and payload.
  struct RecordedState: Codable {
    var kind: String
    var progress: Double?
    var error: String?
    var lock: RecordedLock?
    var custom: String?

    init(_ state: ContentState) {
      kind = String(describing: state.kind)
      switch state {
      case .loading(let progress): self.progress = progress
      case .error(let error): self.error = String(describing: error)
      case .locked(let reason): lock = RecordedLock(reason)
      case .custom(let key):
        kind = "custom"
        custom = key.name
      case .idle, .content, .empty, .waiting: break
      }
    }

    var state: ContentState {
      get throws {
        switch kind {
        case "idle": return .idle
        case "loading": return .loading(progress: progress)
        case "content": return .content
        case "empty": return .empty
        case "waiting": return .waiting
        case "error": return .error(RecordedError(error ?? ""))
        case "locked": return .locked(lock?.reason ?? .credentialRequired)
        case "custom": return .custom(CustomStateKey(custom ?? ""))
        default:
          throw DecodingError.dataCorrupted(
            .init(codingPath: [], debugDescription: "unknown state kind \(kind)"))
        }
      }
    }
  }

  /// A lock's reason as recorded.
  struct RecordedLock: Codable {
    var kind: String
    var attempts: Int?
    var name: String?

    init(_ reason: LockReason) {
      switch reason {
      case .credentialRequired: kind = "credentialRequired"
      case .incorrectCredential(let attempts):
        kind = "incorrectCredential"
        self.attempts = attempts
      case .custom(let name):
        kind = "custom"
        self.name = name
      }
    }

    var reason: LockReason {
      switch kind {
      case "incorrectCredential": .incorrectCredential(attempts: attempts ?? 0)
      case "custom": .custom(name ?? "")
      default: .credentialRequired
      }
    }

    private enum CodingKeys: String, CodingKey { case kind, attempts, name }

    /// Decodes a recorded lock.
    ///
    /// - Throws: `DecodingError` for a kind this build does not know or a negative count.
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      kind = try container.decode(String.self, forKey: .kind)
      guard ["credentialRequired", "incorrectCredential", "custom"].contains(kind) else {
        throw DecodingError.dataCorruptedError(
          forKey: .kind, in: container, debugDescription: "Unknown lock kind \"\(kind)\".")
      }
      attempts = try container.decodeCount(forKey: .attempts)
      name = try container.decodeIfPresent(String.self, forKey: .name)
    }
  }
}

extension StateInputs: Codable {
  private enum CodingKeys: String, CodingKey {
    case isLoading, attempt, progress, error, errorWasReported, customState, hasContent
    case contentCount, lock, failedUnlockAttempts, lockout, contentKey, loadingKey, failedKey
    case keyChange, append, appendError, isInitial, showDelayDeadline, minimumDisplayDeadline
    case reachability, networkError, contentAge, maximumAge, maximumFailedRefreshes
    case failedRefreshes, lastRefreshError, showsSavedResult
    case credentialRecall, credentialStoreTimeLimit
  }

  /// Decodes recorded inputs; their errors are ``StateDecision/RecordedError``s and their
  /// keys strings.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when a field is missing or has the wrong type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    func key(_ codingKey: CodingKeys) throws -> LoadKey? {
      try container.decodeIfPresent(String.self, forKey: codingKey).map(LoadKey.init)
    }
    func recorded(_ codingKey: CodingKeys) throws -> StateDecision.RecordedError? {
      try container.decodeIfPresent(String.self, forKey: codingKey)
        .map(StateDecision.RecordedError.init)
    }
    self.init(
      isLoading: try container.decode(Bool.self, forKey: .isLoading),
      error: try container.decodeIfPresent(String.self, forKey: .error)
        .map(StateDecision.RecordedError.init),
      hasContent: try container.decode(Bool.self, forKey: .hasContent),
      lock: try container.decodeIfPresent(StateDecision.RecordedLock.self, forKey: .lock)?
        .reason,
      progress: try container.decodeIfPresent(Double.self, forKey: .progress),
      attempt: try container.decodeCount(forKey: .attempt) ?? 1,
      errorWasReported: try container.decode(Bool.self, forKey: .errorWasReported),
      customState: try container.decodeIfPresent(String.self, forKey: .customState)
        .map(CustomStateKey.init),
      contentCount: try container.decodeCount(forKey: .contentCount),
      failedUnlockAttempts: try container.decodeCount(forKey: .failedUnlockAttempts) ?? 0,
      lockout: try container.decodeCount(forKey: .lockout)
        .map { .attemptLimitReached(attempts: $0) },
      contentKey: try key(.contentKey), loadingKey: try key(.loadingKey),
      failedKey: try key(.failedKey),
      keyChange: try container.decode(String.self, forKey: .keyChange) == "showLoading"
        ? .showLoading : .keepPrevious,
      append: try Self.append(
        try container.decode(String.self, forKey: .append),
        error: try container.decodeIfPresent(String.self, forKey: .appendError)),
      isInitial: try container.decode(Bool.self, forKey: .isInitial),
      showDelayDeadline: try container.decodeIfPresent(Duration.self, forKey: .showDelayDeadline),
      minimumDisplayDeadline: try container.decodeIfPresent(
        Duration.self, forKey: .minimumDisplayDeadline),
      reachability: try container.decodeIfPresent(String.self, forKey: .reachability)
        == "unreachable" ? .unreachable : .reachable,
      networkError: try recorded(.networkError),
      contentAge: try container.decodeIfPresent(Duration.self, forKey: .contentAge),
      staleness: StalenessPolicy(
        maximumAge: try container.decodeIfPresent(Duration.self, forKey: .maximumAge),
        maximumFailedRefreshes: try container.decodeCount(forKey: .maximumFailedRefreshes)),
      failedRefreshes: try container.decodeCount(forKey: .failedRefreshes) ?? 0,
      lastRefreshError: try recorded(.lastRefreshError),
      showsSavedResult: try container.decodeIfPresent(Bool.self, forKey: .showsSavedResult)
        ?? false,
      credentialRecall: try Self.credentialRecall(in: container))
  }

  /// Encodes the inputs, their errors and keys as their descriptions.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(isLoading, forKey: .isLoading)
    try container.encode(attempt, forKey: .attempt)
    try container.encodeIfPresent(progress, forKey: .progress)
    try container.encodeIfPresent(error.map { String(describing: $0) }, forKey: .error)
    try container.encode(errorWasReported, forKey: .errorWasReported)
    try container.encodeIfPresent(customState?.name, forKey: .customState)
    try container.encode(hasContent, forKey: .hasContent)
    try container.encodeIfPresent(contentCount, forKey: .contentCount)
    try container.encodeIfPresent(lock.map(StateDecision.RecordedLock.init), forKey: .lock)
    try container.encode(failedUnlockAttempts, forKey: .failedUnlockAttempts)
    if case .attemptLimitReached(let attempts) = lockout {
      try container.encode(attempts, forKey: .lockout)
    }
    try container.encodeIfPresent(contentKey?.description, forKey: .contentKey)
    try container.encodeIfPresent(loadingKey?.description, forKey: .loadingKey)
    try container.encodeIfPresent(failedKey?.description, forKey: .failedKey)
    try container.encode(
      keyChange == .showLoading ? "showLoading" : "keepPrevious", forKey: .keyChange)
    switch append {
    case .idle: try container.encode("idle", forKey: .append)
    case .loading: try container.encode("loading", forKey: .append)
    case .failed(let error):
      try container.encode("failed", forKey: .append)
      try container.encode(String(describing: error), forKey: .appendError)
    }
    try container.encode(isInitial, forKey: .isInitial)
    try container.encodeIfPresent(showDelayDeadline, forKey: .showDelayDeadline)
    try container.encodeIfPresent(minimumDisplayDeadline, forKey: .minimumDisplayDeadline)
    // Content over time: written only when known, so that older records read the same.
    if reachability == .unreachable { try container.encode("unreachable", forKey: .reachability) }
    try container.encodeIfPresent(
      networkError.map { String(describing: $0) }, forKey: .networkError)
    try container.encodeIfPresent(contentAge, forKey: .contentAge)
    try container.encodeIfPresent(staleness.maximumAge, forKey: .maximumAge)
    try container.encodeIfPresent(
      staleness.maximumFailedRefreshes, forKey: .maximumFailedRefreshes)
    if failedRefreshes > 0 { try container.encode(failedRefreshes, forKey: .failedRefreshes) }
    try container.encodeIfPresent(
      lastRefreshError.map { String(describing: $0) }, forKey: .lastRefreshError)
    if showsSavedResult { try container.encode(true, forKey: .showsSavedResult) }
    if let recall = credentialRecall {
      try container.encode(recall.name, forKey: .credentialRecall)
      if case .storeTimedOut(let limit) = recall {
        try container.encode(limit, forKey: .credentialStoreTimeLimit)
      }
    }
  }

  /// What the load did with credentials on its own, as recorded, or `nil`.
  ///
  /// - Throws: `DecodingError` for a name the library does not know.
  private static func credentialRecall(
    in container: KeyedDecodingContainer<CodingKeys>
  ) throws -> CredentialRecall? {
    guard let name = try container.decodeIfPresent(String.self, forKey: .credentialRecall)
    else { return nil }
    let limit =
      try container.decodeIfPresent(Duration.self, forKey: .credentialStoreTimeLimit) ?? .zero
    guard let recall = CredentialRecall(name: name, timeLimit: limit) else {
      throw DecodingError.dataCorruptedError(
        forKey: .credentialRecall, in: container,
        debugDescription: "Unknown credential recall \"\(name)\".")
    }
    return recall
  }

  /// An append state from its recorded name and error.
  private static func append(_ name: String, error: String?) throws -> AppendState {
    switch name {
    case "idle": return .idle
    case "loading": return .loading
    case "failed": return .failed(StateDecision.RecordedError(error ?? ""))
    default:
      throw DecodingError.dataCorrupted(
        .init(codingPath: [], debugDescription: "unknown append state \(name)"))
    }
  }
}

extension KeyedDecodingContainer {
  /// Decodes a count of a recorded decision, if present.
  ///
  /// - Throws: `DecodingError` when it is not an integer, or is negative.
  fileprivate func decodeCount(forKey key: Key) throws -> Int? {
    guard let count = try decodeIfPresent(Int.self, forKey: key) else { return nil }
    guard count >= 0 else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self, debugDescription: "A count cannot be negative (\(count)).")
    }
    return count
  }
}
