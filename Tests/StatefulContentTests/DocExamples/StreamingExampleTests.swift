import StatefulContent
import StatefulContentTesting
import XCTest

// The Swift block of the Streaming article, copied exactly and run (`DocExampleCoverageTests`
// checks the copy) with the names it uses declared here.

/// A log file read in batches of lines.
struct LogFile: Sendable {
  var lines: [String]

  /// The file's lines in batches, reporting the lines read of all after each batch.
  func batches(of size: Int, progress: @escaping @Sendable (Int64, Int64) -> Void)
    -> AsyncStream<[String]>
  {
    let lines = lines
    return AsyncStream { continuation in
      var start = 0
      while start < lines.count {
        let end = min(start + size, lines.count)
        continuation.yield(Array(lines[start..<end]))
        progress(Int64(end), Int64(lines.count))
        start = end
      }
      continuation.finish()
    }
  }
}

final class LogViewer: StatefulContent {
  let stateMachine: ContentStateMachine
  var lines: [String] = []
  var hasContent: Bool { !lines.isEmpty }

  init(presenter: some Presenter) {
    stateMachine = ContentStateMachine(presenter: presenter)
  }

  func open(_ log: LogFile) async {
    await load { context in
      log.batches(of: 40, progress: context.reportProgress)
    } reset: { viewer in
      viewer.lines = []
    } apply: { viewer, batch in
      viewer.lines += batch
    }
  }
}

final class StreamingExampleTests: XCTestCase {
  @MainActor
  func test_logViewer_showsEveryBatch_andEndsOnContent() async {
    let presenter = RecordingPresenter()
    let viewer = LogViewer(presenter: presenter)
    viewer.stateMachine.loadingPolicy = .immediate  // What shows at once is checked.
    let log = LogFile(lines: (1...100).map { "line \($0)" })
    await viewer.open(log)
    XCTAssertEqual(viewer.lines.count, 100)
    XCTAssertEqual(viewer.lines.first, "line 1")
    XCTAssertEqual(viewer.currentState, .content)
    XCTAssertEqual(presenter.presentedKinds.first, .loading)
    XCTAssertEqual(presenter.presentedKinds.last, .content)
    XCTAssertFalse(viewer.stateMachine.isRefreshing)

    await viewer.open(LogFile(lines: []))
    XCTAssertEqual(viewer.lines, [], "an empty log resets the lines")
    XCTAssertEqual(viewer.currentState, .empty)
  }
}
