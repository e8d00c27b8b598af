/// Decides which placeholder a state shows before the adopter's hooks configure it: the one
/// registered for its kind, or the built-in one with the built-in texts.
///
/// A pure value; ``ContentStateMachine`` stores it and is its only writer.
struct PlaceholderRegistry {
  private var registered: [ContentState.Kind: any Placeholder] = [:]
  /// Counts registrations, so that a cancelled load knows whether the state it restores must
  /// be presented anew.
  private(set) var generation: UInt64 = 0

  // MARK: Events

  /// Registers the placeholder for a kind of state, or goes back to the built-in one.
  ///
  /// - Parameters:
  ///   - placeholder: The placeholder, or `nil` for the built-in one.
  ///   - kind: The kind of state it is for.
  ///   - requestedKind: The kind of the state requested now.
  /// - Returns: Whether the requested state must be presented again with the new placeholder,
  ///   so that nothing of the old one is left on screen. A custom state that lost its
  ///   placeholder is not: it stays, unchanged, until the next request.
  /// - Throws: ``StateMachineError/stateHasNoPlaceholder(_:)`` for idle and content.
  mutating func register(
    _ placeholder: (any Placeholder)?, for kind: ContentState.Kind,
    requestedKind: ContentState.Kind
  ) throws(StateMachineError) -> Bool {
    guard kind != .idle && kind != .content else { throw .stateHasNoPlaceholder(kind) }
    registered[kind] = placeholder
    generation &+= 1
    guard requestedKind == kind else { return false }
    if case .custom = kind, placeholder == nil { return false }
    return true
  }

  // MARK: Decisions

  /// Checks that a kind of state can be requested: a custom state needs its placeholder.
  ///
  /// - Throws: ``StateMachineError/missingPlaceholder(_:)`` for a custom state with none.
  func validate(_ kind: ContentState.Kind) throws(StateMachineError) {
    if case .custom(let key) = kind, registeredPlaceholder(for: kind) == nil {
      throw .missingPlaceholder(key)
    }
  }

  /// Whether a cancelled load can bring back the presentation it replaced as it was: not when
  /// a placeholder was registered since (then the state is presented anew with the current
  /// one), unless the state is a custom one that has lost its placeholder.
  ///
  /// - Parameters:
  ///   - kind: The kind of state the presentation shows.
  ///   - generation: The registry's ``generation`` when the presentation was built.
  func reuses(presentationOf kind: ContentState.Kind, builtAt generation: UInt64) -> Bool {
    if case .custom = kind, registeredPlaceholder(for: kind) == nil { return true }
    return generation == self.generation
  }

  /// The placeholder registered for a kind of state, or `nil`.
  @inline(__always)
  func registeredPlaceholder(for kind: ContentState.Kind) -> (any Placeholder)? {
    guard !registered.isEmpty else { return nil }
    return registered[kind]
  }

  /// Lends `configure` the placeholder a state shows when none is registered: the built-in
  /// one, decorated as ``configure(_:for:attempt:_:)`` does.
  ///
  /// Built-in placeholders are kept as existentials and lent, never copied.
  static func configureBuiltIn(
    for state: ContentState, attempt: Int, key: LoadKey? = nil,
    _ configure: (any Placeholder) -> (any Placeholder, EdgeInsets)
  ) -> (any Placeholder, EdgeInsets) {
    switch state {
    case .error, .locked(.incorrectCredential):
      return Self.configure(
        builtIn(for: state), for: state, attempt: attempt, key: key, configure)
    case .locked:
      return Self.configure(builtInLocked, for: state, attempt: attempt, key: key, configure)
    case .empty:
      return Self.configure(builtInEmpty, for: state, attempt: attempt, key: key, configure)
    case .idle, .loading, .content, .custom:
      return Self.configure(builtInLoading, for: state, attempt: attempt, key: key, configure)
    }
  }

  /// Lends `configure` a state's placeholder (registered or built-in) before the adopter's
  /// hook: a ``StandardPlaceholder`` for loading carries the load's progress and, on a retry,
  /// the attempt ("Retrying (attempt n)…" when it has no message of its own); one for empty,
  /// after a keyed load, the key ("No results for “swi”." when it has no message of its own).
  ///
  /// These are static functions, given the placeholder, so that the registry is not held
  /// while the hook runs (a hook may register another placeholder).
  ///
  /// - Parameters:
  ///   - base: The registered (``registeredPlaceholder(for:)``) or built-in placeholder.
  ///   - state: A state that shows a placeholder.
  ///   - attempt: The load's attempt, counting from 1.
  ///   - key: The key of a keyed load, or `nil`.
  ///   - configure: The adopter's hook and insets for the state.
  /// - Returns: What `configure` returns.
  static func configure(
    _ base: any Placeholder, for state: ContentState, attempt: Int, key: LoadKey? = nil,
    _ configure: (any Placeholder) -> (any Placeholder, EdgeInsets)
  ) -> (any Placeholder, EdgeInsets) {
    if case .empty = state, let key, var standard = base as? StandardPlaceholder,
      standard.message == nil
    {
      standard.message = noResultsMessage(for: key)
      return configure(standard)
    }
    guard case .loading(let progress) = state, progress != nil || attempt > 1,
      var standard = base as? StandardPlaceholder
    else { return configure(base) }
    standard.progress = progress
    if attempt > 1, standard.message == nil {
      standard.message = retryingMessage(attempt: attempt)
    }
    return configure(standard)
  }

  // MARK: Built-in placeholders and texts

  /// The built-in placeholder of a state: ``StandardPlaceholder``'s, with the error's
  /// description or the wrong-credential count as its message.
  static func builtIn(for state: ContentState) -> StandardPlaceholder {
    switch state {
    case .error(let error):
      var placeholder = StandardPlaceholder.error
      placeholder.message = String(describing: error)
      return placeholder
    case .locked(.incorrectCredential(let attempts)):
      var placeholder = StandardPlaceholder.locked
      placeholder.message = incorrectCredentialMessage(attempts: attempts)
      return placeholder
    case .locked: return .locked
    case .empty: return .empty
    case .idle, .loading, .content, .custom: return .loading
    }
  }

  /// "Retrying (attempt n)…", the loading message of a retry.
  static func retryingMessage(attempt: Int) -> String { "Retrying (attempt \(attempt))…" }

  /// "No results for “swi”.", the empty message after a keyed load.
  static func noResultsMessage(for key: LoadKey) -> String { "No results for “\(key)”." }

  /// "Incorrect password (attempt n).", the locked message after a refused credential.
  static func incorrectCredentialMessage(attempts: Int) -> String {
    "Incorrect password (attempt \(attempts))."
  }

  // Boxed once: turning a large struct into an existential allocates, so the built-in
  // placeholders are kept as existentials.
  private static let builtInLoading: any Placeholder = StandardPlaceholder.loading
  private static let builtInEmpty: any Placeholder = StandardPlaceholder.empty
  private static let builtInLocked: any Placeholder = StandardPlaceholder.locked
}
