import DocumentViewerCore
import Foundation
import StatefulContentTerminal
import XCTest

/// A folder of wrappers that write each command line of a tool to a log before they run the
/// real tool: put first on a run's `PATH`, it records every argument the viewer gives
/// `keyctl`, `qpdf`, `pdftotext` and `sha256sum` — also of a run too short for a watch of
/// `/proc` to see.
struct LoggedTools {
  /// The tools wrapped.
  static let names = ["keyctl", "qpdf", "pdftotext", "sha256sum"]

  /// The folder of wrappers, to put first on `PATH`.
  let folder: String
  /// The log: one line per run, the tool's name and its arguments.
  let log: String

  /// Writes the wrappers of the tools found on the test's `PATH` into `folder`.
  ///
  /// - Parameters:
  ///   - folder: An empty folder.
  ///   - log: The log's path.
  init(in folder: String, log: String) throws {
    self.folder = folder
    self.log = log
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for name in Self.names {
      guard let tool = SystemProcessRunner.locate(name, searchPath: path) else { continue }
      let wrapper = (folder as NSString).appendingPathComponent(name)
      let script = "#!/bin/sh\necho \"\(name) $*\" >> '\(log)'\nexec '\(tool)' \"$@\"\n"
      try script.write(toFile: wrapper, atomically: true, encoding: .utf8)
      chmod(wrapper, 0o755)
    }
  }

  /// The command lines logged so far, one per run.
  var lines: [String] {
    ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
      .split(separator: "\n").map(String.init)
  }

  /// `PATH` with the wrappers first.
  var searchPath: String {
    folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
  }
}
