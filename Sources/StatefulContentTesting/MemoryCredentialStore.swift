import StatefulContent

/// A ``StatefulContent/CredentialStore`` in memory, for tests: credentials per fingerprint, a
/// count of every call, and a way to make the store misbehave — throw, never answer, or
/// answer with a credential that opens nothing — to check that none of it wedges a load.
///
/// ```swift
/// let store = MemoryCredentialStore()
/// store.put(Credential(password: "sesame"), for: fingerprint)
/// model.stateMachine.credentialMemory = CredentialMemory(store: store, policy: .always)
/// ```
///
/// Its descriptions never show a secret: ``Credential`` redacts itself.
public final class MemoryCredentialStore: CredentialStore, Sendable {
  /// How the store answers.
  public enum Behavior: Sendable {
    /// As a store should: what it keeps.
    case answers
    /// Every call throws this error.
    case fails(any Error)
    /// No call ever returns: each waits until its task is cancelled, then throws
    /// `CancellationError`.
    case hangs
    /// Every lookup answers this credential, whatever is kept or forgotten.
    case lies(Credential)
  }

  private struct State {
    var credentials: [CredentialFingerprint: Credential] = [:]
    var behavior = Behavior.answers
    var lookups = 0
    var remembered = 0
    var forgotten = 0
  }

  private let state = LockedState(State())

  /// Creates an empty store that answers as a store should.
  public init() {}

  /// How the store answers from now on.
  public var behavior: Behavior {
    get { state.withLock { $0.behavior } }
    set { state.withLock { $0.behavior = newValue } }
  }

  /// How many times a credential was asked for.
  public var lookups: Int { state.withLock { $0.lookups } }
  /// How many times a credential was remembered.
  public var rememberCount: Int { state.withLock { $0.remembered } }
  /// How many times a credential was forgotten.
  public var forgetCount: Int { state.withLock { $0.forgotten } }

  /// The credential kept for a document, without counting a lookup.
  ///
  /// - Parameter fingerprint: What identifies the document.
  /// - Returns: The kept credential, or `nil`.
  public func kept(for fingerprint: CredentialFingerprint) -> Credential? {
    state.withLock { $0.credentials[fingerprint] }
  }

  /// Keeps a credential as an earlier run would have remembered it, without counting a call.
  ///
  /// - Parameters:
  ///   - credential: The credential.
  ///   - fingerprint: What identifies the document.
  public func put(_ credential: Credential, for fingerprint: CredentialFingerprint) {
    state.withLock { $0.credentials[fingerprint] = credential }
  }

  /// The credential kept for a document; counts a lookup.
  ///
  /// - Parameter fingerprint: What identifies the document.
  /// - Returns: The kept credential — or the lie — or `nil`.
  /// - Throws: The error of ``Behavior/fails(_:)``, or `CancellationError` when a hanging call
  ///   is cancelled.
  public func credential(for fingerprint: CredentialFingerprint) async throws -> Credential? {
    let (behavior, kept) = state.withLock { state in
      state.lookups += 1
      return (state.behavior, state.credentials[fingerprint])
    }
    switch behavior {
    case .answers: return kept
    case .lies(let credential): return credential
    case .fails(let error): throw error
    case .hangs: try await Self.hang()
    }
    return nil
  }

  /// Keeps a credential for a document, replacing the one kept before; counts a remember.
  ///
  /// - Parameters:
  ///   - credential: The credential.
  ///   - fingerprint: What identifies the document.
  /// - Throws: The error of ``Behavior/fails(_:)``, or `CancellationError` when a hanging call
  ///   is cancelled.
  public func remember(_ credential: Credential, for fingerprint: CredentialFingerprint)
    async throws
  {
    let behavior = state.withLock { state in
      state.remembered += 1
      return state.behavior
    }
    switch behavior {
    case .answers, .lies: state.withLock { $0.credentials[fingerprint] = credential }
    case .fails(let error): throw error
    case .hangs: try await Self.hang()
    }
  }

  /// Forgets the credential kept for a document; counts a forget.
  ///
  /// - Parameter fingerprint: What identifies the document.
  /// - Throws: The error of ``Behavior/fails(_:)``, or `CancellationError` when a hanging call
  ///   is cancelled.
  public func forgetCredential(for fingerprint: CredentialFingerprint) async throws {
    let behavior = state.withLock { state in
      state.forgotten += 1
      return state.behavior
    }
    switch behavior {
    case .answers, .lies: state.withLock { $0.credentials[fingerprint] = nil }
    case .fails(let error): throw error
    case .hangs: try await Self.hang()
    }
  }

  /// Waits until the task is cancelled.
  private static func hang() async throws {
    let gate = AsyncStream<Never>.makeStream()
    await withTaskCancellationHandler {
      for await _ in gate.stream {}
    } onCancel: {
      gate.continuation.finish()
    }
    throw CancellationError()
  }
}
