/// A ready placeholder: a title, a message, a symbol, actions and progress.
///
/// ```swift
/// let empty = StandardPlaceholder(
///   title: "No Documents", message: "Documents you add appear here.", symbolName: "doc")
/// ```
public struct StandardPlaceholder: Placeholder, Hashable {
  /// The headline, such as "Loading…" or "No Documents".
  public var title: String
  /// A sentence or two under the title, or `nil`.
  public var message: String?
  /// The name of a symbol or icon the presenter may show, or `nil`.
  public var symbolName: String?
  /// The actions offered, in display order.
  public var actions: [PlaceholderAction]
  /// The fraction (0…1) of a load done, or `nil` when none is shown.
  ///
  /// Values outside 0…1 are clamped and non-finite values become `nil` when set.
  public var progress: Double? {
    didSet { progress = StateDecision.sanitizedProgress(progress) }
  }
  /// The insets the placeholder keeps from the edges of its area.
  public var insets: EdgeInsets
  /// A sentence announced by assistive technologies; defaults to the title and message.
  public var accessibilityAnnouncement: String?

  /// Creates a placeholder.
  ///
  /// - Parameters:
  ///   - title: The headline.
  ///   - message: A sentence or two under the title.
  ///   - symbolName: The name of a symbol or icon.
  ///   - actions: The actions offered.
  ///   - progress: A fraction 0…1, clamped; non-finite values become `nil`.
  ///   - insets: The insets from the area's edges.
  ///   - accessibilityAnnouncement: What to announce; `nil` announces the title and message.
  public init(
    title: String,
    message: String? = nil,
    symbolName: String? = nil,
    actions: [PlaceholderAction] = [],
    progress: Double? = nil,
    insets: EdgeInsets = .zero,
    accessibilityAnnouncement: String? = nil
  ) {
    self.title = title
    self.message = message
    self.symbolName = symbolName
    self.actions = actions
    self.progress = StateDecision.sanitizedProgress(progress)
    self.insets = insets
    self.accessibilityAnnouncement =
      accessibilityAnnouncement ?? [title, message].compactMap { $0 }.joined(separator: ". ")
  }
}

extension StandardPlaceholder {
  /// The placeholder shown while loading when none is registered: "Loading…".
  public static let loading = StandardPlaceholder(title: "Loading…", symbolName: "hourglass")
  /// The placeholder shown for empty content when none is registered: "No Content".
  public static let empty = StandardPlaceholder(title: "No Content", symbolName: "tray")
  /// The placeholder shown for an error when none is registered: "Something Went Wrong" with
  /// a Retry action. The error's description is filled in as the message when presented.
  public static let error = StandardPlaceholder(
    title: "Something Went Wrong", symbolName: "exclamationmark.triangle", actions: [.retry])
  /// The placeholder shown for locked content when none is registered: "Locked" with an
  /// Unlock action.
  public static let locked = StandardPlaceholder(
    title: "Locked", message: "Enter the password to open this document.",
    symbolName: "lock", actions: [.unlock])
}
