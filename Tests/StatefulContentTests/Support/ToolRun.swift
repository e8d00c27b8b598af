import Foundation

/// What a command-line tool did: its exit status and its output, standard error included.
struct ToolRun {
  var status: Int32
  var output: String

  /// Writes one file into a new temporary folder, runs a tool there and removes the folder.
  ///
  /// For the documentation examples that only a tool can check: a package manifest
  /// (`swift package dump-package`), a block that must not compile (`swiftc`).
  ///
  /// - Parameters:
  ///   - arguments: The tool and its arguments, found through `/usr/bin/env`; name the file by
  ///     its `fileName`, as the tool runs in the folder.
  ///   - contents: The file's text.
  ///   - fileName: The file's name in the folder.
  /// - Throws: When the folder, the file or the process cannot be made.
  init(_ arguments: [String], writing contents: String, to fileName: String) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("doc-example-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try contents.write(
      to: folder.appendingPathComponent(fileName), atomically: true, encoding: .utf8)
    try self.init(
      executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: arguments, in: folder)
  }

  /// Runs a program to its end.
  ///
  /// - Parameters:
  ///   - executable: The program.
  ///   - arguments: Its arguments.
  ///   - environment: Its environment; by default this process's.
  ///   - folder: Its working folder; by default this process's.
  /// - Throws: When the process cannot be started.
  init(
    executable: URL, arguments: [String], environment: [String: String]? = nil,
    in folder: URL? = nil
  ) throws {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let folder { process.currentDirectoryURL = folder }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    status = process.terminationStatus
    output = String(decoding: data, as: UTF8.self)
  }
}
