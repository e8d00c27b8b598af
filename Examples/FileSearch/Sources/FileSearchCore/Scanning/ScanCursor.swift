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

  /// An entry to visit.
  struct Entry: Hashable, Sendable {
    /// The path relative to the folder, as bytes: a name need not be UTF-8. The empty path is
    /// the folder itself.
    var path: [UInt8]
    /// Whether its folder listed it as a regular file (not a symbolic link): it is opened at
    /// once, its status read from the open file.
    var isRegularFile = false
    /// The part of the scan it stands for, with everything inside it: its folder's share
    /// split evenly among the folder's entries.
    var share = 1.0
  }

  /// The entries to visit; the last one is visited next.
  var pending = [Entry(path: [])]
  /// The shares of the entries visited: files, and folders that were empty or could not be
  /// read. A folder with entries passes its share on to them.
  var doneShare = 0.0
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

  /// The fraction of the folder scanned, 0…1, estimated without knowing what is left: the
  /// folder counts as 1, each folder's share split evenly among its entries, and an entry's
  /// share is done once the entry and everything inside it are visited.
  ///
  /// It only ever grows, from page to page too, and is 1 only when nothing is left to visit:
  /// it does not stand still at 99 % while a tree goes on being discovered, as the entries
  /// visited against those known would.
  public var progress: Double {
    isFinished ? 1 : min(doneShare, Self.mostProgressBeforeTheEnd)
  }

  /// The largest progress before the end, should the shares' rounding add up to 1 earlier.
  private static let mostProgressBeforeTheEnd = 1.0.nextDown
}
