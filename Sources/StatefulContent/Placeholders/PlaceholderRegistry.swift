/// Decides which placeholder a state shows before the adopter's hooks configure it: the one
/// registered for its kind, or the built-in one with the built-in texts.
///
/// A pure value; ``ContentStateMachine`` stores it and is its only writer.
struct PlaceholderRegistry {
  private var registered: [ContentState.Kind: any Placeholder] = [:]
  /// Counts registrations, so that a cancelled load knows whether the state it restores must
  /// be presented anew.
  private(set) var generation: UInt64 = 0
  /// The built-in texts and placeholders when the app set its own; `nil` for the process's
  /// (`BuiltInPlaceholders.current`), so that a machine carries one reference, not the texts.
  var ownBuiltIns: BuiltInPlaceholders?

  /// The built-in placeholders and texts in use.
  var builtIns: BuiltInPlaceholders { ownBuiltIns ?? .current }

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
  /// one — for empty after a keyed load, the one titled "No Results" — decorated as
  /// ``configure(_:for:attempt:key:builtIns:_:)`` does.
  ///
  /// Built-in placeholders are kept as existentials and lent, never copied.
  ///
  /// - Parameters:
  ///   - builtIns: The built-in placeholders of the machine's texts: the process's
  ///     (``BuiltInPlaceholders/current``) unless the app set the machine's own.
  ///   - redaction: What keeps the secrets out of an error's texts.
  static func configureBuiltIn(
    for state: ContentState, attempt: Int, key: LoadKey? = nil,
    builtIns: BuiltInPlaceholders = .current, redaction: SecretRedaction = .none,
    _ configure: (any Placeholder) -> (any Placeholder, EdgeInsets)
  ) -> (any Placeholder, EdgeInsets) {
    // Each box is handed on as it is, not copied into a local first.
    switch state {
    case .error, .locked(.incorrectCredential):
      return configure(builtIn(for: state, builtIns: builtIns, redaction: redaction))
    case .locked:
      return Self.configure(
        builtIns.boxedLocked, for: state, attempt: attempt, key: key, builtIns: builtIns,
        configure)
    case .waiting:
      return Self.configure(
        builtIns.boxedWaiting, for: state, attempt: attempt, key: key, builtIns: builtIns,
        configure)
    case .empty:
      // After a keyed load, nothing was found for the key: "No Results", not "No Content".
      return Self.configure(
        key == nil ? builtIns.boxedEmpty : builtIns.boxedNoResults, for: state,
        attempt: attempt, key: key, builtIns: builtIns, configure)
    case .idle, .loading, .content, .custom:
      return Self.configure(
        builtIns.boxedLoading, for: state, attempt: attempt, key: key, builtIns: builtIns,
        configure)
    }
  }

  /// Lends `configure` a state's placeholder (registered or built-in) before the adopter's
  /// hook: a ``StandardPlaceholder`` for loading carries the load's progress and, on a retry,
  /// the attempt ("Retrying (attempt n)…" when it has no message of its own); one for empty,
  /// after a keyed load, the key ("No results for “swi”." when it has no message of its own);
  /// one for an error that describes itself as a `LocalizedError`, what it says where the
  /// placeholder was left at its defaults (see `StandardPlaceholder.fillRegistered`), with
  /// the secrets of `redaction` kept out of them. The texts are those of `builtIns`; the
  /// library's texts are never redacted.
  ///
  /// These are static functions, given the placeholder, so that the registry is not held
  /// while the hook runs (a hook may register another placeholder).
  ///
  /// - Parameters:
  ///   - base: The registered (``registeredPlaceholder(for:)``) or built-in placeholder.
  ///   - state: A state that shows a placeholder.
  ///   - attempt: The load's attempt, counting from 1.
  ///   - key: The key of a keyed load, or `nil`.
  ///   - builtIns: The built-in placeholders and texts of the machine.
  ///   - redaction: What keeps the secrets out of an error's texts.
  ///   - configure: The adopter's hook and insets for the state.
  /// - Returns: What `configure` returns.
  static func configure(
    _ base: any Placeholder, for state: ContentState, attempt: Int, key: LoadKey? = nil,
    builtIns: BuiltInPlaceholders = .current, redaction: SecretRedaction = .none,
    _ configure: (any Placeholder) -> (any Placeholder, EdgeInsets)
  ) -> (any Placeholder, EdgeInsets) {
    switch state {
    case .loading(let progress):
      guard progress != nil || attempt > 1, var standard = base as? StandardPlaceholder
      else { return configure(base) }
      standard.progress = progress
      if attempt > 1, standard.message == nil {
        standard.message = builtIns.strings.retrying(attempt: attempt)
      }
      return configure(standard)
    case .empty:
      guard let key, var standard = base as? StandardPlaceholder, standard.message == nil
      else { return configure(base) }
      standard.message = builtIns.strings.noResults(for: key.description)
      return configure(standard)
    case .error(let error):
      guard let registered = base as? StandardPlaceholder else { return configure(base) }
      var filled = registered
      guard filled.fillRegistered(from: error, strings: builtIns.strings) else {
        return configure(base)
      }
      // An unlock error's texts are the library's own: nothing to redact.
      guard !(error is UnlockError) else { return configure(filled) }
      return configure(
        redaction.redacting(filled, over: registered, builtIns.redactionReplacements(for: .error)))
    case .idle, .content, .waiting, .locked, .custom:
      return configure(base)
    }
  }

