import StatefulContent
import StatefulContentTerminal

extension FeedStrings {
  /// The empty placeholder: a feed without items.
  public var emptyPlaceholder: StandardPlaceholder {
    var placeholder = StandardPlaceholder.empty(in: placeholderStrings)
    placeholder.title = text(.emptyTitle)
    placeholder.message = text(.emptyMessage)
    return placeholder
  }

  /// The start of the status line: the items shown, and whether more pages follow.
  ///
  /// - Parameters:
  ///   - count: The items shown.
  ///   - hasMore: Whether a next page follows.
  /// - Returns: Such as `12 items · more below`.
  public func status(count: Int, hasMore: Bool) -> String {
    counted(count, .itemOne, .itemOther) + (hasMore ? text(.moreBelow) : "")
  }

  /// The keys the screen reads, for its last line.
  public var keysLine: String { text(.keysLine) }

  /// The presenter's marks in this language: refreshing, a page loading or failed.
  public var terminalTexts: TerminalPresenter.Texts {
    let strings = self
    return TerminalPresenter.Texts(
      refreshing: { progress in
        strings.text(.refreshing)
          + (progress.map { " \(Int(min(max($0, 0), 1) * 100))%" } ?? "")
      },
      previousKey: { shown, _ in " · \(shown)" },
      previousKeyLine: { shown, _ in shown },
      appendLoading: text(.appendLoading),
      appendFailed: { strings.text(.appendFailed, ["error": $0]) },
      appendFailedLine: { strings.text(.appendFailedLine, ["error": $0]) },
      describe: { error in
        guard let error = error as? FeedError else { return String(describing: error) }
        return strings.texts(for: error).message
      },
      stale: TerminalPresenter.Texts.staleMark(in: placeholderStrings),
      offline: TerminalPresenter.Texts.offlineMark(in: placeholderStrings))
  }
}
