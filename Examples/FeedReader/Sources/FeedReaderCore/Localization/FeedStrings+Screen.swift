import StatefulContent
import StatefulContentTerminal

extension FeedStrings {
  /// The empty placeholder: a feed without items.
  public var emptyPlaceholder: StandardPlaceholder {
    var placeholder = StandardPlaceholder.empty(in: placeholderStrings)
    placeholder.title = say("No items", "Keine Einträge", "Aucun élément")
    placeholder.message = say(
      "This feed has no items yet.", "Dieser Feed hat noch keine Einträge.",
      "Ce flux n’a encore aucun élément.")
    return placeholder
  }

  /// The start of the status line: the items shown, and whether more pages follow.
  ///
  /// - Parameters:
  ///   - count: The items shown.
  ///   - hasMore: Whether a next page follows.
  /// - Returns: Such as `12 items · more below`.
  public func status(count: Int, hasMore: Bool) -> String {
    let singular = language == "fr" ? count <= 1 : count == 1
    let items =
      singular
      ? say("\(count) item", "\(count) Eintrag", "\(count) élément")
      : say("\(count) items", "\(count) Einträge", "\(count) éléments")
    guard hasMore else { return items }
    return items + say(" · more below", " · weitere unten", " · suite plus bas")
  }

  /// The keys the screen reads, for its last line.
  public var keysLine: String {
    say(
      "↑↓ scroll · r refresh · q quit", "↑↓ blättern · r neu laden · q beenden",
      "↑↓ défiler · r actualiser · q quitter")
  }

  /// The presenter's marks in this language: refreshing, a page loading or failed.
  public var terminalTexts: TerminalPresenter.Texts {
    let strings = self
    return TerminalPresenter.Texts(
      refreshing: { progress in
        strings.say(" · refreshing…", " · wird neu geladen…", " · actualisation…")
          + (progress.map { " \(Int(min(max($0, 0), 1) * 100))%" } ?? "")
      },
      previousKey: { shown, _ in " · \(shown)" },
      previousKeyLine: { shown, _ in shown },
      appendLoading: say(
        "Loading the next page…", "Die nächste Seite wird geladen…",
        "Chargement de la page suivante…"),
      appendFailed: { error in
        strings.say(
          "Could not load the next page (\(error))",
          "Die nächste Seite ließ sich nicht laden (\(error))",
          "Impossible de charger la page suivante (\(error))")
      },
      appendFailedLine: { error in
        strings.say(
          "Could not load the next page: \(error)",
          "Die nächste Seite ließ sich nicht laden: \(error)",
          "Impossible de charger la page suivante\u{A0}: \(error)")
      },
      describe: { error in
        guard let error = error as? FeedError else { return String(describing: error) }
        return strings.texts(for: error).message
      },
      stale: TerminalPresenter.Texts.staleMark(in: placeholderStrings),
      offline: TerminalPresenter.Texts.offlineMark(in: placeholderStrings))
  }
}
