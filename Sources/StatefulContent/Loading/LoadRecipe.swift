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
  /// Gives the operation of one run, for the adopter and the actor it runs on: the operation
  /// itself, or one that runs on the actor and receives the adopter (which the recipe never
  /// holds).
  let operation: (Host, (any Actor)?) -> @Sendable (LoadContext) async throws -> Value
  let apply: (Host, Value) -> Void

  init(
    animated: Bool, retry: RetryPolicy?,
    operation: @escaping (Host, (any Actor)?) -> @Sendable (LoadContext) async throws -> Value,
    apply: @escaping (Host, Value) -> Void
  ) {
    self.animated = animated
    self.retry = retry
    self.operation = operation
    self.apply = apply
  }

  func run(
    on host: AnyObject, mode: LoadLifecycle.Mode, credential: Credential?,
    isolation: isolated (any Actor)?
  ) async -> LoadOutcome? {
    guard let host = host as? Host else { return nil }
    return await host.runLoad(
      mode: mode, credential: credential, animated: animated, retry: retry,
      isolation: isolation, operation: operation(host, isolation), apply: apply)
  }
}
