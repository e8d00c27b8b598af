import Foundation

/// An `espeak-ng` that speaks "forever": a script, put first on the `PATH` of a real process,
/// that records its process identifier and sleeps a minute — so that a test can check that
/// each one ends when it should.
///
/// It is a bash script: bash keeps the signal mask it starts with (dash unblocks every
/// signal), so a blocked `SIGTERM` inherited from the program shows as an `espeak-ng` that a
/// `SIGTERM` does not end.
struct FakeEspeak {
  /// The folder that holds the script, for the front of the `PATH`.
  let folder: String

  /// Writes the script into `folder`.
  init(in folder: String) throws {
    self.folder = folder
    let script = "#!/bin/bash\necho $$ >> '\(folder)/pids'\nexec sleep 60\n"
    let path = (folder as NSString).appendingPathComponent("espeak-ng")
    try Data(script.utf8).write(to: URL(fileURLWithPath: path))
    _ = chmod(path, 0o755)
  }

  /// The `PATH` that finds this `espeak-ng` first.
  var searchPath: String {
    folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
  }

  /// The process identifiers of the runs so far, in order.
  var identifiers: [Int32] {
    let text = (try? String(contentsOfFile: folder + "/pids", encoding: .utf8)) ?? ""
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      .compactMap { Int32($0) }
  }

  /// Whether a process runs (a zombie has ended).
  static func isRunning(_ identifier: Int32) -> Bool {
    let stat = (try? String(contentsOfFile: "/proc/\(identifier)/stat", encoding: .utf8)) ?? ""
    guard let end = stat.lastIndex(of: ")") else { return false }
    return stat[end...].dropFirst().trimmingCharacters(in: .whitespaces).first != "Z"
  }

  /// Kills the runs still sleeping, after a test that failed to end them.
  func killAll() {
    for identifier in identifiers where Self.isRunning(identifier) { kill(identifier, SIGKILL) }
  }
}
