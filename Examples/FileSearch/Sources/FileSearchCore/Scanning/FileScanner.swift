import Foundation

/// Searches the files of a folder by name and by contents, a page of matches at a time.
///
/// The scan walks the folder depth first, each folder's entries in name order, and reports
/// every regular file whose name or contents contain the query, ignoring case (as a
/// ``QueryMatcher`` compares, in time linear in the file's size; a query of printable ASCII
/// is searched for in bytes, with the same outcome). Contents are searched as
/// UTF-8 text, line by line, a line ending at a line feed or a CR LF (a lone CR is part of
/// its line, as grep numbers lines, though not shown at a line's end); a binary file (a NUL byte among its first
/// ``Limits/binaryProbeSize`` bytes) and a file over ``Limits/maximumFileSize`` are matched
/// by name only. Names that are not UTF-8 and paths longer than `PATH_MAX` are searched too
/// (a path is bytes); a match shows such a name with U+FFFD for the bytes that are not UTF-8.
/// Symbolic links are followed, but a folder is never entered twice, so a link loop ends.
/// Names starting with `.` are passed over unless ``includesHiddenFiles`` is set; so are
/// broken links, FIFOs, sockets and devices, and, counted in the cursor, folders inside the
/// folder that cannot be read and entries whose status the system will not give. Only the
/// folder itself not being readable is an error.
///
/// The scan is synchronous and blocking: it is meant for a thread of its own (see
/// ``batches(matching:from:limit:flushInterval:elapsed:)``) and for tests.
///
/// ```swift
/// let scanner = FileScanner(folder: "Sources")
/// let last = try scanner.scanPage(matching: "todo", from: ScanCursor(), limit: 50) { batch in
///   print(batch.matches.map(\.path))
/// }
/// // last.end == .folderFinished, or .pageFull when a next page may follow
/// ```
public struct FileScanner: Sendable {
  /// How much of each file is read.
  public struct Limits: Hashable, Sendable {
    /// Files larger than this many bytes are matched by name only.
    public var maximumFileSize: Int
    /// A NUL byte among this many first bytes makes a file binary: matched by name only.
    public var binaryProbeSize: Int
    /// How many matching lines a match keeps (it counts them all).
    public var linesPerMatch: Int
    /// How many characters of a matching line are kept.
    public var lineLength: Int

    /// Creates limits.
    ///
    /// - Parameters:
    ///   - maximumFileSize: The largest file searched by contents, in bytes. Defaults to
    ///     1 MiB.
    ///   - binaryProbeSize: How many first bytes are checked for a NUL. Defaults to 8 KiB.
    ///   - linesPerMatch: How many matching lines a match keeps. Defaults to 3.
    ///   - lineLength: How many characters of a line are kept. Defaults to 200.
    public init(
      maximumFileSize: Int = 1 << 20, binaryProbeSize: Int = 8 << 10, linesPerMatch: Int = 3,
      lineLength: Int = 200
    ) {
      self.maximumFileSize = max(maximumFileSize, 0)
      self.binaryProbeSize = max(binaryProbeSize, 0)
      self.linesPerMatch = max(linesPerMatch, 0)
      self.lineLength = max(lineLength, 1)
    }
  }

  /// The folder searched, as given.
  public let folder: String
  /// How much of each file is read.
  public var limits: Limits
  /// Whether names starting with `.` are searched too.
  public var includesHiddenFiles: Bool

  /// Creates a scanner of a folder.
  ///
  /// - Parameters:
  ///   - folder: The folder to search.
  ///   - limits: How much of each file is read. Defaults to the standard limits.
  ///   - includesHiddenFiles: Whether names starting with `.` are searched. Defaults to
  ///     `false`.
  public init(folder: String, limits: Limits = Limits(), includesHiddenFiles: Bool = false) {
    self.folder = folder
    self.limits = limits
    self.includesHiddenFiles = includesHiddenFiles
  }

