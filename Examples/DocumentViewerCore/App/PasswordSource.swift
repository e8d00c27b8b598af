import Foundation

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
  /// The file is read as a stream, so a pipe or a FIFO works too
  /// (`--password-file <(pass show pdf)`).
  ///
  /// - Parameter path: The file's path.
  /// - Returns: The source.
  /// - Throws: ``PasswordFileError/unreadable(reason:)`` with the system's reason when the file
  ///   cannot be opened or read (missing, a directory, no permission);
  ///   ``PasswordFileError/tooLarge(limit:)`` past ``maximumFileSize`` bytes.
  public static func file(_ path: String) throws(PasswordFileError) -> PasswordSource {
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
    return lines(splitLines(String(decoding: contents, as: UTF8.self)))
  }

  /// The largest password file read, in bytes.
  public static let maximumFileSize = 1024 * 1024

  /// The lines of a non-interactive standard input, tried in order for each locked document.
  ///
  /// Standard input is read only as far as the passwords asked for so far: a pipe that never
  /// ends (`yes | document-viewer locked.pdf`) costs a few reads, not unbounded memory. A line
  /// longer than ``maximumLineLength`` bytes is cut there.
  ///
  /// - Parameter read: Reads up to the given number of bytes of standard input, off the main
  ///   actor; empty data means its end. Defaults to reading the process's standard input (a
  ///   closed one has no passwords and must not crash the viewer).
  /// - Returns: The source.
  public static func standardInputLines(
    read: @escaping @Sendable (_ maximumCount: Int) -> Data = { maximumCount in
      (try? FileHandle.standardInput.read(upToCount: maximumCount)) ?? Data()
    }
  ) -> PasswordSource {
    let reader = LineReader(read: read)
    return PasswordSource { _, attempt in
      await reader.line(at: attempt)
    }
  }

  /// The longest password line read from standard input, in bytes; longer lines are cut.
  public static let maximumLineLength = 64 * 1024
}

/// The lines of standard input, read as far as needed and kept for the next documents.
@MainActor
private final class LineReader {
  private let read: @Sendable (Int) -> Data
  /// The complete lines read so far, up to the first empty one.
  private var lines: [String] = []
  /// Bytes read after the last complete line.
  private var pending: [UInt8] = []
  /// Whether the current line passed the length limit (its rest is skipped).
  private var isCuttingLine = false
  private var isFinished = false

  nonisolated init(read: @escaping @Sendable (Int) -> Data) {
    self.read = read
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
      } else if !isCuttingLine {
        pending.append(byte)
        if pending.count > PasswordSource.maximumLineLength {
          pending.removeLast()
          isCuttingLine = true
        }
      }
    }
  }

  private func endLine() {
    if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
    let line = String(decoding: pending, as: UTF8.self)
    pending.removeAll(keepingCapacity: true)
    isCuttingLine = false
    // The list ends at its first empty line.
    if line.isEmpty { isFinished = true } else { lines.append(line) }
  }

  /// The end of standard input: a last line without a line feed counts.
  private func finish() {
    if !pending.isEmpty || isCuttingLine { endLine() }
    isFinished = true
  }
}
