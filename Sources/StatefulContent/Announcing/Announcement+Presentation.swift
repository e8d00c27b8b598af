// What a presentation says to a person using assistive technology: a pure function of the
// presentation, the built-in texts and the secrets to keep out. When it is said is the
// `AnnouncementQueue`'s.
extension Announcement {
  /// What a presentation announces: the placeholder's announcement, or for content that no
  /// load keeps refreshing, its count ("12 results", from the decision's inputs) or "Content
  /// loaded." — followed by "Not up to date." when it is stale and "Offline." while the
  /// network is missing — or the error of a page that failed to append; `nil` for nothing to
  /// say.
  ///
  /// - Parameters:
  ///   - presentation: The presentation handed to the presenter.
  ///   - builtIns: The built-in placeholders and texts of the machine's language.
  ///   - redaction: The secrets no announcement may say.
  /// - Returns: The announcement, its text speakable (``speakable(_:)``), or `nil`.
  static func of(
    _ presentation: Presentation, builtIns: BuiltInPlaceholders, redaction: SecretRedaction
  ) -> Announcement? {
    let text: String?
    switch presentation.state {
    case .idle: text = nil
    case .content:
      // Loading that keeps the content — a refresh, a page being appended — says nothing:
      // the count has not changed.
      guard !presentation.isRefreshing, !presentation.append.isLoading else { return nil }
      if let error = presentation.append.error {
        // A page that failed to append: the content stays, the error is the news.
        text =
          PlaceholderRegistry.builtIn(for: .error(error), builtIns: builtIns, redaction: redaction)
          .accessibilityAnnouncement
      } else {
        let strings = builtIns.strings
        var said =
          presentation.decision.inputs.contentCount.map { strings.results($0) }
          ?? strings.contentShown
        // Content that turns stale or goes offline says so — once: the same words again are
        // the same state shown again.
        if presentation.isStale { said = sentences(said, strings.stale) }
        if presentation.isOffline { said = sentences(said, strings.offline) }
        text = said
      }
    default:
      // A standard placeholder's texts were redacted when it was configured; another type's
      // announcement is the app's text, redacted now.
      let placeholder = presentation.placeholder
      text = placeholder?.accessibilityAnnouncement.map {
        placeholder is StandardPlaceholder
          ? $0 : redaction.redacting($0, withheldAs: builtIns.strings.redactedText)
      }
    }
    guard let text, !text.isEmpty else { return nil }
    return Announcement(
      text: speakable(text), state: presentation.state.kind, key: presentation.key)
  }

  /// Two texts as consecutive sentences: "12 results. Not up to date."
  private static func sentences(_ first: String, _ second: String) -> String {
    let ends = first.last.map { ".!?…".contains($0) } ?? true
    return first + (ends ? " " : ". ") + second + "."
  }

  /// A text as it may be spoken: control characters (a terminal's escape sequences, a bell,
  /// line breaks in an error's description) become spaces, and runs of spaces one.
  ///
  /// - Parameter text: The text.
  /// - Returns: The text on one line.
  /// - Complexity: O(n) in the text's length.
  static func speakable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { return text }
    var result = ""
    var lastWasSpace = false
    for scalar in text.unicodeScalars {
      let isSpace = scalar.properties.generalCategory == .control || scalar == " "
      if isSpace {
        if !lastWasSpace { result.unicodeScalars.append(" ") }
      } else {
        result.unicodeScalars.append(scalar)
      }
      lastWasSpace = isSpace
    }
    return result
  }
}
