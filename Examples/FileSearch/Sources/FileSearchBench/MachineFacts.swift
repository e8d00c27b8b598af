import Foundation

/// What the figures were measured on: processor, cores, memory, system, compiler, build and
/// how busy the machine was.
enum MachineFacts {
  /// One line, such as `AMD EPYC, 2 cores, 23.5 GiB, Linux 6.8.0, Swift 6.3, release build,
  /// load average 0.42`.
  static func summary() -> String {
    let info = ProcessInfo.processInfo
    let memory = Double(info.physicalMemory) / Double(1 << 30)
    return [
      processor(), "\(info.activeProcessorCount) cores", String(format: "%.1f GiB", memory),
      system(), swift, build, "load average \(loadAverage())",
    ].joined(separator: ", ")
  }

  private static var swift: String {
    #if compiler(>=6.4)
      "Swift 6.4 or later"
    #elseif compiler(>=6.3)
      "Swift 6.3"
    #elseif compiler(>=6.2)
      "Swift 6.2"
    #else
      "Swift 6.0 or 6.1"
    #endif
  }

  private static var build: String {
    #if DEBUG
      "debug build"
    #else
      "release build"
    #endif
  }

  private static func processor() -> String {
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let line = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
    return line?.split(separator: ":", maxSplits: 1).last.map {
      $0.trimmingCharacters(in: .whitespaces)
    } ?? "processor unknown"
  }

  private static func system() -> String {
    var name = utsname()
    guard uname(&name) == 0 else { return "system unknown" }
    func text<T>(_ field: T) -> String {
      withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
    return "\(text(name.sysname)) \(text(name.release))"
  }

  /// The load average over the last minute, or `unknown`.
  static func loadAverage() -> String {
    var loads = [0.0, 0.0, 0.0]
    guard getloadavg(&loads, 3) > 0 else { return "unknown" }
    return String(format: "%.2f", loads[0])
  }
}