  /// Scans from a cursor until a page holds `limit` matches or the folder is finished.
  ///
  /// `report` receives a batch as soon as the first match of the page is found, then a batch
  /// (with matches or without, for the cursor's progress) whenever `flushInterval` has passed
  /// since the last one, and a last batch whose ``ScanBatch/end`` is set.
  ///
  /// - Parameters:
  ///   - query: The text to look for, ignoring case.
  ///   - cursor: Where to start: a new cursor for the first page, the last batch's for the
  ///     next.
  ///   - limit: The most matches the page holds; at least 1.
  ///   - flushInterval: The longest time between two batches while the scan finds matches
  ///     or moves on. Defaults to 50 ms.
  ///   - elapsed: The time since some fixed start, read to pace the batches. Defaults to a
  ///     clock that stands still: after the first match, batches wait for the page's end.
  ///   - isCancelled: Asked before each entry and, while a file is matched, after every
  ///     ``QueryMatcher/checkpointInterval`` units of work (at least every 64 Ki bytes or
  ///     scalars); when it returns `true` the scan stops. Defaults to never.
  ///   - report: Receives the batches.
  /// - Returns: The last batch, also reported.
  /// - Throws: ``SearchError`` when the folder itself cannot be searched — on the first page
  ///   when it cannot be read, on a later one when it is gone — before any batch;
  ///   `CancellationError` when `isCancelled` returned `true`.
  @discardableResult
  public func scanPage(
    matching query: String,
    from cursor: ScanCursor,
    limit: Int,
    flushInterval: Duration = .milliseconds(50),
    elapsed: () -> Duration = { .zero },
    isCancelled: () -> Bool = { false },
    report: (ScanBatch) -> Void
  ) throws -> ScanBatch {
    let matcher = ContentMatcher(query: query, limits: limits)
    let reader = FileReader(limits: limits)
    var work = ContentMatcher.Work()
    var cursor = cursor
    if cursor.visitedEntries > 0 { try checkFolder() }
    var found: [SearchMatch] = []
    var pageCount = 0
    var reportedMatches = false
    var lastReport = elapsed()
    while pageCount < max(limit, 1), let entry = cursor.pending.popLast() {
      if isCancelled() { throw CancellationError() }
      if let match = try visit(
        entry, matcher, reader, &cursor, work: &work, isCancelled: isCancelled)
      {
        found.append(match)
        pageCount += 1
      }
      let now = elapsed()
      if (!found.isEmpty && !reportedMatches) || now - lastReport >= flushInterval {
        reportedMatches = reportedMatches || !found.isEmpty
        lastReport = now
        report(ScanBatch(matches: found, cursor: cursor))
        found.removeAll()
      }
    }
    let last = ScanBatch(
      matches: found, cursor: cursor, end: cursor.isFinished ? .folderFinished : .pageFull)
    report(last)
    return last
  }

  /// Checks that the folder is still there: a later page of a folder that was removed or
  /// replaced fails instead of passing over every entry it had left.
  private func checkFolder() throws {
    var status = stat()
    guard stat(folder, &status) == 0 else { throw SearchError.failure(errno, at: folder) }
    guard status.st_mode & S_IFMT == S_IFDIR else { throw SearchError.notAFolder(folder) }
  }