  /// Lends `configure` a state's placeholder — `registered`, or the built-in one — as
  /// ``configure(_:for:attempt:key:builtIns:redaction:_:)`` and
  /// ``configureBuiltIn(for:attempt:key:builtIns:redaction:_:)`` do, with the secrets of
  /// `redaction` kept out of every text that comes from outside the library: the registered
  /// placeholder's (the app's, but for the built-in texts it kept when it was made from the
  /// built-in placeholder — ``StandardPlaceholder/locked(in:)`` and its siblings), an error's,
  /// and those `configure` writes (the adopter's hook). The library's own texts are left as
  /// they are (see `SecretRedaction`).
  ///
  /// - Parameters:
  ///   - registered: The placeholder registered for the state's kind, or `nil`.
  ///   - redaction: The secrets no text may show.
  /// - Returns: What `configure` returns, redacted.
  static func configure(
    registered: (any Placeholder)?, for state: ContentState, attempt: Int, key: LoadKey?,
    builtIns: BuiltInPlaceholders, redaction: SecretRedaction,
    _ configure: (any Placeholder) -> (any Placeholder, EdgeInsets)
  ) -> (any Placeholder, EdgeInsets) {
    let replacements = builtIns.redactionReplacements(for: state.kind)
    func hook(_ handed: any Placeholder) -> (any Placeholder, EdgeInsets) {
      let (written, insets) = configure(handed)
      return (redaction.redacting(written, over: handed, replacements), insets)
    }
    guard let registered else {
      return configureBuiltIn(
        for: state, attempt: attempt, key: key, builtIns: builtIns, redaction: redaction, hook)
    }
    let own = redaction.redacting(
      registered, over: builtIns.placeholder(for: state.kind), replacements)
    return Self.configure(
      own, for: state, attempt: attempt, key: key, builtIns: builtIns, redaction: redaction,
      hook)
  }

  // MARK: Built-in placeholders and texts

  /// The built-in placeholder of a state: ``StandardPlaceholder``'s in the language of
  /// `builtIns`, with what the error says (see `StandardPlaceholder.fillBuiltIn`), the
  /// secrets of `redaction` kept out of it, or the wrong-credential count as its message.
  static func builtIn(
    for state: ContentState, builtIns: BuiltInPlaceholders = .current,
    redaction: SecretRedaction = .none
  ) -> StandardPlaceholder {
    switch state {
    case .error(let error):
      var placeholder = builtIns.error
      placeholder.fillBuiltIn(from: error, strings: builtIns.strings)
      if let unlock = error as? UnlockError {
        // The library's own texts: nothing to redact. Too many wrong credentials offer no
        // Retry, which would only show the lockout again: the document is opened anew.
        if case .attemptLimitReached = unlock { placeholder.actions = [] }
        return placeholder
      }
      return redaction.redacting(
        placeholder, over: builtIns.error, builtIns.redactionReplacements(for: .error))
    case .locked(.incorrectCredential(let attempts)):
      var placeholder = builtIns.locked
      placeholder.message = builtIns.strings.incorrectCredential(attempts: attempts)
      return placeholder
    case .locked: return builtIns.locked
    case .empty: return builtIns.empty
    case .waiting: return builtIns.waiting
    case .idle, .loading, .content, .custom: return builtIns.loading
    }
  }
}
