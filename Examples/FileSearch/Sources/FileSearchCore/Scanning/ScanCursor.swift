/// Where a scan of a folder stands: what is left to visit, and what was seen.
///
/// A value, so that a page of results can end anywhere and the next page start there, and a
/// failed page be retried from where it stopped. A fresh cursor stands before the folder
/// itself.
///
/// ```swift
/// var cursor = ScanCursor()
/// let last = try scanner.scanPage(matching: "todo", from: cursor, limit: 50) { _ in }
/// cursor = last.cursor   // the next page starts here; `cursor.isFinished` when none does
/// ```
public struct ScanCursor: Hashable, Sendable {
  /// A directory's identity, so that a folder reached again through a symbolic link (a loop
  /// included) is not entered twice.
  struct FolderIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
  }

  /// The paths to visit, relative to the folder, as bytes: a name need not be UTF-8. The empty
  /// path is the folder itself; the last one is visited next.
  var pending: [[UInt8]] = [[]]
  /// The folders entered so far.
  var visited: Set<FolderIdentity> = []

  /// How many files and folders were visited.
  public internal(set) var visitedEntries = 0
  /// How many files' contents were searched.
  public internal(set) var scannedFiles = 0
  /// How many files were matched by name only: binary files and files over the size limit.
  public internal(set) var skippedFiles = 0
  /// How many folders inside the folder could not be read and were passed over.
  public internal(set) var unreadableFolders = 0
  /// How many entries inside the folder could not be examined — listed by their folder, but
  /// whose status the system would not give, such as in a folder without search permission —
  /// and were passed over. A broken symbolic link, or an entry removed meanwhile, is not
  /// counted.
  public internal(set) var unreadableEntries = 0

  /// Creates a cursor that stands before the folder.
  public init() {}

  /// Whether nothing is left to visit.
  public var isFinished: Bool { pending.isEmpty }

  /// An estimate of the fraction of the folder visited, 0…1: the entries visited against
  /// those visited and known to be left. It can shrink when a folder with many entries is
  /// entered; a load's progress never goes backwards, so the bar only waits.
  public var progress: Double {
    let known = visitedEntries + pending.count
    return known == 0 ? 1 : Double(visitedEntries) / Double(known)
  }
}
