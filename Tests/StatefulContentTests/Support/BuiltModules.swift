import Foundation

/// Compiling a file against the modules these tests were built with, for what only the compiler
/// can show: a documentation block that must not compile, or an adopter's mistake it reports.
enum BuiltModules {
  /// The folder of the build's modules: the nearest `Modules` folder holding
  /// `StatefulContent.swiftmodule` above the test executable or a loaded bundle.
  static var directory: URL? {
    let starts = [CommandLine.arguments[0]] + Bundle.allBundles.map(\.bundlePath)
    for start in starts {
      var folder = URL(fileURLWithPath: start).deletingLastPathComponent()
      while folder.path != "/" {
        let modules = folder.appendingPathComponent("Modules")
        if FileManager.default.fileExists(
          atPath: modules.appendingPathComponent("StatefulContent.swiftmodule").path)
        {
          return modules
        }
        folder.deleteLastPathComponent()
      }
    }
    return nil
  }

  /// Compiles `source` as one file in the Swift 6 language mode against the built
  /// `StatefulContent`, emitting SIL so that the region-based checks of sending run too.
  ///
  /// - Parameter source: The file's text.
  /// - Returns: The compiler's exit status and its diagnostics.
  /// - Throws: `Missing` when the modules cannot be found; an error when the compiler cannot
  ///   be run.
  static func compile(_ source: String) throws -> ToolRun {
    guard let directory else { throw Missing() }
    return try ToolRun(
      [
        "swiftc", "-swift-version", "6", "-parse-as-library", "-emit-sil", "-o", "/dev/null",
        "-I", directory.path, "Example.swift",
      ],
      writing: source, to: "Example.swift")
  }

  /// No `Modules/StatefulContent.swiftmodule` above the test executable.
  struct Missing: Error, CustomStringConvertible {
    var description: String { "no Modules/StatefulContent.swiftmodule above the test bundle" }
  }
}
