/// A model type that shows content, or a placeholder while its content is not simply there.
///
/// This is the "stateful view controller" category approach without views: adopt the
/// protocol, say what "has content" means, register placeholders on ``stateMachine``, and call
/// ``startLoading(animated:isolation:completion:)`` and ``endLoading(animated:error:completion:)``. The
/// state rules decide between loading, empty, error, locked and content.
///
/// ```swift
/// @MainActor
/// final class Inbox: @MainActor StatefulContent {
///   let stateMachine = ContentStateMachine(presenter: myPresenter)
///   var content: [Message] = []          // hasContent is !content.isEmpty
///
///   func refresh() {
///     startLoading()
///     fetchMessages { result in          // a @Sendable completion, on the API's queue
///       Task { @MainActor in             // back on the model's actor
///         switch result {
///         case .success(let messages): self.content = messages; self.endLoading()
///         case .failure(let error): self.endLoading(error: error)
///         }
///       }
///     }
///   }
/// }
/// ```
///
/// A completion handler that runs off the model's actor hops back before it touches the model
/// (<doc:Migrating> shows why, and the async form with `load`).
///
/// ## Implementation requirements
/// Only ``stateMachine`` is required. A conforming type must be a class (the machine's owner)
/// and must use the machine from one isolation domain; conform with `@MainActor StatefulContent`
/// for a main-actor model. Every other requirement has a default, documented on the requirement.
public protocol StatefulContent: AnyObject {
  /// What StatefulViewController's spelling of the error hook returns in this adopter —
  /// inferred, never written: `Void` when the adopter implements
  /// ``handleErrorWhenContentAvailable(_:)``, and `_NoOldErrorHook` otherwise.
  ///
  /// It exists so that the old spelling is a compiler warning: when it is `Void`, the default
  /// of ``handleErrorWhenContentsAvailable(_:)`` is a deprecated one that forwards to the old
  /// method, and the compiler warns where the adopter conforms.
  associatedtype _OldErrorHookResult = _NoOldErrorHook

  /// The type of the content; when it is a `Collection`, ``hasContent`` defaults to
  /// `!content.isEmpty`, and when it is an `Optional`, to whether it holds a value (an
  /// optional collection: a non-empty one; see ``OptionalContent``). Defaults to `Void` (no
  /// content property needed).
  associatedtype Content = Void

  /// The machine that holds the placeholders and presents the states.
  var stateMachine: ContentStateMachine { get }

  /// The content shown when the state is ``ContentState/content``.
  ///
  /// Default (when ``Content`` is `Void`): `()`.
  var content: Content { get }

  /// Whether there is content to show; content always wins over a placeholder.
  ///
  /// Default: `!content.isEmpty` when ``Content`` is a `Collection`; whether it holds a value
  /// when ``Content`` is an `Optional` (``OptionalContent``); otherwise `false`, deprecated so
  /// that the compiler warns — an adopter without `hasContent` never shows its content (and
  /// StatefulViewController's `func hasContent()` is not this requirement).
  var hasContent: Bool { get }

  /// How many items the content holds, announced when a load's content is shown ("12
  /// results"), or `nil` to announce "Content loaded." instead. Read only while the machine
  /// has an announcer (``ContentStateMachine/setAnnouncer(_:policy:isolation:)``), when
  /// content is decided.
  ///
  /// Default: `content.count` when ``Content`` is a `Collection`; otherwise `nil`.
  var contentCount: Int? { get }

  /// Called exactly once for a request that ends with an error while content stays visible.
  ///
  /// Use it to show a transient message (a toast, a banner); the state stays content.
  /// StatefulViewController's `handleErrorWhenContentAvailable(_:)` and StateViewController's
  /// `handleErrorWhenContentsAvailable:`; this name follows the second spelling.
  ///
  /// Default: does nothing — unless the adopter implements StatefulViewController's spelling,
  /// ``handleErrorWhenContentAvailable(_:)``: then the default is a deprecated one, so the
  /// compiler warns where the adopter conforms ("deprecated default implementation is used to
  /// satisfy instance method 'handleErrorWhenContentsAvailable'…: rename…"); at run time it
  /// reports ``AdoptionMistake/oldErrorHookName`` to the machine's
  /// ``ContentStateMachine/adoptionMistakeHandler`` and calls the old method, so the error is
  /// not lost.
  ///
  /// - Parameter error: The real error the load ended with.
  func handleErrorWhenContentsAvailable(_ error: any Error)

  /// StatefulViewController's spelling of ``handleErrorWhenContentsAvailable(_:)``: do not
  /// implement it.
  ///
  /// An adopter that implements it gets a compiler warning that names the fix, and until it
  /// is renamed, it is called in place of ``handleErrorWhenContentsAvailable(_:)`` (see that
  /// requirement's default). An adopter that implements both names — a migration shim
  /// forwarding one to the other — gets no warning and each error once, through the right
  /// name. Default: returns `_NoOldErrorHook`; the machine never calls it.
  ///
  /// - Parameter error: The real error the load ended with.
  /// - Returns: Nothing an adopter writes: `Void` in an adopter's method of this name.
  func handleErrorWhenContentAvailable(_ error: any Error) -> _OldErrorHookResult

