import Foundation
import StatefulContentTerminal

/// Reads every process's command line (`/proc/*/cmdline`, what `ps` shows) over and over on a
/// thread of its own until it is stopped, keeping those that contain one of some secrets: a
/// tool given a secret as an argument shows up while it runs.
final class CommandLineWatcher: Sendable {
  /// What the watch saw.
  struct Sightings: Sendable {
    /// The command lines that contained a secret, their arguments joined by spaces.
    var leaks: [String] = []
    /// The names of the programs seen running (the last component of their first argument).
    var programs: Set<String> = []
    /// How many times every process was read.
    var rounds = 0
  }

  private let secrets: [Data]
  private let state = Locked((sightings: Sightings(), stopped: false))
  private let finished = DispatchSemaphore(value: 0)

  /// Starts watching.
  ///
  /// - Parameter secrets: What no command line may contain.
  init(secrets: [String]) {
    self.secrets = secrets.map { Data($0.utf8) }
    Thread.detachNewThread { [self] in
      while !state.withLock({ $0.stopped }) { readEveryCommandLine() }
      finished.signal()
    }
  }

  /// Stops watching, after one more round, and returns what was seen.
  func stop() -> Sightings {
    state.withLock { $0.stopped = true }
    finished.wait()
    readEveryCommandLine()
    return state.withLock { $0.sightings }
  }

  private func readEveryCommandLine() {
    let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    var leaks: [String] = []
    var programs: Set<String> = []
    for process in processes where process.allSatisfy(\.isNumber) {
      guard let line = FileManager.default.contents(atPath: "/proc/\(process)/cmdline"),
        !line.isEmpty
      else { continue }
      let arguments = line.split(separator: 0, omittingEmptySubsequences: false)
      if let first = arguments.first {
        programs.insert((String(decoding: first, as: UTF8.self) as NSString).lastPathComponent)
      }
      if secrets.contains(where: { line.range(of: $0) != nil }) {
        leaks.append(arguments.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " "))
      }
    }
    state.withLock {
      $0.sightings.leaks += leaks
      $0.sightings.programs.formUnion(programs)
      $0.sightings.rounds += 1
    }
  }
}
