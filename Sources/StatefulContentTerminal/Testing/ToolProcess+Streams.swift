import Foundation

extension ToolProcess {
  /// Where a tool's standard input comes from.
  public enum Input: Sendable {
    /// `/dev/null`: the tool reads the end of its input at once.
    case nullDevice
    /// An open file handle, such as a file's or a pseudo-terminal's; it stays open in the test.
    case fileHandle(FileHandle)
    /// A pipe the test writes into: the tool reads its reading end, which is closed in the test
    /// once the tool has started.
    case pipe(Pipe)

    var stream: Any {
      switch self {
      case .nullDevice: FileHandle.nullDevice
      case .fileHandle(let handle): handle
      case .pipe(let pipe): pipe
      }
    }
  }

  /// Where a tool's standard output or standard error goes.
  public enum Output: Sendable {
    /// A pipe read all along into ``ToolProcess/outputText`` or ``ToolProcess/errorText``.
    case collected
    /// An open file handle, such as `/dev/full`'s or a pseudo-terminal's; it stays open in the
    /// test.
    case fileHandle(FileHandle)
    /// A pipe the test reads itself, or closes to see the tool write to a pipe nobody reads:
    /// the tool writes into its writing end, which is closed in the test once the tool has
    /// started.
    case pipe(Pipe)
    /// Closed, as a shell's `>&-` starts a tool: `/bin/sh` closes the stream and then runs the
    /// tool in its place (`exec`).
    case closed

    var isClosed: Bool {
      if case .closed = self { true } else { false }
    }

    func stream(collectedBy collector: Collector) -> Any {
      switch self {
      case .collected: collector.pipe
      case .fileHandle(let handle): handle
      case .pipe(let pipe): pipe
      case .closed: FileHandle.nullDevice
      }
    }

    /// The standard outputs that refuse every write this system offers: `/dev/full`, where
    /// there is one (Linux), and a closed one. A tool that reports its output's errors can be
    /// tested against each.
    ///
    /// ```swift
    /// for unwritable in ToolProcess.Output.unwritable() {
    ///   let run = try myTool.start(["--list"], standardOutput: unwritable.output)
    ///   XCTAssertEqual(run.waitForExit(), 1, unwritable.redirection)
    ///   XCTAssertEqual(run.errorText, "my-tool: \(unwritable.reason)\n", unwritable.redirection)
    /// }
    /// ```
    ///
    /// - Returns: Each output, with the error its writes get.
    public static func unwritable() -> [Unwritable] {
      let full = FileHandle(forWritingAtPath: "/dev/full").map {
        Unwritable(output: .fileHandle($0), error: .ENOSPC, redirection: "> /dev/full")
      }
      return [full, Unwritable(output: .closed, error: .EBADF, redirection: ">&-")]
        .compactMap { $0 }
    }

    /// A standard output that refuses every write, and the error a write gets.
    public struct Unwritable: Sendable {
      /// The output.
      public let output: Output
      /// The error every write gets, such as `ENOSPC` for `/dev/full`.
      public let error: POSIXErrorCode
      /// How a shell gives a tool this output, such as `> /dev/full`: a name for messages.
      public let redirection: String

      /// The system's description of ``error``, such as "No space left on device".
      public var reason: String { String(cString: strerror(error.rawValue)) }
    }
  }
}
