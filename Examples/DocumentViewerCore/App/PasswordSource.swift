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
  /// - Parameter path: The file's path.
  /// - Returns: The source.
  /// - Throws: The file system's error when the file cannot be read.
  public static func file(_ path: String) throws -> PasswordSource {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return lines(splitLines(String(decoding: data, as: UTF8.self)))
  }

  /// The lines of a non-interactive standard input, read to its end the first time a password
  /// is needed, then tried in order for each locked document.
  ///
  /// - Parameter read: Reads all of standard input; it is called at most once, off the main
  ///   actor. Defaults to reading the process's standard input.
  /// - Returns: The source.
  public static func standardInputLines(
    read: @escaping @Sendable () -> Data = {
      // A closed standard input has no passwords; it must not crash the viewer.
      (try? FileHandle.standardInput.readToEnd()) ?? Data()
    }
  ) -> PasswordSource {
    let cache = LinesCache()
    return PasswordSource { _, attempt in
      let lines = await cache.lines(read: read)
      return lines.prefix { !$0.isEmpty }.dropFirst(attempt).first
    }
  }
}

/// The lines of standard input, read once.
@MainActor
private final class LinesCache {
  private var lines: [String]?

  func lines(read: @escaping @Sendable () -> Data) async -> [String] {
    if let lines { return lines }
    let data = await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: read()) }
    }
    let lines = self.lines ?? PasswordSource.splitLines(String(decoding: data, as: UTF8.self))
    self.lines = lines
    return lines
  }
}
