import Foundation
import StatefulContent
import StatefulContentTerminal

/// One document on screen: opens a path and lets the state rules decide what is shown.
///
/// The session adopts `StatefulContent` and opens its document with the library's streaming
/// `load(parts:reset:apply:)`: the reading runs as a `@Sendable` stream of parts (a
/// ``DocumentOpener``) in a task of its own, shows the first screenful as soon as it is read,
/// and reports a large file's progress through its `LoadContext`. The rules then show the
/// content, the empty placeholder (an empty file or folder, a PDF without text), the error
/// placeholder with a Retry action, or — for a password-protected PDF — the locked
/// placeholder until ``unlock(with:remember:animated:isolation:)`` gets the right password.
///
/// The session is not `Sendable`: it belongs to the actor that uses it (the main actor in
/// `document-viewer`); its async methods run on their caller's actor.
///
/// ```swift
/// let session = DocumentSession(path: "/etc/hostname", presenter: DocumentScreen())
/// await session.open()
/// // session.currentState.kind == .content
/// ```
public final class DocumentSession: StatefulContent {
  /// The machine that presents the session's states.
  public let stateMachine: ContentStateMachine
  /// The path the session opens.
  public let path: String
  /// How the document is opened by the next ``open(isolation:)``.
  public var opener: DocumentOpener
  /// The document last read, or `nil` before one is read.
  ///
  /// An empty document is kept, so that the empty placeholder can say whether it is a file,
  /// a folder or a PDF, but it does not count as content.
  public internal(set) var content: Document?
  /// The language of the placeholders' texts that the session writes itself (the library's
  /// own, such as the locked placeholder's title, follow its `PlaceholderStrings`).
  public var strings: ViewerStrings

  /// Whether the document read has something to show.
  public var hasContent: Bool { content.map { !$0.isEmpty } ?? false }

  /// How many wrong passwords the viewer accepts before it stops asking (the state is then
  /// error until the document is opened again).
  public static let defaultMaximumUnlockAttempts = 3

  /// Creates a session; nothing is read until ``open(isolation:)``.
  ///
  /// - Parameters:
  ///   - path: The path of the file or directory to open.
  ///   - opener: How to open it. Defaults to an opener with default limits and no latency.
  ///   - presenter: The presenter that shows the session's states, or `nil`.
  ///   - clock: The clock of the machine's loading policy; pass the opener's clock. Defaults
  ///     to the continuous clock.
  ///   - loadingPolicy: When loading appears and how long it stays. Defaults to
  ///     `LoadingPolicy.immediate`.
  ///   - strings: The language of the placeholders' texts, the viewer's and the library's
  ///     (``ViewerStrings/placeholderStrings``). Defaults to the process's
  ///     (``ViewerStrings/current``).
  public init(
    path: String,
    opener: DocumentOpener = DocumentOpener(),
    presenter: (any Presenter)?,
    clock: any Clock<Duration> = ContinuousClock(),
    loadingPolicy: LoadingPolicy = .immediate,
    strings: ViewerStrings = .current
  ) {
    self.path = path
    self.opener = opener
    self.strings = strings
    self.stateMachine = ContentStateMachine(presenter: presenter, clock: clock)
    stateMachine.strings = strings.placeholderStrings
    stateMachine.loadingPolicy = loadingPolicy
    stateMachine.maximumUnlockAttempts = Self.defaultMaximumUnlockAttempts
  }

  /// Opens the document, or opens it anew: loading, then content, empty, error or locked.
  ///
  /// It is a streaming load: the first screenful of a text file or of a PDF's text is content
  /// as soon as it is read, while the rest loads (the state is content and refreshing, with a
  /// large file's progress); each later part replaces ``content`` with the document read so
  /// far, and the last one with the whole document.
  ///
  /// A new open forgets a password given before. Cancelling it (``cancelLoading()`` or the
  /// awaiting task) before the first screenful brings back what was shown before; after it,
  /// the read stops and the part read so far stays, as content
  /// (``Document/Completion/partial``). A read that fails after its first screenful keeps it
  /// too, marked ``Document/Completion/failed(_:)`` with the error.
  ///
  /// - Parameter isolation: The actor that owns the session; inferred from the caller.
  /// - Returns: How the load ended.
  @discardableResult
  public func open(isolation: isolated (any Actor)? = #isolation) async -> LoadOutcome {
    await load(
      animated: false, isolation: isolation, parts: Self.parts(opening: path, with: opener),
      reset: { session in session.content = nil },
      apply: { session, document in session.content = document })
  }

  /// Opens the document: the load that Retry (`reload()`) and an unlock run again.
  nonisolated(nonsending) public func loadContent() async {
    await open()
  }

