import Foundation
import StatefulContentTerminal

/// Where the viewer finds poppler's and qpdf's command-line tools, and how it runs them.
///
/// The tools are looked up by name in the directories of a search path, like a shell does, but
/// run directly by their absolute path. Tests pass a search path of their own (for example an
/// empty one, to simulate a machine without the tools) and a recording ``ProcessRunner``.
///
/// ```swift
/// let tools = PDFTools(searchPath: "/usr/bin")
/// let pdftotext = tools.locate(.pdftotext)   // "/usr/bin/pdftotext"
/// ```
public struct PDFTools: Sendable {
  /// A tool the viewer uses, with the Debian package that provides it.
  public enum Tool: String, CaseIterable, Hashable, Sendable {
    /// poppler's text extractor.
    case pdftotext
    /// qpdf, which checks and removes encryption.
    case qpdf

    /// The Debian (and Ubuntu) package that installs the tool.
    public var package: String {
      switch self {
      case .pdftotext: "poppler-utils"
      case .qpdf: "qpdf"
      }
    }
  }

  /// The directories searched, separated by `:`; empty entries are skipped.
  public var searchPath: String
  /// Runs the tools.
  public var runner: any ProcessRunner

  /// Creates the tool set.
  ///
  /// - Parameters:
  ///   - searchPath: The directories to search, separated by `:`. Defaults to the `PATH` of the
  ///     environment (`SystemProcessRunner.searchPath`).
  ///   - runner: Runs the tools. Defaults to a ``SystemProcessRunner``.
  public init(
    searchPath: String = SystemProcessRunner.searchPath,
    runner: any ProcessRunner = SystemProcessRunner()
  ) {
    self.searchPath = searchPath
    self.runner = runner
  }

  /// The absolute path of a tool: the first executable regular file of that name in the
  /// search path, or `nil`.
  ///
  /// - Parameter tool: The tool to find.
  /// - Returns: The tool's path, or `nil` when no directory of the search path has it.
  public func locate(_ tool: Tool) -> String? {
    SystemProcessRunner.locate(tool.rawValue, searchPath: searchPath)
  }

  /// The tools that are not found in the search path, in a fixed order.
  public var missingTools: [Tool] { Tool.allCases.filter { locate($0) == nil } }

  /// Whether every tool is found.
  public var areInstalled: Bool { missingTools.isEmpty }

  /// A path as a tool argument that no tool mistakes for an option (`-…`) or for qpdf's
  /// argument file (`@…`): such a path gets `./` in front.
  ///
  /// - Parameter path: A file's path.
  /// - Returns: The argument.
  public static func argument(forPath path: String) -> String {
    path.hasPrefix("-") || path.hasPrefix("@") ? "./" + path : path
  }
}
