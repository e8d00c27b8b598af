/// The result of one page append, delivered once: by the append's task when it finishes, or
/// as `nil` when the append is superseded or its awaiting task cancelled — whichever comes
/// first. So `loadMore` returns at once when a refresh supersedes it, even if its operation
/// ignores cancellation (its late page is then dropped, as a superseded load's).
final class AppendResult<Page: Sendable>: Sendable {
  private struct State {
    var waiter: CheckedContinuation<Result<Page, any Error>?, Never>?
    var result: Result<Page, any Error>??
  }

  private let state = LockedState(State())

  /// Delivers the result, or `nil` for "ended early"; only the first delivery counts.
  func deliver(_ result: Result<Page, any Error>?) {
    let waiter: CheckedContinuation<Result<Page, any Error>?, Never>? = state.withLock { state in
      guard case .none = state.result else { return nil }
      state.result = .some(result)
      return state.waiter.take()
    }
    waiter?.resume(returning: result)
  }

  /// Waits for the result on the caller's isolation.
  func value(isolation: isolated (any Actor)?) async -> Result<Page, any Error>? {
    await withCheckedContinuation(isolation: isolation) { continuation in
      let ready: Result<Page, any Error>?? = state.withLock { state in
        if case .some(let result) = state.result { return .some(result) }
        state.waiter = continuation
        return nil
      }
      if case .some(let result) = ready { continuation.resume(returning: result) }
    }
  }
}