  /// Performs an action a placeholder offers.
  ///
  /// - Parameters:
  ///   - action: The action the user triggered.
  ///   - isolation: The actor that owns the session; inferred from the caller.
  /// - Returns: `true` when the session handled it: Retry opens the document again with
  ///   `reload()`, keeping a PDF unlocked — or, after too many wrong passwords, anew, so that
  ///   the password is asked for again. Unlock needs a password, which the caller asks for
  ///   and passes to ``unlock(with:remember:animated:isolation:)``; it and custom roles are not handled.
  @discardableResult
  public func perform(
    _ action: PlaceholderAction, isolation: isolated (any Actor)? = #isolation
  ) async -> Bool {
    switch action.role {
    case .retry:
      // After too many wrong passwords, Retry opens the document again, as the error says:
      // a reload would keep the lockout.
      if stateMachine.isLockedOut {
        await open(isolation: isolation)
      } else {
        await reload(isolation: isolation)
      }
      return true
    case .unlock, .custom:
      return false
    }
  }

  /// The parts of the streaming load, made outside the session so that they capture only
  /// `Sendable` values and are read off the session's actor.
  private static func parts(
    opening path: String, with opener: DocumentOpener
  ) -> @Sendable (LoadContext) -> DocumentParts {
    { context in opener.parts(path, context: context) }
  }

  /// The loading placeholder, titled with the document's name; it keeps the load's progress.
  ///
  /// - Parameter placeholder: The loading placeholder, carrying the progress.
  /// - Returns: The placeholder to present.
  public func configureLoadingPlaceholder(_ placeholder: any Placeholder) -> any Placeholder {
    var loading = placeholder as? StandardPlaceholder ?? .loading
    loading.title = strings.text(.openingTitle, ["name": displayName])
    return Self.announcingItsTexts(loading)
  }

  /// The empty placeholder, saying whether the file or the folder is empty, or that a PDF has
  /// no text.
  ///
  /// - Parameter placeholder: The empty placeholder.
  /// - Returns: The placeholder to present.
  public func configureEmptyPlaceholder(_ placeholder: any Placeholder) -> any Placeholder {
    var empty = placeholder as? StandardPlaceholder ?? .empty
    let (title, message): (ViewerText, ViewerText) =
      switch content?.kind {
      case .directory: (.emptyFolderTitle, .emptyFolderMessage)
      case .pdf: (.noTextTitle, .noTextMessage)
      case .text, nil: (.emptyFileTitle, .emptyFileMessage)
      }
    empty.title = strings.text(title)
    empty.message = strings.text(message, ["name": displayName])
    return Self.announcingItsTexts(empty)
  }

  /// The error placeholder, titled after the kind of failure, with the error's description as
  /// its message and a Retry action.
  ///
  /// - Parameters:
  ///   - placeholder: The error placeholder.
  ///   - error: The error the load ended with.
  /// - Returns: The placeholder to present.
  public func configureErrorPlaceholder(_ placeholder: any Placeholder, error: any Error)
    -> any Placeholder
  {
    var failure = placeholder as? StandardPlaceholder ?? .error
    failure.title = strings.text(Self.title(for: error))
    failure.message =
      (error as? DocumentError)?.description(in: strings) ?? String(describing: error)
    if !failure.actions.contains(where: { $0.role == .retry }) {
      failure.actions.append(.retry)
    }
    return Self.announcingItsTexts(failure)
  }

  /// The locked placeholder: the library's, naming the document when no password was tried
  /// yet (after a wrong one it says `Incorrect password (n attempts).` in the library's language).
  ///
  /// - Parameters:
  ///   - placeholder: The locked placeholder.
  ///   - reason: Why the document is locked.
  /// - Returns: The placeholder to present.
  public func configureLockedPlaceholder(_ placeholder: any Placeholder, reason: LockReason)
    -> any Placeholder
  {
    guard var locked = placeholder as? StandardPlaceholder, reason == .credentialRequired
    else { return placeholder }
    locked.message = strings.text(.lockedMessage, ["name": displayName])
    return Self.announcingItsTexts(locked)
  }

  /// The name the placeholders give the document: the last component of its path, such as
  /// `notes.txt`, or the whole path when it has none.
  public var displayName: String {
    let name = (path as NSString).lastPathComponent
    return name.isEmpty ? path : name
  }

  /// A placeholder whose announcement is its title and message, as they read now: the one
  /// `StandardPlaceholder` made of the library's texts would announce "No Content" over
  /// "Empty File".
  private static func announcingItsTexts(_ placeholder: StandardPlaceholder) -> StandardPlaceholder
  {
    var placeholder = placeholder
    placeholder.accessibilityAnnouncement = [placeholder.title, placeholder.message]
      .compactMap { $0 }.joined(separator: ". ")
    return placeholder
  }

  private static func title(for error: any Error) -> ViewerText {
    if error is UnlockError { return .titleTooManyAttempts }
    switch error as? DocumentError {
    case .notFound: return .titleNotFound
    case .unreadable: return .titleCannotRead
    case .unsupportedFileType: return .titleUnsupportedFile
    case .notText: return .titleNotText
    case .toolsMissing: return .titleToolsMissing
    case .pdfUnreadable: return .titleCannotReadPDF
    case nil: return .titleCannotOpen
    }
  }
}
