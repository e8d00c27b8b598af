/// The last load's operation, kept so that ``StatefulContent/reload(isolation:)`` and the
/// error placeholder's Retry action can run it again.
///
/// It holds no reference to the adopter: the adopter is passed in when the recipe runs.
protocol AnyLoadRecipe {
  func run(
    on host: AnyObject, mode: LoadLifecycle.Mode, credential: Credential?,
    isolation: isolated (any Actor)?
  ) async -> LoadOutcome?
}

final class LoadRecipe<Host: StatefulContent, Value: Sendable>: AnyLoadRecipe {
  let animated: Bool
  let retry: RetryPolicy?
  /// Gives the work of one run, for the adopter and the actor it runs on: the operation
  /// itself, or one that runs on the actor and receives the adopter (which the recipe never
  /// holds).
  let work: (Host, (any Actor)?) -> LoadDriver<Value>.Work
  let apply: (Host, Value) -> Void
  /// Clears the content before a streaming load's first part; `nil` for other loads.
  let reset: ((Host) -> Void)?
  /// The key of a keyed load; `nil` for other loads.
  let keying: LoadKeys.Keying?

  init(
    animated: Bool, retry: RetryPolicy?,
    work: @escaping (Host, (any Actor)?) -> LoadDriver<Value>.Work,
    apply: @escaping (Host, Value) -> Void, reset: ((Host) -> Void)? = nil,
    keying: LoadKeys.Keying? = nil
  ) {
    self.animated = animated
    self.retry = retry
    self.work = work
    self.apply = apply
    self.reset = reset
    self.keying = keying
  }

  func run(
    on host: AnyObject, mode: LoadLifecycle.Mode, credential: Credential?,
    isolation: isolated (any Actor)?
  ) async -> LoadOutcome? {
    guard let host = host as? Host else { return nil }
    // Again, the same key is a refresh, and needs no debounce.
    var keying = keying
    keying?.debounce = .zero
    return await host.runLoad(
      mode: mode, credential: credential, animated: animated, retry: retry,
      isolation: isolation, work: work(host, isolation), apply: apply, reset: reset,
      key: keying)
  }
}
