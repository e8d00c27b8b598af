import DocumentViewerBench
import DocumentViewerCore
import Foundation
import StatefulContent
import XCTest

/// Row g of `stateful-bench`: the viewer's first screen of a log against `head -n 40`.
@MainActor
final class FirstScreenMeasurementTests: FixtureTestCase {
  private func log(byteCount: Int) throws -> String {
    try fixtures.directory("logs")
    let path = fixtures.path("logs/app.log")
    try FirstScreenMeasurement.writeLog(to: path, byteCount: byteCount)
    return path
  }

  func test_writeLog_writesExactlyTheSizeAsked_inLinesOfALog() throws {
    let path = try log(byteCount: 3 << 20)

    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))

    XCTAssertEqual(bytes.count, 3 << 20)
    XCTAssertEqual(bytes.last, UInt8(ascii: "\n"))
    let lines = String(decoding: bytes.prefix(200), as: UTF8.self).split(separator: "\n")
    XCTAssertEqual(lines.first, "2026-01-01T00:00:00.001Z INFO  worker-1 request 1 served in 7 ms")
    XCTAssertEqual(lines.dropFirst().first?.prefix(29), "2026-01-01T00:00:00.002Z INFO")
  }

  func test_measure_timesEachRoundOfHeadAndOfTheViewersFirstScreenAndWholeFile() async throws {
    let path = try log(byteCount: 1 << 20)
    let measurement = FirstScreenMeasurement(
      rounds: 3, reader: DocumentReader(readAtOnceLimit: 1, chunkSize: 64 << 10))

    let result = try await measurement.measure(path)

    XCTAssertEqual(result.byteCount, 1 << 20)
    XCTAssertEqual(result.lineCount, 40)
    XCTAssertEqual(result.head.count, 3, "the warm-up round is not counted")
    XCTAssertEqual(result.firstScreen.count, 3)
    XCTAssertEqual(result.wholeFile.count, 3)
    XCTAssertTrue(result.head.allSatisfy { $0 > .zero })
    for (firstScreen, wholeFile) in zip(result.firstScreen, result.wholeFile) {
      XCTAssertGreaterThan(firstScreen, .zero)
      XCTAssertLessThanOrEqual(firstScreen, wholeFile, "the first screen comes first")
    }
  }

  func test_measure_aPathNotShownAsText_failsNamingWhatItIs() async throws {
    let measurement = FirstScreenMeasurement(rounds: 1)
    let folder = try fixtures.directory("folder")
    try fixtures.file("folder/a.txt", text: "a")

    for (path, state) in [(fixtures.path("missing.log"), "error"), (folder, "directory")] {
      do {
        _ = try await measurement.measure(path)
        XCTFail("\(path) cannot be measured")
      } catch {
        XCTAssertEqual(error, .notShownAsText(state: state))
      }
    }
  }

  func test_measure_withoutHead_failsSayingSo() async throws {
    let path = try log(byteCount: 1000)
    let measurement = FirstScreenMeasurement(rounds: 1, searchPath: fixtures.path("none"))

    do {
      _ = try await measurement.measure(path)
      XCTFail("there is no head to compare with")
    } catch {
      XCTAssertEqual(error, .headMissing)
      XCTAssertEqual(error.description, "head was not found on PATH")
    }
  }

  func test_report_givesTheMediansTheirRangesAndTheirRatio() {
    let result = FirstScreenMeasurement.Result(
      path: "/tmp/app.log", byteCount: 200 << 20, lineCount: 40,
      head: [.microseconds(900), .microseconds(1100), .microseconds(1000)],
      firstScreen: [.microseconds(800), .microseconds(500), .microseconds(600)],
      wholeFile: [.milliseconds(250), .milliseconds(270), .milliseconds(260)])

    XCTAssertEqual(
      FirstScreenMeasurement.report(result),
      """
      /tmp/app.log: 200.0 MiB, 3 rounds
      head -n 40                        median 1.00 ms (900 µs–1.10 ms)
      document-viewer, first screen     median 600 µs (500 µs–800 µs)
      document-viewer, whole file       median 260 ms (250 ms–270 ms)
      first screen / head: 0.60×

      """)
  }

  func test_median_isTheMiddleOrTheMeanOfTheTwoInTheMiddle() {
    XCTAssertEqual(FirstScreenMeasurement.median([]), .zero)
    XCTAssertEqual(
      FirstScreenMeasurement.median([.seconds(3), .seconds(1), .seconds(2)]), .seconds(2))
    XCTAssertEqual(
      FirstScreenMeasurement.median([.seconds(4), .seconds(1), .seconds(2), .seconds(3)]),
      .milliseconds(2500))
  }

  func test_measureGeneratedLog_writesTheLogMeasuresItAndRemovesIt() async throws {
    let measurement = FirstScreenMeasurement(rounds: 1)
    var written: [String] = []

    let result = try await measurement.measureGeneratedLog(byteCount: 64 << 10) { path in
      written.append(path)
    }

    XCTAssertEqual(written, [result.path], "said before writing it")
    XCTAssertTrue(result.path.hasSuffix("/generated.log"), result.path)
    XCTAssertEqual(result.byteCount, 64 << 10)
    XCTAssertEqual(result.firstScreen.count, 1)
    XCTAssertFalse(FileManager.default.fileExists(atPath: result.path), "removed afterwards")
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: (result.path as NSString).deletingLastPathComponent))
  }
}
