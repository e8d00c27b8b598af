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
