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

  /// Installs the handling of a controller's signals, sends `SIGHUP` as soon as it returns,
  /// and returns the status it quit with (`nil` when it did not within 10 seconds).
  private func quitStatus(afterSIGHUPTo controller: InterruptController) -> Int32? {
    let quit = DispatchSemaphore(value: 0)
    let status = LockedState<Int32?>(nil)
    let signals = SignalHandler.install(controller: controller) { code in
      status.withLock { $0 = code }
      quit.signal()
    }

    kill(getpid(), SIGHUP)

    _ = quit.wait(timeout: .now() + .seconds(10))
    withExtendedLifetime(signals) {}
    return status.withLock { $0 }
  }

  func test_install_handlesASignalSentTheMomentItReturns_quittingWith128PlusIt() {
    let controller = InterruptController()
    let cleaned = LockedState(false)
    _ = controller.addCleanup { cleaned.withLock { $0 = true } }

    XCTAssertEqual(quitStatus(afterSIGHUPTo: controller), 128 + SIGHUP)
    XCTAssertTrue(cleaned.withLock { $0 }, "the clean-ups ran before quitting")
  }

  func test_install_afterAnEarlierHandlerWasReleased_stillHandlesSignals() {
    let first = SignalHandler.install(controller: InterruptController()) { _ in }
    withExtendedLifetime(first) {}

    XCTAssertEqual(quitStatus(afterSIGHUPTo: InterruptController()), 128 + SIGHUP)
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
