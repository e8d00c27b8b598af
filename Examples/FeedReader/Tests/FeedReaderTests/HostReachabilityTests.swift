import FeedReaderCore
import Foundation
import StatefulContent
import StatefulContentTesting
import Synchronization
import XCTest

/// The reader's connectivity source: a probe at once, then one per interval on its clock, each
/// result reported; the endpoint of a feed's address; the default probe against a real server
/// that listens, then does not.
@MainActor
final class HostReachabilityTests: XCTestCase {
  /// A probe that answers from a script, and records the endpoints it was asked about.
  private final class ScriptedProbe: Sendable {
    private let state: Mutex<(answers: [Bool], asked: [HostReachability.Endpoint])>

    init(_ answers: [Bool]) { state = Mutex((answers, [])) }

    var asked: [HostReachability.Endpoint] { state.withLock { $0.asked } }

    @Sendable func probe(_ endpoint: HostReachability.Endpoint) async -> Bool {
      state.withLock { state in
        state.asked.append(endpoint)
        return state.answers.isEmpty ? true : state.answers.removeFirst()
      }
    }
  }

  private let endpoint = HostReachability.Endpoint(host: "127.0.0.1", port: 8000)

  func test_itProbesAtOnce_thenEveryInterval_onItsClock_reportingEachResult() async throws {
    let clock = ManualClock()
    let probe = ScriptedProbe([true, true, false, true])
    let source = HostReachability(
      endpoint: endpoint, interval: .seconds(1), clock: clock, probe: probe.probe)
    let reports = Mutex<[Reachability]>([])
    let following = Task {
      for await report in source { reports.withLock { $0.append(report) } }
    }
    defer { following.cancel() }

    try await settle("the first probe needs no time") { reports.withLock { $0.count } == 1 }
    for expected in 2...4 {
      try await settle { clock.sleeperCount == 1 }
      XCTAssertEqual(reports.withLock { $0.count }, expected - 1, "nothing before the interval")
      clock.advance(by: .seconds(1))
      try await settle { reports.withLock { $0.count } == expected }
    }

    XCTAssertEqual(
      reports.withLock { $0 }, [.reachable, .reachable, .unreachable, .reachable],
      "the same result again is reported too")
    XCTAssertEqual(probe.asked, Array(repeating: endpoint, count: 4))
  }

  func test_cancellingItsTask_endsTheReports() async throws {
    let clock = ManualClock()
    let source = HostReachability(
      endpoint: endpoint, clock: clock, probe: ScriptedProbe([]).probe)
    let following = Task {
      var count = 0
      for await _ in source { count += 1 }
      return count
    }
    try await settle { clock.sleeperCount == 1 }

    following.cancel()

    let count = await following.value
    XCTAssertEqual(count, 1, "one probe, then the interval was cancelled")
  }

  func test_theEndpoint_isTheAddressHostAndPort_orTheSchemes() throws {
    func endpoint(_ address: String) -> HostReachability.Endpoint? {
      URL(string: address).flatMap(HostReachability.Endpoint.init(url:))
    }
    XCTAssertEqual(endpoint("http://127.0.0.1:8000/feed.json")?.description, "127.0.0.1:8000")
    XCTAssertEqual(endpoint("http://example.org/feed.json")?.port, 80)
    XCTAssertEqual(endpoint("https://example.org/feed.json")?.port, 443)
    XCTAssertEqual(endpoint("http://[::1]:9000/feed.json")?.host, "::1")
    XCTAssertNil(endpoint("file:///etc/passwd"))
  }

  func test_theDefaultProbe_connectsToAServerThatListens_andNotToOneStopped() async throws {
    let server = try FeedServer()
    let endpoint = HostReachability.Endpoint(host: "127.0.0.1", port: server.port)

    let listening = await HostReachability.acceptsConnection(to: endpoint, timeout: .seconds(2))
    server.stop()
    let stopped = await HostReachability.acceptsConnection(to: endpoint, timeout: .seconds(2))

    XCTAssertTrue(listening)
    XCTAssertFalse(stopped)
    XCTAssertEqual(server.requests, [], "a probe asks for nothing")
    let noSuchPort = HostReachability.Endpoint(host: "127.0.0.1", port: 0)
    let refused = await HostReachability.acceptsConnection(to: noSuchPort, timeout: .seconds(2))
    XCTAssertFalse(refused, "port 0 is no port")
  }
}
