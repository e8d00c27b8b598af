/// What a content-displaying component shows: a placeholder for a state, or its content.
///
/// States compare equal **by kind**: `.loading(progress: 0.2) == .loading(progress: 0.9)`, and two
/// error states are equal whatever their errors. Use ``kind`` to switch over states without
/// their payloads, and the payload accessors (``error``, ``lockReason``, ``progress``) to read
/// them.
///
/// Errors are carried as `any Error` (which is `Sendable` in Swift 6): the error placeholder and
/// the presenter always receive the real error, never one made up by the library.
public enum ContentState: Sendable {
  /// Nothing has been requested yet: no placeholder is shown, in particular no empty flash.
  case idle
  /// Content is being loaded.
  ///
  /// - Parameter progress: The fraction done, from 0 to 1, or `nil` when it is not known.
  case loading(progress: Double?)
  /// The content itself is shown.
  case content
  /// Loading finished and there is nothing to show.
  case empty
  /// A load failed because the network is missing, and waits for it to come back before it
  /// is tried again; there is no content to fall back on. No retry attempt is spent while it
  /// waits (see ``ConnectivityPolicy``).
  case waiting
  /// Loading failed and there is no content to fall back on.
  ///
  /// - Parameter error: The error the load failed with.
  case error(any Error)
  /// The content exists but may not be shown until a credential is given.
  ///
  /// - Parameter reason: Why the content is locked.
  case locked(LockReason)
  /// A state the app defines, shown with the placeholder registered for its key.
  ///
  /// - Parameter key: The custom state's key.
  case custom(CustomStateKey)

  /// The loading state with unknown progress.
  public static var loading: ContentState { .loading(progress: nil) }

  /// The kind of a content state: the state without its payload.
  public enum Kind: Hashable, Sendable {
    /// See ``ContentState/idle``.
    case idle
    /// See ``ContentState/loading(progress:)``.
    case loading
    /// See ``ContentState/content``.
    case content
    /// See ``ContentState/empty``.
    case empty
    /// See ``ContentState/waiting``.
    case waiting
    /// See ``ContentState/error(_:)``.
    case error
    /// See ``ContentState/locked(_:)``.
    case locked
    /// See ``ContentState/custom(_:)``.
    case custom(CustomStateKey)
  }

  /// The state's kind, without its payload.
  public var kind: Kind {
    switch self {
    case .idle: .idle
    case .loading: .loading
    case .content: .content
    case .empty: .empty
    case .waiting: .waiting
    case .error: .error
    case .locked: .locked
    case .custom(let key): .custom(key)
    }
  }

  /// The error of an error state, or `nil` for any other state.
  public var error: (any Error)? {
    if case .error(let error) = self { error } else { nil }
  }

  /// The reason of a locked state, or `nil` for any other state.
  public var lockReason: LockReason? {
    if case .locked(let reason) = self { reason } else { nil }
  }

  /// The progress fraction (0…1) of a loading state, or `nil` when unknown or not loading.
  public var progress: Double? {
    if case .loading(let progress) = self { progress } else { nil }
  }

  /// Whether this state shows a placeholder rather than the content or nothing.
  public var showsPlaceholder: Bool {
    switch self {
    case .idle, .content: false
    case .loading, .empty, .waiting, .error, .locked, .custom: true
    }
  }
}

extension ContentState: Equatable {
  /// Whether two states are of the same kind; payloads are not compared.
  ///
  /// - Parameters:
  ///   - lhs: A state.
  ///   - rhs: Another state.
  /// - Returns: `true` when both states have the same ``kind``.
  public static func == (lhs: ContentState, rhs: ContentState) -> Bool {
    lhs.hasSameKind(as: rhs)
  }
}
