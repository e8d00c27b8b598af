import Foundation

/// Where a command-line tool's passwords come from: a list (a password file, the lines of a
/// pipe, a tool's own) or a person at a terminal.
///
/// A tool asks for one password at a time, with the number already tried for the same locked
/// thing, until it opens, a password is refused too often, or the source has no more (`nil`).
/// An empty password is never tried: for a source it means "stop asking". No source writes a
/// password anywhere: a prompt reads it with echo off, and a file or pipe is only read.
///
/// ```swift
/// var attempt = 0
/// while model.currentState.kind == .locked,
///   let password = await passwords.password(for: "report.pdf", attempt: attempt)
/// {
///   attempt += 1
///   _ = await model.unlock(with: Credential(password: password))
/// }
/// ```
///
/// A source and its readers belong to the main actor, where a tool's models live; the reading
/// itself happens off it, so that a prompt or a FIFO that waits blocks nothing else.
public struct PasswordSource: Sendable {
  /// Returns the password to try, or `nil` to stop asking.
  ///
  /// - Parameters:
  ///   - subject: What the password opens, such as a document's path.
  ///   - attempt: How many passwords were tried for it already (0 at first).
  public typealias Next =
    @MainActor @Sendable (_ subject: String, _ attempt: Int) async -> String?

  private let next: Next

  /// Creates a source from a function.
  ///
  /// - Parameter next: Returns the password to try, or `nil` to stop; kept as long as the
  ///   source.
  public init(_ next: @escaping Next) {
    self.next = next
  }

  /// The password to try next, or `nil` when there is none.
  ///
  /// - Parameters:
  ///   - subject: What the password opens, such as a document's path; a prompt names its last
  ///     path component.
  ///   - attempt: How many passwords were tried for it already (0 at first).
  /// - Returns: A non-empty password, or `nil` to stop asking.
  @MainActor
  public func password(for subject: String, attempt: Int) async -> String? {
    guard let password = await next(subject, attempt), !password.isEmpty else { return nil }
    return password
  }

  /// No passwords: locked things stay locked.
  public static let none = PasswordSource { _, _ in nil }

  /// A list of passwords, tried in order for each locked thing; the list ends at its first
  /// empty entry.
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

  /// The passwords of a file, one per line, tried in order (a tool's `--password-file`).
  ///
  /// The file is only checked now (that it exists, is not a folder, is readable and, when it
  /// is a regular file, is not too large); it is opened and read when a password is first
  /// needed, off the main actor. So a FIFO or `<(pass show report)` whose writer has not
  /// written yet blocks nothing but that unlocking, and Ctrl-C still quits while the tool waits
  /// for it; a plain text file opens at once. A read that fails then (or a FIFO that sends more
  /// than ``maximumFileSize`` bytes) is reported through `writeNote`
  /// (``unreadableFileNote(file:error:toolName:language:)``), and the source has no passwords.
  /// Like standard input, the list ends at its first empty line and at a line longer than
  /// ``maximumLineLength`` bytes.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - toolName: The tool's name, which starts the notes.
  ///   - language: The language of the notes: `en`, `de` or `fr` (others get English).
  ///   - writeNote: Reports a read that fails later, or a line too long. Defaults to standard
  ///     error.
  /// - Returns: The source.
  /// - Throws: ``FileError/unreadable(reason:)`` with the system's reason when the file is
  ///   missing, a directory or not readable; ``FileError/tooLarge(limit:)`` for a regular file
  ///   past ``maximumFileSize`` bytes.
  public static func file(
    _ path: String, toolName: String, language: String,
    writeNote: @escaping @Sendable (String) -> Void = StandardStreams.writeToError
  ) throws(FileError) -> PasswordSource {
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
    let reader = FileLines(
      path: path,
      longLine: { writeNote(longLineNote(toolName: toolName, language: language) + "\n") },
      failed: { error in
        writeNote(
          unreadableFileNote(file: path, error: error, toolName: toolName, language: language)
            + "\n")
      })
    return PasswordSource { _, attempt in await reader.line(at: attempt) }
  }

  /// The largest password file read, in bytes: 1 MiB.
  public static let maximumFileSize = 1024 * 1024

