import Foundation

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

  /// The tool's own reason for failing: the distinct lines of its standard error (at most
  /// three, joined by `; `), or its exit status or signal when it wrote none.
  ///
  /// ```swift
  /// ProcessResult(status: 1, standardError: Data("No such file\n".utf8)).failureReason
  /// // "No such file"
  /// ```
  public var failureReason: String {
    var seen: Set<String> = []
    let lines = standardErrorText.split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && seen.insert($0).inserted }
    if !lines.isEmpty { return lines.prefix(3).joined(separator: "; ") }
    return wasSignalled ? "it was ended by signal \(status)" : "it exited with status \(status)"
  }
}