  /// Loads the content: the adopter's own `load`, which ``reload(isolation:)`` — the error
  /// placeholder's Retry, pull to refresh — and ``unlock(with:remember:animated:isolation:)`` run.
  ///
  /// The machine keeps no operation: a `load`'s operation and `apply` are released when the
  /// load ends, so an operation that captures `self` is no retain cycle. To load again, the
  /// machine asks the adopter for its load here; the first load started in it runs as the
  /// reload (with the credential that unlocked the content, and no debounce) or as the unlock
  /// (with the credential to try, in ``LoadContext/credential``). Call it yourself, too, when
  /// the screen appears.
  ///
  /// ```swift
  /// func loadContent() async {
  ///   await load(into: \.content) { _ in try await self.api.items() }
  /// }
  /// ```
  ///
  /// Load what the screen shows now: the current query of a search (a keyed load), the first
  /// page of a paged list. It runs on its caller's actor (`nonisolated(nonsending)`), the
  /// model's.
  ///
  /// Implementation requirements: start the content's load and await it. Only a load started
  /// while this method runs — in its task, or a task it creates — is the reload's or the
  /// unlock's; one left running after it returns starts as a new load, which forgets the
  /// credential and the counted attempts. Start one load of the content: a second one is a
  /// load of the content too (and one that succeeds lifts a lock), so data that is not the
  /// content — a document's annotations — is loaded outside the machine, or in the `apply` of
  /// the content's load.
  ///
  /// - Important: In a class that no actor isolates, a plain `func loadContent() async`
  ///   declared in an extension that does not name the conformance is a plain async method,
  ///   which Swift 6 runs on the global executor: write
  ///   `nonisolated(nonsending) func loadContent() async` there (in the class body or the
  ///   conformance's extension it gets the requirement's isolation). The machine reports
  ///   ``AdoptionMistake/loadContentRanOffItsActor`` and runs the load it starts on the actor
  ///   that called ``reload(isolation:)`` or ``unlock(with:remember:animated:isolation:)``.
  ///
  /// - Important: In a `@MainActor` class whose declaration names the conformance
  ///   (`final class Feed: @MainActor StatefulContent`), Swift 6.3 gives the method the
  ///   requirement's isolation instead of the main actor's, and it cannot use the model:
  ///   write `@MainActor func loadContent() async`, or declare the conformance in an
  ///   extension.
  ///
  /// Default: loads nothing, and ``reload(isolation:)`` reports
  /// ``AdoptionMistake/loadContentNotImplemented``; an unlock then has the
  /// ``ContentStateMachine/credentialVerifier`` check the credential alone.
  nonisolated(nonsending) func loadContent() async

  /// The insets for a state's placeholder, added to the placeholder's own insets.
  ///
  /// Positive values move the placeholder inwards. Negative or non-finite distances are
  /// replaced by zero (see ``EdgeInsets/sanitized``). Default: ``EdgeInsets/zero``.
  ///
  /// - Parameter state: The state whose placeholder is laid out.
  /// - Returns: The insets to add.
  func insets(for state: ContentState) -> EdgeInsets

  /// Configures the loading placeholder just before it is presented.
  ///
  /// A ``StandardPlaceholder`` already carries the load's progress. Default: returns it as is.
  ///
  /// - Parameter placeholder: The registered (or built-in) loading placeholder.
  /// - Returns: The placeholder to present.
  func configureLoadingPlaceholder(_ placeholder: any Placeholder) -> any Placeholder

  /// Configures the empty placeholder just before it is presented. Default: returns it as is.
  ///
  /// - Parameter placeholder: The registered (or built-in) empty placeholder.
  /// - Returns: The placeholder to present.
  func configureEmptyPlaceholder(_ placeholder: any Placeholder) -> any Placeholder

  /// Configures the waiting placeholder ("Waiting for the network…") just before it is
  /// presented. Default: returns it as is.
  ///
  /// - Parameter placeholder: The registered (or built-in) waiting placeholder.
  /// - Returns: The placeholder to present.
  func configureWaitingPlaceholder(_ placeholder: any Placeholder) -> any Placeholder

  /// Configures the error placeholder with the real error just before it is presented.
  ///
  /// Default: returns it as is (the built-in error placeholder already shows the error's
  /// description).
  ///
  /// - Parameters:
  ///   - placeholder: The registered (or built-in) error placeholder.
  ///   - error: The error the load ended with.
  /// - Returns: The placeholder to present.
  func configureErrorPlaceholder(_ placeholder: any Placeholder, error: any Error)
    -> any Placeholder

  /// Configures the locked placeholder just before it is presented. Default: returns it as is.
  ///
  /// - Parameters:
  ///   - placeholder: The registered (or built-in) locked placeholder.
  ///   - reason: Why the content is locked.
  /// - Returns: The placeholder to present.
  func configureLockedPlaceholder(_ placeholder: any Placeholder, reason: LockReason)
    -> any Placeholder

