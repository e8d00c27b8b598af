import Foundation

/// One run of a command-line tool: which executable, with which arguments and which bytes on
/// its standard input.
///
/// Secrets (a document's password) travel only in ``standardInput``, never in ``arguments``,
/// which any user of the machine can read from the process table. The descriptions show the
/// size of the standard input, never its bytes, so that an invocation can be logged.
public struct ProcessInvocation: Hashable, Sendable, CustomStringConvertible {
  /// The absolute path of the executable; it is run directly, never through a shell.
  public var executable: String
  /// The arguments, without the executable's name.
  public var arguments: [String]
  /// The bytes written to the tool's standard input before it is closed.
  public var standardInput: Data

  /// Creates an invocation.
  ///
  /// - Parameters:
  ///   - executable: The absolute path of the executable.
  ///   - arguments: The arguments, without the executable's name.
  ///   - standardInput: The bytes for the standard input. Defaults to none.
  public init(executable: String, arguments: [String], standardInput: Data = Data()) {
    self.executable = executable
    self.arguments = arguments
    self.standardInput = standardInput
  }

  /// The tool's name: the last component of ``executable``.
  public var toolName: String { (executable as NSString).lastPathComponent }

  /// The command line and the size of the standard input, such as
  /// `/usr/bin/qpdf --requires-password a.pdf (stdin: 7 bytes)`.
  public var description: String {
    ([executable] + arguments).joined(separator: " ") + " (stdin: \(standardInput.count) bytes)"
  }
}

/// How a tool ended and what it wrote.
public struct ProcessResult: Hashable, Sendable {
  /// The exit status, or the number of the signal that ended the tool.
  public var status: Int32
  /// Whether a signal ended the tool (``status`` is then the signal's number).
  public var wasSignalled: Bool
  /// Everything the tool wrote to its standard output.
  public var standardOutput: Data
  /// Everything the tool wrote to its standard error.
  public var standardError: Data

  /// Creates a result.
  ///
  /// - Parameters:
  ///   - status: The exit status, or the signal's number.
  ///   - wasSignalled: Whether a signal ended the tool. Defaults to `false`.
  ///   - standardOutput: The standard output. Defaults to none.
  ///   - standardError: The standard error. Defaults to none.
  public init(
    status: Int32, wasSignalled: Bool = false, standardOutput: Data = Data(),
    standardError: Data = Data()
  ) {
    self.status = status
    self.wasSignalled = wasSignalled
    self.standardOutput = standardOutput
    self.standardError = standardError
  }

  /// The standard error decoded as UTF-8 (invalid bytes replaced).
  public var standardErrorText: String { String(decoding: standardError, as: UTF8.self) }
}

/// Runs command-line tools; the PDF reader's only way to start a process.
///
/// Injectable so that tests can record every invocation (and check that no password appears
/// in any argument) or simulate a tool's answer.
///
/// ## Implementation requirements
/// - Run each executable directly (never through a shell), with the invocation's arguments;
///   connect each tool's standard output to the next one's standard input; write the first
///   tool's standard input and close it; hand the last tool's standard output to `output` as
///   it arrives, without keeping it; collect each standard error (a bounded prefix is enough),
///   without deadlocking on full pipes.
/// - When the calling task is cancelled, end every tool and throw `CancellationError`.
public protocol ProcessRunner: Sendable {
  /// Runs tools connected by pipes, like a shell's `a | b`, to their end.
  ///
  /// - Parameters:
  ///   - pipeline: The tools, in order; at least one. Only the first one's
  ///     ``ProcessInvocation/standardInput`` is written; the others read the tool before them.
  ///   - output: Receives the last tool's standard output, chunk by chunk, on any thread.
  /// - Returns: How each tool ended, in order, with its standard error; their
  ///   ``ProcessResult/standardOutput`` is empty.
  /// - Throws: `CancellationError` when the task is cancelled; the system's error when a
  ///   tool cannot be started.
  func run(
    _ pipeline: [ProcessInvocation], output: @escaping @Sendable (Data) -> Void
  ) async throws -> [ProcessResult]
}

extension ProcessRunner {
  /// Runs one tool to its end and collects its standard output, for tools that write little
  /// (qpdf's checks).
  ///
  /// - Parameter invocation: What to run.
  /// - Returns: The tool's exit status and output.
  /// - Throws: What ``run(_:output:)`` throws.
  public func run(_ invocation: ProcessInvocation) async throws -> ProcessResult {
    let collected = Locked(Data())
    let results = try await run([invocation]) { chunk in collected.withLock { $0 += chunk } }
    var result = results[0]
    result.standardOutput = collected.withLock { $0 }
    return result
  }
}
