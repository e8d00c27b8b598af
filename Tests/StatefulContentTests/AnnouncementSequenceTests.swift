import StatefulContent
import StatefulContentTesting
import XCTest

/// Announcements under random sequences of loads, keystrokes, Retry, cancels and clock steps.
final class AnnouncementSequenceTests: AnnouncingTestCase {
  private struct Pending {
    var gate: Gate<[String]>
    var task: Task<LoadOutcome, Never>
  }

  private func texts() -> [String] { announcer.announcements.map { "\($0.state):\($0.text)" } }

  /// Runs `seeds` random sequences; returns the failures.
  private func run(seeds: ClosedRange<Int>, smooth: Bool, cancels: Bool) async throws -> [String] {
    var failures: [String] = []
    for seed in seeds {
      try await setUp()
      model.stateMachine.loadingPolicy = smooth ? .smooth : .immediate
      model.stateMachine.setAnnouncer(announcer, policy: .standard)
      var rng = SplitMix64(seed: UInt64(seed) &* 7919)
      var pending: [Pending] = []
      var log: [String] = []
      let model = model
      for _ in 0..<30 {
        let roll = rng.next() % 10
        switch roll {
        case 0, 1, 2:
          let gate = Gate<[String]>()
          let query = ["s", "sw", "swi"][Int(rng.next() % 3)]
          let keyed = rng.next() % 2 == 0
          let task = Task {
            keyed
              ? await model.load(into: \.content, key: query) { _ in try await gate.wait() }
              : await model.load(into: \.content) { _ in try await gate.wait() }
          }
          pending.append(Pending(gate: gate, task: task))
          log.append(keyed ? "load(\(query))" : "load")
        case 3, 4, 5:
          guard !pending.isEmpty else { continue }
          let index = Int(rng.next() % UInt64(pending.count))
          let gate = pending[index].gate
          switch rng.next() % 4 {
          case 0: gate.open(with: []); log.append("open[]")
          case 1: gate.fail(with: TestError("offline")); log.append("fail")
          case 2: gate.open(with: ["x", "y", "z"]); log.append("open3")
          default:
            gate.open(with: Array(repeating: "r", count: Int(rng.next() % 5) + 1))
            log.append("openN")
          }
        case 6:
          if cancels {
            model.cancelLoading()
            log.append("cancel")
          }
        default:
          let step = Duration.milliseconds(Int(rng.next() % 1_300))
          clock.advance(by: step)
          log.append("+\(step)")
        }
        await settle(turns: 40)
      }
      for item in pending { item.gate.open(with: ["end"]) }
      for _ in 0..<8 {
        await settle(turns: 60)
        clock.advance(by: .seconds(2))
      }
      for item in pending { _ = await item.task.value }
      for _ in 0..<4 {
        await settle(turns: 60)
        clock.advance(by: .seconds(2))
      }
      await settle(turns: 100)
      guard let last = presenter.lastPresentation, last.state.kind != .idle else { continue }
      let heard = announcer.announcements
      let final = last.state.kind
      let count = model.content.count
      let expectedText = count == 1 ? "1 result" : "\(count) results"
      func names(_ a: Announcement) -> Bool {
        a.state == final && (final != .content || a.text == expectedText)
      }
      if cancels {
        if !heard.contains(where: names) {
          failures.append(
            "seed \(seed): final \(final) (\(count)) never heard: \(texts()) after \(log)")
        }
      } else if let lastHeard = heard.last, !names(lastHeard) {
        failures.append(
          "seed \(seed): final \(final) (\(count)) but last heard \(texts()) after \(log)")
      } else if heard.isEmpty {
        failures.append("seed \(seed): nothing heard after \(log)")
      }
      for (a, b) in zip(heard, heard.dropFirst()) where a == b && a.state == .content {
        failures.append("seed \(seed): duplicate \(a.text) in \(texts()) after \(log)")
        break
      }
    }
    return failures
  }

  func test_randomAnnouncements_immediate_noCancels() async throws {
    let failures = try await run(seeds: 1...150, smooth: false, cancels: false)
    XCTAssertEqual(failures, [], "\(failures.count) of 150")
  }

  func test_randomAnnouncements_smooth_noCancels() async throws {
    let failures = try await run(seeds: 1...150, smooth: true, cancels: false)
    XCTAssertEqual(failures, [], "\(failures.count) of 150")
  }

  func test_randomAnnouncements_immediate_withCancels() async throws {
    let failures = try await run(seeds: 1...150, smooth: false, cancels: true)
    XCTAssertEqual(failures, [], "\(failures.count) of 150")
  }

  func test_randomAnnouncements_smooth_withCancels() async throws {
    let failures = try await run(seeds: 1...150, smooth: true, cancels: true)
    XCTAssertEqual(failures, [], "\(failures.count) of 150")
  }
}