  /// The custom state an error is shown as, instead of the error placeholder, or `nil`.
  ///
  /// Asked when the rules decide ``ContentState/error(_:)`` (there is no content): a key with a
  /// registered placeholder is shown instead, with no error placeholder presented first; a
  /// key without one falls back to the error placeholder. Default: the key of a
  /// ``CustomStateError``, else `nil`.
  ///
  /// - Parameter error: The error the load ended with.
  /// - Returns: The custom state to show, or `nil` for the error placeholder.
  func customState(for error: any Error) -> CustomStateKey?

  /// Configures a custom state's placeholder just before it is presented.
  /// Default: returns it as is.
  ///
  /// - Parameters:
  ///   - placeholder: The placeholder registered for the key.
  ///   - key: The custom state's key.
  /// - Returns: The placeholder to present.
  func configureCustomPlaceholder(_ placeholder: any Placeholder, key: CustomStateKey)
    -> any Placeholder
}

extension StatefulContent where Content == Void {
  /// No content value.
  public var content: Void { () }
}

extension StatefulContent {
  /// `false`: implement it, or give ``content`` a `Collection` or `Optional` type.
  ///
  /// Deprecated, so that the compiler warns an adopter that would get it: without
  /// ``hasContent``, content is never shown — the mistake of an adopter migrated from
  /// StatefulViewController, whose `func hasContent() -> Bool` is a method this protocol
  /// does not call. An adopter that never has content writes `var hasContent: Bool { false }`.
  @available(
    *, deprecated,
    message:
      "without hasContent, content is never shown: implement 'var hasContent: Bool' (StatefulViewController's 'func hasContent()' is not called), or give 'content' a Collection or Optional type"
  )
  public var hasContent: Bool { false }
  /// Does nothing.
  public func handleErrorWhenContentsAvailable(_ error: any Error) {}
  /// Loads nothing; a reload reports ``AdoptionMistake/loadContentNotImplemented``.
  nonisolated(nonsending) public func loadContent() async {
    stateMachine.loadContentIsNotImplemented()
  }
  /// ``EdgeInsets/zero``.
  public func insets(for state: ContentState) -> EdgeInsets { .zero }

  /// `nil`: content is announced as "Content loaded."
  public var contentCount: Int? { nil }
  /// The key of a ``CustomStateError``, else `nil`.
  public func customState(for error: any Error) -> CustomStateKey? {
    (error as? CustomStateError)?.key
  }
  /// Returns the placeholder as is.
  public func configureLoadingPlaceholder(_ placeholder: any Placeholder) -> any Placeholder {
    placeholder
  }
  /// Returns the placeholder as is.
  public func configureEmptyPlaceholder(_ placeholder: any Placeholder) -> any Placeholder {
    placeholder
  }
  /// Returns the placeholder as is.
  public func configureWaitingPlaceholder(_ placeholder: any Placeholder) -> any Placeholder {
    placeholder
  }
  /// Returns the placeholder as is.
  public func configureErrorPlaceholder(_ placeholder: any Placeholder, error: any Error)
    -> any Placeholder
  { placeholder }
  /// Returns the placeholder as is.
  public func configureLockedPlaceholder(_ placeholder: any Placeholder, reason: LockReason)
    -> any Placeholder
  { placeholder }
  /// Returns the placeholder as is.
  public func configureCustomPlaceholder(_ placeholder: any Placeholder, key: CustomStateKey)
    -> any Placeholder
  { placeholder }
}

extension StatefulContent where Content: Collection {
  /// `!content.isEmpty`.
  public var hasContent: Bool { !content.isEmpty }

  /// `content.count`.
  public var contentCount: Int? { content.count }
}

/// What ``StatefulContent/handleErrorWhenContentAvailable(_:)`` returns when the adopter does
/// not implement StatefulViewController's spelling: a marker for the compiler, never used.
public struct _NoOldErrorHook: Sendable {
  init() {}
}

extension StatefulContent where _OldErrorHookResult == _NoOldErrorHook {
  /// Returns the marker: the adopter has no method of StatefulViewController's spelling.
  public func handleErrorWhenContentAvailable(_ error: any Error) -> _NoOldErrorHook {
    _NoOldErrorHook()
  }
}

extension StatefulContent where _OldErrorHookResult == Void {
  /// The default for an adopter that implements StatefulViewController's
  /// `handleErrorWhenContentAvailable(_:)`: deprecated, so that the compiler warns where the
  /// adopter conforms; at run time it reports ``AdoptionMistake/oldErrorHookName`` and calls
  /// the old method, so the error is not lost.
  @available(
    *, deprecated,
    message:
      "'handleErrorWhenContentAvailable(_:)' is StatefulViewController's spelling: rename it 'handleErrorWhenContentsAvailable(_:)' (\"Contents\"); until then it is called in its place"
  )
  public func handleErrorWhenContentsAvailable(_ error: any Error) {
    stateMachine.reportAdoptionMistake(.oldErrorHookName)
    handleErrorWhenContentAvailable(error)
  }
}