  /// The lines of a non-interactive standard input, tried in order for each locked thing.
  ///
  /// Standard input is read only as far as the passwords asked for so far: a pipe that never
  /// ends (`yes | my-tool locked.pdf`) costs a few reads, not unbounded memory. The list ends
  /// at its first empty line. A line longer than ``maximumLineLength`` bytes is no password: it
  /// ends the list, and nothing more is read (`< /dev/zero`, which sends no line feed, costs
  /// one such line), with a note (``longLineNote(toolName:language:)``).
  ///
  /// - Parameters:
  ///   - toolName: The tool's name, which starts the note.
  ///   - language: The language of the note: `en`, `de` or `fr` (others get English).
  ///   - read: Reads up to the given number of bytes of standard input, off the main actor;
  ///     empty data means its end. Defaults to one `read` of the process's standard input,
  ///     which returns what has arrived, so that a line is tried while its writer waits to see
  ///     what it did (a closed one has no passwords and must not crash the tool).
  ///   - writeNote: Says that a line was too long. Defaults to standard error.
  /// - Returns: The source.
  public static func standardInputLines(
    toolName: String, language: String,
    read: @escaping @Sendable (_ maximumCount: Int) -> Data = { maximumCount in
      // Not `FileHandle.read(upToCount:)`, which waits for all the bytes or the end.
      var bytes = [UInt8](repeating: 0, count: maximumCount)
      var count: Int
      repeat {
        count = Foundation.read(STDIN_FILENO, &bytes, maximumCount)
      } while count < 0
        && errno == EINTR
      return Data(bytes.prefix(max(count, 0)))
    },
    writeNote: @escaping @Sendable (String) -> Void = StandardStreams.writeToError
  ) -> PasswordSource {
    let reader = InputLines(read: read) {
      writeNote(longLineNote(toolName: toolName, language: language) + "\n")
    }
    return PasswordSource { _, attempt in await reader.line(at: attempt) }
  }

  /// The longest password read, in bytes (a PDF's is at most 127): a longer line ends the list
  /// of passwords.
  public static let maximumLineLength = 1024

  /// A prompt at a terminal for every password, naming what it opens and, after a wrong
  /// password, saying so (``prompt(naming:afterWrongPassword:language:)``).
  ///
  /// Each password is read by
  /// ``TerminalSession/readSecretLine(prompt:input:interrupts:writePrompt:)``: echo off while
  /// it is typed, back on when it is read, when a signal quits the tool meanwhile and while
  /// Ctrl-Z stops it. The prompt goes to standard error, so that standard output (a rendered
  /// document, a timeline) stays clean. An empty line stops asking.
  ///
  /// - Parameters:
  ///   - input: The terminal to read from. Defaults to standard input.
  ///   - interrupts: The controller whose clean-ups restore the echo on a signal, or `nil`.
  ///   - language: The language of the prompt: `en`, `de` or `fr` (others get English).
  ///   - writePrompt: Writes the prompt; called on the signals' queue too. Defaults to standard
  ///     error.
  /// - Returns: The source.
  public static func terminalPrompt(
    input: Int32 = STDIN_FILENO, interrupts: InterruptController?, language: String,
    writePrompt: @escaping @Sendable (String) -> Void = StandardStreams.writeToError
  ) -> PasswordSource {
    PasswordSource { subject, attempt in
      let name = TerminalText.clean((subject as NSString).lastPathComponent)
      return await TerminalSession.readSecretLine(
        prompt: prompt(naming: name, afterWrongPassword: attempt > 0, language: language),
        input: input, interrupts: interrupts, writePrompt: writePrompt)
    }
  }

  /// Standard input as a tool without `--password-file` reads it: a prompt without echo when it
  /// is a terminal (``terminalPrompt(input:interrupts:language:writePrompt:)``), its lines
  /// otherwise (``standardInputLines(toolName:language:read:writeNote:)``).
  ///
  /// - Parameters:
  ///   - interrupts: The controller whose clean-ups restore the echo on a signal, or `nil`.
  ///   - toolName: The tool's name, which starts the note of a line too long.
  ///   - language: The language of the prompt and the note: `en`, `de` or `fr`.
  ///   - isTerminal: Whether standard input is a terminal. Defaults to what `isatty` says.
  ///   - terminal: The terminal the prompt reads. Defaults to standard input.
  ///   - writeError: Writes the prompt or the note. Defaults to standard error.
  /// - Returns: The source.
  public static func standardInput(
    interrupts: InterruptController?, toolName: String, language: String,
    isTerminal: Bool = isatty(STDIN_FILENO) == 1, terminal: Int32 = STDIN_FILENO,
    writeError: @escaping @Sendable (String) -> Void = StandardStreams.writeToError
  ) -> PasswordSource {
    isTerminal
      ? terminalPrompt(
        input: terminal, interrupts: interrupts, language: language, writePrompt: writeError)
      : standardInputLines(toolName: toolName, language: language, writeNote: writeError)
  }

  /// Reads a password file's lines, blocking; called off the main actor.
  static func readLines(of path: String) throws(FileError) -> [String] {
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
}
