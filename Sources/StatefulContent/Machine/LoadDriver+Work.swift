// What a load runs: its operation, the parts of a stream, or the category API's own work.
extension LoadDriver {
  /// What the load runs: an operation that returns its value, one that delivers it in parts
  /// (a streaming load), or the adopter's own work (a category load).
  enum Work: Sendable {
    case value(@Sendable (LoadContext) async throws -> Value)
    /// A streaming load's work: `deliver` returns once the part may be followed by the next
    /// (see ``Mailbox/maximumWaitingParts``).
    case parts(
      @Sendable (LoadContext, _ deliver: @escaping @Sendable (Value) async -> Void) async throws
        -> Void)
    /// The category API's load: no operation runs here; the adopter's own work reports its
    /// progress with `updateLoadingProgress` and ends the attempt with `endLoading`.
    case category

    /// The work of a streaming load whose parts are the elements of a sequence.
    ///
    /// The sequence is read on demand: the next element is asked for once the part before it
    /// was delivered, so at most ``Mailbox/maximumWaitingParts`` parts wait to be applied,
    /// however fast the sequence produces them.
    ///
    /// - Parameter makeParts: Makes the sequence for an attempt; it is iterated in the
    ///   attempt's task.
    static func iterating<Parts: AsyncSequence & SendableMetatype>(
      _ makeParts: @escaping @Sendable (LoadContext) -> Parts
    ) -> Work where Parts.Element == Value {
      .parts { context, deliver in
        for try await part in makeParts(context) { await deliver(part) }
      }
    }

    /// Runs the work for attempt `attempt`: its value, or `nil` when it delivered its value in
    /// parts (posted to `mailbox`) or is the adopter's own work.
    func perform(
      _ context: LoadContext, attempt: Int, mailbox: Mailbox
    ) async -> Result<Value?, any Error> {
      do {
        switch self {
        case .value(let operation):
          return .success(try await operation(context))
        case .parts(let operation):
          try await operation(context) { part in await mailbox.post(part: part, attempt: attempt) }
          return .success(nil)
        case .category:
          return .success(nil)
        }
      } catch {
        return .failure(error)
      }
    }

    /// The work of one attempt, handed to its task once: the task takes it out, so the work is
    /// released when it ends, not when the task's closure is.
    final class Handoff: @unchecked Sendable {
      // @unchecked Sendable: written when the attempt starts, before its task exists; read
      // and cleared once, by that task alone.
      private var work: Work?

      init(_ work: Work) {
        self.work = work
      }

      func take() -> Work {
        defer { work = nil }
        return work ?? .category
      }
    }

    /// The same work, after `verifier` accepted `credential`; a refused one throws
    /// ``ContentLockedError/incorrectCredential`` without running it.
    func verifying(
      _ credential: Credential, with verifier: @escaping @Sendable (Credential) async throws -> Bool
    ) -> Work {
      switch self {
      case .value(let operation):
        .value { context in
          try await ContentLock.verify(credential, with: verifier)
          return try await operation(context)
        }
      case .parts(let operation):
        .parts { context, deliver in
          try await ContentLock.verify(credential, with: verifier)
          context.reportCredentialAccepted()
          try await operation(context, deliver)
        }
      case .category: .category
      }
    }
  }
}
