import Dispatch
import StatefulContent
import StatefulContentTerminal
import XCTest

/// Writing all of a text, whatever the descriptor makes of it.
final class StandardStreamsTests: XCTestCase {
  func test_write_toANonBlockingPipe_waitsForRoom_andWritesEverything() throws {
    var ends: [Int32] = [-1, -1]
    XCTAssertEqual(pipe(&ends), 0)
    let (reading, writing) = (ends[0], ends[1])
    defer { close(reading) }
    // As a parent that shares the descriptor and set O_NONBLOCK on it leaves it.
    XCTAssertEqual(fcntl(writing, F_SETFL, fcntl(writing, F_GETFL) | O_NONBLOCK), 0)
    let text = String(repeating: "a line of output\n", count: 60_000)
    let received = LockedState(0)
    let drained = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while case let count = read(reading, &buffer, buffer.count), count > 0 {
        received.withLock { $0 += count }
      }
      drained.signal()
    }

    let result = StandardStreams.write(text, to: writing)
    close(writing)

    XCTAssertEqual(result, .written, "a full pipe is no error")
    XCTAssertEqual(drained.wait(timeout: .now() + .seconds(10)), .success)
    XCTAssertEqual(received.withLock { $0 }, text.utf8.count)
  }
}
