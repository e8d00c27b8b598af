import StatefulContent

extension TerminalPresenter {
  /// The texts a presenter writes itself: the marks of a presentation, in the tool's
  /// language. Every text is a function, so that a tool fills in its own words; the presenter
  /// ships English (the default), German and French.
  ///
  /// The marks of content over time — stale, offline — say the words of the library's
  /// `PlaceholderStrings`, so that the status line and the machine's announcements agree.
  /// A tool whose machine has texts of its own passes them:
  ///
  /// ```swift
  /// let texts = TerminalPresenter.Texts(strings: model.stateMachine.strings)
  /// let presenter = TerminalPresenter(texts: texts)
  /// ```
  public struct Texts: Sendable {
    /// The status mark of a load running while content stays visible, given its progress
    /// (0…1, or `nil` when unknown), such as ` · refreshing… 40%`.
    public var refreshing: @Sendable (_ progress: Double?) -> String
    /// The status mark of content kept from the previous key while another key loads, given
    /// the shown key and the loading one, such as ` · 'sw' shown, loading 'swi'…`.
    public var previousKey: @Sendable (_ shown: String, _ loading: String) -> String
    /// The line written in ``Mode/plain`` when a key loads while the previous key's content
    /// stays, such as `Loading 'swi'… (the results above are for 'sw')`.
    public var previousKeyLine: @Sendable (_ shown: String, _ loading: String) -> String
    /// The footer of a page being appended, such as `Loading more…`.
    public var appendLoading: String
    /// The footer of a page that failed, given the error's description, such as
    /// `Could not load more (disk full)`.
    public var appendFailed: @Sendable (_ error: String) -> String
    /// The line written in ``Mode/plain`` for a page that failed, given the error's
    /// description, such as `Could not load more: disk full`.
    public var appendFailedLine: @Sendable (_ error: String) -> String
    /// Describes an error for the footer and its line. Defaults to `String(describing:)`.
    public var describe: @Sendable (_ error: any Error) -> String
    /// The status mark of stale content (`Presentation.isStale`), given the content's age
    /// (`nil` when unknown), such as ` · Not up to date · Updated 5 minutes ago`. In
    /// ``Mode/plain`` the marks of stale and offline content make one line, without the
    /// leading ` · `.
    public var stale: @Sendable (_ age: Duration?) -> String
    /// The status mark of content shown while the network is missing
    /// (`Presentation.isOffline`), such as ` · Offline`.
    public var offline: String

    /// English texts; the marks of content over time from `PlaceholderStrings.english`.
    public static let english = Texts(ToolStrings(language: "en"), strings: .english)

    /// German texts; the marks of content over time from `PlaceholderStrings.german`.
    public static let german = Texts(ToolStrings(language: "de"), strings: .german)

    /// French texts; the marks of content over time from `PlaceholderStrings.french`.
    public static let french = Texts(ToolStrings(language: "fr"), strings: .french)

    /// The texts in the language of the process, as `PlaceholderStrings.current` chooses
    /// it: what a tool passes to speak as its machine does by default.
    public static var current: Texts { Texts(strings: .current) }

    /// Creates texts.
    ///
    /// - Parameters:
    ///   - refreshing: The status mark of a refresh, given its progress.
    ///   - previousKey: The status mark of the previous key's content, given both keys.
    ///   - previousKeyLine: The plain line for the previous key's content, given both keys.
    ///   - appendLoading: The footer of a page being appended.
    ///   - appendFailed: The footer of a page that failed, given the error's description.
    ///   - appendFailedLine: The plain line of a page that failed, given the description.
    ///   - describe: Describes an error.
    ///   - stale: The status mark of stale content, given its age. Defaults to English.
    ///   - offline: The status mark of content shown offline. Defaults to English.
    public init(
      refreshing: @escaping @Sendable (_ progress: Double?) -> String,
      previousKey: @escaping @Sendable (_ shown: String, _ loading: String) -> String,
      previousKeyLine: @escaping @Sendable (_ shown: String, _ loading: String) -> String,
      appendLoading: String,
      appendFailed: @escaping @Sendable (_ error: String) -> String,
      appendFailedLine: @escaping @Sendable (_ error: String) -> String,
      describe: @escaping @Sendable (_ error: any Error) -> String,
      stale: @escaping @Sendable (_ age: Duration?) -> String = staleMark(in: .english),
      offline: String = offlineMark(in: .english)
    ) {
      self.refreshing = refreshing
      self.previousKey = previousKey
      self.previousKeyLine = previousKeyLine
      self.appendLoading = appendLoading
      self.appendFailed = appendFailed
      self.appendFailedLine = appendFailedLine
      self.describe = describe
      self.stale = stale
      self.offline = offline
    }

    /// Creates the texts of a machine's language: German or French for texts in those
    /// languages, English for any other; the marks of stale and offline content say the
    /// words of `strings` itself (`PlaceholderStrings.stale`,
    /// `PlaceholderStrings.updated(ago:)`, `PlaceholderStrings.offline`), also where the
    /// app changed them.
    ///
    /// - Parameter strings: The machine's texts, such as its
    ///   `ContentStateMachine.strings`.
    public init(strings: PlaceholderStrings) {
      self.init(ToolStrings(language: strings.language), strings: strings)
    }

    /// The texts of the product's notes in a language, with the marks of content over time
    /// in the words of `strings`.
    private init(_ notes: ToolStrings<TerminalNote>, strings: PlaceholderStrings) {
      self.init(
        refreshing: { progress in
          notes.text(.refreshing)
            + (progress.map {
              notes.text(.percent, ["percent": "\(TerminalPresenter.percent($0))"])
            } ?? "")
        },
        previousKey: { notes.text(.previousKey, ["shown": $0, "loading": $1]) },
        previousKeyLine: { notes.text(.previousKeyLine, ["shown": $0, "loading": $1]) },
        appendLoading: notes.text(.appendLoading),
        appendFailed: { notes.text(.appendFailed, ["error": $0]) },
        appendFailedLine: { notes.text(.appendFailedLine, ["error": $0]) },
        describe: { String(describing: $0) },
        stale: Self.staleMark(in: strings),
        offline: Self.offlineMark(in: strings))
    }

    /// The mark of stale content in the words of `strings`: ` · Not up to date · Updated 5
    /// minutes ago`, or without the age when it is unknown.
    ///
    /// - Parameter strings: The texts to take the words from.
    /// - Returns: The mark, given the content's age.
    public static func staleMark(in strings: PlaceholderStrings)
      -> @Sendable (_ age: Duration?) -> String
    {
      { age in " · " + strings.stale + (age.map { " · " + strings.updated(ago: $0) } ?? "") }
    }

    /// The mark of offline content in the words of `strings`: ` · Offline`.
    ///
    /// - Parameter strings: The texts to take the word from.
    /// - Returns: The mark.
    public static func offlineMark(in strings: PlaceholderStrings) -> String {
      " · " + strings.offline
    }
  }
}
