import StatefulContent
import StatefulContentTerminal

/// The texts of the search, one case per template; its tables, in `SearchText+Tables.swift`,
/// map each to its text in English ('quoted'), German („quoted“) and French (« quoted »).
public enum SearchText: String, ToolStringKey {
  /// The help of `--help`.
  case usage
  /// "Run 'file-search --help' for usage."
  case usageHint
  /// "invalid page size '{value}': …" with `{maximum}`.
  case invalidPageSize
  /// "no folder to search"
  case missingFolder
  /// "unexpected argument '{argument}': give one folder"
  case unexpectedArgument
  /// "--timeline needs --queries or queries on standard input, not a terminal"
  case timelineNeedsQueries
  /// "file-search: cancelled; press Ctrl-C again to quit."
  case interruptNote
  /// "file-search: cannot switch the terminal to raw mode"
  case rawModeFailed
  /// "Searching for '{query}'…"
  case searching
  /// "No matches for '{query}'"
  case noMatches
  /// "Cannot search '{folder}'"
  case cannotSearch
  /// "Searched {files}" — the summary's start.
  case searched
  /// "{count} file"
  case fileOne
  /// "{count} files"
  case fileOther
  /// " ({count} by name only)"
  case byNameOnly
  /// "; {folders} could not be read"
  case unreadableFolders
  /// "{count} folder"
  case folderOne
  /// "{count} folders"
  case folderOther
  /// "; {entries} could not be read"
  case unreadableEntries
  /// "{count} entry"
  case entryOne
  /// "{count} entries"
  case entryOther
  /// "no folder at '{path}'"
  case folderNotFound
  /// "'{path}' is not a folder"
  case notAFolder
  /// "cannot read '{path}': {reason}"
  case folderUnreadable
  /// The screen's line of keys.
  case keysLine
  /// The screen's prompt: "Search {folder}: ".
  case prompt
  /// "Type to search the names and contents of the files."
  case typeToSearch
  /// "search for '{query}' cancelled: Ctrl-R searches again"
  case searchCancelledStatus
  /// "{count} match"
  case matchOne
  /// "{count} matches"
  case matchOther
  /// " for '{previous}' · searching '{query}'…"
  case statusPrevious
  /// " · searching…"
  case statusSearching
  /// " for '{query}' · "
  case statusFor
  /// " · could not search again ({error}): Ctrl-R retries"
  case statusSearchFailed
  /// " · scroll down for more"
  case statusMore
  /// "Loading more matches…"
  case loadingMore
  /// "Could not load more matches ({error}) [Retry: Ctrl-R]"
  case moreFailedFooter
  /// "Could not load more matches: {error}"
  case moreFailedLine
  /// "Searching for '{query}'… (the matches above are for '{previous}')"
  case searchingWithPrevious
  /// "Search for '{query}' cancelled."
  case searchCancelledLine
  /// "file-search: line {line} of standard input is longer than {limit} bytes; …"
  case queryLineSkipped
  /// "file-search: standard input has no line feed in over 16 MiB, …"
  case standardInputNotLines

  /// The library's built-in texts in the search's words: a finished search is announced as
  /// "3 matches", as its screen says, not "3 results".
  ///
  /// - Parameters:
  ///   - builtIn: The library's texts in the language of `strings`.
  ///   - strings: The search's texts.
  /// - Returns: The texts for the search's machine.
  public static func placeholderStrings(_ builtIn: PlaceholderStrings, in strings: SearchStrings)
    -> PlaceholderStrings
  {
    var placeholderStrings = builtIn
    placeholderStrings.resultsText = strings.countedText(.matchOne, .matchOther)
    return placeholderStrings
  }
}
