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
  /// What the user can do about it ("recovery text"), shown under the message, or `nil`.
  ///
  /// The built-in error placeholder takes it from an error that is a `LocalizedError`
  /// (its `recoverySuggestion`).
  public var recoverySuggestion: String?
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
  /// A sentence announced by assistive technologies; by default the title, message and
  /// recovery suggestion as they are now.
  ///
  /// The default follows the placeholder: a message filled in after it was created — the
  /// error's description, "Retrying (attempt 2)…", "No results for “swi”." — is announced
  /// too. The parts are joined with ". ", or with a space after a part that ends in
  /// punctuation ("Loading… Retrying (attempt 2)…"). An announcement set explicitly wins;
  /// setting `nil` goes back to the default.
  public var accessibilityAnnouncement: String? {
    get { explicitAnnouncement ?? defaultAnnouncement }
    set { explicitAnnouncement = newValue }
  }
  /// The announcement set explicitly, or `nil` for the default.
  private var explicitAnnouncement: String?
  /// The announcement set explicitly, read by the machine's redaction.
  var explicitAccessibilityAnnouncement: String? { explicitAnnouncement }

  /// Creates a placeholder.
  ///
  /// - Parameters:
  ///   - title: The headline.
  ///   - message: A sentence or two under the title.
  ///   - recoverySuggestion: What the user can do about it.
  ///   - symbolName: The name of a symbol or icon.
  ///   - actions: The actions offered.
  ///   - progress: A fraction 0…1, clamped; non-finite values become `nil`.
  ///   - insets: The insets from the area's edges.
  ///   - accessibilityAnnouncement: What to announce; `nil` announces the title, message and
  ///     recovery suggestion, as they are when announced.
  public init(
    title: String,
    message: String? = nil,
    recoverySuggestion: String? = nil,
    symbolName: String? = nil,
    actions: [PlaceholderAction] = [],
    progress: Double? = nil,
    insets: EdgeInsets = .zero,
    accessibilityAnnouncement: String? = nil
  ) {
    self.title = title
    self.message = message
    self.recoverySuggestion = recoverySuggestion
    self.symbolName = symbolName
    self.actions = actions
    self.progress = StateDecision.sanitizedProgress(progress)
    self.insets = insets
    self.explicitAnnouncement = accessibilityAnnouncement
  }

  /// The title, message and recovery suggestion, joined as a sentence each.
  private var defaultAnnouncement: String {
    var announcement = title
    for part in [message, recoverySuggestion] {
      guard let part, !part.isEmpty else { continue }
      if announcement.isEmpty {
        announcement = part
      } else {
        announcement += Self.endsSentence(announcement) ? " " + part : ". " + part
      }
    }
    return announcement
  }

  /// Whether a text ends in punctuation that ends a sentence (. … ! ? and their full-width
  /// forms), possibly followed by closing quotation marks or brackets.
  private static func endsSentence(_ text: String) -> Bool {
    let last = text.unicodeScalars.reversed().first { !Self.closers.contains($0) }
    guard let last else { return false }
    return Self.terminators.contains(last)
  }

  private static let terminators: Set<Unicode.Scalar> = [
    ".", "…", "!", "?", ":", ";", "。", "！", "？", "‼", "⁇", "⁈", "⁉",
  ]
  private static let closers: Set<Unicode.Scalar> = [
    "\"", "'", "”", "’", "»", "›", "“", "«", ")", "]", " ", "\u{A0}", "\u{202F}",
  ]
}

extension StandardPlaceholder {
  /// Two placeholders are equal when they show and announce the same: an announcement set
  /// explicitly equals the default one with the same text.
  public static func == (lhs: StandardPlaceholder, rhs: StandardPlaceholder) -> Bool {
    guard
      lhs.title == rhs.title && lhs.message == rhs.message
        && lhs.recoverySuggestion == rhs.recoverySuggestion && lhs.symbolName == rhs.symbolName
        && lhs.actions == rhs.actions && lhs.progress == rhs.progress && lhs.insets == rhs.insets
    else { return false }
    if lhs.explicitAnnouncement == nil && rhs.explicitAnnouncement == nil { return true }
    return lhs.accessibilityAnnouncement == rhs.accessibilityAnnouncement
  }

