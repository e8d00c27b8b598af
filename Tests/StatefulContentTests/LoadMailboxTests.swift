import StatefulContentTesting
import XCTest

@testable import StatefulContent

/// The mailbox that carries a load's events to its driver, driven without a load.
final class LoadMailboxTests: XCTestCase {
  private typealias Mailbox = LoadDriver<Int>.Mailbox

  func test_post_aMillionProgressReports_stayBounded_endingWithTheLargestFraction() async {
    let mailbox = Mailbox()
    for index in 0..<1_000_000 {
      mailbox.post(.progress(attempt: 1, Double(index % 1_000) / 1_000))
    }
    XCTAssertEqual(
      mailbox.pendingCount, Mailbox.coalescingThreshold, "coalesced at the source: bounded")
    var fractions: [Double?] = []
    while mailbox.pendingCount > 0 {
      guard case .progress(1, let fraction) = await mailbox.next(isolation: nil) else {
        return XCTFail("only progress was posted")
      }
      fractions.append(fraction)
    }
    XCTAssertEqual(fractions.prefix(3), [0, 0.001, 0.002], "the first reports come in order")
    XCTAssertEqual(fractions.last, 0.999, "the merged report keeps the largest fraction")
  }

  func test_postPart_beyondTheBound_waitsUntilTheDriverTakesOne() async throws {
    let mailbox = Mailbox()
    let posted = Counter()
    let producer = Task {
      for part in 0..<1_000 {
        await mailbox.post(part: part, attempt: 1)
        posted.increment()
      }
    }
    let bound = Mailbox.maximumWaitingParts
    try await settle { mailbox.pendingCount == bound + 1 }
    await settle()
    XCTAssertEqual(mailbox.pendingCount, bound + 1, "the producer waits: the memory is bounded")
    XCTAssertEqual(posted.value, bound, "the part beyond the bound has not returned yet")
    guard case .part(1, 0) = await mailbox.next(isolation: nil) else {
      return XCTFail("the parts come in order")
    }
    try await settle { posted.value == bound + 1 && mailbox.pendingCount == bound + 1 }
    await settle()
    XCTAssertEqual(mailbox.pendingCount, bound + 1, "one taken, one more read, and no further")
    XCTAssertEqual(posted.value, bound + 1, "the next part waits again")
    mailbox.close()
    await producer.value
    XCTAssertEqual(posted.value, 1_000, "a closed mailbox lets the producer finish at once")
  }

  func test_post_atAnOrdinaryRate_everyReportIsKeptInOrder() async {
    let mailbox = Mailbox()
    for fraction in [0.2, 0.5, 0.3] { mailbox.post(.progress(attempt: 1, fraction)) }
    var fractions: [Double?] = []
    for _ in 0..<3 {
      if case .progress(_, let fraction) = await mailbox.next(isolation: nil) {
        fractions.append(fraction)
      }
    }
    XCTAssertEqual(fractions, [0.2, 0.5, 0.3], "the loading policy, not the mailbox, decides")
  }

  func test_post_underAFlood_reportsOfAnotherAttemptOrAfterAnotherEvent_areNotMerged() {
    let mailbox = Mailbox()
    for _ in 0..<Mailbox.coalescingThreshold { mailbox.post(.progress(attempt: 1, 0.1)) }
    mailbox.post(.progress(attempt: 2, 0.2))
    mailbox.post(.timer(.retry))
    mailbox.post(.progress(attempt: 2, 0.3))
    mailbox.post(.progress(attempt: 2, 0.4))
    XCTAssertEqual(mailbox.pendingCount, Mailbox.coalescingThreshold + 3)
  }

  func test_signal_takesItsTurn_andTheFirstMachineSignalIsKept() async {
    let mailbox = Mailbox()
    mailbox.post(.finished(attempt: 1, .success(7)))
    mailbox.signal(.taskCancelled)
    mailbox.signal(.superseded)
    mailbox.signal(.cancelledByMachine)
    guard case .finished(1, .success(7)) = await mailbox.next(isolation: nil) else {
      return XCTFail("a result that arrived first is handled first")
    }
    guard case .signal(.taskCancelled) = await mailbox.next(isolation: nil) else {
      return XCTFail("then the signals, in order")
    }
    XCTAssertEqual(mailbox.machineSignal, .superseded, "the machine's first signal is kept")
  }

  func test_close_dropsWaitingAndLaterEvents() {
    let mailbox = Mailbox()
    mailbox.post(.timer(.retry))
    mailbox.close()
    mailbox.post(.timer(.retry))
    XCTAssertEqual(mailbox.pendingCount, 0)
  }
}
