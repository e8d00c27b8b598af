import Dispatch
import StatefulContent
import StatefulContentTerminal
import XCTest

/// The signal sources: handled on their own queue from the moment `install` returns.
final class SignalHandlerTests: XCTestCase {
  override func tearDown() {
    // The test process goes on: give the signals their default actions back.
    for number in SignalHandler.endingSignals + SignalHandler.jobControlSignals {
      signal(number, SIG_DFL)
    }
    super.tearDown()
  }

  func test_install_handlesASignalSentTheMomentItReturns_quittingWith128PlusIt() {
    let quit = DispatchSemaphore(value: 0)
    let status = LockedState<Int32?>(nil)
    let controller = InterruptController()
    let cleaned = LockedState(false)
    _ = controller.addCleanup { cleaned.withLock { $0 = true } }
    let signals = SignalHandler.install(controller: controller) { code in
      status.withLock { $0 = code }
      quit.signal()
    }

    kill(getpid(), SIGHUP)

    XCTAssertEqual(quit.wait(timeout: .now() + .seconds(10)), .success)
    withExtendedLifetime(signals) {}
    XCTAssertEqual(status.withLock { $0 }, 128 + SIGHUP)
    XCTAssertTrue(cleaned.withLock { $0 }, "the clean-ups ran before quitting")
  }

  func test_install_afterAnEarlierHandlerWasReleased_stillHandlesSignals() {
    let first = SignalHandler.install(controller: InterruptController()) { _ in }
    withExtendedLifetime(first) {}
    let quit = DispatchSemaphore(value: 0)
    let status = LockedState<Int32?>(nil)
    let signals = SignalHandler.install(controller: InterruptController()) { code in
      status.withLock { $0 = code }
      quit.signal()
    }

    kill(getpid(), SIGHUP)

    XCTAssertEqual(quit.wait(timeout: .now() + .seconds(10)), .success)
    withExtendedLifetime(signals) {}
    XCTAssertEqual(status.withLock { $0 }, 128 + SIGHUP)
  }

  func test_handlersOfTheSameSignal_eachHearIt_togetherAndOneAfterAnother() {
    let heard = LockedState<[String]>([])
    let arrived = DispatchSemaphore(value: 0)
    func handler(_ name: String) -> SignalHandler {
      SignalHandler(signals: [SIGUSR1]) { _ in
        heard.withLock { $0.append(name) }
        arrived.signal()
      }
    }
    var handlers = [handler("first"), handler("second")]

    kill(getpid(), SIGUSR1)

    for _ in 1...2 { XCTAssertEqual(arrived.wait(timeout: .now() + .seconds(10)), .success) }
    XCTAssertEqual(Set(heard.withLock { $0 }), ["first", "second"])
    handlers = []
    signal(SIGUSR1, SIG_DFL)  // as a tool might, between two handlers
    handlers = [handler("third")]

    kill(getpid(), SIGUSR1)

    XCTAssertEqual(arrived.wait(timeout: .now() + .seconds(10)), .success, "a later one hears it")
    XCTAssertEqual(heard.withLock { $0.last }, "third")
    withExtendedLifetime(handlers) {}
  }

  func test_resizes_reportTheTerminalsNewSize() throws {
    let terminal = try XCTUnwrap(PseudoTerminal(rows: 24, columns: 80), "no pseudo-terminals")
    defer { terminal.close() }
    let resized = DispatchSemaphore(value: 0)
    let sizes = LockedState<[TerminalSize]>([])
    let handler = SignalHandler.resizes(of: terminal.terminal) { size in
      sizes.withLock { $0.append(size) }
      resized.signal()
    }

    terminal.resize(rows: 30, columns: 100)
    kill(getpid(), SIGWINCH)

    XCTAssertEqual(resized.wait(timeout: .now() + .seconds(10)), .success)
    withExtendedLifetime(handler) {}
    XCTAssertEqual(sizes.withLock { $0 }, [TerminalSize(columns: 100, rows: 30)])
  }
}