  /// Hashes what the placeholder shows (the announcement, which usually follows from it,
  /// is left out so that equal placeholders hash alike).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(recoverySuggestion)
    hasher.combine(symbolName)
    hasher.combine(actions)
    hasher.combine(progress)
    hasher.combine(insets)
  }
}

extension StandardPlaceholder {
  /// The placeholder shown while loading when none is registered: "Loading…" in the
  /// process's language (``PlaceholderStrings/current``).
  public static let loading = BuiltInPlaceholders.current.loading
  /// The placeholder shown for empty content when none is registered: "No Content" in the
  /// process's language.
  public static let empty = BuiltInPlaceholders.current.empty
  /// The placeholder shown for an error when none is registered: "Something Went Wrong" in
  /// the process's language, with a Retry action. When presented, the error fills in the
  /// message with its description — or, when it is a `LocalizedError`, the title, message
  /// and recovery suggestion with its `errorDescription`, `failureReason` and
  /// `recoverySuggestion`.
  public static let error = BuiltInPlaceholders.current.error
  /// The placeholder shown for locked content when none is registered: "Locked" in the
  /// process's language, with an Unlock action.
  public static let locked = BuiltInPlaceholders.current.locked

  /// The built-in loading placeholder in the language of some texts, for a machine whose
  /// ``ContentStateMachine/strings`` are not the process's.
  ///
  /// - Parameter strings: The texts, such as ``PlaceholderStrings/german``.
  /// - Returns: The placeholder, titled ``PlaceholderStrings/loading``.
  public static func loading(in strings: PlaceholderStrings) -> StandardPlaceholder {
    StandardPlaceholder(title: strings.loading, symbolName: "hourglass")
  }

  /// The built-in empty placeholder in the language of some texts.
  ///
  /// - Parameter strings: The texts, such as ``PlaceholderStrings/german``.
  /// - Returns: The placeholder, titled ``PlaceholderStrings/empty``.
  public static func empty(in strings: PlaceholderStrings) -> StandardPlaceholder {
    StandardPlaceholder(title: strings.empty, symbolName: "tray")
  }

  /// The built-in waiting placeholder in the language of some texts — "Waiting for the
  /// network…", what happens when it is back, and a Retry action to try at once — with no
  /// attempt count: no attempt is spent while the network is missing.
  ///
  /// - Parameter strings: The texts, such as ``PlaceholderStrings/german``.
  /// - Returns: The placeholder, titled ``PlaceholderStrings/waiting``.
  public static func waiting(in strings: PlaceholderStrings) -> StandardPlaceholder {
    StandardPlaceholder(
      title: strings.waiting, message: strings.waitingMessage, symbolName: "wifi.slash",
      actions: [.retry(in: strings)])
  }

  /// The built-in error placeholder in the language of some texts, with a Retry action in
  /// that language.
  ///
  /// - Parameter strings: The texts, such as ``PlaceholderStrings/german``.
  /// - Returns: The placeholder, titled ``PlaceholderStrings/error``.
  public static func error(in strings: PlaceholderStrings) -> StandardPlaceholder {
    StandardPlaceholder(
      title: strings.error, symbolName: "exclamationmark.triangle", actions: [.retry(in: strings)])
  }

  /// The built-in locked placeholder in the language of some texts, with an Unlock action in
  /// that language.
  ///
  /// - Parameter strings: The texts, such as ``PlaceholderStrings/german``.
  /// - Returns: The placeholder, titled ``PlaceholderStrings/locked`` with the message
  ///   ``PlaceholderStrings/lockedMessage``.
  public static func locked(in strings: PlaceholderStrings) -> StandardPlaceholder {
    StandardPlaceholder(
      title: strings.locked, message: strings.lockedMessage, symbolName: "lock",
      actions: [.unlock(in: strings)])
  }
}
