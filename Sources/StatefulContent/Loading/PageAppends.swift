/// Which page append runs and where appending stands.
///
/// A pure value with one mutating method per event; ``ContentStateMachine`` stores it and is
/// its only writer. The rules: one append at a time (an append asked for while one runs is
/// covered by it); a refresh — any other load — supersedes a running append, never the other
/// way round; a failed append stays failed until the next append or load (the adopter's page
/// method, called again, asks for the page that was not applied).
struct PageAppends {
  /// Where appending stands.
  private(set) var state = AppendState.idle
  /// The running append's identifier, or `nil`.
  private(set) var runningID: UInt64?
  /// Cancels the running append's task, when a refresh supersedes it.
  private var cancelTask: (@Sendable () -> Void)?
  private var nextID: UInt64 = 1

  /// An append asks to start.
  ///
  /// - Parameter isRefreshing: Whether another load runs: then the append does not start.
  /// - Returns: The append's identifier, or `nil` when it does not start (another load or an
  ///   append runs).
  mutating func begin(whileLoading isLoading: Bool) -> UInt64? {
    guard !isLoading, runningID == nil else { return nil }
    let id = nextID
    nextID += 1
    runningID = id
    state = .loading
    return id
  }

  /// Keeps what cancels the running append's task, so that a refresh can cancel it.
  ///
  /// - Returns: `false` when that append no longer runs: the caller cancels the task.
  mutating func retain(cancel: @escaping @Sendable () -> Void, for id: UInt64) -> Bool {
    guard runningID == id else { return false }
    cancelTask = cancel
    return true
  }

  /// The append `id` ended: with `nil` when it succeeded or was cancelled, else its error.
  ///
  /// - Returns: Whether it was the running append (a superseded one changes nothing).
  mutating func end(_ id: UInt64, error: (any Error)?) -> Bool {
    guard runningID == id else { return false }
    runningID = nil
    cancelTask = nil
    state = error.map { .failed($0) } ?? .idle
    return true
  }

  /// Another load starts: a running append is superseded, and a failed one forgotten (the
  /// refresh loads the first page again).
  ///
  /// - Returns: What cancels the superseded append's task.
  mutating func supersede() -> (@Sendable () -> Void)? {
    defer {
      runningID = nil
      cancelTask = nil
      state = .idle
    }
    return cancelTask
  }

  /// Whether there is anything a new load must supersede.
  var isActive: Bool {
    if runningID != nil { return true }
    if case .idle = state { return false }
    return true
  }
}
