import Foundation
import StatefulContentTerminal

/// Where the passwords for a locked PDF come from: a list (a password file, a pipe, the
/// tour's own) or a person at a terminal.
///
/// The viewer asks for one password at a time, with the number of passwords already tried for
/// this document, until the PDF opens, a password is refused too often, or the source has no
/// more (`nil`). An empty password is never tried: for a source it means "stop asking".
///
/// ```swift
/// let source = PasswordSource.lines(["first guess", "second guess"])
/// await source.password(for: "locked.pdf", attempt: 0)   // "first guess"
/// ```
public struct PasswordSource: Sendable {
  /// Returns the password to try, or `nil` to stop asking.
  ///
  /// - Parameters:
  ///   - path: The locked document's path.
  ///   - attempt: How many passwords were tried for this document already (0 at first).
  public typealias Next = @MainActor @Sendable (_ path: String, _ attempt: Int) async -> String?

  private let next: Next

  /// Creates a source from a function.
  ///
  /// - Parameter next: Returns the password to try for a document, or `nil` to stop.
  public init(_ next: @escaping Next) {
    self.next = next
  }

  /// The password to try next for a document, or `nil` when there is none.
  ///
  /// - Parameters:
  ///   - path: The locked document's path.
  ///   - attempt: How many passwords were tried for this document already (0 at first).
  /// - Returns: A non-empty password, or `nil` to stop asking.
  @MainActor
  public func password(for path: String, attempt: Int) async -> String? {
    guard let password = await next(path, attempt), !password.isEmpty else { return nil }
    return password
  }

  /// No passwords: locked documents stay locked.
  public static let none = PasswordSource { _, _ in nil }

  /// A list of passwords, tried in order for each locked document; the list ends at its
  /// first empty entry.
  ///
  /// - Parameter passwords: The passwords.
  /// - Returns: The source.
  public static func lines(_ passwords: [String]) -> PasswordSource {
    let usable = Array(passwords.prefix { !$0.isEmpty })
    return PasswordSource { _, attempt in usable.indices.contains(attempt) ? usable[attempt] : nil }
  }

  /// Splits text into lines: `\n` ends a line, a `\r` before it is dropped, and a last line
  /// without a line feed counts.
  ///
  /// - Parameter text: The text, such as a password file's contents.
  /// - Returns: The lines without their line breaks.
  public static func splitLines(_ text: String) -> [String] {
    // Split bytes, not characters: "\r\n" is a single Character.
    var lines = Array(text.utf8).split(
      separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false
    )
    .map { line in
      String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
    }
    if text.isEmpty || text.hasSuffix("\n") { lines.removeLast() }
    return lines
  }

  /// The passwords of a file, one per line, tried in order.
  ///
  /// The file is only checked now (that it exists, is not a folder, is readable and, when it
  /// is a regular file, is not too large); it is opened and read when a locked PDF first needs
  /// a password, off the main actor. So a FIFO or `<(pass show pdf)` whose writer has not
  /// written yet blocks nothing but that PDF's unlocking, and Ctrl-C still quits while the
  /// viewer waits for it; a plain text file opens at once. A read that fails then (or a FIFO
  /// that sends more than ``maximumFileSize`` bytes) is reported through `writeNote`, and the
  /// PDF stays locked. Like standard input, the list ends at a line longer than
  /// ``maximumLineLength`` bytes.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - writeNote: Reports a read that fails later. Defaults to standard error.
  ///   - strings: The language of the notes. Defaults to the process's
  ///     (``ViewerStrings/current``).
  /// - Returns: The source.
  /// - Throws: ``PasswordFileError/unreadable(reason:)`` with the system's reason when the file
  ///   is missing, a directory or not readable; ``PasswordFileError/tooLarge(limit:)`` for a
  ///   regular file past ``maximumFileSize`` bytes.
  public static func file(
    _ path: String,
    writeNote: @escaping @Sendable (String) -> Void = StandardStreams.writeToError,
    strings: ViewerStrings = .current
  ) throws(PasswordFileError) -> PasswordSource {
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw .unreadable(reason: String(cString: strerror(errno)))
    }
    switch info.st_mode & S_IFMT {
    case S_IFDIR: throw .unreadable(reason: String(cString: strerror(EISDIR)))
    case S_IFREG where info.st_size > maximumFileSize: throw .tooLarge(limit: maximumFileSize)
    default: break
    }
    guard access(path, R_OK) == 0 else {
      throw .unreadable(reason: String(cString: strerror(errno)))
    }
    let reader = FileReader(path: path, writeNote: writeNote, strings: strings)
    return PasswordSource { _, attempt in await reader.line(at: attempt) }
  }

  /// Reads a password file's lines, blocking; called off the main actor.
  fileprivate static func readLines(of path: String) throws(PasswordFileError) -> [String] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .unreadable(reason: String(cString: strerror(errno))) }
    defer { close(descriptor) }
    var contents: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(reason: String(cString: strerror(errno)))
      }
      if count == 0 { break }
      contents.append(contentsOf: buffer[0..<count])
      if contents.count > maximumFileSize { throw .tooLarge(limit: maximumFileSize) }
    }
    return splitLines(String(decoding: contents, as: UTF8.self))
  }

  /// The largest password file read, in bytes.
  public static let maximumFileSize = 1024 * 1024

  /// The lines of a non-interactive standard input, tried in order for each locked document.
  ///
  /// Standard input is read only as far as the passwords asked for so far: a pipe that never
  /// ends (`yes | document-viewer locked.pdf`) costs a few reads, not unbounded memory. A line
  /// longer than ``maximumLineLength`` bytes is no password: it ends the list, and nothing
  /// more is read (`< /dev/zero`, which sends no line feed, costs one such line), with a note.
  ///
  /// - Parameters:
  ///   - read: Reads up to the given number of bytes of standard input, off the main actor;
  ///     empty data means its end. Defaults to reading the process's standard input (a closed
  ///     one has no passwords and must not crash the viewer).
  ///   - writeNote: Says that a line was too long. Defaults to standard error.
  ///   - strings: The language of the note. Defaults to the process's
  ///     (``ViewerStrings/current``).
  /// - Returns: The source.
  public static func standardInputLines(
    read: @escaping @Sendable (_ maximumCount: Int) -> Data = { maximumCount in
      (try? FileHandle.standardInput.read(upToCount: maximumCount)) ?? Data()
    },
    writeNote: @escaping @Sendable (String) -> Void = StandardStreams.writeToError,
    strings: ViewerStrings = .current
  ) -> PasswordSource {
    let reader = LineReader(read: read, writeNote: writeNote, strings: strings)
    return PasswordSource { _, attempt in
      await reader.line(at: attempt)
    }
  }

  /// The longest password read, in bytes (PDF passwords are at most 127 bytes): a longer line
  /// ends the list of passwords.
  public static let maximumLineLength = 1024

  /// The note written when a line ends the list by its length.
  ///
  /// - Parameter strings: The language of the note.
  /// - Returns: The note, with its line break.
  static func tooLongNote(in strings: ViewerStrings) -> String {
    strings.text(.passwordLineTooLong, ["limit": "\(maximumLineLength)"]) + "\n"
  }
}

