import Foundation
import StatefulContent

/// One document on screen: opens a path and lets the state rules decide what is shown.
///
/// The session adopts `StatefulContent`: opening calls `startLoading`, reports the reader's
/// progress with `updateLoadingProgress(_:)` and finishes with `endLoading(error:)`. The rules
/// then show the content, the empty placeholder (an empty file or folder) or the error
/// placeholder with a Retry action.
///
/// ```swift
/// let session = DocumentSession(path: "/etc/hostname", presenter: TerminalPresenter())
/// session.open()
/// // session.currentState.kind == .content
/// ```
public final class DocumentSession: StatefulContent {
  /// The machine that presents the session's states.
  public let stateMachine: ContentStateMachine
  /// The path the session opens.
  public let path: String
  /// The reader used by the next ``open()``.
  public var reader: DocumentReader
  /// The document last read, or `nil` before it is read and after a failed read.
  ///
  /// An empty document is kept, so that the empty placeholder can say whether it is a file
  /// or a folder, but it does not count as content.
  public private(set) var content: Document?

  /// Whether the document read has something to show.
  public var hasContent: Bool { content.map { !$0.isEmpty } ?? false }

  /// Creates a session; nothing is read until ``open()``.
  ///
  /// - Parameters:
  ///   - path: The path of the file or directory to open.
  ///   - reader: How to read it. Defaults to a reader with default limits.
  ///   - presenter: The presenter that shows the session's states, or `nil`.
  public init(path: String, reader: DocumentReader = DocumentReader(), presenter: (any Presenter)?)
  {
    self.path = path
    self.reader = reader
    self.stateMachine = ContentStateMachine(presenter: presenter)
  }

  /// Opens the document, or opens it again: loading, then content, empty or error.
  ///
  /// Reading is synchronous; a large file's progress is presented while it is read.
  public func open() {
    content = nil
    startLoading(animated: false)
    do {
      let source = try DocumentSource.classify(path)
      content = try reader.read(source) { fraction in updateLoadingProgress(fraction) }
      endLoading(animated: false)
    } catch {
      endLoading(animated: false, error: error)
    }
  }

  /// Performs an action a placeholder offers.
  ///
  /// - Parameter action: The action the user triggered.
  /// - Returns: `true` when the session handled it: Retry opens the document again. Other
  ///   roles are not handled.
  @discardableResult
  public func perform(_ action: PlaceholderAction) -> Bool {
    switch action.role {
    case .retry:
      open()
      return true
    case .unlock, .custom:
      return false
    }
  }

  /// The loading placeholder, titled with the document's name; it keeps the load's progress.
  ///
  /// - Parameter placeholder: The loading placeholder, carrying the progress.
  /// - Returns: The placeholder to present.
  public func configureLoadingPlaceholder(_ placeholder: any Placeholder) -> any Placeholder {
    var loading = placeholder as? StandardPlaceholder ?? .loading
    loading.title = "Opening \(displayName)…"
    return loading
  }

  /// The empty placeholder, saying whether the file or the folder is empty.
  ///
  /// - Parameter placeholder: The empty placeholder.
  /// - Returns: The placeholder to present.
  public func configureEmptyPlaceholder(_ placeholder: any Placeholder) -> any Placeholder {
    var empty = placeholder as? StandardPlaceholder ?? .empty
    if content?.kind == .directory {
      empty.title = "Empty Folder"
      empty.message = "'\(displayName)' has no entries."
    } else {
      empty.title = "Empty File"
      empty.message = "'\(displayName)' contains no text."
    }
    return empty
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
    failure.title = Self.title(for: error)
    failure.message = String(describing: error)
    if !failure.actions.contains(where: { $0.role == .retry }) {
      failure.actions.append(.retry)
    }
    return failure
  }

  private var displayName: String {
    let name = (path as NSString).lastPathComponent
    return name.isEmpty ? path : name
  }

  private static func title(for error: any Error) -> String {
    switch error as? DocumentError {
    case .notFound: "Not Found"
    case .unreadable: "Cannot Read"
    case .unsupportedFileType: "Unsupported File"
    case .notText: "Not a Text File"
    case nil: "Cannot Open"
    }
  }
}
