/// A load's operation that runs on the actor that started the load and receives the adopter
/// (``StatefulContent/load(animated:retry:isolation:operation:apply:)-7ii2a``).
///
/// The load's driver runs every operation in a task of its own; this one hops from that task
/// to the actor before it touches the adopter or calls the operation, which is
/// `nonisolated(nonsending)` and so stays on the actor.
struct IsolatedOperation<Host: AnyObject, Value: Sendable>: @unchecked Sendable {
  // Unchecked: the adopter and the operation are only touched in `perform(_:on:)`, which
  // runs on the actor the load was started on — the one isolation they are used from.

  let host: Host
  let operation: nonisolated(nonsending) (Host, LoadContext) async throws -> Value
  /// The actor to run on; `nil` once it is gone.
  weak var actor: (any Actor)?

  init(
    host: Host,
    operation: nonisolated(nonsending) @escaping (Host, LoadContext) async throws -> Value,
    actor: (any Actor)?
  ) {
    self.host = host
    self.operation = operation
    self.actor = actor
  }

  /// Runs the operation on the actor.
  ///
  /// - Throws: What the operation throws; `CancellationError` when the actor is gone.
  @Sendable func run(_ context: LoadContext) async throws -> Value {
    guard let actor else { throw CancellationError() }
    return try await perform(context, on: actor)
  }

  private func perform(_ context: LoadContext, on actor: isolated any Actor) async throws -> Value {
    try await operation(host, context)
  }
}
