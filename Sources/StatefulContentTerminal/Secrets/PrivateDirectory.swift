import Foundation

/// A directory only the current user can enter (mode 0700), made in the temporary folder and
/// removed before the tool exits, whatever ends it: files a tool writes for itself, such as
/// samples or a generated input.
///
/// The temporary folder is `TMPDIR`, or `/tmp` when it is not set. A `TMPDIR` that names no
/// existing folder is an error that says so: nothing creates it (and its parents) or puts the
/// files elsewhere than asked. A tool removes its directory when it is done (``remove()``);
/// when a signal ends the tool first, ``SignalHandler/quit(status:)`` removes every one still
/// there (``removeAll()``), and a tool that exits early calls ``removeAll()`` itself. Keep
/// secrets out of files altogether: a decrypted document goes through a pipe.
///
/// ```swift
/// let directory = try PrivateDirectory(prefix: "my-tool-samples")
/// defer { directory.remove() }
/// ```
public struct PrivateDirectory: Sendable {
  /// Why a private directory could not be made.
  public struct CreationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The temporary folder it was to be made in.
    public var folder: String
    /// Whether that folder came from `TMPDIR`.
    public var isFromEnvironment: Bool
    /// The system's reason, such as "No such file or directory".
    public var reason: String

    /// A sentence naming the folder, such as `cannot create a folder in '/x' (TMPDIR): No such
    /// file or directory`.
    public var description: String {
      "cannot create a folder in '\(TerminalText.clean(folder))'"
        + (isFromEnvironment ? " (TMPDIR)" : "") + ": \(reason)"
    }
  }

  /// The directory's path.
  public let path: String

  /// Creates a new, uniquely named directory in the temporary folder, with `mkdtemp`.
  ///
  /// - Parameter prefix: The start of the directory's name; six random characters follow.
  /// - Throws: ``CreationError`` with the system's reason when the directory cannot be made,
  ///   such as a `TMPDIR` that does not exist.
  public init(prefix: String) throws(CreationError) {
    let variable = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 }
    let base = variable ?? "/tmp"
    let template = (base as NSString).appendingPathComponent("\(prefix)-XXXXXX")
    var bytes = Array(template.utf8CString)
    // Made and listed at once: a signal that quits meanwhile waits, then removes it.
    let made = Self.live.withLock { live in
      let made = mkdtemp(&bytes).map { String(cString: $0) }
      if let made { live.insert(made) }
      return made
    }
    guard let made else {
      throw CreationError(
        folder: base, isFromEnvironment: variable != nil, reason: String(cString: strerror(errno)))
    }
    path = made
  }

  /// The private directories not removed yet, so that an early exit can remove them; locked
  /// while one is made or removed.
  private static let live = Locked<Set<String>>([])

  /// Removes every private directory still there, from any thread; call it before the process
  /// exits, so that none outlives the tool.
  ///
  /// The tool's other threads may go on writing into a directory meanwhile (a signal quits
  /// the tool from a thread of its own): each is moved aside first, so that what they write
  /// after that fails instead of keeping the directory from being removed.
  public static func removeAll() {
    live.withLock(removeAll(in:))
  }

  /// Removes every private directory still there, then calls `exit` before another can be
  /// made (``SignalHandler/quit(status:)``).
  ///
  /// - Parameter exit: Ends the process, such as `_exit(status)`.
  static func removeAll(thenExit exit: () -> Never) -> Never {
    live.withLock { paths in
      removeAll(in: &paths)
      exit()
    }
  }

  private static func removeAll(in paths: inout Set<String>) {
    for path in paths { removeTree(at: path) }
    paths.removeAll()
  }

  /// Removes the directory and everything in it.
  public func remove() {
    Self.live.withLock { paths in
      Self.removeTree(at: path)
      paths.remove(path)
    }
  }

  /// Removes a directory's tree, renamed first: once it is, nothing made under the old path
  /// lands in it (a file written meanwhile fails), so it empties and goes.
  private static func removeTree(at path: String) {
    let aside = path + ".removing"
    try? FileManager.default.removeItem(atPath: rename(path, aside) == 0 ? aside : path)
  }
}
