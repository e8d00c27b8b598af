import DocumentViewerBench
import DocumentViewerCore
import Foundation
import StatefulContentTerminal

/// Row g: the document viewer's first screen of a 200 MiB log against `head -n 40` of it, in
/// one run (see `FirstScreenMeasurement`): the rows of its medians and their ratio, and its
/// report. A failure ends the benchmark with status 1, saying why on standard error.
///
/// - Parameter file: The text file to measure, or `nil` for a generated 200 MiB log, written in
///   a private folder and removed afterwards — also when Ctrl-C, `SIGTERM` or `SIGHUP` ends
///   the run.
/// - Returns: The rows, and the report to print under the table.
@MainActor
func firstScreenRows(file: String?) async -> (rows: [BenchResult], report: String) {
  // Quitting removes the generated log's private folder, under the lock that makes it.
  let signals = SignalHandler(signals: [SIGINT, SIGTERM, SIGHUP]) { number in
    SignalHandler.quit(status: 128 + number)
  }
  defer { withExtendedLifetime(signals) {} }
  #if DEBUG
    note("a debug build; build with -c release for figures to quote")
  #endif
  let measurement = FirstScreenMeasurement()
  let result: FirstScreenMeasurement.Result
  do {
    if let file {
      result = try await measurement.measure(file)
    } else {
      result = try await measurement.measureGeneratedLog { path in
        let size = FirstScreenMeasurement.generatedLogByteCount >> 20
        note("g. writing a \(size) MiB log to \(TerminalText.clean(path))…")
      }
    }
  } catch {
    note("g. cannot measure the first screen: \(TerminalText.clean(error.description))")
    exit(1)
  }
  func milliseconds(_ durations: [Duration]) -> Double {
    let (seconds, attoseconds) = FirstScreenMeasurement.median(durations).components
    return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
  }
  let (head, firstScreen) = (milliseconds(result.head), milliseconds(result.firstScreen))
  let rows: [BenchResult] = [
    .init(
      name: "g. head -n \(result.lineCount)", value: head, unit: "ms",
      note: "median of \(result.head.count) rounds"),
    .init(name: "g. document-viewer, first screen", value: firstScreen, unit: "ms", note: ""),
    .init(
      name: "g. document-viewer, whole file", value: milliseconds(result.wholeFile), unit: "ms",
      note: ""),
    .init(
      name: "g. ratio first screen / head", value: firstScreen / max(head, 1e-6), unit: "x",
      note: "of the medians"),
  ]
  return (rows, FirstScreenMeasurement.report(result))
}

/// Writes a line to standard error.
private func note(_ line: String) {
  FileHandle.standardError.write(Data("stateful-bench: \(line)\n".utf8))
}