/// A password file's lines, read the first time one is asked for and kept for the next
/// documents.
@MainActor
private final class FileReader {
  private let path: String
  private let writeNote: @Sendable (String) -> Void
  private let strings: ViewerStrings
  private var lines: [String]?

  nonisolated init(
    path: String, writeNote: @escaping @Sendable (String) -> Void, strings: ViewerStrings
  ) {
    self.path = path
    self.writeNote = writeNote
    self.strings = strings
  }

  func line(at index: Int) async -> String? {
    let lines = await readIfNeeded()
    return lines.indices.contains(index) ? lines[index] : nil
  }

  private func readIfNeeded() async -> [String] {
    if let lines { return lines }
    let path = path
    // Off the main actor: opening a FIFO blocks until its writer comes.
    let result = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(
          returning: Result { () throws(PasswordFileError) in
            try PasswordSource.readLines(of: path)
          })
      }
    }
    var read: [String]
    switch result {
    case .success(let all):
      read = Array(all.prefix { !$0.isEmpty })
      if let long = read.firstIndex(where: { $0.utf8.count > PasswordSource.maximumLineLength }) {
        read.removeSubrange(long...)
        writeNote(PasswordSource.tooLongNote(in: strings))
      }
    case .failure(let error):
      read = []
      writeNote(
        strings.text(
          .passwordFileUnreadable,
          [
            "file": TerminalText.clean(path),
            "reason": TerminalText.clean(error.description(in: strings)),
          ]) + "\n")
    }
    lines = read
    return read
  }
}

/// The lines of standard input, read as far as needed and kept for the next documents.
@MainActor
private final class LineReader {
  private let read: @Sendable (Int) -> Data
  private let writeNote: @Sendable (String) -> Void
  private let strings: ViewerStrings
  /// The complete lines read so far, up to the first empty one.
  private var lines: [String] = []
  /// Bytes read after the last complete line.
  private var pending: [UInt8] = []
  private var isFinished = false

  nonisolated init(
    read: @escaping @Sendable (Int) -> Data, writeNote: @escaping @Sendable (String) -> Void,
    strings: ViewerStrings
  ) {
    self.read = read
    self.writeNote = writeNote
    self.strings = strings
  }

  /// The line at `index`, reading more of standard input if needed; `nil` past the end or
  /// past the first empty line.
  func line(at index: Int) async -> String? {
    while lines.count <= index, !isFinished {
      let read = self.read
      let chunk = await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: read(4096)) }
      }
      if chunk.isEmpty {
        finish()
      } else {
        take(chunk)
      }
    }
    return lines.indices.contains(index) ? lines[index] : nil
  }

  private func take(_ chunk: Data) {
    for byte in chunk where !isFinished {
      if byte == UInt8(ascii: "\n") {
        endLine()
      } else {
        pending.append(byte)
        // No password is that long: the rest of standard input is not a list of passwords.
        if pending.count > PasswordSource.maximumLineLength {
          pending.removeAll()
          isFinished = true
          writeNote(PasswordSource.tooLongNote(in: strings))
        }
      }
    }
  }

  private func endLine() {
    if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
    let line = String(decoding: pending, as: UTF8.self)
    pending.removeAll(keepingCapacity: true)
    // The list ends at its first empty line.
    if line.isEmpty { isFinished = true } else { lines.append(line) }
  }

  /// The end of standard input: a last line without a line feed counts.
  private func finish() {
    if !pending.isEmpty { endLine() }
    isFinished = true
  }
}
