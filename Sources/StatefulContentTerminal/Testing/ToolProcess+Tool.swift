import Foundation

extension ToolProcess {
  /// A tool that tests run again and again: its path, and the variables every run of it gets.
  ///
  /// Keep one for each tool a test suite runs, and start each run from it:
  ///
  /// ```swift
  /// let myTool = ToolProcess.Tool.built(named: "my-tool", environment: ToolProcess.englishLocale)
  ///
  /// func test_help_exitsWith0() throws {
  ///   try XCTSkipUnless(myTool.isBuilt, "build my-tool (swift build) first")
  ///   let run = try myTool.start(["--help"])
  ///   XCTAssertEqual(run.waitForExit(), 0)
  ///   XCTAssertTrue(run.outputText.hasPrefix("USAGE:"), run.outputText)
  /// }
  /// ```
  public struct Tool: Hashable, Sendable {
    /// The tool's path.
    public var executable: String
    /// Variables every run gets, set or replaced in the test's environment.
    public var environment: [String: String]

    /// Creates a tool.
    ///
    /// - Parameters:
    ///   - executable: The tool's path.
    ///   - environment: Variables every run gets, set or replaced in the test's environment.
    ///     Defaults to none.
    public init(_ executable: String, environment: [String: String] = [:]) {
      self.executable = executable
      self.environment = environment
    }

    /// A tool built beside the test bundle, such as a package's own executable that its tests
    /// run.
    ///
    /// Swift Package Manager builds a package's executables into the folder of its test
    /// bundle. The test bundle is found through `/proc/self/exe`; where there is no `/proc`, or
    /// where the tool was not built, ``isBuilt`` is `false`.
    ///
    /// - Parameters:
    ///   - name: The executable's name, such as `my-tool`.
    ///   - environment: Variables every run gets, set or replaced in the test's environment.
    ///     Defaults to none.
    /// - Returns: The tool, built or not.
    public static func built(named name: String, environment: [String: String] = [:]) -> Tool {
      let tests = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      let path = tests.deletingLastPathComponent().appendingPathComponent(name).path
      return Tool(path, environment: environment)
    }

    /// The executable's name, such as `my-tool`.
    public var name: String { (executable as NSString).lastPathComponent }

    /// Whether an executable file is at ``executable``.
    public var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: executable) }

    /// The variables of a run: the test's environment, with ``environment`` set or replaced.
    var runEnvironment: [String: String] {
      ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }

    /// Starts a run of the tool.
    ///
    /// - Parameters:
    ///   - arguments: Its arguments, without its name. Defaults to none.
    ///   - environment: Variables of this run, set or replaced after ``environment``. Defaults
    ///     to none.
    ///   - standardInput: Where its standard input comes from. Defaults to `/dev/null`.
    ///   - standardOutput: Where its standard output goes. Defaults to a pipe read into
    ///     ``ToolProcess/outputText``.
    ///   - standardError: Where its standard error goes. Defaults to a pipe read into
    ///     ``ToolProcess/errorText``.
    /// - Returns: The running tool.
    /// - Throws: The error of Foundation's `Process` when the tool cannot be started, such as
    ///   when it was not built.
    public func start(
      _ arguments: [String] = [], environment: [String: String] = [:],
      standardInput: Input = .nullDevice, standardOutput: Output = .collected,
      standardError: Output = .collected
    ) throws -> ToolProcess {
      try ToolProcess(
        executable, arguments: arguments,
        environment: self.environment.merging(environment) { $1 }, standardInput: standardInput,
        standardOutput: standardOutput, standardError: standardError)
    }
  }
}