  /// Visits one entry: enters a folder, or matches a file. Its share of the progress is done,
  /// unless it is a folder that passes it on to its entries.
  private func visit(
    _ entry: ScanCursor.Entry, _ matcher: ContentMatcher, _ reader: FileReader,
    _ cursor: inout ScanCursor, work: inout ContentMatcher.Work, isCancelled: () -> Bool
  ) throws -> SearchMatch? {
    cursor.visitedEntries += 1
    let isRoot = entry.path.isEmpty
    let path = EntryPath(folder: folder, relative: entry.path)
    // A regular file, as its folder listed it, is opened at once: its status comes with it.
    // One that cannot be opened is examined as any other entry, to say why.
    if entry.isRegularFile, let file = FileReader.open(path) {
      cursor.doneShare += entry.share
      return try match(path, file, matcher, reader, &cursor, work: &work, isCancelled: isCancelled)
    }
    guard let status = path.status() else {
      let code = errno
      if isRoot { throw SearchError.failure(code, at: folder) }
      // A broken symbolic link (or a loop of them), or an entry removed meanwhile, is passed
      // over; an entry the system will not examine is counted.
      if ![ENOENT, ENOTDIR, ELOOP].contains(code) { cursor.unreadableEntries += 1 }
      cursor.doneShare += entry.share
      return nil
    }
    switch status.st_mode & S_IFMT {
    case S_IFDIR:
      try enter(path, status, share: entry.share, &cursor)
      return nil
    case S_IFREG:
      if isRoot { throw SearchError.notAFolder(folder) }
      cursor.doneShare += entry.share
      // A file over the size limit is not even opened.
      let file = Int(status.st_size) <= limits.maximumFileSize ? FileReader.open(path) : nil
      return try match(path, file, matcher, reader, &cursor, work: &work, isCancelled: isCancelled)
    default:
      if isRoot { throw SearchError.notAFolder(folder) }
      cursor.doneShare += entry.share
      return nil
    }
  }

  /// Enters a folder not entered before: its entries become pending, in name order, each
  /// with an even part of its share. A folder entered before, empty or unreadable is done.
  private func enter(
    _ path: EntryPath, _ status: stat, share: Double, _ cursor: inout ScanCursor
  ) throws {
    let identity = ScanCursor.FolderIdentity(
      device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    guard cursor.visited.insert(identity).inserted else {
      cursor.doneShare += share
      return
    }
    guard let names = path.names() else {
      if path.relative.isEmpty { throw SearchError.failure(errno, at: folder) }
      cursor.unreadableFolders += 1
      cursor.doneShare += share
      return
    }
    let shown = names.filter { includesHiddenFiles || $0.name.first != UInt8(ascii: ".") }
    guard !shown.isEmpty else {
      cursor.doneShare += share
      return
    }
    // In name order, the next one last; names that read the same (their bytes that are not
    // UTF-8 read U+FFFD) in the order of their bytes.
    let children = shown.map { (path: path.appending($0.name), isRegularFile: $0.isRegularFile) }
    let named = children.map { (name: $0.path.displayName, child: $0) }
    let share = share / Double(children.count)
    cursor.pending += named.sorted { a, b in
      a.name != b.name
        ? a.name > b.name : b.child.path.relative.lexicographicallyPrecedes(a.child.path.relative)
    }.map {
      ScanCursor.Entry(
        path: $0.child.path.relative, isRegularFile: $0.child.isRegularFile, share: share)
    }
  }

  /// Matches a regular file by name and, when it is text within the size limit, by contents;
  /// throws `CancellationError` when `isCancelled` says so in the middle.
  private func match(
    _ path: EntryPath, _ file: FileReader.OpenFile?, _ matcher: ContentMatcher,
    _ reader: FileReader, _ cursor: inout ScanCursor, work: inout ContentMatcher.Work,
    isCancelled: () -> Bool
  ) throws -> SearchMatch? {
    let nameMatches = matcher.matches(name: path.name)
    let found = try reader.withContents(of: file) { contents -> ContentMatcher.Lines? in
      guard case .text(let bytes) = contents else { return nil }
      return try matcher.matchingLines(in: bytes, work: &work) {
        if isCancelled() { throw CancellationError() }
      }
    }
    if found == nil { cursor.skippedFiles += 1 } else { cursor.scannedFiles += 1 }
    let lines = found ?? ContentMatcher.Lines()
    guard nameMatches || lines.count > 0 else { return nil }
    return SearchMatch(
      path: path.displayPath, nameMatches: nameMatches, lines: lines.lines, lineCount: lines.count)
  }
}
