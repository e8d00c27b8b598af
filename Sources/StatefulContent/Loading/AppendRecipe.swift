/// A page append, kept when it fails so that ``StatefulContent/retryAppend(isolation:)`` runs
/// that page again — and only that page.
///
/// It holds no reference to the adopter: the adopter is passed in when the recipe runs.
final class AppendRecipe<Host: StatefulContent, Page: Sendable>: AnyLoadRecipe {
  let animated: Bool
  let operation: @Sendable (LoadContext) async throws -> Page
  let apply: (Host, Page) -> Void

  init(
    animated: Bool, operation: @escaping @Sendable (LoadContext) async throws -> Page,
    apply: @escaping (Host, Page) -> Void
  ) {
    self.animated = animated
    self.operation = operation
    self.apply = apply
  }

  func run(
    on host: AnyObject, mode: LoadLifecycle.Mode, credential: Credential?,
    isolation: isolated (any Actor)?
  ) async -> LoadOutcome? {
    guard let host = host as? Host else { return nil }
    return await host.loadMore(
      animated: animated, isolation: isolation, operation: operation, apply: apply)
  }
}
